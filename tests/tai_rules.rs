//! Tai shogi: the sanity tests of tai.md section 8 (T1-T8) with their exact counts.

mod support;
use largeshogi::game::{Game, Outcome, Reason};
use largeshogi::perft::perft;
use largeshogi::position::Position;
use largeshogi::types::{Color, Move, Sq};
use largeshogi::variant::Variant;
use std::collections::{BTreeMap, BTreeSet};
use support::*;

fn start() -> Position {
    Position::start(Variant::tai(), Variant::tai().default_rules)
}

/// Captured squares of a move (intermediate squares holding an enemy, and `to`).
fn captured(pos: &Position, m: &Move) -> BTreeSet<String> {
    let them = pos.side_to_move().flip();
    let mut set = BTreeSet::new();
    for s in m.mid.iter().take_while(|s| !s.is_none()) {
        if pos.cell(*s).is_color(them) {
            set.insert(pos.square_name(*s));
        }
    }
    if m.to != m.from && pos.cell(m.to).is_color(them) {
        set.insert(pos.square_name(m.to));
    }
    set
}

fn is_capture(pos: &Position, m: &Move) -> bool {
    !captured(pos, m).is_empty()
}

/// Destination names of the moves.
fn targets(pos: &Position, moves: &[Move]) -> BTreeSet<String> {
    moves.iter().map(|m| pos.square_name(m.to)).collect()
}

/// Moves of the side to move per piece code.
fn moves_by_code(pos: &Position) -> BTreeMap<&'static str, Vec<Move>> {
    let mut map: BTreeMap<&'static str, Vec<Move>> = BTreeMap::new();
    for m in pos.legal_moves() {
        let code = pos.variant.piece(pos.cell(m.from).ptype()).code;
        map.entry(code).or_default().push(m);
    }
    map
}

fn sq(pos: &Position, name: &str) -> Sq {
    pos.parse_square(name).expect("square")
}

#[test]
fn t1_start_position_has_304_moves_none_a_capture() {
    let pos = start();
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 304);
    assert!(moves.iter().all(|m| !is_capture(&pos, m)));
    let by_code = moves_by_code(&pos);
    let counts: Vec<(&str, usize)> = by_code.iter().map(|(c, v)| (*c, v.len())).collect();
    assert_eq!(
        counts,
        vec![("DO", 2), ("E", 271), ("GB", 2), ("LD", 6), ("P", 23)]
    );
    let ld = targets(&pos, &by_code["LD"]);
    let expected: BTreeSet<String> = ["13r", "11r", "15r", "13q", "10q", "16q"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(ld, expected);
    assert_eq!(
        targets(&pos, &by_code["DO"]),
        ["22r", "4r"].iter().map(|s| s.to_string()).collect()
    );
    assert_eq!(
        targets(&pos, &by_code["GB"]),
        ["18q", "8q"].iter().map(|s| s.to_string()).collect()
    );
}

#[test]
fn t1_white_mirror_also_has_304_moves() {
    let sfen = Variant::tai().start_sfen.replace(" b ", " w ");
    assert_eq!(tai(&sfen).legal_moves().len(), 304);
}

#[test]
fn t1_perft2_is_92662_with_279_white_captures() {
    let mut pos = start();
    assert_eq!(perft(&mut pos, 2), 92_662);
    // The captures among White's replies, by capturing piece.
    let mut by_code: BTreeMap<&str, usize> = BTreeMap::new();
    for m in pos.legal_moves() {
        pos.make(m);
        for r in pos.legal_moves() {
            if is_capture(&pos, &r) {
                *by_code
                    .entry(pos.variant.piece(pos.cell(r.from).ptype()).code)
                    .or_default() += 1;
            }
        }
        pos.unmake();
    }
    let counts: Vec<(&str, usize)> = by_code.into_iter().collect();
    assert_eq!(
        counts,
        vec![("DO", 2), ("E", 243), ("GB", 2), ("LD", 9), ("P", 23)]
    );
}

/// Emperor moves (total, capture squares) and the side's total, for a T2 board.
fn emperor(pos: &Position, at: &str) -> (usize, BTreeSet<String>, usize) {
    let e = sq(pos, at);
    let all = pos.legal_moves();
    let mine: Vec<Move> = all.iter().copied().filter(|m| m.from == e).collect();
    let caps = mine
        .iter()
        .filter(|m| is_capture(pos, m))
        .map(|m| pos.square_name(m.to))
        .collect();
    (mine.len(), caps, all.len())
}

fn names(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn t2a_emperor_captures_unprotected_pieces_without_enemy_emperor() {
    let black = [("E", "13m"), ("CP", "13y")];
    let white = [("CP", "13a"), ("P", "5e"), ("G", "20t"), ("S", "21s")];
    let pos = tai_board(&black, &white, Color::Black);
    assert_eq!(
        emperor(&pos, "13m"),
        (622, names(&["5e", "21s", "13a"]), 627)
    );
}

#[test]
fn t2b_enemy_emperor_protects_where_its_recapture_is_legal() {
    let black = [("E", "13m"), ("CP", "13y")];
    let white = [
        ("CP", "13a"),
        ("P", "5e"),
        ("G", "20t"),
        ("S", "21s"),
        ("E", "1a"),
    ];
    let pos = tai_board(&black, &white, Color::Black);
    assert_eq!(emperor(&pos, "13m"), (619, names(&["1a"]), 624));
}

#[test]
fn t2c_own_rook_makes_the_enemy_emperors_recapture_illegal() {
    let black = [("E", "13m"), ("CP", "13y"), ("R", "5y")];
    let white = [
        ("CP", "13a"),
        ("P", "5e"),
        ("G", "20t"),
        ("S", "21s"),
        ("E", "1a"),
    ];
    let pos = tai_board(&black, &white, Color::Black);
    assert_eq!(emperor(&pos, "13m"), (619, names(&["1a", "5e"]), 655));
}

#[test]
fn t2d_protection_is_judged_after_the_emperor_left() {
    let black = [("E", "13m"), ("CP", "1y")];
    let white = [("CP", "25a"), ("L", "13c"), ("P", "13p")];
    let pos = tai_board(&black, &white, Color::Black);
    assert_eq!(emperor(&pos, "13m"), (622, names(&["13c", "25a"]), 625));
}

#[test]
fn t2e_a_blocker_cuts_the_lances_protection() {
    let black = [("E", "13m"), ("CP", "1y"), ("P", "13h")];
    let white = [("CP", "25a"), ("L", "13c"), ("P", "13p")];
    let pos = tai_board(&black, &white, Color::Black);
    assert_eq!(
        emperor(&pos, "13m"),
        (622, names(&["13c", "13p", "25a"]), 626)
    );
}

#[test]
fn t3_hook_movers_alone() {
    for (code, centre, corner) in [
        ("HM", 624, 624),
        ("CA", 312, 312),
        ("LGN", 316, 314),
        ("PC", 226, 312),
    ] {
        let pos = tai_board(&[(code, "13m")], &[], Color::Black);
        assert_eq!(moves_from(&pos, "13m").len(), centre, "{code} from 13m");
        let pos = tai_board(&[(code, "25y")], &[], Color::Black);
        assert_eq!(moves_from(&pos, "25y").len(), corner, "{code} from 25y");
    }
}

#[test]
fn t3_hook_mover_with_blockers() {
    let pos = tai_board(
        &[("HM", "13m"), ("P", "13k")],
        &[("P", "10m")],
        Color::Black,
    );
    let hm = moves_from(&pos, "13m");
    assert_eq!(hm.len(), 494);
    let caps: Vec<&Move> = hm.iter().filter(|m| is_capture(&pos, m)).collect();
    assert_eq!(caps.len(), 1);
    assert_eq!(pos.square_name(caps[0].to), "10m");
    assert_eq!(moves_from(&pos, "13k").len(), 1);
    // The unreachable empty squares: 13a-13j, files 10-1 on ranks a-k, 9m-1m.
    let reached = targets(&pos, &hm);
    let mut unreachable = BTreeSet::new();
    for s in pos.variant.squares() {
        let name = pos.square_name(s);
        if pos.cell(s).is_empty() && !reached.contains(&name) {
            unreachable.insert(name);
        }
    }
    assert_eq!(unreachable.len(), 129);
    for r in 'a'..='j' {
        assert!(unreachable.contains(&format!("13{r}")));
    }
    for f in 1..=10 {
        for r in 'a'..='k' {
            assert!(unreachable.contains(&format!("{f}{r}")));
        }
    }
    for f in 1..=9 {
        assert!(unreachable.contains(&format!("{f}m")));
    }
}

/// LD moves as (to, captured squares) pairs in the forward direction (file 13, ranks
/// before 13m), and the total.
fn lion_dog(pos: &Position) -> (BTreeSet<(String, BTreeSet<String>)>, usize) {
    let moves = moves_from(pos, "13m");
    let e = sq(pos, "13m");
    let forward = moves
        .iter()
        .filter(|m| {
            let (to, first) = (m.to, m.mid[0]);
            let line = |s: Sq| s != e && pos.square_name(s).starts_with("13") && s < e;
            line(to) || (to == e && line(first) && !pos.cell(first).is_empty())
        })
        .map(|m| (pos.square_name(m.to), captured(pos, m)))
        .collect();
    (forward, moves.len())
}

fn pair(to: &str, caps: &[&str]) -> (String, BTreeSet<String>) {
    (to.to_string(), names(caps))
}

#[test]
fn t4_lion_dog() {
    // a: alone.
    let pos = tai_board(&[("LD", "13m")], &[], Color::Black);
    assert_eq!(moves_from(&pos, "13m").len(), 25);
    // b: White Pawns on 13l and 13k.
    let pos = tai_board(
        &[("LD", "13m")],
        &[("P", "13l"), ("P", "13k")],
        Color::Black,
    );
    let (fwd, total) = lion_dog(&pos);
    assert_eq!(total, 30);
    let expected: BTreeSet<_> = [
        pair("13l", &["13l"]),
        pair("13m", &["13l"]),
        pair("13k", &["13k"]),
        pair("13k", &["13l", "13k"]),
        pair("13l", &["13l", "13k"]),
        pair("13j", &[]),
        pair("13j", &["13k"]),
        pair("13j", &["13l", "13k"]),
    ]
    .into_iter()
    .collect();
    assert_eq!(fwd, expected);
    // c: Black Pawn on 13l, White Pawn on 13k.
    let pos = tai_board(
        &[("LD", "13m"), ("P", "13l")],
        &[("P", "13k")],
        Color::Black,
    );
    let (fwd, total) = lion_dog(&pos);
    assert_eq!(total, 25);
    assert_eq!(pos.legal_moves().len(), 0, "no royal: the game is over");
    assert_eq!(moves_from(&pos, "13l").len(), 1);
    let expected: BTreeSet<_> = [
        pair("13k", &["13k"]),
        pair("13j", &[]),
        pair("13j", &["13k"]),
    ]
    .into_iter()
    .collect();
    assert_eq!(fwd, expected);
    // d: White P 13l, Black P 13k, White P 13j.
    let pos = tai_board(
        &[("LD", "13m"), ("P", "13k")],
        &[("P", "13l"), ("P", "13j")],
        Color::Black,
    );
    let (fwd, total) = lion_dog(&pos);
    assert_eq!(total, 26);
    assert_eq!(moves_from(&pos, "13k").len(), 1);
    let expected: BTreeSet<_> = [
        pair("13m", &["13l"]),
        pair("13l", &["13l"]),
        pair("13j", &["13l", "13j"]),
        pair("13j", &["13j"]),
    ]
    .into_iter()
    .collect();
    assert_eq!(fwd, expected);
    // e: alone in the corner.
    let pos = tai_board(&[("LD", "1y")], &[], Color::Black);
    assert_eq!(moves_from(&pos, "1y").len(), 10);
}

#[test]
fn t5_lion_and_composite_pieces() {
    // FF, BSP, TK and GE are promoted-only kinds: the promoted Lion, Dark Spirit, Deva
    // and Lion Dog.
    for (code, count) in [
        ("LN", 25),
        ("+LN", 33),
        ("+DSP", 105),
        ("+DV", 97),
        ("+LD", 77),
        ("HF", 87),
        ("SE", 77),
    ] {
        let pos = tai_board(&[(code, "13m")], &[], Color::Black);
        assert_eq!(moves_from(&pos, "13m").len(), count, "{code}");
    }
    let pos = tai_board(&[("LN", "13m")], &[("P", "13l")], Color::Black);
    let moves = moves_from(&pos, "13m");
    assert_eq!(moves.len(), 33);
    let caps: Vec<&Move> = moves.iter().filter(|m| is_capture(&pos, m)).collect();
    assert_eq!(caps.len(), 9);
    let quiet_targets: BTreeSet<String> = moves
        .iter()
        .filter(|m| !is_capture(&pos, m) && m.to != m.from)
        .map(|m| pos.square_name(m.to))
        .collect();
    assert_eq!(quiet_targets.len(), 23);
    let after_capture: BTreeSet<String> = caps
        .iter()
        .filter(|m| !m.mid[0].is_none() && m.to != m.from)
        .map(|m| pos.square_name(m.to))
        .collect();
    assert_eq!(
        after_capture,
        names(&["12k", "13k", "14k", "12l", "14l", "12m", "14m"])
    );
}

fn orientation(code: &str, color: Color) -> BTreeSet<String> {
    let (black, white) = if color == Color::Black {
        (vec![(code, "13m")], vec![])
    } else {
        (vec![], vec![(code, "13m")])
    };
    let pos = tai_board(&black, &white, color);
    targets(&pos, &moves_from(&pos, "13m"))
}

#[test]
fn t6_orientation_of_asymmetric_pieces() {
    let table: [(&str, &[&str], &[&str]); 6] = [
        (
            "LG",
            &["12l", "12m", "12n", "13l", "13n", "14l", "14n"],
            &["12l", "12n", "13l", "13n", "14l", "14m", "14n"],
        ),
        (
            "DSP",
            &["14l", "12l", "12m", "14n"],
            &["12n", "14n", "14m", "12l"],
        ),
        (
            "EB",
            &["13k", "13l", "13n", "13o", "12m"],
            &["13k", "13l", "13n", "13o", "14m"],
        ),
        (
            "SB",
            &["14m", "14n", "15o", "12n", "11o"],
            &["12m", "12l", "11k", "14l", "15k"],
        ),
        ("N", &["12k", "14k"], &["12o", "14o"]),
        (
            "PS",
            &["13k", "15o", "11o", "14m", "12m"],
            &["13o", "11k", "15k", "14m", "12m"],
        ),
    ];
    for (code, black, white) in table {
        assert_eq!(
            orientation(code, Color::Black),
            names(black),
            "Black {code}"
        );
        assert_eq!(
            orientation(code, Color::White),
            names(white),
            "White {code}"
        );
    }
}

/// Plays the USI move and returns the code now on `at`.
fn play(pos: &mut Position, usi: &str) -> Move {
    let m = pos.parse_move(usi).unwrap_or_else(|e| panic!("{usi}: {e}"));
    pos.make(m);
    m
}

#[test]
fn t7_promotion_by_capture() {
    let royals_b = [("E", "25y"), ("CP", "24y")];
    let royals_w = [("E", "1a"), ("CP", "2a")];
    // A Pawn capturing becomes +P, which moves as a Gold.
    let mut b = royals_b.to_vec();
    b.push(("P", "13m"));
    let mut w = royals_w.to_vec();
    w.push(("P", "13l"));
    let mut pos = tai_board(&b, &w, Color::Black);
    assert!(
        pos.parse_move("13m13l").is_ok(),
        "the suffix may be left out"
    );
    let m = play(&mut pos, "13m13l+");
    assert!(m.promotes());
    assert_eq!(code_at(&pos, "13l"), "+P");
    pos.set_side_to_move(Color::Black);
    assert_eq!(moves_from(&pos, "13l").len(), 6);
    assert_eq!(
        pos.variant.piece(pos.cell(sq(&pos, "13l")).ptype()).name,
        "Gold General"
    );
    // A Kylin that captures becomes a Great Dragon and never promotes again.
    let mut b = royals_b.to_vec();
    b.push(("KY", "13m"));
    let mut w = royals_w.to_vec();
    w.extend([("P", "13k"), ("P", "13j")]);
    let mut pos = tai_board(&b, &w, Color::Black);
    play(&mut pos, "13m13k+");
    assert_eq!(code_at(&pos, "13k"), "+KY");
    pos.set_side_to_move(Color::Black);
    let m = play(&mut pos, "13k13j");
    assert!(!m.promotes());
    assert_eq!(code_at(&pos, "13j"), "+KY");
    // A Lion making igui becomes a Furious Fiend and stays where it was.
    let mut b = royals_b.to_vec();
    b.push(("LN", "13m"));
    let mut w = royals_w.to_vec();
    w.push(("P", "13l"));
    let mut pos = tai_board(&b, &w, Color::Black);
    play(&mut pos, "13m13l13m+");
    assert_eq!(code_at(&pos, "13m"), "+LN");
    assert!(pos.cell(sq(&pos, "13l")).is_empty());
    pos.unmake();
    assert_eq!(code_at(&pos, "13m"), "LN");
    assert_eq!(code_at(&pos, "13l"), "P");
    // A Lion Dog capturing three pieces promotes once, to a Great Elephant.
    let mut b = royals_b.to_vec();
    b.push(("LD", "13m"));
    let mut w = royals_w.to_vec();
    w.extend([("P", "13l"), ("P", "13k"), ("P", "13j")]);
    let mut pos = tai_board(&b, &w, Color::Black);
    let before = pos.material(Color::White);
    play(&mut pos, "13m13l13k13j+");
    assert_eq!(code_at(&pos, "13j"), "+LD");
    assert_eq!(
        pos.variant.piece(pos.cell(sq(&pos, "13j")).ptype()).name,
        "Great Elephant"
    );
    assert_eq!(pos.material(Color::White), before - 300);
    pos.validate().expect("consistent");
    // The Emperor capturing never changes its kind.
    let white = [("CP", "2a"), ("P", "13e")];
    let mut pos = tai_board(&[("E", "13m"), ("CP", "24y")], &white, Color::Black);
    let m = play(&mut pos, "13m13e");
    assert!(!m.promotes());
    assert_eq!(code_at(&pos, "13e"), "E");
}

#[test]
fn t8_game_ends_only_when_every_royal_is_gone() {
    let black = [("E", "13m"), ("CP", "13y")];
    let white = [("E", "13a"), ("CP", "25a"), ("DE", "20f")];
    let mut pos = tai_board(&black, &white, Color::Black);
    pos.put(
        sq(&pos, "20g"),
        pos.variant.piece_by_code("P").expect("P"),
        Color::Black,
    )
    .expect("empty");
    let mut game = Game::new(pos);
    let mv = |g: &Game, usi: &str| {
        g.position()
            .parse_move(usi)
            .unwrap_or_else(|e| panic!("{usi}: {e}"))
    };
    // Black's Emperor takes White's: White's Crown Prince lives, the game goes on.
    let m = mv(&game, "13m13a");
    game.play(m);
    assert_eq!(game.position().royal_count(Color::White), 1);
    assert_eq!(game.outcome(), None);
    // White's Drunk Elephant promotes by capturing: a second royal.
    let m = mv(&game, "20f20g+");
    game.play(m);
    assert_eq!(game.position().royal_count(Color::White), 2);
    assert_eq!(game.outcome(), None);
    let m = mv(&game, "13a25a");
    game.play(m);
    assert_eq!(game.outcome(), None);
    let m = mv(&game, "20g20h");
    game.play(m);
    let m = mv(&game, "25a20h");
    game.play(m);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win(Color::Black, Reason::RoyalCaptured))
    );
}

#[test]
fn d1_alternatives_of_the_emperor_rule() {
    use largeshogi::variant::{EmperorGuard, Rules};
    let black = [("E", "13m"), ("CP", "13y"), ("R", "5y")];
    let white = [
        ("CP", "13a"),
        ("P", "5e"),
        ("G", "20t"),
        ("S", "21s"),
        ("E", "1a"),
    ];
    let with = |guard| {
        let rules = Rules {
            emperor_guard: guard,
            ..Variant::tai().default_rules
        };
        let pos = tai_board_with(&black, &white, Color::Black, rules);
        emperor(&pos, "13m")
    };
    // (A): only non-Emperor pieces protect: 5e, 21s, 13a and the Emperor on 1a.
    let (n, caps, _) = with(EmperorGuard::NonEmperor);
    assert_eq!((n, caps), (621, names(&["1a", "5e", "21s", "13a"])));
    // (B): the enemy Emperor protects every piece; only it can be taken.
    let (n, caps, _) = with(EmperorGuard::OwnEmperor);
    assert_eq!((n, caps), (618, names(&["1a"])));
    // (C), the default: as T2-c.
    let (n, caps, _) = with(EmperorGuard::LegalRecapture);
    assert_eq!((n, caps), (619, names(&["1a", "5e"])));
}

#[test]
fn d14_passing_can_be_switched_off() {
    let rules = largeshogi::variant::Rules {
        passing: false,
        ..Variant::tai().default_rules
    };
    let pos = tai_board_with(&[("LD", "13m")], &[], Color::Black, rules);
    assert_eq!(moves_from(&pos, "13m").len(), 24);
    let pos = tai_board_with(&[("LN", "13m")], &[], Color::Black, rules);
    assert_eq!(moves_from(&pos, "13m").len(), 24);
}

#[test]
fn no_bare_king_rule_whatever_the_preset() {
    use largeshogi::variant::Rules;
    let pos = Position::start(Variant::tai(), Rules::default());
    assert!(!pos.rules.bare_king);
    // A lone royal against a full army is not a loss.
    let game = Game::new(tai_board(
        &[("E", "13y"), ("G", "1y"), ("G", "2y")],
        &[("E", "13a")],
        Color::Black,
    ));
    assert_eq!(game.outcome(), None);
}

#[test]
fn d15_only_checks_make_a_perpetual() {
    // Black's Rook chases a White Gold: every Black move attacks it, none gives check.
    let pos = tai_board(
        &[("CP", "1y"), ("R", "5k")],
        &[("CP", "25a"), ("G", "5a")],
        Color::White,
    );
    let mut game = Game::new(pos);
    for _ in 0..3 {
        for usi in ["5a6a", "5k6k", "6a5a", "6k5k"] {
            assert_eq!(game.outcome(), None);
            let m = game.position().parse_move(usi).expect("legal");
            game.play(m);
        }
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw(Reason::Repetition)));
    // The same chase of the Crown Prince is perpetual check: the checker loses.
    let pos = tai_board(&[("CP", "1y"), ("R", "5k")], &[("CP", "5a")], Color::White);
    let mut game = Game::new(pos);
    for _ in 0..3 {
        for usi in ["5a6a", "5k6k", "6a5a", "6k5k"] {
            let m = game.position().parse_move(usi).expect("legal");
            game.play(m);
        }
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win(Color::White, Reason::PerpetualAttack))
    );
}

#[test]
fn a_lone_lion_does_not_protect_itself() {
    // Lion power reaches every square within two, but never the Lion's own square.
    let black = [("E", "13m"), ("CP", "13y")];
    let white = [("CP", "13a"), ("LN", "5e"), ("+LN", "20e"), ("+DSP", "1y")];
    let pos = tai_board(&black, &white, Color::Black);
    let (_, caps, _) = emperor(&pos, "13m");
    assert_eq!(caps, names(&["13a", "5e", "20e", "1y"]));
}
