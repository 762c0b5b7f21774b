//! USI conversations with the real binary: handshake, search answers, stop latency,
//! round trips, error handling and a fuzz run.

mod common;

use common::{fuzz_line, Engine, Rng, REPLY, START_SFEN};
use largeshogi::game::Game;
use largeshogi::position::Position;
use largeshogi::variant::{Rules, Variant};
use std::time::{Duration, Instant};

/// T7 of chu.md: field 3 holds a counter-strike square.
const T7: &str = "11k/12/9r2/12/12/6n5/5+OG5/12/12/12/12/K11 b 3c 1";
/// T9 of chu.md: a Lion next to a Pawn and a Silver (igui, double capture, pass).
const T9: &str = "11k/12/12/12/12/12/6ps4/6N5/12/12/12/K11 b - 1";
/// Black's King is walled in by its own dead Pawns: Black has no legal move.
const NO_MOVES: &str = "KP10/PP10/12/12/12/12/12/12/12/12/12/11k b - 1";

fn usi_engine() -> Engine {
    let mut e = Engine::start(&[]);
    e.send("usi");
    e.expect("usiok", REPLY);
    e.send("setoption name Threads value 1");
    e.send("isready");
    e.expect("readyok", REPLY);
    e
}

/// The SFEN the engine reports with its `d` command.
fn shown_sfen(e: &mut Engine) -> String {
    let lines = e.replies_before("isready", "readyok");
    e.send("d");
    let line = e.expect("info string sfen ", REPLY);
    e.expect("info string variant ", REPLY);
    assert!(lines.is_empty(), "unexpected output {lines:?}");
    line.trim_start_matches("info string sfen ").to_string()
}

/// Checks `usi_move` is legal after `sfen` + `moves` under `rules`.
fn assert_legal(sfen: &str, moves: &[&str], usi_move: &str, rules: Rules) {
    let pos = Position::from_sfen(Variant::chu(), sfen, rules).expect("test SFEN is valid");
    let mut game = Game::new(pos);
    for m in moves {
        let mv = game.position().parse_move(m).expect("test move is legal");
        game.play(mv);
    }
    let mv = game
        .position()
        .parse_move(usi_move)
        .unwrap_or_else(|e| panic!("engine move {usi_move}: {e}"));
    assert!(game.is_legal(&mv), "{usi_move} is not legal in the game");
}

fn bestmove_of(line: &str) -> String {
    line.split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .to_string()
}

#[test]
fn handshake_lists_options_and_answers_isready() {
    let mut e = Engine::start(&[]);
    e.send("usi");
    let lines = e.until(REPLY, |l| l == "usiok");
    assert!(lines.iter().any(|l| l.starts_with("id name largeshogi")));
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    let variant = lines
        .iter()
        .find(|l| l.starts_with("option name USI_Variant type combo"))
        .expect("USI_Variant option");
    for name in Variant::names() {
        assert!(variant.contains(&format!(" var {name}")), "{variant}");
    }
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name USI_Hash type spin default 64")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Threads type spin default ")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name MultiPV type spin")));
    let rules = lines
        .iter()
        .find(|l| l.starts_with("option name Rules type combo default default"))
        .expect("Rules option");
    for p in Rules::PRESETS {
        assert!(rules.contains(&format!(" var {p}")), "{rules}");
    }
    e.send("isready");
    e.expect("readyok", REPLY);
    assert!(e.quit() < Duration::from_secs(1));
}

#[test]
fn uci_wording_is_accepted() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    let lines = e.until(REPLY, |l| l == "uciok");
    assert!(lines.iter().any(|l| l.starts_with("option name Hash ")));
    e.quit();
}

#[test]
fn go_depth_3_answers_a_legal_move_with_info() {
    let mut e = usi_engine();
    for (sfen, moves) in [
        (START_SFEN, vec!["7i7h", "6d6e"]),
        (T9, vec![]),
        (T7, vec![]),
    ] {
        let cmd = if moves.is_empty() {
            format!("position sfen {sfen}")
        } else {
            format!("position sfen {sfen} moves {}", moves.join(" "))
        };
        e.send(&cmd);
        e.send("go depth 3");
        let lines = e.until(REPLY * 4, |l| l.starts_with("bestmove"));
        let info = lines
            .iter()
            .find(|l| l.starts_with("info depth 3 "))
            .expect("an info line for depth 3");
        for field in [
            " seldepth ",
            " score ",
            " nodes ",
            " nps ",
            " time ",
            " hashfull ",
            " pv ",
        ] {
            assert!(info.contains(field), "{info} lacks{field}");
        }
        let best = lines.last().cloned().unwrap_or_default();
        assert_legal(sfen, &moves, &bestmove_of(&best), Rules::default());
        if let Some(p) = best.split(" ponder ").nth(1) {
            let mut after = moves.clone();
            let b = bestmove_of(&best);
            after.push(&b);
            assert_legal(sfen, &after, p, Rules::default());
        }
    }
    e.quit();
}

#[test]
fn go_searchmoves_keeps_the_root_to_the_moves_listed() {
    let mut e = usi_engine();
    e.send("position startpos");
    for (cmd, allowed) in [
        ("go depth 4 searchmoves 1i1h", vec!["1i1h"]),
        ("go searchmoves 12i12h 1i1h depth 4", vec!["12i12h", "1i1h"]),
    ] {
        e.send(cmd);
        let lines = e.until(REPLY * 4, |l| l.starts_with("bestmove"));
        let best = bestmove_of(lines.last().map(String::as_str).unwrap_or_default());
        assert!(allowed.contains(&best.as_str()), "{cmd}: bestmove {best}");
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 4 ")),
            "{cmd}: {lines:?}"
        );
    }
    e.quit();
}

#[test]
fn go_without_legal_move_resigns() {
    let mut e = usi_engine();
    e.send(&format!("position sfen {NO_MOVES}"));
    e.send("go depth 2");
    assert_eq!(e.expect("bestmove", REPLY), "bestmove resign");
    e.quit();
}

/// Black to move, and every move lets the White Lion on 10j take Black's King on 12l.
const LOST_AT_ONCE: &str = "11k/12/12/12/12/12/12/12/12/2n9/12/K10G b - 1";

#[test]
fn a_lost_engine_resigns() {
    let mut e = usi_engine();
    e.send(&format!("position sfen {LOST_AT_ONCE}"));
    e.send("go depth 3");
    assert_eq!(e.expect("bestmove", REPLY), "bestmove resign");
    // With a way out it plays on: the Gold can take the Lion from 9k.
    let saved = LOST_AT_ONCE.replace("/12/K10G", "/3G8/K11");
    e.send(&format!("position sfen {saved}"));
    e.send("go depth 3");
    assert_ne!(e.expect("bestmove", REPLY), "bestmove resign");
    e.quit();
}

#[test]
fn stop_after_go_infinite_answers_within_100ms() {
    let mut e = usi_engine();
    e.send("position startpos");
    e.send("go infinite");
    e.expect("info depth 2 ", REPLY);
    // Let it get busy in a deeper iteration before stopping.
    std::thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    e.send("stop");
    let best = e.expect("bestmove", REPLY);
    let took = t.elapsed();
    assert!(took < Duration::from_millis(100), "bestmove after {took:?}");
    assert_legal(START_SFEN, &[], &bestmove_of(&best), Rules::default());
    e.quit();
}

#[test]
fn ponder_then_ponderhit_moves_on_the_clock() {
    let mut e = usi_engine();
    e.send("position startpos moves 7i7h");
    e.send("go ponder btime 1000 wtime 1000 byoyomi 200");
    std::thread::sleep(Duration::from_millis(300));
    // While pondering the clock does not run: no bestmove yet.
    while let Some(l) = e.next_line(Duration::ZERO) {
        assert!(!l.starts_with("bestmove"), "moved while pondering: {l}");
    }
    e.send("ponderhit");
    let best = e.expect("bestmove", Duration::from_secs(3));
    assert_legal(START_SFEN, &["7i7h"], &bestmove_of(&best), Rules::default());
    e.quit();
}

#[test]
fn position_round_trips_through_the_display_command() {
    let mut e = usi_engine();
    for sfen in [START_SFEN, T7, T9, NO_MOVES] {
        e.send(&format!("position sfen {sfen}"));
        assert_eq!(shown_sfen(&mut e), sfen);
    }
    e.send("position startpos moves 7i7h 6d6e 7j7i");
    let mut pos = Position::start(Variant::chu(), Rules::default());
    for m in ["7i7h", "6d6e", "7j7i"] {
        let mv = pos.parse_move(m).expect("legal");
        pos.make(mv);
    }
    assert_eq!(shown_sfen(&mut e), pos.to_sfen());
    e.quit();
}

#[test]
fn bad_input_gets_one_error_line_and_changes_nothing() {
    let mut e = usi_engine();
    e.send(&format!("position sfen {T9}"));
    let bad = [
        "position sfen 11k/12/12 b - 1",
        "position sfen 11k/12/12/12/12/12/6ps4/6N5/12/12/12/K11 x - 1",
        "position sfen 11k/12/12/12/12/12/6ps4/6N5/12/12/12/K11 b 99z 1",
        "position startpos moves 7i7h 7i7h",
        "position startpos moves 7i7g",
        "position startpos moves 13a13b",
        "position startpos moves 7i7h 6d6e 7h7g+",
        "position",
        "position foo",
        "go depth 0",
        "go depth -5",
        "go nodes 99999999999999999999999",
        "go btime",
        "go warp 9",
        "go depth 2 searchmoves",
        "go depth 2 searchmoves depth 3",
        "go depth 2 searchmoves 13a13b",
        "go searchmoves 7i7g depth 2",
        "setoption name USI_Hash value 0",
        "setoption name USI_Hash value 999999999",
        "setoption name Threads value -1",
        "setoption name USI_Variant value tic-tac-toe",
        "setoption name Rules value none",
        "setoption name NoSuchOption value 1",
        "setoption",
        "frobnicate",
    ];
    for cmd in bad {
        let lines = e.replies_before(cmd, "info string error");
        assert!(lines.is_empty(), "{cmd}: extra output {lines:?}");
        let after = e.replies_before("isready", "readyok");
        assert!(after.is_empty(), "{cmd}: more than one reply {after:?}");
    }
    e.send_bytes(b"position sfen \xff\xfe\n");
    e.expect("info string error: input line is not valid UTF-8", REPLY);
    assert_eq!(shown_sfen(&mut e), T9);
    e.quit();
}

#[test]
fn quit_during_search_exits_promptly() {
    let mut e = usi_engine();
    e.send("position startpos");
    e.send("go infinite");
    e.expect("info depth 1 ", REPLY);
    let took = e.quit();
    assert!(took < Duration::from_millis(500), "exit took {took:?}");
}

#[test]
fn fuzz_300_hostile_lines_then_still_answers() {
    let mut e = usi_engine();
    let commands = [
        "usi",
        "isready",
        "usinewgame",
        "setoption",
        "setoption name USI_Hash value",
        "setoption name Threads value",
        "setoption name MultiPV value",
        "setoption name Rules value",
        "setoption name USI_Variant value",
        "position",
        "position startpos moves",
        "position sfen",
        "go",
        "go depth",
        "go nodes",
        "go movetime",
        "go btime",
        "go byoyomi",
        "stop",
        "ponderhit",
        "gameover",
        "d",
        "xboard",
        "protover",
        "usermove",
        "bogus",
    ];
    let mut rng = Rng::new(0x5eed_1234);
    for i in 0..300 {
        if i == 150 {
            // One line of a megabyte.
            let mut huge = b"position startpos moves ".to_vec();
            huge.extend(std::iter::repeat_n(b'7', 1 << 20));
            huge.push(b'\n');
            e.send_bytes(&huge);
            continue;
        }
        let mut line = fuzz_line(&mut rng, &commands);
        line.push(b'\n');
        e.send_bytes(&line);
    }
    let t = Instant::now();
    e.send("isready");
    e.expect("readyok", Duration::from_secs(2));
    assert!(t.elapsed() < Duration::from_secs(2));
    // Still a working engine.
    e.send("stop");
    e.send("setoption name Rules value default");
    e.send("setoption name USI_Variant value chu");
    e.send("setoption name Threads value 1");
    e.send("position startpos moves 7i7h");
    e.send("go depth 1");
    let best = e.expect("bestmove", REPLY);
    assert_legal(START_SFEN, &["7i7h"], &bestmove_of(&best), Rules::default());
    e.assert_no_panic();
    e.quit();
}

#[test]
fn ko_rule_switches_are_usi_options() {
    // Chu announces no Ko switch and refuses to set one.
    let mut e = Engine::start(&[]);
    e.send("usi");
    let lines = e.until(REPLY, |l| l == "usiok");
    assert!(!lines.iter().any(|l| l.contains("ko_")), "{lines:?}");
    e.send("setoption name ko_burn value enemy");
    let lines = e.replies_before("isready", "readyok");
    assert!(
        lines.iter().any(|l| l.contains("unknown option")),
        "{lines:?}"
    );
    e.quit();
    let mut e = Engine::start(&["--variant", "ko"]);
    e.send("usi");
    let lines = e.until(REPLY, |l| l == "usiok");
    assert!(lines
        .iter()
        .any(|l| l == "option name ko_burn type combo default all var all var enemy"));
    e.send("setoption name USI_Variant value ko");
    e.send("setoption name ko_pass value off");
    // Ko's start position has 223 moves with the pass, 222 without: the pass is refused.
    e.send("position startpos moves pass");
    let lines = e.replies_before("isready", "readyok");
    assert!(
        lines.iter().any(|l| l.contains("pass")),
        "pass must be refused: {lines:?}"
    );
    e.send("setoption name ko_pass value maybe");
    let lines = e.replies_before("isready", "readyok");
    assert!(
        lines.iter().any(|l| l.contains("ko_pass must be one of")),
        "{lines:?}"
    );
    e.send("setoption name ko_pass value on");
    e.send("position startpos moves pass");
    let lines = e.replies_before("isready", "readyok");
    assert!(lines.is_empty(), "{lines:?}");
    e.assert_no_panic();
}

#[test]
fn go_movetime_uses_the_time_it_is_given() {
    // Chu's start finishes early iterations fast; the engine keeps deepening until the
    // time is used up instead of stopping after half of it.
    let mut e = usi_engine();
    e.send("position startpos");
    let t = Instant::now();
    e.send("go movetime 600");
    e.expect("bestmove ", REPLY);
    assert!(
        t.elapsed() >= Duration::from_millis(500),
        "answered after {:?}",
        t.elapsed()
    );
    e.quit();
}
