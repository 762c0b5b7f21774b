//! Chu end positions the engine must finish: a side far ahead captures the last enemy
//! royal within a bounded number of its own moves, searching at a fixed depth, against a
//! defender that searches too (so it runs and blocks where it can). HaChu's rules: no
//! bare-King win, so only the royal capture ends the game, as in a match against HaChu.
//! The bounds were set at about twice what the engine needed (8-22 moves); with Chu's
//! fitted values it needs 6-34 (the minor pieces 34 of 40). With the rules' values, an
//! engine without the conversion terms (`eval::conversion`) failed the Lion position.
//! These fixed-depth playouts swing with small evaluation changes
//! (docs/search-experiments.md, Conversion).

mod support;
use largeshogi::game::{Game, Outcome};
use largeshogi::search::{Control, Limits, Searcher};
use largeshogi::types::Color;
use largeshogi::variant::Rules;
use support::*;

/// Plays the position out: Black (the side ahead) at `depth`, White at `defence`. Returns
/// the number of Black moves it took to capture White's last royal, or None when
/// `max_moves` were not enough.
fn moves_to_finish(sfen: &str, depth: u32, defence: u32, max_moves: usize) -> Option<usize> {
    let mut game = Game::new(chu_with(sfen, Rules::hachu()));
    let mut hunter = Searcher::new(16, 1);
    let mut defender = Searcher::new(16, 1);
    for ply in 0..2 * max_moves {
        if let Some(outcome) = game.outcome() {
            assert!(
                matches!(outcome, Outcome::Win(Color::Black, _)),
                "{sfen}: the side ahead did not win: {outcome:?} after {ply} plies"
            );
            return Some(ply.div_ceil(2));
        }
        let black = game.position().side_to_move() == Color::Black;
        let (searcher, d) = if black {
            (&mut hunter, depth)
        } else {
            (&mut defender, defence)
        };
        let limits = Limits {
            depth: Some(d),
            ..Limits::default()
        };
        let r = searcher.search(&game, &limits, &Control::default(), &mut |_| {});
        let mv = r.best.expect("a legal move while the game goes on");
        assert!(game.is_legal(&mv));
        game.play(mv);
    }
    None
}

fn assert_finishes(name: &str, sfen: &str, max_moves: usize) {
    let n = moves_to_finish(sfen, 4, 2, max_moves);
    // Shown with `--nocapture`: the figure to compare when the conversion terms change.
    eprintln!("{name}: {n:?} moves (bound {max_moves})");
    assert!(
        n.is_some(),
        "{name}: the last royal still stands after {max_moves} moves"
    );
}

#[test]
fn rook_and_gold_hunt_a_king_with_pawns() {
    // A Rook, a Gold and pawns against a King with two pawns, far from each other.
    assert_finishes(
        "rook and gold",
        "12/5k6/4p1p5/12/12/12/12/12/3P1P6/12/5G6/2R2K6 b - 1",
        35,
    );
}

#[test]
fn free_king_traps_a_bare_king() {
    // The bare King in the centre: the Queen (Free King) and a Gold must drive it.
    assert_finishes(
        "free king",
        "12/12/12/12/6k5/12/12/12/12/12/3G8/4QK6 b - 1",
        30,
    );
}

#[test]
fn lion_catches_a_king() {
    // A Lion and a Silver against a King with a Go-between.
    assert_finishes("lion", "12/3k8/4i7/12/12/12/12/12/12/12/5S6/4NK6 b - 1", 20);
}

#[test]
fn king_and_prince_both_fall() {
    // White keeps a King and a Crown Prince (promoted Drunk Elephant): both must go.
    assert_finishes(
        "king and prince",
        "12/2k5+e3/12/12/12/12/12/12/12/12/3G1R6/3BQK6 b - 1",
        20,
    );
}

#[test]
fn dragons_and_pawns_against_king_and_gold() {
    assert_finishes(
        "dragons",
        "12/8k3/7g4/12/12/12/12/12/4PPP5/12/12/2D1DK6 b - 1",
        20,
    );
}

#[test]
fn horned_falcon_and_silver_against_a_king_in_the_corner_zone() {
    assert_finishes(
        "falcon",
        "k11/1p10/12/12/12/12/12/12/12/12/5S6/4+HK6 b - 1",
        30,
    );
}

#[test]
fn rooks_against_king_and_prince_apart() {
    assert_finishes(
        "rooks vs two royals",
        "k11/12/12/12/12/12/12/12/12/11+e/12/RR3K6 b - 1",
        20,
    );
}

#[test]
fn a_lead_of_minor_pieces() {
    assert_finishes(
        "minor pieces",
        "12/12/4k7/3p1p6/12/12/12/12/3PPP6/3SGS6/12/5K6 b - 1",
        40,
    );
}
