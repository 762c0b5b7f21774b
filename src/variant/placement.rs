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

/// The parts of one piece's placement value on one square, unweighted where a weight
/// applies (the evaluation's trace reports them; the fit of `scripts/fit-eval-weights.py`
/// reads them).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PlacementTerms {
    /// Half-steps of Chebyshev distance from the board's edge towards the centre
    /// (non-royal pieces), weighted by `CENTRE_STEP / 2`.
    pub centre: i32,
    /// Ranks a royal stands in front of its two back ranks, weighted by `-ROYAL_ADVANCE`.
    pub royal_advance: i32,
    /// Promotion potential in centipawns (a share of the promotion's gain, larger near
    /// the zone).
    pub promotion: i32,
}

impl PlacementTerms {
    /// The weighted sum: the placement value of the table.
    pub fn value(&self) -> i32 {
        CENTRE_STEP * self.centre / 2 - ROYAL_ADVANCE * self.royal_advance + self.promotion
    }
}

/// The placement terms of piece type `t` of colour `c` on square `s` of `v`.
pub fn placement_terms(v: &Variant, t: usize, c: Color, s: crate::types::Sq) -> PlacementTerms {
    let d = &v.pieces[t];
    let ranks = v.ranks as i32;
    let zone = v.zone_depth as i32;
    let (cx2, cy2) = (v.files as i32 - 1, ranks - 1);
    let (x, y) = (v.col[s.idx()] as i32, v.row[s.idx()] as i32);
    // Rows from the own back rank (0) forwards.
    let advance = match c {
        Color::Black => ranks - 1 - y,
        Color::White => y,
    };
    let mut terms = PlacementTerms::default();
    if d.royal {
        terms.royal_advance = (advance - 1).max(0);
    } else {
        // Chebyshev distance to the centre, doubled to stay integral.
        let dist2 = (2 * x - cx2).abs().max((2 * y - cy2).abs());
        terms.centre = ranks - dist2;
    }
    let gain = v.promotion_gain(t as crate::types::PieceType);
    if gain > 0 && v.promotion == PromotionRule::OnCapture {
        // Any capture promotes (Tai): the potential is the same everywhere.
        terms.promotion = gain / 8;
    } else if gain > 0 {
        let to_go = (ranks - zone - advance).max(0);
        terms.promotion = if to_go == 0 {
            gain / 6
        } else {
            gain / (8 + 4 * to_go)
        };
    }
    terms
}

/// Piece-square values (material excluded) for every cell code and square of `v`.
pub(super) fn placement_table(v: &Variant) -> Vec<i32> {
    let codes = 2 + 2 * v.pieces.len();
    let mut table = vec![0; codes * v.cells];
    for t in 0..v.pieces.len() {
        for c in Color::BOTH {
            let code = Cell::piece(t as u8, c).0 as usize;
            for s in v.squares() {
                table[code * v.cells + s.idx()] = placement_terms(v, t, c, s).value();
            }
        }
    }
    table
}
