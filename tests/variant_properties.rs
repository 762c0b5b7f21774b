//! One truth for moves, captures and attacks, checked over random playouts in all four
//! variants. At every visited position, for every generated move:
//! - `captures(m)` is exactly the set of enemy pieces `make(m)` removes, and `is_capture`
//!   says whether it removes any;
//! - the TT code decodes to exactly that move, also among the moves of its piece alone
//!   (unless a drop or ending where it started), and every move of one piece is a move of
//!   the position;
//! - make/unmake restores the position and its key.
//!
//! And `generate_captures` is exactly the generated moves that capture. For every square
//! holding a piece of the side not to move: "the side to move attacks it" (`attacked_by`,
//! the reverse lookup `attackers`, `attacks_royal`) equals "some generated move captures
//! it" (a Lion under Chu's trading rules: generated implies attacked, as those rules
//! forbid some captures the powers allow).
//!
//! Positions per variant: `LARGESHOGI_PROPERTY_POSITIONS`; the defaults (1000-2000) keep each test to
//! a few seconds in a debug `cargo test`. The thorough run is a release one, e.g.
//! `LARGESHOGI_PROPERTY_POSITIONS=5000 cargo test --release --test variant_properties`.

mod support;

use largeshogi::movegen::attack::Overlay;
use largeshogi::movegen::coded_among_own_moves;
use largeshogi::position::Position;
use largeshogi::types::{Color, Move, Sq};
use largeshogi::variant::Variant;
use std::collections::BTreeSet;
use support::Rng;

fn positions_per_variant(default: usize) -> usize {
    std::env::var("LARGESHOGI_PROPERTY_POSITIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Squares of `c`'s pieces.
fn squares_of(pos: &Position, c: Color) -> Vec<Sq> {
    pos.pieces(c).to_vec()
}

/// Checks every property at `pos`; returns (moves checked, capturing moves).
fn check_position(pos: &mut Position, attack_sample: usize) -> (usize, usize) {
    let v = pos.variant;
    let us = pos.side_to_move();
    let them = us.flip();
    let moves = pos.legal_moves();
    let key = pos.key();
    let sfen = pos.to_sfen();
    let enemies = squares_of(pos, them);
    let mut capturing = Vec::new();
    let mut by_target: Vec<BTreeSet<Sq>> = vec![BTreeSet::new(); v.cells];
    if !moves.is_empty() {
        // Every move of one piece is a move of the position (a frozen piece has none), so
        // a TT move found among them is legal.
        let mut own = Vec::new();
        for &from in pos.pieces(us) {
            pos.generate_from(from, &mut own);
            for o in own.iter().filter(|o| o.to != o.from) {
                assert!(moves.contains(o), "{sfen}: {o:?} of {from:?} not generated");
            }
        }
    }
    for (i, m) in moves.iter().enumerate() {
        let claimed: BTreeSet<Sq> = pos.captures(m).into_iter().collect();
        let code = pos.encode_move(m, Some(&moves));
        assert_eq!(
            pos.decode_move(code, &moves),
            Some(*m),
            "{sfen}: code of {m:?}"
        );
        if coded_among_own_moves(m) {
            // The search finds its TT move among the moves of one piece
            // (`search::stages`; not a drop, nor a move ending where it started, which Ko
            // makes one pass): they must give the same code and the same move.
            let mut own = Vec::new();
            pos.generate_from(m.from, &mut own);
            assert_eq!(
                pos.encode_move(m, Some(&own)),
                code,
                "{sfen}: own code of {m:?}"
            );
            assert_eq!(pos.decode_move(code, &own), Some(*m), "{sfen}: own {m:?}");
        }
        if i % 32 == 0 {
            // Regenerates the list: a sample only (drops make lists long).
            assert_eq!(
                pos.encode_move(m, None),
                code,
                "{sfen}: code without the list"
            );
        }
        pos.make(*m);
        let removed: BTreeSet<Sq> = enemies
            .iter()
            .copied()
            .filter(|&s| !pos.cell(s).is_color(them))
            .collect();
        pos.unmake();
        assert_eq!(claimed, removed, "{sfen}: victims of {m:?}");
        assert_eq!(pos.is_capture(m), !removed.is_empty(), "{sfen}: {m:?}");
        assert_eq!(pos.key(), key, "{sfen}: key after unmaking {m:?}");
        if !removed.is_empty() {
            capturing.push(*m);
            for &s in &removed {
                by_target[s.idx()].insert(m.from);
            }
        }
    }
    assert_eq!(pos.to_sfen(), sfen);
    pos.validate().unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let mut gen_caps = Vec::new();
    pos.generate_captures(&mut gen_caps);
    let a: BTreeSet<Move> = gen_caps.into_iter().collect();
    let b: BTreeSet<Move> = capturing.iter().copied().collect();
    assert_eq!(a, b, "{sfen}: generate_captures");
    // Attacks: every enemy square on small boards, a sample (royals first) on large ones.
    let mut targets: Vec<Sq> = enemies.clone();
    targets.sort_by_key(|&s| !v.piece(pos.cell(s).ptype()).royal);
    let royal_hit = targets
        .iter()
        .any(|&s| v.piece(pos.cell(s).ptype()).royal && !by_target[s.idx()].is_empty());
    let royal_attacked = pos.attacks_royal(us);
    let lion_rule = |s: Sq| v.lion_trading && v.piece(pos.cell(s).ptype()).lion;
    if !enemies.iter().any(|&s| lion_rule(s)) {
        assert_eq!(royal_attacked, royal_hit, "{sfen}: attacks_royal");
    }
    for (i, &s) in targets.iter().enumerate() {
        if i >= attack_sample && !v.piece(pos.cell(s).ptype()).royal {
            break;
        }
        let generated = &by_target[s.idx()];
        let attacked = pos.attacked_by(s, us, &Overlay::NONE);
        let attackers: BTreeSet<Sq> = pos.attackers(s, us).into_iter().collect();
        assert_eq!(
            attacked,
            !attackers.is_empty(),
            "{sfen}: attackers of {s:?}"
        );
        if lion_rule(s) {
            assert!(generated.is_subset(&attackers), "{sfen}: Lion on {s:?}");
        } else {
            assert_eq!(&attackers, generated, "{sfen}: attackers of {s:?}");
        }
    }
    (moves.len(), capturing.len())
}

/// Random playouts from `starts` (cycled), captures preferred half of the time, checking
/// every visited position; returns (positions, moves, capturing moves).
fn run(starts: &[Position], positions: usize, attack_sample: usize, seed: u64) -> [usize; 3] {
    let mut rng = Rng(seed);
    let (mut seen, mut moves, mut caps) = (0, 0, 0);
    let mut game = 0;
    while seen < positions {
        let mut pos = starts[game % starts.len()].clone();
        game += 1;
        for _ in 0..300 {
            if seen >= positions {
                break;
            }
            let list = pos.legal_moves();
            if list.is_empty() {
                break;
            }
            let (n, c) = check_position(&mut pos, attack_sample);
            seen += 1;
            moves += n;
            caps += c;
            let captures: Vec<&Move> = list.iter().filter(|m| pos.is_capture(m)).collect();
            let m = if !captures.is_empty() && rng.below(2) == 0 {
                *captures[rng.below(captures.len())]
            } else {
                list[rng.below(list.len())]
            };
            pos.make(m);
        }
    }
    [seen, moves, caps]
}

fn start(v: &'static Variant) -> Position {
    Position::start(v, v.default_rules)
}

/// Ko's start with the pieces that burn, net, fog, light and demote already promoted.
fn ko_promoted_start() -> Position {
    let v = Variant::ko();
    let from = start(v);
    let mut pos = Position::empty(v, v.default_rules);
    for s in v.squares() {
        if let Some((t, c)) = from.piece_at(s) {
            let code = v.piece(t).code;
            let promote = ["EN", "FD", "R", "SM", "TB", "D", "B", "CN", "SB", "CL"];
            let t = match v.piece(t).promotes_to {
                Some(p) if promote.contains(&code) => p,
                _ => t,
            };
            pos.put(s, t, c).expect("square of the start position");
        }
    }
    pos
}

fn report(name: &str, r: [usize; 3]) {
    eprintln!(
        "{name}: {} positions, {} moves, {} captures",
        r[0], r[1], r[2]
    );
    assert!(r[2] > r[0], "{name}: too few captures to test anything");
}

#[test]
fn chu_one_truth() {
    let r = run(
        &[start(Variant::chu())],
        positions_per_variant(2000),
        200,
        11,
    );
    report("chu", r);
}

#[test]
fn yanxin_one_truth() {
    let r = run(
        &[start(Variant::yanxin())],
        positions_per_variant(1000),
        200,
        12,
    );
    report("yanxin", r);
}

#[test]
fn ko_one_truth() {
    let starts = [start(Variant::ko()), ko_promoted_start()];
    let r = run(&starts, positions_per_variant(1000), 6, 13);
    report("ko", r);
}

#[test]
fn tai_one_truth() {
    let r = run(
        &[start(Variant::tai())],
        positions_per_variant(1000),
        40,
        14,
    );
    report("tai", r);
}
