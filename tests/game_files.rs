//! `largeshogi convert` and multi-game files, through the binary: a Chu game saved by
//! XBoard 4.9 (tests/data/xboard_chu.pgn, SAN with Lion two-step moves) and a Chu game in
//! lishogi's KIF export format (tests/data/lishogi_chu.kif, built after lishogi's KIF
//! writer: `N手目`, `一歩目`/`二歩目`, `仝`, clocks, a termination line) convert to USI, PGN
//! and KIF and back without changing a move; set-up (SFEN) starts survive every format.

use std::path::PathBuf;
use std::process::Command;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ls-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// Runs `largeshogi <args>`; (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_largeshogi"))
        .args(args)
        .output()
        .expect("largeshogi runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn convert(rules: &str, input: &std::path::Path, to: &str) -> String {
    let (code, out, err) = run(&[
        "--rules",
        rules,
        "convert",
        input.to_str().expect("utf-8 path"),
        "--to",
        to,
    ]);
    assert_eq!(code, 0, "convert {} --to {to}: {err}", input.display());
    out
}

/// Converts `usi` (a USI game list) to each format and back to USI.
fn round_trip(rules: &str, usi: &str, tag: &str) {
    for format in ["pgn", "kif", "usi"] {
        let src = temp(&format!("{tag}.usi"));
        std::fs::write(&src, usi).expect("write");
        let converted = temp(&format!("{tag}.{format}"));
        std::fs::write(&converted, convert(rules, &src, format)).expect("write");
        assert_eq!(
            convert(rules, &converted, "usi"),
            usi,
            "USI -> {format} -> USI changed the game"
        );
    }
}

#[test]
fn xboard_pgn_reads_and_round_trips() {
    let pgn = data("xboard_chu.pgn");
    let usi = convert("hachu", &pgn, "usi");
    let moves: Vec<&str> = usi.split_whitespace().collect();
    // XBoard's file: 1. Nf5 ... with the Lion's two-step moves written Nxe6-d6.
    let text = std::fs::read_to_string(&pgn).expect("sample");
    let san_moves = text
        .split(['{', '}'])
        .step_by(2)
        .flat_map(|chunk| chunk.lines())
        .filter(|l| !l.starts_with('['))
        .flat_map(|l| l.split_whitespace())
        .filter(|t| !t.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(t))
        .count();
    assert_eq!(moves.len(), san_moves, "every SAN move read");
    assert_eq!(moves[0], "7j7h", "1. Nf5 is the Lion from 7j to 7h");
    assert_eq!(moves[16], "7h8g9g", "9. Nxe6-d6: a capture on e6, then d6");
    assert_eq!(usi.lines().count(), 1, "one game");
    round_trip("hachu", &usi, "xboard");
    // Our PGN keeps XBoard's tags.
    let ours = convert("hachu", &pgn, "pgn");
    assert!(ours.contains("[White \"largeshogi 0.1.0\"]"), "{ours}");
    assert!(ours.contains("[Result \"1-0\"]"), "{ours}");
}

#[test]
fn lishogi_kif_reads_and_writes_the_same_move_lines() {
    let kif = data("lishogi_chu.kif");
    let usi = convert("lishogi", &kif, "usi");
    assert_eq!(usi.split_whitespace().count(), 128, "128 moves before 投了");
    // Move 57 is an igui (一歩目 仝獅子 (←7七), 二歩目 7七獅子 (←6六)).
    assert_eq!(usi.split_whitespace().nth(56), Some("7g6f7g"));
    round_trip("lishogi", &usi, "lishogi");
    // Written back, the move lines are lishogi's (without its clocks).
    let ours = convert("lishogi", &kif, "kif");
    let original = std::fs::read_to_string(&kif).expect("sample");
    let moves_of = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.contains("手目") && !l.contains("投了"))
            .map(|l| l.split("   (").next().unwrap_or(l).to_string())
            .collect()
    };
    assert_eq!(moves_of(&ours), moves_of(&original));
    assert!(ours.contains("先手：sente_player"), "{ours}");
    assert!(ours.contains("手数----指手---------消費時間--"), "{ours}");
}

#[test]
fn set_up_positions_survive_every_format() {
    let usi =
        "sfen 5k6/9nn1/2+H+H8/12/9+o2/12/5N3N2/5+O6/9+H2/2+H9/2+H6+H2/6K5 w - 1 moves 7a7b 6l6k\n\
               7i7h 7d7e\n";
    round_trip("default", usi, "setup");
}

#[test]
fn bad_files_are_one_line_errors() {
    let bad = temp("bad.usi");
    std::fs::write(&bad, "7i7h 7i7h\n").expect("write");
    for args in [
        vec!["convert", bad.to_str().expect("path"), "--to", "pgn"],
        vec!["convert", "/nonexistent/x.pgn", "--to", "usi"],
        vec!["convert", bad.to_str().expect("path"), "--to", "csa"],
        vec![
            "--variant",
            "tai",
            "convert",
            bad.to_str().expect("path"),
            "--to",
            "kif",
        ],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty());
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}
