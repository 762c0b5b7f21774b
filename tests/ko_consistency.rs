//! Ko shogi: make/unmake and Zobrist consistency over random playouts, move text round
//! trips (every generated move prints to text that parses back to itself), SFEN round
//! trips of every piece state.

mod support;
use largeshogi::position::Position;
use largeshogi::types::Color;
use largeshogi::variant::Variant;
use support::Rng;

fn start() -> Position {
    Position::start(Variant::ko(), Variant::ko().default_rules)
}

#[test]
fn make_unmake_zobrist_and_move_text_over_random_playouts() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut plies = 0;
    let mut shots = 0;
    let mut multi = 0;
    for game in 0..6 {
        let mut pos = start();
        let mut keys = Vec::new();
        let mut sfens = Vec::new();
        for _ in 0..160 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Every move's text denotes that move (checked on a sample to keep it quick).
            for (i, m) in moves.iter().enumerate() {
                if i % 7 == game % 7 || !m.shots[0].is_none() || !m.mid[0].is_none() {
                    let text = pos.move_to_usi(m);
                    assert_eq!(pos.parse_move(&text), Ok(*m), "{text}");
                }
            }
            // Prefer captures half of the time, so that shots and multi-leg moves happen.
            let captures: Vec<_> = moves
                .iter()
                .filter(|m| !m.shots[0].is_none() || pos.cell(m.to).is_piece())
                .collect();
            let m = if !captures.is_empty() && rng.below(2) == 0 {
                *captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            shots += !m.shots[0].is_none() as usize;
            multi += !m.mid[0].is_none() as usize;
            keys.push(pos.key());
            sfens.push(pos.to_sfen());
            pos.make(m);
            pos.validate()
                .unwrap_or_else(|e| panic!("after {m:?}: {e}"));
            let again = Position::from_sfen(pos.variant, &pos.to_sfen(), pos.rules).unwrap();
            assert_eq!(again.key(), pos.key());
            plies += 1;
        }
        while let Some(k) = keys.pop() {
            pos.unmake();
            assert_eq!(pos.key(), k);
            assert_eq!(pos.to_sfen(), sfens.pop().unwrap());
            pos.validate().unwrap();
        }
    }
    assert!(plies > 500, "{plies}");
    assert!(shots > 0 && multi > 0, "shots {shots}, multi-leg {multi}");
}

#[test]
fn every_piece_state_round_trips_through_sfen() {
    let v = Variant::ko();
    assert_eq!(v.pieces.len(), 65);
    for (t, p) in v.pieces.iter().enumerate() {
        for c in Color::BOTH {
            let mut pos2 = Position::empty(v, v.default_rules);
            let s = pos2.parse_square("10j").unwrap();
            pos2.put(s, t as u8, c).unwrap();
            let g = v.piece_by_code("G").unwrap();
            pos2.put(pos2.parse_square("10s").unwrap(), g, Color::Black)
                .unwrap();
            pos2.put(pos2.parse_square("10a").unwrap(), g, Color::White)
                .unwrap();
            let sfen2 = pos2.to_sfen();
            let back2 = Position::from_sfen(v, &sfen2, v.default_rules).unwrap();
            assert_eq!(back2.to_sfen(), sfen2, "{}", p.code);
            assert!(back2.same_position(&pos2));
        }
    }
}

#[test]
fn pass_is_one_move_and_reads_back() {
    let pos = start();
    let passes: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| pos.move_to_usi(m) == "pass")
        .collect();
    assert_eq!(passes.len(), 1);
    assert_eq!(pos.parse_move("pass"), Ok(passes[0]));
    // An explicit out-and-back path of the wrestler on 13s is the pass too.
    assert_eq!(pos.parse_move("13s13r13s"), Ok(passes[0]));
    assert!(pos.parse_move("10s10r10s").is_err());
}
