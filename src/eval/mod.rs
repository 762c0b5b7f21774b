//! Static evaluation from the variant's data only: material from the rules' value tables,
//! promotion potential of unpromoted pieces, and royal safety (enemy pieces near a royal,
//! friendly guards beside it). Scores are centipawns from the side to move's view.

use crate::position::Position;
use crate::types::Color;

/// Bonus per friendly piece next to a royal, and penalty per enemy piece value unit
/// within distance 2 of it.
const GUARD_BONUS: i32 = 12;
const NEAR_ENEMY_PER_100: i32 = 4;

/// Evaluation of `pos` for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    side_score(pos, us) - side_score(pos, us.flip())
}

fn side_score(pos: &Position, c: Color) -> i32 {
    let v = pos.variant;
    let mut score = pos.material(c);
    let ranks = v.ranks as i32;
    let zone = v.zone_depth as i32;
    // Promotion potential: a share of the gain, growing as the piece nears the zone.
    for &s in pos.pieces(c) {
        let d = v.piece(pos.cell(s).ptype());
        let Some(p) = d.promotes_to else { continue };
        let gain = v.piece(p).value - d.value;
        if gain <= 0 {
            continue;
        }
        let row = v.row[s.idx()] as i32;
        // Ranks still to go before the zone (0 inside it).
        let to_go = match c {
            Color::Black => row - (zone - 1),
            Color::White => (ranks - zone) - row,
        }
        .max(0);
        score += if to_go == 0 {
            gain / 6
        } else {
            gain / (8 + 4 * to_go)
        };
    }
    // Royal safety.
    for &r in pos.pieces(c) {
        if !v.piece(pos.cell(r).ptype()).royal {
            continue;
        }
        for &s in pos.pieces(c) {
            if s != r && v.distance(s, r) == 1 {
                score += GUARD_BONUS;
            }
        }
        for &s in pos.pieces(c.flip()) {
            if v.distance(s, r) <= 2 {
                score -= NEAR_ENEMY_PER_100 * v.piece(pos.cell(s).ptype()).value / 100;
            }
        }
    }
    score
}
