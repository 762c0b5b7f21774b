//! Lion power (獅子の動き): how the Lion, the Horned Falcon and the Soaring Eagle move.
//! Full power (chu.md 4.1): step or jump anywhere within distance 2, igui, capture and
//! continue (possibly a double capture) and one pass. One-line power (4.2): the same
//! restricted to a line, never bending. Moves are generated in canonical form only: a
//! two-leg move is written only when its first leg captures, and one pass per piece.

use crate::position::Position;
use crate::types::{Move, PieceType, Sq};

impl Position {
    /// Pushes a Lion-power move `from -> [first ->] to` if the Lion-trading rules allow it.
    #[inline]
    fn push_lion_move(&self, t: PieceType, from: Sq, first: Sq, to: Sq, out: &mut Vec<Move>) {
        let captures_lion = (!first.is_none() && self.lion_rules_apply(first))
            || (to != from && self.lion_rules_apply(to));
        if captures_lion && !self.lion_capture_allowed(t, from, first, to) {
            return;
        }
        if first.is_none() {
            let capture = self.cell(to).is_piece();
            // Lion-power pieces do not promote in Chu; the general rule still decides.
            self.push_single_unchecked(t, from, to, capture, out);
        } else {
            let mut mv = Move::two_leg(from, first, to);
            mv.flags = self.multi_leg_flags(t, true);
            out.push(mv);
        }
    }

    /// Full Lion power from `from`.
    pub(super) fn generate_lion(&self, t: PieceType, from: Sq, quiets: bool, out: &mut Vec<Move>) {
        let us = self.side_to_move();
        let v = self.variant;
        let dirs = &v.king_offsets[us.index()];
        let mut pass = Sq::NONE;
        for &d1 in dirs {
            let a = from.offset(d1);
            let ca = self.cell(a);
            if ca.is_empty() {
                if quiets {
                    self.push_lion_move(t, from, Sq::NONE, a, out);
                }
                if pass.is_none() {
                    pass = a;
                }
            } else if ca.is_piece() && ca.color() != us {
                self.push_lion_move(t, from, Sq::NONE, a, out);
                self.push_lion_move(t, from, a, from, out);
                for &d2 in dirs {
                    let b = a.offset(d2);
                    if b != from && self.cell(b).can_land(us) {
                        self.push_lion_move(t, from, a, b, out);
                    }
                }
            }
        }
        for &d in &v.ring2_offsets {
            let b = from.offset(d);
            let cb = self.cell(b);
            if cb.can_land(us) && (quiets || cb.is_piece()) {
                self.push_lion_move(t, from, Sq::NONE, b, out);
            }
        }
        if quiets && !pass.is_none() && self.rules.passing {
            out.push(Move::two_leg(from, pass, from));
        }
    }

    /// One-line Lion power along each of `lines` (first-step offsets) from `from`.
    pub(super) fn generate_lion_lines(
        &self,
        t: PieceType,
        from: Sq,
        lines: &[i16],
        quiets: bool,
        out: &mut Vec<Move>,
    ) {
        let us = self.side_to_move();
        let mut pass = Sq::NONE;
        for &d in lines {
            let a = from.offset(d);
            let b = a.offset(d);
            let ca = self.cell(a);
            if ca.is_empty() {
                if quiets {
                    self.push_lion_move(t, from, Sq::NONE, a, out);
                }
                if pass.is_none() {
                    pass = a;
                }
            } else if ca.is_piece() && ca.color() != us {
                self.push_lion_move(t, from, Sq::NONE, a, out);
                self.push_lion_move(t, from, a, from, out);
                if self.cell(b).can_land(us) {
                    self.push_lion_move(t, from, a, b, out);
                }
            }
            let cb = self.cell(b);
            if cb.can_land(us) && (quiets || cb.is_piece()) {
                self.push_lion_move(t, from, Sq::NONE, b, out);
            }
        }
        if quiets && !pass.is_none() && self.rules.passing {
            out.push(Move::two_leg(from, pass, from));
        }
    }
}
