//! Yanxin shogi (yanxin.md): the sanity cases of section 9 with their exact counts, and one
//! test per rule: drop restrictions, freezing, each Moon Fairy trigger, promotion, dead
//! pieces, no-legal-move loss and repetition outcomes.

mod support;

use largeshogi::game::{Game, Outcome, Reason};
use largeshogi::perft::{divide, perft};
use largeshogi::position::Position;
use largeshogi::types::{Color, Move, Sq};
use largeshogi::variant::{Rules, Variant};
use std::collections::BTreeSet;
use support::*;

fn sq(pos: &Position, name: &str) -> Sq {
    pos.parse_square(name)
        .unwrap_or_else(|| panic!("bad square {name}"))
}

fn play(pos: &mut Position, usi: &str) {
    let mv = pos
        .parse_move(usi)
        .unwrap_or_else(|e| panic!("{}: {e}", pos.to_sfen()));
    pos.make(mv);
}

fn code_at(pos: &Position, name: &str) -> Option<String> {
    let c = pos.cell(sq(pos, name));
    c.is_piece()
        .then(|| largeshogi::notation::sfen::piece_text(pos.variant, c))
}

fn hand(pos: &Position, c: Color, code: &str) -> u8 {
    let t = pos.variant.piece_by_code(code).expect("piece code");
    pos.hand(c, t)
}

fn moves_from(pos: &Position, from: Sq) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| m.drop == 0 && m.from == from)
        .collect()
}

// --- 9.1 Single piece on an empty board -------------------------------------------------

/// (destinations, moves without promotion, moves) of a Black `code` alone on `square`. The two Kings the position
/// needs stand off every line through the square and at least 4 away, where no piece
/// reaches, so they neither block nor get captured.
fn lone(code: &str, square: &str) -> (usize, usize, usize) {
    let v = Variant::yanxin();
    let mut pos = Position::empty(v, Rules::default());
    let s = sq(&pos, square);
    let (x0, y0) = (v.col[s.idx()], v.row[s.idx()]);
    let far: Vec<Sq> = v
        .squares()
        .filter(|&k| {
            let (dx, dy) = (v.col[k.idx()] - x0, v.row[k.idx()] - y0);
            dx != 0 && dy != 0 && dx.abs() != dy.abs() && dx.abs().max(dy.abs()) >= 4
        })
        .collect();
    let black_king = far[0];
    let white_king = *far
        .iter()
        .find(|&&k| v.distance(k, black_king) >= 2)
        .expect("room for two Kings");
    let t = v.piece_by_code(code).expect("code");
    pos.put(s, t, Color::Black).expect("put");
    pos.put(black_king, v.piece_by_code("K").expect("K"), Color::Black)
        .expect("put");
    pos.put(white_king, v.piece_by_code("K").expect("K"), Color::White)
        .expect("put");
    let moves = moves_from(&pos, s);
    let dests: BTreeSet<Sq> = moves.iter().filter(|m| m.to != s).map(|m| m.to).collect();
    let plain = moves.iter().filter(|m| !m.promotes()).count();
    (dests.len(), plain, moves.len())
}

#[test]
fn single_piece_counts_9_1() {
    // The spec's "moves" column leaves out the promoting twins of moves that enter the zone
    // (rank d and beyond); the last column counts them, as the move identity (4.1) does.
    let table = [
        ("Y", "7f", 24, 24, 30),
        ("Y", "12l", 9, 9, 9),
        ("Y", "12f", 15, 15, 19),
        ("+Y", "7f", 67, 67, 67),
        ("+Y", "12l", 39, 39, 39),
        ("+Y", "12f", 45, 45, 45),
        ("N", "7f", 24, 25, 30),
        ("Q", "7f", 43, 43, 55),
        ("+K", "7f", 51, 52, 52),
        ("+Q", "7f", 43, 44, 44),
        ("+N", "7f", 37, 38, 38),
        ("+D", "7f", 37, 38, 38),
        ("+H", "7f", 40, 41, 41),
    ];
    for (code, square, dests, moves, with_promotions) in table {
        assert_eq!(
            lone(code, square),
            (dests, moves, with_promotions),
            "{code} @ {square}"
        );
    }
}

// --- 9.2 Initial position -----------------------------------------------------------------

#[test]
fn initial_position_perft_9_2() {
    let mut pos = Position::start(Variant::yanxin(), Rules::default());
    let expected: BTreeSet<&str> = [
        "12i12h", "10i10h", "9i9h", "7i7h", "6i6h", "4i4h", "3i3h", "1i1h", "11h11g", "8h8g",
        "5h5g", "2h2g", "10j10h", "10j10g", "10j12h", "10j7g", "3j3h", "3j3g", "3j1h", "3j6g",
        "7j9h", "7j7h", "7j6h",
    ]
    .into_iter()
    .collect();
    let got = usi_moves(&pos);
    assert_eq!(
        got.iter().map(|s| s.as_str()).collect::<BTreeSet<_>>(),
        expected
    );
    assert_eq!(perft(&mut pos, 1), 23);
    assert_eq!(perft(&mut pos, 2), 529);
    // The spec's figure; also reproduced by scripts/yanxin_model.py, written from the spec
    // alone, which gives 503229 at depth 4 as well.
    assert_eq!(perft(&mut pos, 3), 16_432);
}

#[test]
fn hand_checked_branch_after_yanxin_3j6g() {
    let mut pos = Position::start(Variant::yanxin(), Rules::default());
    play(&mut pos, "3j6g");
    let d = divide(&mut pos, 2);
    assert_eq!(d.len(), 23);
    let total: u64 = d.iter().map(|(_, n)| n).sum();
    assert_eq!(total, 993);
    let short: BTreeSet<String> = d
        .iter()
        .filter(|(_, n)| *n == 24)
        .map(|(m, _)| pos.move_to_usi(m))
        .collect();
    assert_eq!(
        short,
        ["10c7f", "3c6f"].iter().map(|s| s.to_string()).collect()
    );
    assert_eq!(d.iter().filter(|(_, n)| *n == 45).count(), 21);
}

// --- 9.3 Moon Fairy and Yanxin scenarios ----------------------------------------------------

#[test]
fn scenario_a_moon_fairy_move_with_auto_capture() {
    let sfen = yanxin_sfen(
        &[
            ("7l", "K"),
            ("5h", "+Y"),
            ("4d", "G"),
            ("5a", "k"),
            ("6b", "g"),
            ("4c", "s"),
            ("5c", "p"),
            ("9c", "j"),
        ],
        'b',
        "-",
    );
    let mut pos = yanxin(&sfen);
    play(&mut pos, "5h5c");
    assert_eq!(code_at(&pos, "5c").as_deref(), Some("+Y"));
    assert_eq!(code_at(&pos, "6b"), None);
    assert_eq!(code_at(&pos, "4c"), None);
    assert_eq!(code_at(&pos, "4d").as_deref(), Some("G"));
    assert_eq!(code_at(&pos, "5a").as_deref(), Some("k"));
    for code in ["G", "S", "P"] {
        assert_eq!(hand(&pos, Color::Black, code), 1, "{code}");
    }
    let replies = usi_moves(&pos);
    assert_eq!(
        replies,
        ["5a4a", "5a4b", "5a5b", "5a6a", "5a6b", "9c10e", "9c8e"]
    );
    // K 6b is legal but suicidal: Step 1 takes the King and Black wins.
    let mut game = Game::new(pos.clone());
    game.play(pos.parse_move("5a6b").expect("legal"));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win(Color::Black, Reason::RoyalCaptured))
    );
    assert_eq!(hand(game.position(), Color::Black, "K"), 1);
}

fn scenario_b() -> Position {
    let sfen = yanxin_sfen(
        &[
            ("7l", "K"),
            ("5f", "Y"),
            ("5b", "k"),
            ("4b", "g"),
            ("9a", "r"),
        ],
        'b',
        "-",
    );
    let mut pos = yanxin(&sfen);
    play(&mut pos, "5f5c+");
    pos
}

#[test]
fn scenario_b_promotion_delay() {
    let pos = scenario_b();
    assert_eq!(pos.pending_square(), Some(sq(&pos, "5c")));
    assert!(pos.to_sfen().ends_with(" 5c"), "{}", pos.to_sfen());
    assert_eq!(code_at(&pos, "5b").as_deref(), Some("k"));
    assert_eq!(code_at(&pos, "4b").as_deref(), Some("g"));
    // A Yanxin promoting next to the enemy King gives check (7).
    assert!(pos.royal_threatened());

    let mut p = pos.clone();
    play(&mut p, "5b6a");
    assert_eq!(code_at(&p, "4b"), None);
    assert_eq!(hand(&p, Color::Black, "G"), 1);
    assert_eq!(p.pending_square(), None);

    let mut p = pos.clone();
    play(&mut p, "5b5c");
    assert_eq!(hand(&p, Color::White, "Y"), 1);
    assert_eq!(code_at(&p, "4b").as_deref(), Some("g"));
    assert_eq!(p.pending_square(), None);

    let mut p = pos.clone();
    play(&mut p, "5b4a");
    assert_eq!(code_at(&p, "4b"), None);
    assert_eq!(code_at(&p, "4a").as_deref(), Some("k"));

    let mut game = Game::new(pos.clone());
    game.play(pos.parse_move("4b4a").expect("legal"));
    assert_eq!(code_at(game.position(), "5b"), None);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win(Color::Black, Reason::RoyalCaptured))
    );
}

#[test]
fn scenario_c_moon_fairy_meets_moon_fairy() {
    let sfen = yanxin_sfen(
        &[
            ("7l", "K"),
            ("5e", "+Y"),
            ("7f", "G"),
            ("3a", "k"),
            ("9b", "+y"),
        ],
        'w',
        "-",
    );
    let mut pos = yanxin(&sfen);
    play(&mut pos, "9b6e");
    assert_eq!(code_at(&pos, "6e"), None);
    assert_eq!(hand(&pos, Color::Black, "Y"), 1);
    assert_eq!(code_at(&pos, "7f").as_deref(), Some("G"));
}

#[test]
fn scenario_d_drop_next_to_moon_fairy() {
    let sfen = yanxin_sfen(&[("7l", "K"), ("5e", "+Y"), ("3a", "k")], 'w', "g");
    let mut pos = yanxin(&sfen);
    play(&mut pos, "G*5d");
    assert_eq!(code_at(&pos, "5d"), None);
    assert_eq!(hand(&pos, Color::Black, "G"), 1);
    assert_eq!(hand(&pos, Color::White, "G"), 0);
}

#[test]
fn scenario_e_freezing() {
    let pieces = [
        ("7l", "K"),
        ("5e", "Y"),
        ("5a", "k"),
        ("5d", "g"),
        ("8b", "b"),
        ("6f", "y"),
    ];
    let white = yanxin(&yanxin_sfen(&pieces, 'w', "-"));
    assert_eq!(count(&white), 14);
    assert!(legal(&white, "8b5e"), "the Bishop is not frozen");
    assert!(moves_from(&white, sq(&white, "5d")).is_empty());
    assert!(moves_from(&white, sq(&white, "6f")).is_empty());
    let black = yanxin(&yanxin_sfen(&pieces, 'b', "-"));
    assert_eq!(count(&black), 5);
}

#[test]
fn scenario_f_uchifuzume() {
    let with_rook = [("9l", "K"), ("12a", "R"), ("2c", "G"), ("1a", "k")];
    let pos = yanxin(&yanxin_sfen(&with_rook, 'b', "P"));
    assert!(!legal(&pos, "P*1b"));
    let pawn_drops = pos.legal_moves().iter().filter(|m| m.drop != 0).count();
    assert_eq!(pawn_drops, 139);

    let without_rook = [("9l", "K"), ("2c", "G"), ("1a", "k")];
    let pos = yanxin(&yanxin_sfen(&without_rook, 'b', "P"));
    assert!(legal(&pos, "P*1b"), "K 2a escapes");

    let with_prince = [
        ("9l", "K"),
        ("12a", "R"),
        ("2c", "G"),
        ("1a", "k"),
        ("6g", "+e"),
    ];
    let pos = yanxin(&yanxin_sfen(&with_prince, 'b', "P"));
    assert!(!legal(&pos, "P*1b"), "the test is per royal");
}

// --- 9.4 Promotion eligibility -------------------------------------------------------------

/// A Black position with the Kings in the corners and `pieces` added.
fn with_kings(pieces: &[(&str, &str)]) -> Position {
    let mut all = vec![("12l", "K"), ("1a", "k")];
    all.extend_from_slice(pieces);
    yanxin(&yanxin_sfen(&all, 'b', "-"))
}

#[test]
fn promotion_cases_9_4() {
    let p = with_kings(&[("5g", "R")]);
    assert!(legal(&p, "5g5c+"), "enters the zone");
    let p = with_kings(&[("5c", "R")]);
    assert!(
        legal(&p, "5c5b") && !legal(&p, "5c5b+"),
        "no capture inside"
    );
    let p = with_kings(&[("5c", "R"), ("5b", "p")]);
    assert!(legal(&p, "5c5b+"), "capture inside the zone");
    let p = with_kings(&[("5c", "R"), ("5g", "p")]);
    assert!(legal(&p, "5c5g") && !legal(&p, "5c5g+"), "leaves the zone");

    let p = with_kings(&[("5e", "P")]);
    assert!(legal(&p, "5e5d+") && legal(&p, "5e5d"));
    let p = with_kings(&[("5d", "P"), ("5c", "g")]);
    assert!(legal(&p, "5d5c") && !legal(&p, "5d5c+"), "Pawn rule");
    let mut p = with_kings(&[("5b", "P")]);
    assert!(legal(&p, "5b5a+") && legal(&p, "5b5a"));
    play(&mut p, "5b5a");
    play(&mut p, "1a2a");
    assert!(moves_from(&p, sq(&p, "5a")).is_empty(), "a dead Pawn");

    let p = with_kings(&[("5e", "N"), ("5d", "p")]);
    assert!(legal(&p, "5e5d5c+"), "Lion enters");
    let p = with_kings(&[("5e", "N"), ("4d", "p")]);
    assert!(legal(&p, "5e4d4e") && !legal(&p, "5e4d4e+"), "ends outside");
    let p = with_kings(&[("5d", "N"), ("5e", "p")]);
    assert!(
        legal(&p, "5d5e5d") && !legal(&p, "5d5e5d+"),
        "igui outside (D13)"
    );
    let p = with_kings(&[("5d", "N"), ("5c", "p")]);
    assert!(legal(&p, "5d5c5d+"), "igui of a piece inside the zone");
    let p = with_kings(&[("5d", "N")]);
    assert!(
        legal(&p, "5d6d5d") && !legal(&p, "5d6d5d+"),
        "no promotion on a pass"
    );
}

#[test]
fn dead_pieces_and_promoted_pieces_never_promote_again() {
    // Lance and Reverse Chariot onto the last rank, Knight onto the last two: legal, dead.
    let mut p = with_kings(&[("4c", "L"), ("8c", "A"), ("9d", "J")]);
    assert!(legal(&p, "4c4a"));
    assert!(legal(&p, "8c9b") && legal(&p, "9d10b"));
    play(&mut p, "4c4a");
    play(&mut p, "1a2a");
    assert!(moves_from(&p, sq(&p, "4a")).is_empty(), "a dead Lance");
    // A promoted Go-Between (a Drunk Elephant) and a promoted Phoenix stay as they are.
    let p = with_kings(&[("5f", "+I"), ("7f", "+X")]);
    assert!(!legal(&p, "5f5e+") && !legal(&p, "7f7d+"));
    // K -> Free Heavenly King, Drunk Elephant -> Crown Prince: both royal.
    let mut p = yanxin(&yanxin_sfen(
        &[("5e", "K"), ("7e", "E"), ("1a", "k")],
        'b',
        "-",
    ));
    play(&mut p, "5e5d+");
    assert_eq!(p.royal_count(Color::Black), 1);
    play(&mut p, "1a2a");
    play(&mut p, "7e7d+");
    assert_eq!(p.royal_count(Color::Black), 2);
    assert_eq!(code_at(&p, "5d").as_deref(), Some("+K"));
}

// --- Drops ---------------------------------------------------------------------------------

#[test]
fn nifu_counts_dead_pawns_but_not_promoted_ones() {
    let p = with_kings(&[("5g", "P")]);
    let p = yanxin(&p.to_sfen().replace(" - ", " P "));
    assert!(!legal(&p, "P*5e") && legal(&p, "P*4e"));
    let p = yanxin(&yanxin_sfen(
        &[("12l", "K"), ("1a", "k"), ("5a", "P")],
        'b',
        "P",
    ));
    assert!(!legal(&p, "P*5e"), "a dead Pawn still counts");
    let p = yanxin(&yanxin_sfen(
        &[("12l", "K"), ("1a", "k"), ("5g", "+P")],
        'b',
        "P",
    ));
    assert!(legal(&p, "P*5e"), "a promoted Pawn does not count");
}

#[test]
fn drops_on_dead_squares_and_next_to_a_yanxin() {
    let p = yanxin(&yanxin_sfen(
        &[("12l", "K"), ("1a", "k"), ("6c", "y")],
        'b',
        "PLAJG",
    ));
    for usi in ["P*4a", "L*4a", "A*4a", "J*4a", "J*4b"] {
        assert!(legal(&p, usi), "{usi} (dead piece)");
    }
    // Any kind can be dropped, the King included.
    let k = yanxin(&yanxin_sfen(&[("12l", "K"), ("1a", "k")], 'b', "K"));
    assert!(legal(&k, "K*5e"));
    // A drop beside an enemy Yanxin is legal; the piece is frozen from then on.
    let mut p = p;
    play(&mut p, "G*5c");
    play(&mut p, "1a2a");
    assert!(moves_from(&p, sq(&p, "5c")).is_empty());
}

#[test]
fn drop_text_round_trips() {
    let p = yanxin(&yanxin_sfen(&[("12l", "K"), ("1a", "k")], 'b', "2PGy"));
    let mv = p.parse_move("P*5e").expect("legal drop");
    assert_eq!(p.move_to_usi(&mv), "P*5e");
    assert_eq!(p.move_to_xboard(&mv), "P@h8");
    assert_eq!(p.parse_xboard_move("P@h8"), Ok(mv));
    assert!(p.parse_move("Y*5e").is_err(), "Black holds no Yanxin");
    assert!(p.parse_move("+P*5e").is_err());
    assert!(p.parse_move("P*12l").is_err(), "occupied");
    assert!(p.parse_move("P*5").is_err());
}

// --- Freezing ------------------------------------------------------------------------------

#[test]
fn freezing_rules() {
    // Friendly Yanxins do not freeze; enemy ones freeze royals too.
    let p = yanxin(&yanxin_sfen(
        &[
            ("12l", "K"),
            ("5e", "Y"),
            ("5d", "G"),
            ("1a", "k"),
            ("2b", "Y"),
        ],
        'b',
        "-",
    ));
    assert!(!moves_from(&p, sq(&p, "5d")).is_empty());
    assert!(p.is_frozen(sq(&p, "1a")));
    // A lion-type piece whose first step lands beside an enemy Yanxin completes its move.
    let p = yanxin(&yanxin_sfen(
        &[
            ("12l", "K"),
            ("5g", "N"),
            ("1a", "k"),
            ("6e", "y"),
            ("5f", "p"),
        ],
        'b',
        "-",
    ));
    assert!(legal(&p, "5g5f4g") && legal(&p, "5g5f5e"));
}

#[test]
fn no_legal_move_loses() {
    // White's only piece, its King, is frozen by a Black Yanxin: no move, White loses.
    let p = yanxin(&yanxin_sfen(
        &[("12l", "K"), ("2b", "Y"), ("1a", "k")],
        'w',
        "-",
    ));
    assert_eq!(count(&p), 0);
    assert_eq!(
        Game::new(p).outcome(),
        Some(Outcome::Win(Color::Black, Reason::NoLegalMove))
    );
    // The same with a piece in hand is no loss: drops are moves.
    let p = yanxin(&yanxin_sfen(
        &[("12l", "K"), ("2b", "Y"), ("1a", "k")],
        'w',
        "p",
    ));
    assert_eq!(Game::new(p).outcome(), None);
}

// --- Moon Fairy triggers -------------------------------------------------------------------

#[test]
fn arrival_next_to_an_active_moon_fairy_dies() {
    let mut p = yanxin(&yanxin_sfen(
        &[("12l", "K"), ("5e", "+Y"), ("1a", "k"), ("4c", "s")],
        'w',
        "-",
    ));
    play(&mut p, "4c4d");
    assert_eq!(code_at(&p, "4d"), None);
    assert_eq!(hand(&p, Color::Black, "S"), 1);
    // A Yanxin promoting next to an active enemy Moon Fairy dies at once (Step 1).
    let mut p = yanxin(&yanxin_sfen(
        &[("12l", "K"), ("5g", "Y"), ("1a", "k"), ("6c", "+y")],
        'b',
        "-",
    ));
    play(&mut p, "5g5d+");
    assert_eq!(code_at(&p, "5d"), None);
    assert_eq!(hand(&p, Color::White, "Y"), 1);
    assert_eq!(p.pending_square(), None);
}

#[test]
fn pending_moon_fairy_activation() {
    // A drop next to a pending enemy Moon Fairy dies in Step 3 of the same ply.
    let sfen = yanxin_sfen(&[("12l", "K"), ("5e", "+Y"), ("1a", "k")], 'w', "g");
    let mut p = yanxin(&format!("{sfen} 5e"));
    assert_eq!(p.pending_square(), Some(sq(&p, "5e")));
    play(&mut p, "G*5d");
    assert_eq!(code_at(&p, "5d"), None);
    assert_eq!(hand(&p, Color::Black, "G"), 1);
    assert_eq!(p.pending_square(), None);
    // A pending Moon Fairy frozen by an enemy Yanxin still activates and takes it.
    let mut p = yanxin(&yanxin_sfen(
        &[("12l", "K"), ("5f", "Y"), ("1a", "k"), ("6b", "y")],
        'b',
        "-",
    ));
    play(&mut p, "5f5c+");
    play(&mut p, "1a2a");
    assert_eq!(code_at(&p, "6b"), None);
    assert_eq!(hand(&p, Color::Black, "Y"), 1);
    // A null ply activates it too (the check test of 7).
    let mut p = scenario_b();
    p.make_null();
    assert_eq!(code_at(&p, "5b"), None);
    assert_eq!(p.royal_count(Color::White), 0);
    p.unmake();
    assert_eq!(code_at(&p, "5b").as_deref(), Some("k"));
    assert!(p.validate().is_ok());
}

#[test]
fn active_moon_fairy_takes_a_pending_one() {
    let sfen = yanxin_sfen(
        &[("12l", "K"), ("5h", "+Y"), ("1a", "k"), ("5c", "+y")],
        'b',
        "-",
    );
    let mut p = yanxin(&format!("{sfen} 5c"));
    play(&mut p, "5h5d");
    assert_eq!(
        code_at(&p, "5c"),
        None,
        "Step 2 takes the pending Moon Fairy"
    );
    assert_eq!(code_at(&p, "5d").as_deref(), Some("+Y"));
    assert_eq!(hand(&p, Color::Black, "Y"), 1);
}

// --- Repetition -----------------------------------------------------------------------------

fn repeat(game: &mut Game, cycle: &[&str], times: usize) {
    for _ in 0..times {
        for usi in cycle {
            assert_eq!(game.outcome(), None);
            let mv = game.position().parse_move(usi).expect("legal");
            game.play(mv);
        }
    }
}

#[test]
fn fourfold_repetition_is_a_draw() {
    let p = yanxin(&yanxin_sfen(
        &[("9l", "K"), ("12e", "R"), ("1a", "k")],
        'b',
        "-",
    ));
    let mut game = Game::new(p);
    repeat(&mut game, &["9l9k", "1a1b", "9k9l", "1b1a"], 3);
    assert_eq!(game.outcome(), Some(Outcome::Draw(Reason::Repetition)));
}

#[test]
fn perpetual_check_loses() {
    let p = yanxin(&yanxin_sfen(
        &[("9l", "K"), ("3b", "R"), ("1a", "k")],
        'b',
        "-",
    ));
    let mut game = Game::new(p);
    repeat(&mut game, &["3b3a", "1a1b", "3a3b", "1b1a"], 3);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win(Color::White, Reason::PerpetualAttack))
    );
}

// --- Search on Yanxin positions -----------------------------------------------------------

#[test]
fn search_returns_legal_moves_on_the_bench_positions() {
    use largeshogi::search::{Control, Limits, Searcher};
    // Searches stay finite with drops, freezing and Moon Fairies (a frozen attacker once kept
    // a royal "in danger" forever, and quiescence then searched every move at every ply).
    let v = Variant::yanxin();
    let mut searcher = Searcher::new(8, 1);
    for (i, depth) in [(0, 3), (1, 2), (2, 2), (3, 2)] {
        let sfen = v.bench_sfens[i];
        let pos = yanxin(sfen);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let game = Game::new(pos.clone());
        let r = searcher.search(&game, &limits, &Control::default(), &mut |_| {});
        let best = r.best.expect("a move");
        assert!(pos.legal_moves().contains(&best), "{sfen}");
    }
}

#[test]
fn frozen_pieces_attack_nothing() {
    // The White Yanxin on 6f is frozen by the Black one on 5e, so it does not attack the
    // Black King on 6i three squares away.
    let p = yanxin(&yanxin_sfen(
        &[("6i", "K"), ("5e", "Y"), ("5a", "k"), ("6f", "y")],
        'b',
        "-",
    ));
    assert!(!p.is_attacked(sq(&p, "6i"), Color::White));
    let p = yanxin(&yanxin_sfen(
        &[("6i", "K"), ("1a", "Y"), ("5a", "k"), ("6f", "y")],
        'b',
        "-",
    ));
    assert!(p.is_attacked(sq(&p, "6i"), Color::White));
}
