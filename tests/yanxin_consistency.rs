//! Yanxin: Zobrist key and make/unmake consistency over random playouts that drop pieces
//! and trigger automatic captures, SFEN round trips with hands and the pending Moon Fairy,
//! malformed SFENs, and perft(4) against the independent model in scripts/.

mod support;

use largeshogi::perft::perft;
use largeshogi::position::Position;
use largeshogi::types::{Color, Move};
use largeshogi::variant::{Rules, Variant};
use support::*;

/// Plays a random game, preferring captures, promotions and drops so that hands, Moon
/// Fairies and automatic captures show up; checks the incremental state after every ply
/// and that make/unmake is an exact round trip. Returns (drops, promotions to a Moon Fairy,
/// plies with automatic captures).
fn playout(seed: u64, plies: usize) -> (usize, usize, usize) {
    let v = Variant::yanxin();
    let mut pos = Position::start(v, Rules::default());
    let mut rng = Rng(seed);
    let (mut drops, mut fairies, mut autos) = (0, 0, 0);
    let mut trail = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let them = pos.side_to_move().flip();
        if trail.len() % 16 == 5 {
            // Every move of a sample position, not just the one played, undoes exactly.
            let sfen = pos.to_sfen();
            for &m in &moves {
                pos.make(m);
                pos.validate()
                    .unwrap_or_else(|e| panic!("{e} after {} in {sfen}", pos.move_to_usi(&m)));
                pos.unmake();
                assert_eq!(pos.to_sfen(), sfen);
            }
        }
        let lively: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.drop != 0 || m.promotes() || pos.cell(m.to).is_color(them))
            .collect();
        let mv = if !lively.is_empty() && rng.below(3) > 0 {
            lively[rng.below(lively.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        let direct = if mv.drop != 0 {
            0
        } else {
            let last = if mv.to != mv.from { Some(mv.to) } else { None };
            [mv.first_mid(), last]
                .into_iter()
                .flatten()
                .filter(|&s| pos.cell(s).is_color(them))
                .count()
        };
        let before_sfen = pos.to_sfen();
        let before_key = pos.key();
        let lists = (
            pos.pieces(Color::Black).to_vec(),
            pos.pieces(Color::White).to_vec(),
        );
        let pieces_before = pos.pieces(Color::Black).len() + pos.pieces(Color::White).len();
        pos.make(mv);
        pos.validate()
            .unwrap_or_else(|e| panic!("{e} after {} in {before_sfen}", pos.move_to_usi(&mv)));
        // The SFEN carries the whole state: re-reading it gives the same key (a finished
        // game, with a side left without royals, is no valid SFEN).
        let sfen = pos.to_sfen();
        if pos.royal_count(Color::Black) > 0 && pos.royal_count(Color::White) > 0 {
            let reread = yanxin(&sfen);
            assert_eq!(reread.key(), pos.key(), "{sfen}");
            assert_eq!(reread.to_sfen(), sfen);
        }
        pos.unmake();
        assert_eq!(pos.to_sfen(), before_sfen);
        assert_eq!(pos.key(), before_key);
        // The piece lists come back in the same order: earlier undo records rely on it.
        assert_eq!(
            (
                pos.pieces(Color::Black).to_vec(),
                pos.pieces(Color::White).to_vec()
            ),
            lists,
            "piece lists after undoing {} in {before_sfen}",
            pos.move_to_usi(&mv)
        );
        pos.make(mv);
        let pieces_after = pos.pieces(Color::Black).len() + pos.pieces(Color::White).len();
        if mv.drop != 0 {
            drops += 1;
        }
        if mv.promotes() && pos.pending_square().is_some() {
            fairies += 1;
        }
        if pieces_after + direct < pieces_before + usize::from(mv.drop != 0) {
            autos += 1;
        }
        trail.push(before_sfen);
        if pos.royal_count(Color::Black) == 0 || pos.royal_count(Color::White) == 0 {
            break;
        }
    }
    // Taking everything back returns to the start, ply by ply.
    while let Some(sfen) = trail.pop() {
        pos.unmake();
        assert_eq!(pos.to_sfen(), sfen);
        pos.validate()
            .unwrap_or_else(|e| panic!("{e} unwinding to {sfen}"));
    }
    pos.validate().expect("start position state");
    (drops, fairies, autos)
}

#[test]
fn zobrist_and_unmake_over_random_playouts() {
    let (mut drops, mut fairies, mut autos) = (0, 0, 0);
    for seed in 1..=16u64 {
        let (d, f, a) = playout(seed * 0x9E37_79B9, 200);
        drops += d;
        fairies += f;
        autos += a;
    }
    assert!(drops > 0, "the playouts dropped pieces");
    assert!(fairies > 0, "the playouts promoted a Yanxin");
    assert!(autos > 0, "the playouts made automatic captures");
}

#[test]
fn perft_4_matches_the_independent_model() {
    // scripts/yanxin_model.py (written from yanxin.md alone) prints 23, 529, 16432, 503229.
    let mut pos = Position::start(Variant::yanxin(), Rules::default());
    assert_eq!(perft(&mut pos, 4), 503_229);
}

#[test]
fn sfen_round_trips_with_hands_and_pending() {
    let start = Position::start(Variant::yanxin(), Rules::default());
    assert_eq!(start.to_sfen(), Variant::yanxin().start_sfen);
    for sfen in [
        "12/5k6/12/12/12/12/12/12/12/12/12/5K6 b G2Py 7",
        "12/5k6/12/12/12/12/12/12/12/12/12/5K6 w 12P10p 37",
        "12/5k6/6+Y5/12/12/12/12/12/12/12/12/5K6 w Nsp 37 6c",
    ] {
        let p = yanxin(sfen);
        assert_eq!(p.to_sfen(), sfen);
    }
    // Hands are written most valuable first, Black before White.
    let p = yanxin("12/5k6/12/12/12/12/12/12/12/12/12/5K6 b PGPpy 1");
    assert_eq!(
        p.to_sfen(),
        "12/5k6/12/12/12/12/12/12/12/12/12/5K6 b G2Pyp 1"
    );
    assert_eq!(p.hand(Color::Black, 7), 2);
    // Explicit "no pending Moon Fairy" is the same position as none.
    let a = yanxin("12/5k6/12/12/12/12/12/12/12/12/12/5K6 b - 1 -");
    let b = yanxin("12/5k6/12/12/12/12/12/12/12/12/12/5K6 b - 1");
    assert_eq!(a.key(), b.key());
}

#[test]
fn malformed_sfens_are_errors() {
    let v = Variant::yanxin();
    let bad = [
        // A promoted piece, an unknown letter, a zero count, a count without a piece.
        "12/5k6/12/12/12/12/12/12/12/12/12/5K6 b +P 1",
        "12/5k6/12/12/12/12/12/12/12/12/12/5K6 b Z 1",
        "12/5k6/12/12/12/12/12/12/12/12/12/5K6 b 0P 1",
        "12/5k6/12/12/12/12/12/12/12/12/12/5K6 b 3 1",
        "12/5k6/12/12/12/12/12/12/12/12/12/5K6 b 999P 1",
        // The pending square must hold a Moon Fairy of the side that just moved.
        "12/5k6/6+Y5/12/12/12/12/12/12/12/12/5K6 b - 37 6c",
        "12/5k6/12/12/12/12/12/12/12/12/12/5K6 w - 37 6c",
        "12/5k6/12/12/12/12/12/12/12/12/12/5K6 w - 37 zz",
        "12/5k6/12/12/12/12/12/12/12/12/12/5K6 w - 37 6c x",
    ];
    for sfen in bad {
        assert!(
            Position::from_sfen(v, sfen, Rules::default()).is_err(),
            "{sfen}"
        );
    }
    // Chu keeps its counter-strike field and has no fifth field.
    let chu = "12/5k6/12/12/12/12/12/12/12/12/12/5K6 b - 1 6c";
    assert!(Position::from_sfen(Variant::chu(), chu, Rules::default()).is_err());
}
