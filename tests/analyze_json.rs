//! `largeshogi analyze --json`: every line is a JSON object with the documented fields,
//! for a position and for a game.

use serde_json::Value;
use std::process::Command;

fn analyze(args: &[&str]) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_largeshogi"))
        .arg("analyze")
        .args(args)
        .output()
        .expect("analyze runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect()
}

#[test]
fn position_analysis_lines_are_json() {
    let lines = analyze(&["--depth", "3", "--threads", "1", "--multipv", "2", "--json"]);
    assert!(lines.len() >= 4);
    let (last, infos) = lines.split_last().expect("lines");
    for info in infos {
        assert_eq!(info["type"], "info");
        for key in [
            "sfen", "depth", "seldepth", "multipv", "score", "nodes", "nps", "time_ms", "pv",
        ] {
            assert!(!info[key].is_null(), "{key} missing in {info}");
        }
        assert!(info["score"]["cp"].is_i64() || info["score"]["mate"].is_i64());
        assert!(info["pv"].as_array().is_some_and(|pv| !pv.is_empty()));
    }
    assert!(infos.iter().any(|i| i["multipv"] == 2));
    assert_eq!(last["type"], "bestmove");
    assert!(last["bestmove"].is_string());
    assert_eq!(last["depth"], 3);
}

#[test]
fn game_analysis_reports_every_move() {
    let dir = std::env::temp_dir().join(format!("ls-analyze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let game = dir.join("game.pgn");
    std::fs::write(
        &game,
        "[Variant \"chu\"]\n\n1. f3e5 e9e8 2. h4h5 {a comment} d10g7 1/2-1/2\n",
    )
    .expect("write game");
    let lines = analyze(&[
        "--game",
        game.to_str().expect("utf-8 path"),
        "--depth",
        "2",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(lines.len(), 4);
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(l["type"], "move");
        assert_eq!(l["ply"], i as u64 + 1);
        for key in [
            "sfen",
            "played",
            "best",
            "score_before",
            "score_after",
            "depth",
            "nodes",
        ] {
            assert!(!l[key].is_null(), "{key} missing in {l}");
        }
    }
    assert_eq!(lines[0]["played"], "7j8h");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_game_file_is_a_clear_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_largeshogi"))
        .args(["analyze", "--game", "/nonexistent/game.pgn", "--json"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim().lines().count(),
        1
    );
}

#[test]
fn every_game_of_a_pgn_file_is_analysed_on_its_own() {
    let dir = std::env::temp_dir().join(format!("ls-analyze-two-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let game = dir.join("two.pgn");
    // Two games from the start; read as one, the second would continue the first.
    std::fs::write(
        &game,
        "[Event \"a\"]\n[Variant \"chu\"]\n\n1. f3e5 e9e8 1-0\n\n\
         [Event \"b\"]\n[Variant \"chu\"]\n\n1. h4h5 {comment} e9e8 2. f3e5 0-1\n",
    )
    .expect("write games");
    let lines = analyze(&[
        "--game",
        game.to_str().expect("utf-8 path"),
        "--depth",
        "1",
        "--threads",
        "1",
        "--json",
    ]);
    let games: Vec<(u64, u64)> = lines
        .iter()
        .map(|l| {
            (
                l["game"].as_u64().unwrap_or(0),
                l["ply"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(games, vec![(1, 1), (1, 2), (2, 1), (2, 2), (2, 3)]);
    // Game 2 starts from the start position again.
    assert_eq!(lines[2]["sfen"], lines[0]["sfen"]);
    let _ = std::fs::remove_dir_all(dir);
}

/// `--eval`: the static evaluation term by term, one object per position; each side's
/// `score` is its weighted terms, and `eval` the side to move's difference plus the
/// conversion terms.
#[test]
fn eval_prints_the_terms_of_every_position() {
    let one = analyze(&["--eval", "--json", "--moves", "7j7h"]);
    assert_eq!(one.len(), 1);
    let e = &one[0];
    assert_eq!(e["type"], "eval");
    assert_eq!(e["side_to_move"], "white");
    for side in ["black", "white"] {
        for key in [
            "material",
            "hand",
            "centre",
            "royal_advance",
            "promotion",
            "shut_in",
            "guards",
            "near_enemy",
            "mobility",
            "open_lines",
            "score",
        ] {
            assert!(e[side][key].is_i64(), "{side}.{key} missing in {e}");
        }
    }
    let score = |side: &str| e[side]["score"].as_i64().expect("score");
    let eval = e["eval"].as_i64().expect("eval");
    let conversion = e["conversion"].as_i64().expect("conversion");
    assert_eq!(eval, score("white") - score("black") + conversion);
    // The Lion's jump opened rides for Black: more mobility than White at the start.
    assert!(e["black"]["mobility"].as_i64() > e["white"]["mobility"].as_i64());

    let dir = std::env::temp_dir().join(format!("ls-analyze-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let game = dir.join("game.usi");
    std::fs::write(&game, "7j7h 5d5e\n5i5h\n").expect("write games");
    let lines = analyze(&[
        "--eval",
        "--json",
        "--game",
        game.to_str().expect("utf-8 path"),
    ]);
    let at: Vec<(u64, u64)> = lines
        .iter()
        .map(|l| {
            (
                l["game"].as_u64().expect("game"),
                l["ply"].as_u64().expect("ply"),
            )
        })
        .collect();
    assert_eq!(at, [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1)]);
    // Searching options do not go with --eval.
    let out = Command::new(env!("CARGO_BIN_EXE_largeshogi"))
        .args(["analyze", "--eval", "--depth", "3"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(dir);
}
