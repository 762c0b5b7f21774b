//! Random playouts: the incremental Zobrist key, material and piece lists stay equal to a
//! recomputation; unmake restores the position exactly; SFEN and move text round-trip.

mod support;
use largeshogi::position::Position;
use largeshogi::types::{Color, Move};
use largeshogi::variant::{Rules, Variant};
use support::*;

/// Plays random games from the start, checking every position on the way down and back up.
#[test]
fn make_unmake_and_zobrist_over_random_playouts() {
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    let mut positions = 0;
    for rules in [Rules::default(), Rules::lishogi(), Rules::hachu()] {
        for _game in 0..20 {
            let mut pos = Position::start(Variant::chu(), rules);
            let mut stack: Vec<(String, u64, usize)> = Vec::new();
            // Pieces on the board in each position of the history, oldest first.
            let mut counts: Vec<usize> = Vec::new();
            let on_board =
                |p: &Position| p.pieces(Color::Black).len() + p.pieces(Color::White).len();
            for _ply in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Prefer captures so that Lion rules, double captures and promotions occur.
                let captures: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|m| {
                        pos.cell(m.to).is_piece() && m.to != m.from
                            || m.mid[0] != Default::default()
                    })
                    .collect();
                let pool = if !captures.is_empty() && rng.below(3) > 0 {
                    &captures
                } else {
                    &moves
                };
                let mv = pool[rng.below(pool.len())];
                stack.push((pos.to_sfen(), pos.key(), pos.repetition_window().len()));
                counts.push(on_board(&pos));
                pos.make(mv);
                positions += 1;
                // The repetition window leaves out exactly the positions with more pieces.
                let now = on_board(&pos);
                let dropped = pos.history().len() - pos.repetition_window().len();
                assert!(counts[..dropped].iter().all(|&n| n > now));
                assert!(counts[dropped..].iter().all(|&n| n == now));
                pos.validate()
                    .unwrap_or_else(|e| panic!("after {}: {e}", pos.to_sfen()));
                // The SFEN round-trips and gives the same key.
                let again = Position::from_sfen(Variant::chu(), &pos.to_sfen(), rules);
                if let Ok(again) = again {
                    assert_eq!(again.key(), pos.key(), "{}", pos.to_sfen());
                    assert_eq!(again.to_sfen(), pos.to_sfen());
                }
            }
            while let Some((sfen, key, window)) = stack.pop() {
                pos.unmake();
                counts.pop();
                assert_eq!(pos.key(), key);
                assert_eq!(pos.repetition_window().len(), window);
                assert_eq!(pos.to_sfen(), sfen);
                pos.validate().expect("valid after unmake");
            }
        }
    }
    assert!(positions > 5000);
}

/// Every legal move prints as text that parses back to the same move, in USI and XBoard.
#[test]
fn move_text_round_trips() {
    let mut rng = Rng(77);
    let mut pos = Position::start(Variant::chu(), Rules::lishogi());
    for _ in 0..300 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        for m in &moves {
            let usi = pos.move_to_usi(m);
            assert_eq!(
                pos.parse_move(&usi).as_ref(),
                Ok(m),
                "{usi} in {}",
                pos.to_sfen()
            );
            let xb = pos.move_to_xboard(m);
            let pgn = pos.move_to_xboard_pgn(m);
            for text in [&xb, &pgn] {
                let back = pos.parse_xboard_move(text).expect("xboard text parses");
                if pos.is_pass(m) {
                    assert!(pos.is_pass(&back));
                } else {
                    assert_eq!(&back, m, "{text}");
                }
            }
        }
        pos.make(moves[rng.below(moves.len())]);
    }
}

#[test]
fn square_names_match_chu_md_table() {
    let pos = Position::start(Variant::chu(), Rules::default());
    for (usi, xb) in [
        ("12l", "a1"),
        ("1l", "l1"),
        ("12a", "a12"),
        ("1a", "l12"),
        ("7l", "f1"),
        ("6a", "g12"),
        ("7j", "f3"),
        ("6c", "g10"),
        ("6h", "g5"),
    ] {
        let s = pos.parse_square(usi).expect(usi);
        assert_eq!(pos.square_name(s), usi);
        assert_eq!(pos.xboard_square_name(s), xb);
    }
    // Move examples of chu.md 1.4.
    let t9 = chu("11k/12/12/12/12/12/6ps4/6N5/12/12/12/K11 b - 1");
    for (usi, xb) in [
        ("6h6g6f", "g5g6,g6g7"),
        ("6h6g6h", "g5g6,g6g5"),
        ("6h6f", "g5g7"),
    ] {
        let m = t9.parse_move(usi).expect(usi);
        assert_eq!(t9.move_to_xboard(&m), xb);
        assert_eq!(t9.parse_xboard_move(xb), Ok(m));
    }
    let start = Position::start(Variant::chu(), Rules::default());
    let m = start.parse_move("7j7h").expect("Lion jump");
    assert_eq!(start.move_to_xboard(&m), "f3f5");
}

#[test]
fn malformed_input_is_rejected_cleanly() {
    let v = Variant::chu();
    let r = Rules::default();
    for bad in [
        "",
        "lfcsgekgscfl b - 1",
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL x - 1",
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFZ b - 1",
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/13/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b 13a 1",
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 0",
        "12/12/12/12/12/12/12/12/12/12/12/K11 b - 1",
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/0/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/99999999999999999999/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
    ] {
        assert!(Position::from_sfen(v, bad, r).is_err(), "accepted: {bad}");
    }
    let pos = Position::start(v, r);
    for bad in [
        "",
        "7",
        "7i",
        "7i7",
        "7i7h7g7f7e7d7c",
        "13i7h",
        "7i7m",
        "7i7h++",
        "7i7h+x",
        "7j7i",
        "7i7g",
        "x7i7h",
        "７i7h",
    ] {
        assert!(pos.parse_move(bad).is_err(), "accepted move {bad}");
    }
    for bad in [
        "",
        "@@@",
        "f3",
        "f3f4,",
        "f3f4,g4g5",
        "z1a1",
        "a13a1",
        "a0a1",
    ] {
        assert!(
            pos.parse_xboard_move(bad).is_err(),
            "accepted xboard move {bad}"
        );
    }
    // No Lion-power piece can pass at the start: every Lion neighbour is occupied.
    assert!(pos.parse_xboard_move("@@@@").is_err());
}

/// XBoard's PGN writes two-leg moves as from, kill square, `x`, destination.
#[test]
fn xboard_pgn_form_of_lion_moves() {
    let t9 = chu("11k/12/12/12/12/12/6ps4/6N5/12/12/12/K11 b - 1");
    let m = t9.parse_move("6h6g5g").expect("double capture");
    assert_eq!(t9.move_to_xboard_pgn(&m), "g5g6xh6");
    assert_eq!(t9.parse_xboard_move("g5g6xh6"), Ok(m));
    let igui = t9.parse_move("6h6g6h").expect("igui");
    assert_eq!(t9.move_to_xboard_pgn(&igui), "g5g6xg5");
    let plain = t9.parse_move("6h6f").expect("jump");
    assert_eq!(t9.move_to_xboard_pgn(&plain), "g5g7");
}

/// The reverse attack lookup agrees with asking every piece, on every square of positions
/// from random playouts, with and without an overlay.
#[test]
fn reverse_attack_lookup_matches_the_piece_scan() {
    use largeshogi::movegen::attack::Overlay;
    use largeshogi::types::Color;
    let mut rng = Rng(4242);
    let mut pos = Position::start(Variant::chu(), Rules::default());
    let v = Variant::chu();
    for ply in 0..160 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let squares: Vec<_> = v.squares().collect();
        let empty: Vec<_> = squares
            .iter()
            .copied()
            .filter(|&s| pos.cell(s).is_empty())
            .collect();
        let empties = [
            squares[rng.below(squares.len())],
            squares[rng.below(squares.len())],
        ];
        // As in a move not yet made: vacated squares and the (empty) arrival square.
        let overlay = Overlay {
            empties,
            filled: empty[rng.below(empty.len())],
        };
        for o in [Overlay::NONE, overlay] {
            for &t in &squares {
                for by in Color::BOTH {
                    let scan = pos.pieces(by).iter().any(|&s| {
                        s != o.empties[0]
                            && s != o.empties[1]
                            && pos.piece_attacks(pos.cell(s), s, t, &o)
                    });
                    assert_eq!(
                        pos.attacked_by(t, by, &o),
                        scan,
                        "ply {ply} {} {by} {} empties {:?} filled {}",
                        pos.square_name(t),
                        pos.to_sfen(),
                        o.empties.map(|e| if e.is_none() {
                            "-".to_string()
                        } else {
                            pos.square_name(e)
                        }),
                        if o.filled.is_none() {
                            "-".to_string()
                        } else {
                            pos.square_name(o.filled)
                        }
                    );
                }
            }
        }
        pos.make(moves[rng.below(moves.len())]);
    }
}
