//! Lion power (獅子の動き): how the Lion, the Horned Falcon and the Soaring Eagle move.
//! Full power (chu.md 4.1): step or jump anywhere within distance 2, igui, capture and
//! continue (possibly a double capture) and one pass. One-line power (4.2): the same
//! restricted to a line, never bending. Moves are generated in canonical form only: a
//! two-leg move is written only when its first leg captures, and one pass per piece.
//! Bent Lion power (yanxin.md 4.2, the Free Eagle): full power over a subset of the
//! directions, second steps bending within that subset.

use super::PromotionChoice;
use crate::position::Position;
use crate::types::{Move, PieceType, Sq, PROMOTE};
use crate::variant::PromotionRule;

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
            let mv = Move::two_leg(from, first, to);
            if self.variant.promotion != PromotionRule::EndInZone
                || self.variant.piece(t).promotes_to.is_none()
            {
                out.push(Move {
                    flags: self.multi_leg_flags(t, true),
                    ..mv
                });
                return;
            }
            match self.promotion_choice_two_leg(t, from, first, to) {
                PromotionChoice::Never => out.push(mv),
                PromotionChoice::Optional => {
                    out.push(mv);
                    out.push(Move {
                        flags: PROMOTE,
                        ..mv
                    });
                }
                PromotionChoice::Forced => out.push(Move {
                    flags: PROMOTE,
                    ..mv
                }),
            }
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
        if quiets && !pass.is_none() && self.variant.stages.passing {
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
        if quiets && !pass.is_none() && self.variant.stages.passing {
            out.push(Move::two_leg(from, pass, from));
        }
    }
}

impl Position {
    /// Bent Lion power from `from` over the piece's `bent_lion` directions.
    pub(super) fn generate_bent_lion(
        &self,
        t: PieceType,
        from: Sq,
        quiets: bool,
        out: &mut Vec<Move>,
    ) {
        let us = self.side_to_move();
        let pm = &self.variant.moves[us.index()][t as usize];
        let mut pass = Sq::NONE;
        for &d1 in &pm.bent_lion {
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
                for &d2 in &pm.bent_lion {
                    let b = a.offset(d2);
                    if b != from && self.cell(b).can_land(us) {
                        self.push_lion_move(t, from, a, b, out);
                    }
                }
            }
        }
        for &d in &pm.bent_lion_leaps {
            let b = from.offset(d);
            let cb = self.cell(b);
            if cb.can_land(us) && (quiets || cb.is_piece()) {
                self.push_lion_move(t, from, Sq::NONE, b, out);
            }
        }
        if quiets && !pass.is_none() {
            out.push(Move::two_leg(from, pass, from));
        }
    }
}
