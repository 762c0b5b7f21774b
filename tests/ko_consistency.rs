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

/// The start position with the pieces that have side effects already promoted (Poison
/// flames, nets, fog and light, Thunderclap, Banner-waver), so that playouts burn,
/// immobilise and demote.
fn promoted_start() -> Position {
    let v = Variant::ko();
    let from = start();
    let mut pos = Position::empty(v, v.default_rules);
    for s in v.squares() {
        if let Some((t, c)) = from.piece_at(s) {
            let code = v.piece(t).code;
            let t = if ["EN", "FD", "R", "SM", "TB", "D", "B", "CN", "SB"].contains(&code) {
                v.piece(t).promotes_to.unwrap()
            } else {
                t
            };
            pos.put(s, t, c).unwrap();
        }
    }
    pos
}

#[test]
fn make_unmake_zobrist_and_move_text_over_random_playouts() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut plies = 0;
    let mut shots = 0;
    let mut multi = 0;
    for game in 0..8 {
        let mut pos = if game % 2 == 0 {
            start()
        } else {
            promoted_start()
        };
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
                    let xb = pos.move_to_xboard(m);
                    assert_eq!(pos.parse_xboard_move(&xb), Ok(*m), "{xb}");
                    let pgn = pos.move_to_xboard_pgn(m);
                    assert_eq!(pos.parse_xboard_move(&pgn), Ok(*m), "PGN {pgn}");
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

#[test]
fn self_play_with_the_search_stays_legal_and_consistent() {
    use largeshogi::game::Game;
    use largeshogi::search::{Control, Limits, Searcher};
    use std::time::Duration;
    let mut searcher = Searcher::new(8, 1);
    let mut game = Game::new(start());
    let limits = Limits {
        movetime: Some(Duration::from_millis(150)),
        ..Limits::default()
    };
    for _ in 0..24 {
        if game.outcome().is_some() {
            break;
        }
        let r = searcher.search(&game, &limits, &Control::default(), &mut |_| {});
        let best = r.best.expect("a move");
        assert!(game.is_legal(&best));
        game.play(best);
        game.position().validate().unwrap();
    }
    assert!(game.moves() >= 10);
}

#[test]
fn xboard_move_text_of_ko_sections_8_2_examples() {
    use largeshogi::types::Color;
    let v = Variant::ko();
    let board = |pieces: &[(&str, &str)]| {
        let mut pos = Position::empty(v, v.default_rules);
        for &(code, square) in [("G", "10s"), ("g", "10a")].iter().chain(pieces) {
            let color = if code.chars().any(|c| c.is_ascii_lowercase()) {
                Color::White
            } else {
                Color::Black
            };
            let t = v.piece_by_code(&code.to_ascii_uppercase()).unwrap();
            pos.put(pos.parse_square(square).unwrap(), t, color)
                .unwrap();
        }
        pos
    };
    let cases: Vec<(Position, &str, &str)> = vec![
        (start(), "10m10h", "j7j12"),
        (start(), "19n19f+", "a6a14+"),
        (start(), "pass", "@@@@"),
        (
            board(&[("WR", "13s"), ("p", "12r"), ("p", "11q")]),
            "13s12r11q",
            "g1h2,h2i3",
        ),
        (
            board(&[("WR", "13s"), ("p", "12r")]),
            "13s12r13s",
            "g1h2,h2g1",
        ),
        (
            board(&[("CA", "10k"), ("p", "9i")]),
            "10k9i8g",
            "j9k11,k11l13",
        ),
        (
            board(&[("SB", "10j"), ("p", "11e")]),
            "10j11ix11e",
            "j10i11xi15",
        ),
        (
            board(&[("FW", "10k"), ("p", "9g"), ("p", "9e")]),
            "10k9jx9gx9e",
            "j9k10xk13xk15",
        ),
        (
            board(&[("TB", "10k"), ("sm", "10i"), ("p", "11h")]),
            "10k10ix11h",
            "j9j11xi12",
        ),
        (
            board(&[("+TB", "10k"), ("p", "11h")]),
            "10k10kx11h",
            "j9j9xi12",
        ),
        (
            board(&[("+B", "10j"), ("TB", "2s"), ("p", "10h"), ("p", "10f")]),
            "10j10h10f10e",
            "j10j12,j12j14,j14j15",
        ),
        (
            board(&[("+D", "10j"), ("TB", "2s"), ("p", "10i")]),
            "10j10i11h",
            "j10j11,j11i12",
        ),
    ];
    for (pos, usi, xb) in cases {
        let m = pos.parse_move(usi).unwrap_or_else(|e| panic!("{usi}: {e}"));
        assert_eq!(pos.move_to_usi(&m), usi);
        assert_eq!(pos.move_to_xboard(&m), xb, "{usi}");
        assert_eq!(pos.parse_xboard_move(xb), Ok(m), "{xb}");
    }
}
