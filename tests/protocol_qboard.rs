//! Sessions with the real binary replaying the text the QBoard GUI (1.2.0.2) sends, as
//! read from its source: the start-up burst `xboard`, `protover 2`, `new`, `variant
//! <its name>`, `st N` and (for the first player) `go`, without waiting for features and
//! without `time`/`otim`; moves always as `usermove`, a multi-leg move on one line
//! (`usermove f6f7,f7f8`), a Ko shot with the shooter staying put as `e6xh6`; `setboard`
//! in its own piece letters (upper case = first player, then `w`/`b` and a move count).
//! And what QBoard parses from us: `move` lines it reads per leg for Chu and Tai, one
//! line for Ko, only moves its notation can express (`--gui qboard`).

mod common;

use common::{Engine, REPLY};
use largeshogi::position::Position;
use largeshogi::variant::{Rules, Variant};
use std::time::Duration;

const QBOARD: &[&str] = &["--gui", "qboard"];

/// QBoard's start-up burst, then `go` when the engine plays the first player.
fn qboard_start(variant: &str, st: u32, first_player: bool) -> Engine {
    let mut e = Engine::start(QBOARD);
    for line in ["xboard", "protover 2", "new"] {
        e.send(line);
    }
    e.send(&format!("variant {variant}"));
    e.send(&format!("st {st}"));
    if first_player {
        e.send("go");
    }
    e
}

/// A 19x19 QBoard board field: empty but for `pieces` (letter as QBoard writes it,
/// XBoard square), White's King on j19 and Black's on j1 as the royals.
fn ko_board(pieces: &[(&str, &str)]) -> String {
    let mut ranks: Vec<Vec<Option<&str>>> = vec![vec![None; 19]; 19];
    let mut put = |letter: &'static str, square: &str| {
        let file = (square.as_bytes()[0] - b'a') as usize;
        let rank: usize = square[1..].parse().expect("rank");
        ranks[19 - rank][file] = Some(letter);
    };
    put("k", "j19");
    put("K", "j1");
    for &(letter, square) in pieces {
        let letter: &'static str = Box::leak(letter.to_string().into_boxed_str());
        put(letter, square);
    }
    ranks
        .iter()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for square in rank {
                match square {
                    None => empty += 1,
                    Some(letter) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push_str(letter);
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The engine's board (debug `d`) after a ping round trip, checking that nothing was
/// refused on the way.
fn shown_sfen(e: &mut Engine) -> String {
    let before = e.replies_before("ping 7", "pong 7");
    assert!(
        !before
            .iter()
            .any(|l| l.starts_with("Error") || l.starts_with("Illegal")),
        "{before:?}"
    );
    e.send("d");
    let line = e.expect("# sfen ", REPLY);
    e.expect("# variant ", REPLY);
    line.trim_start_matches("# sfen ").to_string()
}

fn rank_of(sfen: &str, rank: usize) -> String {
    sfen.split(' ')
        .next()
        .expect("board")
        .split('/')
        .nth(19 - rank)
        .expect("rank")
        .to_string()
}

#[test]
fn chu_first_player_moves_after_the_burst_within_st() {
    let mut e = qboard_start("chu", 1, true);
    let feature = e.expect("feature ", REPLY);
    // QBoard switches these on by finding the text in the reply.
    assert!(feature.contains("usermove=1") && feature.contains("setboard=1"));
    let mv = e.expect("move ", Duration::from_secs(4));
    let start = Position::start(Variant::chu(), Rules::default());
    start
        .parse_xboard_move(mv.trim_start_matches("move "))
        .unwrap_or_else(|err| panic!("{mv}: {err}"));
    e.quit();
}

#[test]
fn chu_second_player_answers_a_usermove() {
    let mut e = qboard_start("chu", 1, false);
    e.send("usermove h4h5");
    let mv = e.expect("move ", Duration::from_secs(4));
    assert!(!mv.contains(','), "{mv}");
    e.quit();
}

#[test]
fn chu_lion_double_move_on_one_line_and_ours_leg_by_leg() {
    // Black Lion g5 with White's Rook on g6 and Dragon King on g7 (QBoard's letters are
    // ours in Chu); QBoard's setboard adds the side and its move count.
    let board = "11k/12/12/12/12/6d5/6r5/6N5/12/12/12/K11";
    let mut e = qboard_start("chu", 1, false);
    e.send("force");
    e.send(&format!("setboard {board} w 1"));
    e.send("usermove g5g6,g6g7");
    let sfen = shown_sfen(&mut e);
    assert!(sfen.starts_with("11k/12/12/12/12/6N5/12/12/"), "{sfen}");
    e.quit();

    // The engine's own double capture: one `move` line per leg, as QBoard reads Chu.
    let mut e = qboard_start("chu", 1, false);
    e.send(&format!("setboard {board} w 1"));
    e.send("sd 2");
    e.send("go");
    let first = e.expect("move ", Duration::from_secs(10));
    assert_eq!(first, "move g5g6,");
    assert_eq!(e.next_line(REPLY).as_deref(), Some("move g6g7"));
    e.quit();
}

#[test]
fn ko_setboard_in_qboard_letters_and_both_stationary_shot_forms() {
    // Five-li fog (QBoard's promoted Taoist priest `+T'`) on j9, a White pawn on i12.
    let board = ko_board(&[("+T'", "j9"), ("p", "i12")]);
    let mut sfens = Vec::new();
    for shot in ["j9xi12", "j9j9xi12"] {
        let mut e = qboard_start("koshogi", 1, false);
        e.send("force");
        e.send(&format!("setboard {board} w 1"));
        let before = shown_sfen(&mut e);
        assert_eq!(rank_of(&before, 9), "9+TB9", "{before}");
        assert_eq!(rank_of(&before, 12), "8p10", "{before}");
        e.send(&format!("usermove {shot}"));
        let after = shown_sfen(&mut e);
        assert_eq!(rank_of(&after, 12), "19", "{shot}: {after}");
        assert_eq!(rank_of(&after, 9), "9+TB9", "{shot}: {after}");
        sfens.push(after);
        e.quit();
    }
    assert_eq!(sfens[0], sfens[1]);
}

#[test]
fn ko_double_move_on_one_line_both_ways() {
    // QBoard's Knight captain `W` is our Cavalry: on j9, a White pawn on k11.
    let mut e = qboard_start("koshogi", 1, false);
    e.send("force");
    e.send(&format!(
        "setboard {} w 1",
        ko_board(&[("W", "j9"), ("p", "k11")])
    ));
    e.send("usermove j9k11,k11l13");
    let sfen = shown_sfen(&mut e);
    assert_eq!(rank_of(&sfen, 13), "11CA7", "{sfen}");
    assert_eq!(rank_of(&sfen, 11), "19", "{sfen}");
    e.quit();

    // The engine's double capture of the royal is one line, the form QBoard reads for Ko.
    let mut e = qboard_start("koshogi", 1, false);
    e.send(&format!(
        "setboard {} w 1",
        ko_board(&[("W", "j9"), ("p", "k11"), ("k", "l13")])
    ));
    e.send("sd 2");
    e.send("go");
    assert_eq!(
        e.expect("move ", Duration::from_secs(10)),
        "move j9k11,k11l13"
    );
    e.quit();
}

#[test]
fn ko_engine_shoots_in_qboard_form_and_never_moves_then_shoots() {
    // The fog next to White's King: the winning shot goes out and back, QBoard's `j9xi10`.
    let mut e = qboard_start("koshogi", 1, false);
    e.send(&format!(
        "setboard {} w 1",
        ko_board(&[("+T'", "j9"), ("k", "i10")])
    ));
    e.send("sd 2");
    e.send("go");
    assert_eq!(e.expect("move ", Duration::from_secs(10)), "move j9xi10");
    e.quit();

    // A Crossbow (`C'`) could win by stepping to i11 and shooting the King on i15
    // (`j10i11xi15`), which QBoard cannot express: with --gui qboard it is not played.
    let board = ko_board(&[("C'", "j10"), ("k", "i15")]);
    for gui_form in [true, false] {
        let mut e = qboard_start("koshogi", 1, false);
        e.send(&format!("setboard {board} w 1"));
        if !gui_form {
            e.send("option GUI=xboard");
        }
        e.send("sd 2");
        e.send("go");
        let mv = e.expect("move ", Duration::from_secs(10));
        if gui_form {
            assert!(!mv.contains('x'), "{mv}");
        } else {
            assert_eq!(mv, "move j10i11xi15+");
        }
        e.quit();
    }
}

#[test]
fn game_end_after_the_users_move_is_told_in_words() {
    // The user's Lion takes the engine's King: QBoard ignores result lines, so the engine
    // also says it with `telluser` (never in the same output as a move of its own).
    let mut e = qboard_start("chu", 1, false);
    e.send("force");
    e.send("setboard 12/12/12/12/12/12/6k5/6N5/12/12/12/K11 w 1");
    e.send("playother");
    e.send("usermove g5g6");
    let result = e.expect("1-0", REPLY);
    assert!(result.contains("Black"), "{result}");
    let told = e.expect("telluser ", REPLY);
    assert!(told.contains("1-0"), "{told}");
    e.quit();
}

#[test]
fn a_rejected_move_says_illegal_move_which_qboard_rolls_back_on() {
    let mut e = qboard_start("chu", 1, false);
    e.send("usermove a1a9");
    let reply = e.expect("Illegal move", REPLY);
    assert!(reply.ends_with("a1a9"), "{reply}");
    // Nothing QBoard would take for a game end or a dialog.
    let more = e.replies_before("ping 3", "pong 3");
    assert!(more.is_empty(), "{more:?}");
    e.quit();
}

#[test]
fn a_position_loaded_mid_game_is_played_on_by_the_side_to_move() {
    // QBoard's Open sends `setboard` to both engines of a running game, without `force`.
    let board = "11k/12/12/12/12/6d5/6r5/6N5/12/12/12/K11";
    let mut first = qboard_start("chu", 1, true);
    first.expect("move ", Duration::from_secs(4));
    first.send(&format!("setboard {board} w 1"));
    // The first player's engine is to move in the loaded position: it moves at once.
    let mv = first.expect("move ", Duration::from_secs(4));
    assert!(mv.starts_with("move g5"), "{mv}");
    first.quit();

    let mut second = qboard_start("chu", 1, false);
    second.send(&format!("setboard {board} w 1"));
    let quiet = second.replies_before("ping 2", "pong 2");
    assert!(!quiet.iter().any(|l| l.starts_with("move ")), "{quiet:?}");
    second.quit();
}

/// A Black Cavalry (QBoard's `W`) on j13 that jumps over White pawns on k15 and l17,
/// ending in the promotion zone: promoting is a choice (ko.md 6.2).
fn ko_cavalry_board() -> String {
    ko_board(&[("W", "j13"), ("p", "k15"), ("p", "l17")])
}

#[test]
fn ko_multi_leg_promotion_as_the_patched_qboard_sends_it() {
    // scripts/qboard.sh's QBoard sends what its board did: `+` promoted, `=` not.
    for (text, rank_17) in [("j13k15,k15l17+", "11+CA7"), ("j13k15,k15l17=", "11CA7")] {
        let mut e = qboard_start("koshogi", 1, false);
        e.send("force");
        e.send(&format!("setboard {} w 1", ko_cavalry_board()));
        e.send(&format!("usermove {text}"));
        let sfen = shown_sfen(&mut e);
        assert_eq!(rank_of(&sfen, 17), rank_17, "{text}: {sfen}");
        assert_eq!(rank_of(&sfen, 15), "19", "{text}: {sfen}");
        e.quit();
    }
}

#[test]
fn ko_multi_leg_move_without_suffix_is_refused_as_ambiguous_in_qboard_mode() {
    // QBoard 1.2.0.2 unpatched drops the `+` its board applied: no suffix on a move that
    // may promote or not is refused (QBoard then takes it back), not guessed.
    let mut e = qboard_start("koshogi", 1, false);
    e.send("force");
    e.send(&format!("setboard {} w 1", ko_cavalry_board()));
    let before = shown_sfen(&mut e);
    e.send("usermove j13k15,k15l17");
    assert_eq!(
        e.expect("Illegal move", REPLY),
        "Illegal move (ambiguous promotion): j13k15,k15l17"
    );
    assert_eq!(shown_sfen(&mut e), before);
    // A multi-leg move that cannot promote (igui outside the zone) needs no suffix.
    e.send("usermove j13k15,k15j13");
    let after = shown_sfen(&mut e);
    assert_eq!(rank_of(&after, 15), "19", "{after}");
    assert_eq!(rank_of(&after, 13), "9CA9", "{after}");
    e.quit();

    // In XBoard mode no suffix means no promotion (ko.md 8.2, 8.3).
    let mut e = qboard_start("koshogi", 1, false);
    e.send("force");
    e.send(&format!("setboard {} w 1", ko_cavalry_board()));
    e.send("option GUI=xboard");
    e.send("usermove j13k15,k15l17");
    let sfen = shown_sfen(&mut e);
    assert_eq!(rank_of(&sfen, 17), "11CA7", "{sfen}");
    e.quit();
}

#[test]
fn tai_multi_leg_capture_follows_qboards_board() {
    // Tai promotes on every capture (tai.md 5). QBoard promotes (and, patched, sends `+`)
    // when the last leg captures; a Lion that takes and comes back (igui) it leaves
    // unpromoted and sends no suffix: refused, so QBoard takes it back.
    let mut ranks = vec!["25".to_string(); 25];
    ranks[0] = "12e12".into();
    ranks[11] = "12p,p11".into();
    ranks[12] = "12LN12".into();
    ranks[24] = "12E12".into();
    let board = ranks.join("/");
    for (text, expect) in [
        ("m13m14,m14n14+", Ok("13+LN11")),
        (
            "m13m14,m14m13",
            Err("Illegal move (promotion is compulsory here): m13m14,m14m13"),
        ),
    ] {
        let mut e = qboard_start("tai", 1, false);
        e.send("force");
        // Our letters: QBoard's Tai letters are not needed for this.
        e.send("option GUI=xboard");
        e.send(&format!("setboard {board} w 1"));
        e.send("option GUI=qboard");
        e.send(&format!("usermove {text}"));
        match expect {
            Ok(rank_14) => {
                let sfen = shown_sfen(&mut e);
                let row = sfen.split('/').nth(11).expect("rank 14");
                assert_eq!(row, rank_14, "{sfen}");
            }
            Err(reply) => assert_eq!(e.expect("Illegal move", REPLY), reply),
        }
        e.quit();
    }
}

#[test]
fn ko_stationary_shot_by_the_user_with_the_rule_option_on_the_command_line() {
    // QBoard cannot send `option`: the rule switch comes from the engine's arguments.
    let board = ko_board(&[("C'", "e10"), ("p", "e14")]);
    for (args, allowed) in [
        (
            &["--gui", "qboard", "--option", "ko_stationary_shot=on"][..],
            true,
        ),
        (QBOARD, false),
    ] {
        let mut e = Engine::start(args);
        for line in [
            "xboard",
            "protover 2",
            "new",
            "variant koshogi",
            "st 1",
            "force",
        ] {
            e.send(line);
        }
        e.send(&format!("setboard {board} w 1"));
        e.send("usermove e10xe14");
        if allowed {
            let sfen = shown_sfen(&mut e);
            assert_eq!(rank_of(&sfen, 14), "19", "{sfen}");
            assert_eq!(rank_of(&sfen, 10), "4SB14", "{sfen}");
        } else {
            let reply = e.expect("Illegal move", REPLY);
            assert!(reply.ends_with(": e10xe14"), "{reply}");
        }
        e.quit();
    }
    let mut e = Engine::start(&["--option", "ko_stationary_shot"]);
    assert!(e.wait_exit(REPLY).is_some_and(|s| !s.success()));
    // stderr is read on a thread of its own: give it the time to arrive.
    let t = std::time::Instant::now();
    while !e.stderr_text().contains("NAME=VALUE") && t.elapsed() < REPLY {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(
        e.stderr_text().contains("NAME=VALUE"),
        "{}",
        e.stderr_text()
    );
}

#[test]
fn a_lost_engine_resigns_and_tells_qboard_in_words() {
    // QBoard reads resignation only from USI engines (`bestmove resign`).
    let mut e = qboard_start("chu", 1, false);
    e.send("force");
    e.send("setboard 11k/12/12/12/12/12/12/12/12/2n9/12/K10G w 1");
    e.send("sd 3");
    e.send("go");
    assert_eq!(e.expect("resign", REPLY * 4), "resign");
    let told = e.expect("telluser ", REPLY);
    assert_eq!(told, "telluser Game over: Black resigns, White wins");
    e.quit();
}
