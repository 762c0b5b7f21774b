//! XBoard/CECP conversations with the real binary: features, engine moves (including the
//! two-line Lion form), ping, setboard, result claims, error handling and a fuzz run.

mod common;

use common::{fuzz_line, Engine, Rng, REPLY, START_SFEN};
use largeshogi::game::Game;
use largeshogi::position::Position;
use largeshogi::variant::{Rules, Variant};
use std::time::{Duration, Instant};

/// Black Lion on g5 (6h) with an unprotected White Rook on g6 and Dragon King on g7: the
/// double capture `g5g6,g6g7` wins both.
const DOUBLE: &str = "11k/12/12/12/12/6d5/6r5/6N5/12/12/12/K11";
/// The White King stands next to the Black Lion.
const ROYAL_IN_REACH: &str = "12/12/12/12/12/12/6k5/6N5/12/12/12/K11";
/// Black's King is walled in by its own dead Pawns.
const NO_MOVES: &str = "KP10/PP10/12/12/12/12/12/12/12/12/12/11k";
/// T9 of chu.md: Lion on g5 next to a Pawn (g6) and a Silver (h6).
const T9: &str = "11k/12/12/12/12/12/6ps4/6N5/12/12/12/K11";

fn xboard_engine() -> Engine {
    let mut e = Engine::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature ", REPLY);
    e.send("cores 1");
    e.send("new");
    e.send("variant chu");
    e
}

fn board_sfen(board: &str, black_to_move: bool) -> String {
    format!("{board} {} - 1", if black_to_move { "b" } else { "w" })
}

/// The engine's board as SFEN (debug command `d`), after a `ping` round trip.
fn shown_sfen(e: &mut Engine) -> String {
    let before = e.replies_before("ping 1", "pong 1");
    assert!(before.is_empty(), "unexpected output {before:?}");
    e.send("d");
    let line = e.expect("# sfen ", REPLY);
    e.expect("# variant ", REPLY);
    line.trim_start_matches("# sfen ").to_string()
}

/// Reads the engine's next move, joining HaChu's two-line form (`move g5g6,` `move g6g7`).
/// Returns the move text and the `move` lines as sent.
fn engine_move(e: &mut Engine, timeout: Duration) -> (String, Vec<String>) {
    let first = e.expect("move ", timeout);
    let mut text = first.trim_start_matches("move ").to_string();
    let mut lines = vec![first.clone()];
    if text.ends_with(',') {
        let second = e.next_line(REPLY).expect("second leg");
        assert!(second.starts_with("move "), "second leg line: {second}");
        text.push_str(second.trim_start_matches("move "));
        lines.push(second);
    }
    (text, lines)
}

/// The game after `sfen` + XBoard `moves`, checking each is legal.
fn play_xboard(sfen: &str, moves: &[&str]) -> Game {
    let pos = Position::from_sfen(Variant::chu(), sfen, Rules::default()).expect("valid SFEN");
    let mut game = Game::new(pos);
    for m in moves {
        let mv = game
            .position()
            .parse_xboard_move(m)
            .unwrap_or_else(|err| panic!("{m}: {err}"));
        assert!(game.is_legal(&mv), "{m} is not legal here");
        game.play(mv);
    }
    game
}

#[test]
fn protover_announces_the_features() {
    let mut e = Engine::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    let f = e.expect("feature ", REPLY);
    for want in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "memory=1",
        "smp=1",
        "colors=0",
        "sigint=0",
        "sigterm=0",
        "debug=1",
        "myname=\"largeshogi",
        "done=1",
    ] {
        assert!(f.contains(want), "{f} lacks {want}");
    }
    let variants = f
        .split("variants=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("variants feature");
    let listed: Vec<&str> = variants.split(',').collect();
    for v in Variant::names() {
        assert!(listed.contains(v), "{v} missing from {variants}");
    }
    // Only the variant's own rule switches are announced: none for Chu.
    assert!(!f.contains("ko_"), "{f}");
    e.send("ping 42");
    e.expect("pong 42", REPLY);
    assert!(e.quit() < Duration::from_secs(1));
}

#[test]
fn ko_announces_and_takes_its_rule_switches() {
    let mut e = Engine::start(&["--variant", "ko"]);
    e.send("xboard");
    e.send("protover 2");
    let f = e.expect("feature ", REPLY);
    assert!(
        f.contains("option=\"ko_burn -combo *all /// enemy\""),
        "{f}"
    );
    e.send("new");
    e.send("variant ko");
    e.send("option ko_pass=off");
    // Without passes the start position has 222 moves; the pass is refused.
    e.send("usermove @@@@");
    e.expect("Illegal move", REPLY);
    e.send("option ko_pass=maybe");
    let err = e.expect("Error", REPLY);
    assert!(err.contains("ko_pass must be one of"), "{err}");
    e.quit();
}

#[test]
fn engine_answers_a_user_move_with_a_legal_move_and_thinking_output() {
    let mut e = xboard_engine();
    e.send("sd 3");
    e.send("post");
    e.send("usermove f4f5");
    let (mv, _) = engine_move(&mut e, REPLY * 4);
    let thinking: Vec<&String> = e.seen.iter().filter(|l| l.starts_with("3 ")).collect();
    let words: Vec<&str> = thinking
        .last()
        .expect("a depth-3 thinking line")
        .split(' ')
        .collect();
    assert!(words.len() >= 5, "ply score time nodes pv: {words:?}");
    for w in &words[..4] {
        assert!(w.parse::<i64>().is_ok(), "not a number: {w}");
    }
    play_xboard(START_SFEN, &["f4f5", &mv]);
    // The engine keeps playing White: its next reply is legal after both moves.
    e.send("usermove f3f4");
    let (mv2, _) = engine_move(&mut e, REPLY * 4);
    play_xboard(START_SFEN, &["f4f5", &mv, "f3f4", &mv2]);
    e.quit();
}

#[test]
fn lion_double_capture_is_sent_as_two_lines() {
    let mut e = xboard_engine();
    e.send("force");
    e.send(&format!("setboard {DOUBLE} w - - 0 1"));
    e.send("sd 2");
    e.send("go");
    let (mv, lines) = engine_move(&mut e, REPLY * 4);
    assert_eq!(mv, "g5g6,g6g7");
    assert_eq!(lines, vec!["move g5g6,", "move g6g7"]);
    play_xboard(&board_sfen(DOUBLE, true), &[&mv]);
    e.quit();
}

#[test]
fn two_line_and_one_line_user_moves_are_the_same() {
    let game = play_xboard(&board_sfen(T9, true), &["g5g6,g6g7"]);
    let expected = game.position().to_sfen();
    for form in [
        &["usermove g5g6,", "usermove g6g7"][..],
        &["usermove g5g6,g6g7"][..],
    ] {
        let mut e = xboard_engine();
        e.send("force");
        e.send(&format!("setboard {T9}"));
        for line in form {
            e.send(line);
        }
        assert_eq!(shown_sfen(&mut e), expected, "{form:?}");
        e.quit();
    }
}

#[test]
fn pass_is_written_as_the_null_move() {
    let mut e = xboard_engine();
    e.send("force");
    e.send(&format!("setboard {T9} w"));
    e.send("usermove @@@@");
    let after = shown_sfen(&mut e);
    assert!(after.starts_with(&format!("{T9} w ")), "{after}");
    e.quit();
}

#[test]
fn setboard_round_trips_with_inverted_side_letter() {
    let mut e = xboard_engine();
    e.send("force");
    let board = START_SFEN.split(' ').next().unwrap_or_default();
    for (fen, sfen) in [
        (format!("{board} w - - 0 1"), board_sfen(board, true)),
        (format!("{T9} b - - 0 1"), format!("{T9} w - 2")),
        (T9.to_string(), board_sfen(T9, true)),
    ] {
        e.send(&format!("setboard {fen}"));
        assert_eq!(shown_sfen(&mut e), sfen, "{fen}");
    }
    e.quit();
}

#[test]
fn royal_capture_is_claimed_as_1_0() {
    let mut e = xboard_engine();
    e.send("force");
    e.send(&format!("setboard {ROYAL_IN_REACH} w"));
    e.send("sd 2");
    e.send("go");
    let (mv, _) = engine_move(&mut e, REPLY * 4);
    let game = play_xboard(&board_sfen(ROYAL_IN_REACH, true), &[&mv]);
    assert!(game.outcome().is_some(), "{mv} does not end the game");
    assert_eq!(e.expect("1-0", REPLY), "1-0 {Black captures the royals}");
    e.quit();
}

#[test]
fn no_legal_move_is_claimed_as_a_loss() {
    let mut e = xboard_engine();
    e.send("force");
    e.send(&format!("setboard {NO_MOVES} w"));
    e.send("go");
    assert_eq!(e.expect("0-1", REPLY), "0-1 {Black has no legal move}");
    e.quit();
}

/// Black to move, and every move lets the White Lion on 10j take Black's King on 12l.
const LOST_AT_ONCE: &str = "11k/12/12/12/12/12/12/12/12/2n9/12/K10G";

#[test]
fn a_lost_engine_resigns() {
    let mut e = xboard_engine();
    e.send("force");
    e.send(&format!("setboard {LOST_AT_ONCE} w"));
    e.send("sd 3");
    e.send("go");
    assert_eq!(e.expect("resign", REPLY * 4), "resign");
    e.quit();
}

/// The side to move (the engine; XBoard's `w` is shogi's Black, the upper-case pieces) has
/// a King against a King, two Dragon Kings and a Gold, not lost at once; HaChu's rules, so
/// no bare-King win. With colours swapped the engine is far ahead.
const FAR_BEHIND: &str = "11k/10dd/8g3/12/12/12/12/12/12/12/12/K11";
const FAR_AHEAD: &str = "11k/12/12/12/12/12/12/12/12/12/DD1G8/K11";

#[test]
fn draw_offers_are_taken_only_when_the_score_says_so() {
    for (board, accept) in [(FAR_BEHIND, true), (FAR_AHEAD, false)] {
        let mut e = xboard_engine();
        e.send("option Rules=hachu");
        e.send("force");
        e.send(&format!("setboard {board} w"));
        e.send("sd 3");
        e.send("go");
        engine_move(&mut e, REPLY * 4);
        e.send("draw");
        let replies = e.replies_before("ping 7", "pong 7");
        let accepted = replies.iter().any(|l| l == "offer draw");
        assert_eq!(accepted, accept, "{board}: {replies:?}");
        e.quit();
    }
    // Before the engine has played a move it has no score: no acceptance.
    let mut e = xboard_engine();
    e.send("draw");
    let replies = e.replies_before("ping 8", "pong 8");
    assert!(!replies.iter().any(|l| l == "offer draw"), "{replies:?}");
    e.quit();
}

#[test]
fn move_now_answers_within_100ms() {
    let mut e = xboard_engine();
    e.send("st 60");
    e.send("post");
    e.send("usermove f4f5");
    e.expect("2 ", REPLY);
    std::thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    e.send("?");
    let (mv, _) = engine_move(&mut e, REPLY);
    assert!(
        t.elapsed() < Duration::from_millis(100),
        "move after {:?}",
        t.elapsed()
    );
    play_xboard(START_SFEN, &["f4f5", &mv]);
    // A ping right after `?` is answered after the move.
    e.send("ping 3");
    e.expect("pong 3", REPLY);
    e.quit();
}

#[test]
fn analyze_runs_until_exit_and_force_stops_thinking() {
    let mut e = xboard_engine();
    e.send("post");
    e.send("analyze");
    e.expect("3 ", REPLY * 4);
    e.send("exit");
    let lines = e.replies_before("ping 5", "pong 5");
    assert!(lines.iter().all(|l| !l.starts_with("move")), "{lines:?}");
    // Thinking on its own move, then `force`: no move is sent.
    e.send("st 60");
    e.send("usermove f4f5");
    std::thread::sleep(Duration::from_millis(100));
    e.send("force");
    let lines = e.replies_before("ping 6", "pong 6");
    assert!(lines.iter().all(|l| !l.starts_with("move")), "{lines:?}");
    e.quit();
}

#[test]
fn illegal_and_malformed_input_changes_nothing() {
    let mut e = xboard_engine();
    e.send("force");
    e.send("usermove f4f5");
    let game = play_xboard(START_SFEN, &["f4f5"]);
    let expected = game.position().to_sfen();
    for (cmd, prefix) in [
        ("usermove f4f6", "Illegal move"),
        ("usermove g9g7", "Illegal move"),
        ("usermove m1m2", "Illegal move"),
        ("usermove a13a14", "Illegal move"),
        ("usermove zz", "Illegal move"),
        ("usermove g10g9,g9g8", "Illegal move"),
        ("usermove @@@@", "Illegal move"),
        ("setboard 12/12 w", "Error"),
        ("setboard lfcsgekgscfl/a1b1txot1b1a x", "Error"),
        ("variant tic-tac-toe", "Error"),
        ("memory 0", "Error"),
        ("memory 99999999999999999999", "Error"),
        ("cores -3", "Error"),
        ("level 40 5", "Error"),
        ("level x y z", "Error"),
        ("sd 0", "Error"),
        ("st -1", "Error"),
        ("time abc", "Error"),
        ("ping", "Error"),
        ("option Nope=1", "Error"),
        ("frobnicate now", "Error"),
    ] {
        let lines = e.replies_before(cmd, prefix);
        assert!(lines.is_empty(), "{cmd}: extra output {lines:?}");
        let after = e.replies_before("ping 9", "pong 9");
        assert!(after.is_empty(), "{cmd}: more than one reply {after:?}");
    }
    e.send_bytes(b"usermove \xff\xfe\n");
    e.expect("Error (input line is not valid UTF-8)", REPLY);
    assert_eq!(shown_sfen(&mut e), expected);
    e.quit();
}

#[test]
fn undo_and_remove_take_moves_back() {
    let mut e = xboard_engine();
    e.send("force");
    for m in ["f4f5", "g9g8", "f3f4"] {
        e.send(&format!("usermove {m}"));
    }
    e.send("undo");
    assert_eq!(
        shown_sfen(&mut e),
        play_xboard(START_SFEN, &["f4f5", "g9g8"])
            .position()
            .to_sfen()
    );
    e.send("remove");
    assert_eq!(shown_sfen(&mut e), START_SFEN);
    e.quit();
}

#[test]
fn quit_while_thinking_exits_promptly() {
    let mut e = xboard_engine();
    e.send("st 60");
    e.send("usermove f4f5");
    std::thread::sleep(Duration::from_millis(100));
    let took = e.quit();
    assert!(took < Duration::from_millis(500), "exit took {took:?}");
}

#[test]
fn fuzz_300_hostile_lines_then_still_answers() {
    let mut e = xboard_engine();
    e.send("sd 2");
    let commands = [
        "new",
        "variant",
        "force",
        "go",
        "usermove",
        "setboard",
        "level",
        "st",
        "sd",
        "time",
        "otim",
        "post",
        "nopost",
        "analyze",
        "exit",
        ".",
        "?",
        "undo",
        "remove",
        "result",
        "ping",
        "memory",
        "cores",
        "hard",
        "easy",
        "random",
        "computer",
        "name",
        "rating",
        "accepted",
        "rejected",
        "protover",
        "option",
        "playother",
        "d",
        "f4f5",
        "g5g6,",
        "isready",
        "usi",
        "bogus",
    ];
    let mut rng = Rng::new(0xfeed_beef);
    for i in 0..300 {
        if i == 150 {
            let mut huge = b"usermove ".to_vec();
            huge.extend(std::iter::repeat_n(b'g', 1 << 20));
            huge.push(b'\n');
            e.send_bytes(&huge);
            continue;
        }
        let mut line = fuzz_line(&mut rng, &commands);
        line.push(b'\n');
        e.send_bytes(&line);
    }
    // `force` first: a ping that arrives while the engine thinks on its move is answered
    // only after the move (CECP), and the fuzz may have left it thinking.
    let t = Instant::now();
    e.send("force");
    e.send("ping 77");
    e.expect("pong 77", Duration::from_secs(2));
    assert!(t.elapsed() < Duration::from_secs(2));
    // Still a working engine.
    e.send("exit");
    e.send("option Rules=default");
    e.send("new");
    e.send("variant chu");
    e.send("cores 1");
    e.send("sd 1");
    e.send("usermove f4f5");
    let (mv, _) = engine_move(&mut e, REPLY);
    play_xboard(START_SFEN, &["f4f5", &mv]);
    e.assert_no_panic();
    e.quit();
}

/// A variant XBoard does not know is described with `setup` (board size and start
/// position); XBoard's own Chu needs none.
#[test]
fn unknown_variants_are_described_with_setup() {
    let mut e = Engine::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature ", REPLY);
    e.send("variant chu");
    let chu = e.replies_before("ping 1", "pong 1");
    assert!(chu.iter().all(|l| !l.starts_with("setup")), "{chu:?}");
    let others: Vec<&str> = largeshogi::variant::Variant::names()
        .iter()
        .copied()
        .filter(|&n| largeshogi::variant::Variant::by_name(n).is_some_and(|v| !v.xboard_native))
        .collect();
    for name in others {
        let v = largeshogi::variant::Variant::by_name(name).expect("listed variant");
        e.send(&format!("variant {name}"));
        let lines = e.replies_before("ping 2", "pong 2");
        let setup = lines
            .iter()
            .find(|l| l.starts_with("setup "))
            .unwrap_or_else(|| panic!("no setup for {name}: {lines:?}"));
        assert!(
            setup.contains(&format!(" {}x{}+", v.files, v.ranks)),
            "{setup}"
        );
    }
    e.quit();
}
