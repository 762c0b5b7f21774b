//! The test positions T0-T18 of chu.md section 9 and the special rules of Chu shogi, each
//! with its exact counts and verdicts under the default rules and the rule options.

mod support;
use largeshogi::game::{Game, Outcome, Reason};
use largeshogi::perft::perft;
use largeshogi::position::Position;
use largeshogi::types::Color;
use largeshogi::variant::{LastRank, Rules, Variant};
use support::*;

const T1: &str = "11k/12/12/12/12/6n5/12/6N5/12/12/12/K11 b - 1";
const T2: &str = "11k/12/12/12/6g5/6n5/12/6N5/12/12/12/K11 b - 1";
const T3: &str = "11k/12/12/12/12/6n5/12/6N5/12/12/6r5/K11 b - 1";
const T4: &str = "11k/12/12/12/6g5/6n5/6s5/6N5/12/12/12/K11 b - 1";
const T5: &str = "11k/12/12/12/6g5/6n5/6p5/6N5/12/12/12/K11 b - 1";
const T6: &str = "11k/12/12/6N5/6p5/6n5/12/12/12/12/12/K11 b - 1";
const T7: &str = "11k/12/9r2/12/12/6n5/5+OG5/12/12/12/12/K11 b 3c 1";
const T8: &str = "11k/12/12/12/12/12/12/12/12/6+o5/6G5/K11 b 6j 1";
const T9: &str = "11k/12/12/12/12/12/6ps4/6N5/12/12/12/K11 b - 1";
const T10: &str = "11k/12/8pg2/3S4S3/2p2S6/12/12/12/12/12/12/K11 b - 1";
const T11: &str = "g10k/6P5/12/9L2/12/3L8/12/12/12/12/12/K11 b - 1";
const T12: &str = "11k/12/12/12/12/6g5/6p5/6+H5/12/12/12/K11 b - 1";
const T13: &str = "11k/12/12/12/12/4g7/5p6/6+D5/12/12/12/K11 b - 1";
const T15: &str = "11k/12/12/12/12/6g5/6n5/6N5/12/12/12/K11 b - 1";
const T16: &str = "11k/12/9r2/12/12/6n5/12/6+H5/12/12/12/K11 b 3c 1";
const T17: &str = "11k/12/12/12/6g5/6n5/6+p5/6N5/12/12/12/K11 b - 1";

fn verdicts(sfen: &str, rules: Rules, expect: &[(&str, bool)], n: usize) {
    let pos = chu_with(sfen, rules);
    for &(mv, ok) in expect {
        assert_eq!(
            legal(&pos, mv),
            ok,
            "{sfen}: {mv} should be {}",
            if ok { "legal" } else { "illegal" }
        );
    }
    assert_eq!(count(&pos), n, "{sfen}: move count");
}

#[test]
fn t0_start_position_perft() {
    let mut pos = Position::start(Variant::chu(), Rules::default());
    assert_eq!(pos.to_sfen(), Variant::chu().start_sfen);
    let expected = [36, 1296, 48315];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&mut pos, d as u32 + 1), n);
    }
}

#[test]
fn t1_unprotected_lion_two_away() {
    verdicts(
        T1,
        Rules::default(),
        &[("6h6f", true), ("6h6g6f", true)],
        28,
    );
    // The route through the empty 6g is the same move as the jump.
    let pos = chu(T1);
    assert_eq!(pos.parse_move("6h6g6f").ok(), pos.parse_move("6h6f").ok());
}

#[test]
fn t2_protected_lion_two_away() {
    verdicts(T2, Rules::default(), &[("6h6f", false), ("6h7g", true)], 27);
}

#[test]
fn t3_xray_protection_through_the_lions_square() {
    verdicts(T3, Rules::default(), &[("6h6f", false)], 27);
}

#[test]
fn t4_bridge_over_a_silver() {
    verdicts(
        T4,
        Rules::default(),
        &[("6h6g6f", true), ("6h6f", false), ("6h6g6h", true)],
        35,
    );
}

#[test]
fn t5_pawn_is_no_bridge() {
    verdicts(
        T5,
        Rules::default(),
        &[("6h6g6f", false), ("6h6f", false), ("6h6g6h", true)],
        34,
    );
}

#[test]
fn t6_captured_pawn_protects_by_default_not_under_hachu() {
    verdicts(
        T6,
        Rules::default(),
        &[("6d6e6f", false), ("6d6f", false), ("6d6e6d", true)],
        34,
    );
    let p1_only = Rules {
        bridge_victim_protects: false,
        ..Rules::default()
    };
    verdicts(
        T6,
        p1_only,
        &[("6d6e6f", true), ("6d6f", false), ("6d6e6d", true)],
        35,
    );
}

#[test]
fn t7_counter_strike() {
    verdicts(T7, Rules::default(), &[("6g6f", false), ("7g6f", true)], 38);
    let control = T7.replace(" 3c ", " - ");
    verdicts(&control, Rules::default(), &[("6g6f", true)], 39);
    // Okazaki: the counter-strike is allowed against an unprotected Lion only.
    let okazaki = Rules {
        okazaki: true,
        ..Rules::default()
    };
    verdicts(T7, okazaki, &[("6g6f", true)], 39);
    let guarded = "11k/12/9r2/12/6g5/6n5/5+OG5/12/12/12/12/K11 b 3c 1";
    let pos = chu_with(guarded, okazaki);
    assert!(
        !legal(&pos, "6g6f"),
        "a protected Lion is no Okazaki exception"
    );
    assert!(legal(&pos, "7g6f"));
}

#[test]
fn t8_counter_strike_on_the_capturers_square() {
    verdicts(T8, Rules::default(), &[("6k6j", false)], 8);
    verdicts(T8, Rules::lishogi(), &[("6k6j", true)], 9);
}

#[test]
fn t9_igui_continuations_double_capture_pass() {
    let pos = chu(T9);
    for mv in ["6h6g6h", "6h6g5g", "6h6g7g", "6h6g6f", "6h7h6h", "6h5i6h"] {
        assert!(legal(&pos, mv), "{mv}");
    }
    // King 3; Lion: 8 steps, 16 jumps, 2 igui, 14 continuations, 1 pass.
    assert_eq!(count(&pos), 44);
    let lion: Vec<String> = usi_moves(&pos)
        .into_iter()
        .filter(|m| m.starts_with("6h"))
        .collect();
    assert_eq!(lion.len(), 41);
    let passes: Vec<&String> = lion
        .iter()
        .filter(|m| m.len() == 6 && m.ends_with("6h") && !m.contains("6g") && !m.contains("5g"))
        .collect();
    assert_eq!(passes.len(), 1, "one pass: {passes:?}");
    // All passes name the same move, and the pass leaves the board unchanged.
    let a = pos.parse_move("6h7h6h").ok();
    assert_eq!(a, pos.parse_move("6h5h6h").ok());
    let mut p = pos.clone();
    let mv = a.expect("pass is legal");
    assert_eq!(p.move_to_xboard(&mv), "@@@@");
    p.make(mv);
    assert_eq!(
        p.to_sfen(),
        "11k/12/12/12/12/12/6ps4/6N5/12/12/12/K11 w - 2"
    );
}

#[test]
fn t9_double_capture_removes_both_victims() {
    let mut pos = chu(T9);
    let mv = pos.parse_move("6h6g5g").expect("legal");
    pos.make(mv);
    assert_eq!(
        pos.to_sfen(),
        "11k/12/12/12/12/12/7N4/12/12/12/12/K11 w - 2"
    );
    pos.unmake();
    assert_eq!(pos.to_sfen(), T9);
    let igui = pos.parse_move("6h6g6h").expect("legal");
    pos.make(igui);
    assert_eq!(
        pos.to_sfen(),
        "11k/12/12/12/12/12/7s4/6N5/12/12/12/K11 w - 2"
    );
}

#[test]
fn t10_promotion_entry_deferral_capture_in_and_out_of_zone() {
    verdicts(
        T10,
        Rules::default(),
        &[
            ("7e7d+", true),
            ("7e7d", true),
            ("4d4c+", true),
            ("4d5c+", false),
            ("4d5c", true),
            ("4d3c+", true),
            ("9d10e+", true),
            ("9d8e+", false),
            ("9d8e", true),
            ("7e7d=", true),
        ],
        24,
    );
}

#[test]
fn t11_pawn_and_lance_on_the_last_rank() {
    let expect = [
        ("6b6a+", true),
        ("6b6a", false),
        ("3d3a+", true),
        ("3d3a", false),
        ("3d3b+", false),
        ("3d3b", true),
        ("9f9d+", true),
        ("9f9d", true),
        ("9f9a+", true),
        ("9f9a", false),
    ];
    verdicts(T11, Rules::default(), &expect, 15);
    let optional = Rules {
        last_rank: LastRank::Optional,
        ..Rules::default()
    };
    let lishogi: Vec<(&str, bool)> = expect
        .iter()
        .map(|&(m, ok)| (m, ok || (m.len() == 4 && m.ends_with('a'))))
        .collect();
    verdicts(T11, optional, &lishogi, 18);
    // HaChu: no promotion from inside the zone without capture; forced on entering the last rank.
    verdicts(
        T11,
        Rules::hachu(),
        &[
            ("6b6a+", false),
            ("6b6a", true),
            ("3d3a+", false),
            ("3d3a", true),
            ("9f9a+", true),
            ("9f9a", false),
        ],
        15,
    );
}

#[test]
fn t12_horned_falcon() {
    verdicts(
        T12,
        Rules::default(),
        &[
            ("6h6g6h", true),
            ("6h6g6f", true),
            ("6h6f", true),
            ("6h6g", true),
            ("6h6e", false),
            ("6h5g6h", false),
        ],
        41,
    );
}

#[test]
fn t13_soaring_eagle() {
    verdicts(
        T13,
        Rules::default(),
        &[
            ("6h7g6h", true),
            ("6h7g8f", true),
            ("6h8f", true),
            ("6h7g", true),
            ("6h5g6h", true),
            ("6h7g6f", false),
        ],
        40,
    );
    let pos = chu(T13);
    let pass = pos.parse_move("6h5g6h").expect("pass");
    assert!(pos.is_pass(&pass));
}

#[test]
fn t14_bare_king() {
    let g = Game::new(chu("11k/12/12/12/12/12/12/12/12/12/12/KG10 w - 1"));
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win(Color::Black, Reason::BareKing))
    );
    for sfen in [
        "11k/12/12/12/12/12/12/12/12/12/p11/KG10 w - 1",
        "11k/12/12/12/12/12/12/12/12/12/12/KP10 w - 1",
        "11k/12/12/12/12/12/12/12/12/12/12/KI10 w - 1",
        "11k/10G1/12/12/12/12/12/12/12/12/12/K11 w - 1",
    ] {
        assert_eq!(Game::new(chu(sfen)).outcome(), None, "{sfen}");
    }
    let kk = Game::new(chu("11k/12/12/12/12/12/12/12/12/12/12/K11 w - 1"));
    assert_eq!(
        kk.outcome(),
        Some(Outcome::Draw(Reason::InsufficientMaterial))
    );
    // Without the rule (HaChu) play goes on.
    let g = Game::new(chu_with(
        "11k/12/12/12/12/12/12/12/12/12/12/KG10 w - 1",
        Rules::hachu(),
    ));
    assert_eq!(g.outcome(), None);
}

#[test]
fn t15_adjacent_protected_lion() {
    verdicts(
        T15,
        Rules::default(),
        &[("6h6g", true), ("6h6g6h", true), ("6h6g6f", true)],
        36,
    );
}

#[test]
fn t16_counter_strike_binds_the_falcon() {
    verdicts(T16, Rules::default(), &[("6h6f", false)], 39);
    verdicts(
        &T16.replace(" 3c ", " - "),
        Rules::default(),
        &[("6h6f", true)],
        40,
    );
}

#[test]
fn t17_promoted_pawn_is_a_bridge() {
    verdicts(T17, Rules::default(), &[("6h6g6f", true)], 35);
}

fn play_all(g: &mut Game, moves: &[&str]) {
    for m in moves {
        let mv = g.position().parse_move(m).unwrap_or_else(|e| panic!("{e}"));
        assert!(g.is_legal(&mv), "{m}");
        assert_eq!(g.outcome(), None);
        g.play(mv);
    }
}

#[test]
fn t18_repetition_fourfold_draw() {
    let start = "10gk/12/12/12/12/12/12/12/12/12/12/KG10 b - 1";
    let cycle = ["12l12k", "1a1b", "12k12l", "1b1a"];
    let mut g = Game::new(chu(start));
    play_all(&mut g, &cycle);
    play_all(&mut g, &cycle);
    play_all(&mut g, &cycle[..3]);
    let last = g.position().parse_move(cycle[3]).expect("legal");
    g.play(last);
    assert_eq!(g.outcome(), Some(Outcome::Draw(Reason::Repetition)));
}

#[test]
fn t18_repetition_forbidden_under_hachu() {
    let mut g = Game::new(chu_with(
        "10gk/12/12/12/12/12/12/12/12/12/12/KG10 b - 1",
        Rules::hachu(),
    ));
    play_all(&mut g, &["12l12k", "1a1b", "12k12l"]);
    let mv = g.position().parse_move("1b1a").expect("pseudo-legal");
    assert!(!g.is_legal(&mv), "HaChu rules forbid recreating a position");
}

#[test]
fn perpetual_attacker_loses() {
    // Black's Rook checks the White King on every move while the King shuttles 1a-2a: the
    // fourth occurrence ends the game and the side whose every move attacked loses.
    let mut g = Game::new(chu("11k/12/12/6p5/12/12/12/12/12/12/R11/K11 b - 1"));
    let cycle = ["1a2a", "1k2k", "2a1a", "2k1k"];
    play_all(&mut g, &["12k1k"]);
    for _ in 0..2 {
        play_all(&mut g, &cycle);
    }
    play_all(&mut g, &cycle[..3]);
    let mv = g.position().parse_move(cycle[3]).expect("legal");
    g.play(mv);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win(Color::White, Reason::PerpetualAttack))
    );
}

#[test]
fn royal_capture_ends_the_game() {
    // Black Gold next to the lone White King: capturing it wins whatever else happens.
    let mut g = Game::new(chu_with(
        "11k/10G1/12/12/12/12/12/12/12/12/12/K11 b - 1",
        Rules::hachu(),
    ));
    let mv = g.position().parse_move("2b1a").expect("legal");
    g.play(mv);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win(Color::Black, Reason::RoyalCaptured))
    );
    assert_eq!(count(g.position()), 0, "no moves once the royals are gone");
    // With a Crown Prince left the game goes on.
    let mut g = Game::new(chu_with(
        "10+ek/10G1/12/12/12/12/12/12/12/12/12/K11 b - 1",
        Rules::hachu(),
    ));
    let mv = g.position().parse_move("2b1a").expect("legal");
    g.play(mv);
    assert_eq!(g.outcome(), None);
}

#[test]
fn no_legal_move_loses() {
    // White's King on 1l is walled in by its own Pawns, which cannot move either.
    let g = Game::new(chu("K11/12/12/12/12/12/12/12/12/12/10pp/10pk w - 1"));
    assert_eq!(count(g.position()), 0);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win(Color::Black, Reason::NoLegalMove))
    );
}

#[test]
fn hachu_rules_let_a_declined_pawn_promote_only_by_capturing_on_the_last_rank() {
    // Black Pawns on 6c, 4b and 2b (in the zone: they declined); White Golds on 6b, 2a.
    let sfen = "10gk/6g1P1P1/6P5/12/12/12/12/12/12/12/12/K11 b - 1";
    let default = chu(sfen);
    assert!(legal(&default, "6c6b+") && legal(&default, "6c6b"));
    let hachu = chu_with(sfen, Rules::hachu());
    assert!(!legal(&hachu, "6c6b+") && legal(&hachu, "6c6b"));
    // Capturing on the last rank: promotion, and compulsory.
    assert!(legal(&hachu, "2b2a+") && !legal(&hachu, "2b2a"));
    assert!(
        legal(&hachu, "4b4a") && !legal(&hachu, "4b4a+"),
        "no capture: dead Pawn"
    );
}
