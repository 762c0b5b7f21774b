//! Tai shogi: random playouts keep the incremental state (Zobrist key, material, piece
//! lists, occupancy) equal to a recomputation, unmake restores every position exactly, and
//! SFEN, USI and XBoard move text (protocol and PGN forms) round-trip. Malformed SFEN gives
//! errors, not panics.

mod support;
use largeshogi::position::Position;
use largeshogi::types::Move;
use largeshogi::variant::Variant;
use support::*;

fn is_capture(pos: &Position, m: &Move) -> bool {
    let them = pos.side_to_move().flip();
    (m.to != m.from && pos.cell(m.to).is_color(them))
        || m.mid
            .iter()
            .any(|s| !s.is_none() && pos.cell(*s).is_color(them))
}

/// Every legal move's USI and XBoard text parses back to the same move.
fn check_move_text(pos: &Position, moves: &[Move]) {
    for m in moves {
        let usi = pos.move_to_usi(m);
        let back = pos
            .parse_move(&usi)
            .unwrap_or_else(|e| panic!("{usi} in {}: {e}", pos.to_sfen()));
        if back != *m {
            // Passes: every pass of one piece is the same move.
            assert!(
                pos.is_pass(m) && pos.is_pass(&back),
                "{usi} in {}",
                pos.to_sfen()
            );
        }
        let xb = pos.move_to_xboard(m);
        let back = pos
            .parse_xboard_move(&xb)
            .unwrap_or_else(|e| panic!("{xb} in {}: {e}", pos.to_sfen()));
        assert!(back == *m || pos.is_pass(m), "{xb} in {}", pos.to_sfen());
        // The form a PGN file holds (the match's and `convert`'s) reads back too.
        let pgn = pos.move_to_xboard_pgn(m);
        let back = pos
            .parse_xboard_move(&pgn)
            .unwrap_or_else(|e| panic!("PGN {pgn} in {}: {e}", pos.to_sfen()));
        assert!(
            back == *m || pos.is_pass(m),
            "PGN {pgn} in {}",
            pos.to_sfen()
        );
    }
}

#[test]
fn make_unmake_zobrist_and_notation_over_random_playouts() {
    let v = Variant::tai();
    let mut rng = Rng(0x7A1_5E6D_0000_0001);
    let (games, plies) = if cfg!(debug_assertions) {
        (4, 120)
    } else {
        (40, 400)
    };
    let mut positions = 0;
    let mut promotions = 0;
    let mut multi = 0;
    for game in 0..games {
        let mut pos = Position::start(v, v.default_rules);
        let mut stack: Vec<(String, u64)> = Vec::new();
        for ply in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if ply % 15 == 0 {
                check_move_text(&pos, &moves);
            }
            // Prefer captures, so that promotions, Lion and Lion-Dog captures happen.
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| is_capture(&pos, m))
                .collect();
            let pool = if !captures.is_empty() && rng.below(4) > 0 {
                &captures
            } else {
                &moves
            };
            let mv = pool[rng.below(pool.len())];
            promotions += mv.promotes() as usize;
            multi += (!mv.mid[1].is_none()) as usize;
            stack.push((pos.to_sfen(), pos.key()));
            pos.make(mv);
            positions += 1;
            pos.validate()
                .unwrap_or_else(|e| panic!("game {game} ply {ply}: {e}"));
            // The SFEN round-trips with the same key (when both sides still have royals).
            if let Ok(again) = Position::from_sfen(v, &pos.to_sfen(), v.default_rules) {
                assert_eq!(again.key(), pos.key(), "{}", pos.to_sfen());
                assert_eq!(again.to_sfen(), pos.to_sfen());
            }
        }
        while let Some((sfen, key)) = stack.pop() {
            pos.unmake();
            assert_eq!(pos.key(), key);
            assert_eq!(pos.to_sfen(), sfen);
        }
        pos.validate().expect("valid after unmaking the game");
    }
    assert!(positions > games * 20, "{positions} positions");
    assert!(promotions > 0, "no promotion in the playouts");
    let _ = multi;
}

#[test]
fn start_sfen_round_trips_and_counts_354_pieces() {
    let v = Variant::tai();
    let pos = Position::start(v, v.default_rules);
    assert_eq!(pos.to_sfen(), v.start_sfen);
    assert_eq!(pos.pieces(largeshogi::types::Color::Black).len(), 177);
    assert_eq!(pos.pieces(largeshogi::types::Color::White).len(), 177);
    // Single pieces where tai.md 2 puts them.
    for (square, code) in [
        ("13y", "E"),
        ("13x", "CP"),
        ("14y", "DV"),
        ("12y", "DSP"),
        ("25u", "LCH"),
        ("1u", "RCH"),
        ("13t", "LD"),
        ("18r", "GB"),
        ("9v", "RB"),
        ("17v", "OK"),
        ("11w", "SD"),
    ] {
        assert_eq!(code_at(&pos, square), code, "{square}");
    }
    // White is Black turned by 180 degrees.
    for s in v.squares() {
        let x = v.col[s.idx()] as usize;
        let y = v.row[s.idx()] as usize;
        let t = v.square(24 - x, 24 - y).expect("on board");
        let (a, b) = (pos.cell(s), pos.cell(t));
        assert_eq!(a.is_piece(), b.is_piece());
        if a.is_piece() {
            assert_eq!(a.ptype(), b.ptype());
            assert_ne!(a.color(), b.color());
        }
    }
}

#[test]
fn promoted_states_and_prefix_codes_round_trip() {
    // FD next to E reads back as FD, E (not FDE); promoted states keep their origin.
    let sfen = "+p,fd,e,+ky,fde,d,cp18/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/FD,E,+LD,+DE,GB,G,B18 w - 7";
    let pos = tai(sfen);
    assert_eq!(pos.to_sfen(), sfen);
    assert_eq!(code_at(&pos, "24a"), "FD");
    assert_eq!(code_at(&pos, "23a"), "E");
    assert_eq!(code_at(&pos, "21a"), "FDE");
    assert_eq!(code_at(&pos, "22y"), "+DE");
}

#[test]
fn malformed_sfen_is_an_error() {
    let v = Variant::tai();
    let good = v.start_sfen;
    for bad in [
        good.replace("l,wt", "l,,wt"),
        good.replace("l,wt", "lwt"),
        good.replace("7gb9gb7", "7gb9gb8"),
        good.replace("7gb9gb7", "7xx9gb7"),
        good.replace(" b ", " x "),
        good.replace("/25/25/", "/25/"),
        "".to_string(),
        ",/,".to_string(),
    ] {
        assert!(
            Position::from_sfen(v, &bad, v.default_rules).is_err(),
            "accepted {bad}"
        );
    }
}

#[test]
fn usi_squares_reach_file_25_and_rank_y() {
    let pos = Position::start(Variant::tai(), Variant::tai().default_rules);
    for name in ["25a", "1y", "13m", "25y", "1a"] {
        let s = pos.parse_square(name).expect(name);
        assert_eq!(pos.square_name(s), name);
    }
    for bad in ["26a", "0a", "1z", "a1", "13"] {
        assert!(pos.parse_square(bad).is_none(), "{bad}");
    }
    assert_eq!(
        pos.xboard_square_name(pos.parse_square("13y").expect("sq")),
        "m1"
    );
    assert_eq!(
        pos.xboard_square_name(pos.parse_square("1a").expect("sq")),
        "y25"
    );
    assert!(pos.parse_move("26y25x").is_err());
    assert!(pos.parse_move("13y13y13y13y13y13y13y").is_err());
}

/// A Furious Fiend's three-leg move that captures twice and steps back (`8i9h10g9h`) has
/// no room in XBoard's two-leg PGN form: it keeps the leg form, and the text a match
/// writes reads back (a Tai game once stopped `convert` at such a move).
#[test]
fn three_leg_moves_keep_the_leg_form_in_pgn() {
    use largeshogi::types::Color;
    let pos = tai_board(
        &[("+LN", "8i"), ("E", "13y")],
        &[("P", "9h"), ("P", "10g"), ("E", "13a")],
        Color::Black,
    );
    let m = pos
        .parse_move("8i9h10g9h")
        .expect("the Furious Fiend's out-and-back capture");
    assert_eq!(pos.move_to_xboard_pgn(&m), "r17q18,q18p19,p19q18");
    assert_eq!(pos.parse_xboard_move("r17q18,q18p19,p19q18"), Ok(m));
    let two = pos.parse_move("8i9h10g").expect("the two-step capture");
    assert_eq!(pos.move_to_xboard_pgn(&two), "r17q18xp19");
    for m in moves_from(&pos, "8i") {
        let pgn = pos.move_to_xboard_pgn(&m);
        assert_eq!(pos.parse_xboard_move(&pgn), Ok(m), "{pgn}");
    }
}
