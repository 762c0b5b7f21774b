//! Piece-square values derived from a variant's data when it is built: promotion potential
//! growing towards the zone, centralisation, and royals kept back. The position keeps
//! their sum incrementally; the evaluation reads it (`Position::placement`). Here, below
//! the position and the evaluation, so that the variant layer depends on nothing above it.

use super::{PromotionRule, Variant};
use crate::types::{Cell, Color};

/// Bonus per step closer to the centre for non-royal pieces.
const CENTRE_STEP: i32 = 2;
/// Penalty per rank a royal stands in front of its two back ranks.
const ROYAL_ADVANCE: i32 = 12;

/// Piece-square values (material excluded) for every cell code and square of `v`.
pub(super) fn placement_table(v: &Variant) -> Vec<i32> {
    let codes = 2 + 2 * v.pieces.len();
    let mut table = vec![0; codes * v.cells];
    let ranks = v.ranks as i32;
    let zone = v.zone_depth as i32;
    let (cx2, cy2) = (v.files as i32 - 1, ranks - 1);
    for t in 0..v.pieces.len() {
        let d = &v.pieces[t];
        for c in Color::BOTH {
            let code = Cell::piece(t as u8, c).0 as usize;
            for s in v.squares() {
                let (x, y) = (v.col[s.idx()] as i32, v.row[s.idx()] as i32);
                // Rows from the own back rank (0) forwards.
                let advance = match c {
                    Color::Black => ranks - 1 - y,
                    Color::White => y,
                };
                let mut value = 0;
                if d.royal {
                    value -= ROYAL_ADVANCE * (advance - 1).max(0);
                } else {
                    // Chebyshev distance to the centre, doubled to stay integral.
                    let dist2 = (2 * x - cx2).abs().max((2 * y - cy2).abs());
                    value += CENTRE_STEP * (ranks - dist2) / 2;
                }
                if let Some(p) = d.promotes_to {
                    let gain = v.pieces[p as usize].value - d.value;
                    if gain > 0 && v.promotion == PromotionRule::OnCapture {
                        // Any capture promotes (Tai): the potential is the same everywhere.
                        value += gain / 8;
                    } else if gain > 0 {
                        let to_go = (ranks - zone - advance).max(0);
                        value += if to_go == 0 {
                            gain / 6
                        } else {
                            gain / (8 + 4 * to_go)
                        };
                    }
                }
                table[code * v.cells + s.idx()] = value;
            }
        }
    }
    table
}
