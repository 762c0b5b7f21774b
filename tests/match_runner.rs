//! The match runner as a user runs it: a scripted fake engine that plays an illegal move,
//! one that hangs, one that exits mid-game; the referee scores each and carries on.

use std::process::Command;

fn run_match(fake_mode: &str, games: &str) -> (i32, String, String) {
    run_match_with(fake_mode, games, &["--tc", "2+0.1"])
}

/// `run_match` with other timing arguments (and `--variant`).
fn run_match_with(fake_mode: &str, games: &str, extra: &[&str]) -> (i32, String, String) {
    let bin = env!("CARGO_BIN_EXE_largeshogi");
    let fake = format!(
        "fake=python3 {}/tests/fake_engine.py {fake_mode} proto={}",
        env!("CARGO_MANIFEST_DIR"),
        // Named, so a slow Python start on a busy machine is not taken for a failed
        // protocol detection (which allows 2 s).
        if fake_mode.starts_with("xboard") {
            "xboard"
        } else {
            "usi"
        }
    );
    let real = format!("real={bin} option.Threads=1 option.USI_Hash=8");
    let out = Command::new(bin)
        .args([
            "match",
            "--engine",
            &fake,
            "--engine",
            &real,
            "--games",
            games,
            "--margin",
            "300",
            "--max-plies",
            "16",
        ])
        .args(extra)
        .current_dir(std::env::temp_dir())
        .output()
        .expect("match runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The counts in the table row of `engine` (illegal, time losses, crashes, rejections).
fn incidents(table: &str, engine: &str) -> Vec<u32> {
    table
        .lines()
        .find(|l| l.split_whitespace().next() == Some(engine) && !l.contains(" vs "))
        .map(|l| {
            l.split_whitespace()
                .skip(1)
                .filter_map(|w| w.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// Wins, draws and losses of the first engine in the match table's pairing row.
fn wins_draws_losses(table: &str) -> Vec<u32> {
    table
        .lines()
        .find(|l| l.contains(" vs "))
        .map(|l| {
            l.split_whitespace()
                .skip(3)
                .take(3)
                .filter_map(|w| w.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

fn python_available() -> bool {
    Command::new("python3").arg("--version").output().is_ok()
}

#[test]
fn illegal_move_loses_the_game() {
    if !python_available() {
        eprintln!("python3 missing: fake engine test skipped");
        return;
    }
    let (code, out, err) = run_match("illegal", "2");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("fake vs real"), "{out}");
    assert_eq!(incidents(&out, "fake"), vec![2, 0, 0, 0], "{out}");
    assert_eq!(incidents(&out, "real"), vec![0, 0, 0, 0], "{out}");
    assert!(err.contains("illegal move"), "{err}");
    // Both games lost by the fake engine.
    let row = out
        .lines()
        .find(|l| l.starts_with("fake vs real"))
        .unwrap_or_default();
    let nums: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(&nums[3..6], &["0", "0", "2"], "{row}");
}

#[test]
fn hanging_engine_loses_on_time() {
    if !python_available() {
        return;
    }
    let (code, out, err) = run_match("slow", "1");
    assert_eq!(code, 0, "{err}");
    assert_eq!(incidents(&out, "fake"), vec![0, 1, 0, 0], "{out}");
}

#[test]
fn engine_exiting_mid_game_is_scored_and_replaced() {
    if !python_available() {
        return;
    }
    // Game 1: the fake (sente) exits after three moves; game 2 needs a fresh process.
    let (code, out, err) = run_match("crash", "2");
    assert_eq!(code, 0, "{err}");
    assert_eq!(incidents(&out, "fake").get(2), Some(&2), "{out}\n{err}");
    assert!(out.contains("games played: 2"), "{out}");
}

#[test]
fn drop_text_in_a_variant_without_drops_is_an_illegal_move() {
    if !python_available() {
        return;
    }
    // Ko has no drops; this text once panicked the referee.
    let (code, out, err) = run_match_with("text:P*1s", "1", &["--tc", "2+0.1", "--variant", "ko"]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(incidents(&out, "fake"), vec![1, 0, 0, 0], "{out}\n{err}");
}

#[test]
fn xboard_engine_is_held_to_the_whole_seconds_st_tells_it() {
    if !python_available() {
        return;
    }
    // A 0.3 s movetime can only be sent as `st 1`; the fake uses 0.9 s of it per move.
    // (Its scripted pawn moves may turn illegal once the real engine captures one.)
    let (code, out, err) = run_match_with("xboard-st", "1", &["--movetime", "0.3"]);
    assert_eq!(code, 0, "{err}");
    let fake = incidents(&out, "fake");
    assert_eq!(fake.get(1..3), Some(&[0, 0][..]), "{out}\n{err}");
}

/// An opening with a Lion capture of two legs reaches an XBoard engine in the protocol's
/// form (`f8f9,f9f10`), which HaChu reads, not the PGN's `f8f9xf10`, which HaChu rejects
/// (its board then falls out of step and its next move is illegal).
#[test]
fn xboard_engines_are_told_the_opening_in_protocol_form() {
    if !python_available() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("ls-match-told-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "7j7h 1d1e 7h7f 1e1f 7f7e 1f1g 7e7d7c\n").expect("openings written");
    let told = dir.join("told.txt");
    let mode = format!("xboard-record:{}", told.display());
    let (code, out, err) = run_match_with(
        &mode,
        "1",
        &[
            "--noswap",
            "--openings",
            openings.to_str().expect("utf-8 path"),
        ],
    );
    assert_eq!(code, 0, "{out}\n{err}");
    let record = std::fs::read_to_string(&told).expect("the fake engine wrote what it was told");
    let lines: Vec<&str> = record.lines().collect();
    // The opening's 7 plies, then the real engine's reply.
    let opening = ["f3f5", "l9l8", "f5f7", "l8l7", "f7f8", "l7l6", "f8f9,f9f10"];
    assert_eq!(lines.get(..7), Some(&opening[..]), "{out}\n{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Two largeshogi engines, `--rules lishogi`: the one without a rules option is given the
/// match's rules, the one with `option.Rules=default` keeps its own; the PGN carries
/// cutechess-style comments, the opening and the ply-limit adjudication; stderr a progress
/// line per game.
#[test]
fn own_engines_take_the_match_rules_and_the_pgn_is_annotated() {
    let bin = env!("CARGO_BIN_EXE_largeshogi");
    let dir = std::env::temp_dir().join(format!("ls-match-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "7i7h 7d7e\n").expect("write openings");
    let pgn = dir.join("games.pgn");
    let out = Command::new(bin)
        .args([
            "--rules",
            "lishogi",
            "match",
            "--engine",
            &format!("plain={bin} option.Threads=1 option.USI_Hash=8"),
            "--engine",
            &format!("own={bin} option.Threads=1 option.USI_Hash=8 option.Rules=default"),
            "--games",
            "2",
            "--movetime",
            "0.05",
            "--max-plies",
            "6",
            "--openings",
            openings.to_str().expect("path"),
            "--pgn",
            pgn.to_str().expect("path"),
        ])
        .env("RUST_LOG", "largeshogi::tournament=debug")
        .output()
        .expect("match runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let sent = |engine: &str, line: &str| {
        err.lines()
            .any(|l| l.contains(&format!("> {engine} {line}")))
    };
    assert!(sent("plain", "setoption name Rules value lishogi"), "{err}");
    assert!(!sent("own", "setoption name Rules value lishogi"), "{err}");
    assert!(sent("own", "setoption name Rules value default"), "{err}");
    let progress: Vec<&str> = err.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(progress.len(), 2, "{err}");
    assert!(
        progress[1].contains("+0 =2 -0") && progress[1].contains("elo"),
        "{err}"
    );

    let text = std::fs::read_to_string(&pgn).expect("PGN written");
    assert_eq!(text.matches("[Event ").count(), 2);
    assert!(text.contains("[Opening \"7i7h 7d7e\"]"), "{text}");
    assert!(text.contains("[Termination \"adjudication\"]"), "{text}");
    assert!(
        text.contains("{draw by adjudication: 6 plies (--max-plies)} 1/2-1/2"),
        "{text}"
    );
    assert!(text.contains("{book}"), "{text}");
    // Engine moves: {+0.35/12 0.84s}, a score in pawns, the depth, the time.
    let engine_comments = text
        .split('{')
        .skip(1)
        .filter_map(|c| c.split('}').next())
        .filter(|c| {
            let Some((eval, time)) = c.split_once(' ') else {
                return false;
            };
            let Some((score, depth)) = eval.split_once('/') else {
                return false;
            };
            (score.starts_with('+') || score.starts_with('-'))
                && depth.parse::<u32>().is_ok()
                && time
                    .strip_suffix('s')
                    .is_some_and(|t| t.parse::<f64>().is_ok())
        })
        .count();
    assert_eq!(engine_comments, 2 * 4, "four engine moves a game: {text}");
    if python_available() {
        // scripts/match-report.py reads these comments: its figures follow the runner's.
        let report = Command::new("python3")
            .arg(format!(
                "{}/scripts/match-report.py",
                env!("CARGO_MANIFEST_DIR")
            ))
            .arg(&pgn)
            .args(["--engine", "own", "--games"])
            .output()
            .expect("python3 runs");
        let report = String::from_utf8_lossy(&report.stdout);
        assert!(report.contains("own, 2 games"), "{report}");
        assert!(report.contains("all  : +0 =2 -0  50.0 %"), "{report}");
        assert_eq!(report.matches(" D ").count(), 2, "{report}");
        // Two short draws: no conversion to time, and the line says so.
        assert!(
            report.contains("conversion: plies from 5 pawns ahead to the win -;"),
            "{report}"
        );
        // scripts/conversion-speed.py: neither game won, so each counts the 4 plies
        // from the end of its opening to the cap; paired with itself, no difference.
        let speed = Command::new("python3")
            .arg(format!(
                "{}/scripts/conversion-speed.py",
                env!("CARGO_MANIFEST_DIR")
            ))
            .args(["--engine", "own", "--cap", "6"])
            .arg(&pgn)
            .arg("--against")
            .arg(&pgn)
            .output()
            .expect("python3 runs");
        let speed = String::from_utf8_lossy(&speed.stdout);
        assert!(
            speed.contains(
                "run: 2 games, +0 =2 -0, mean plies to the win (a game not won: to the cap) 4.0"
            ),
            "{speed}"
        );
        assert!(
            speed.contains("paired over 2 positions: against - run = +0.0 plies"),
            "{speed}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn resign_adjudication_needs_both_engines_to_agree() {
    if !python_available() {
        return;
    }
    let bin = env!("CARGO_BIN_EXE_largeshogi");
    let fake = |name: &str, cp: i32| {
        format!(
            "{name}=python3 {}/tests/fake_engine.py score:{cp} proto=usi",
            env!("CARGO_MANIFEST_DIR")
        )
    };
    let run = |loser_cp: i32| {
        let out = Command::new(bin)
            .args(["match", "--engine", &fake("up", 1500), "--engine"])
            .arg(fake("down", loser_cp))
            .args(["--games", "2", "--tc", "5+0.1", "--max-plies", "5"])
            .args(["--resign-score", "1000", "--resign-moves", "2"])
            .current_dir(std::env::temp_dir())
            .output()
            .expect("match runs");
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    // Both agree: each game ends after two moves of each side, won by "up".
    let (table, progress) = run(-1200);
    assert!(
        progress.matches("wins by adjudication").count() == 2,
        "{progress}"
    );
    assert_eq!(wins_draws_losses(&table), [2, 0, 0], "{table}");
    // The loser's engine disagrees: the ply limit (5) ends both games as draws.
    let (table, progress) = run(-999);
    assert!(!progress.contains("wins by adjudication"), "{progress}");
    assert_eq!(wins_draws_losses(&table), [0, 2, 0], "{table}");
}
