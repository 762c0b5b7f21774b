//! The Lion-trading rules of Chu shogi (chu.md section 5): adjacent Lion always capturable,
//! a Lion two squares away only over a bridge or when unprotected, and the counter-strike
//! ban after a Lion was taken by a non-Lion. Consulted only for moves that capture a Lion.

use super::attack::Overlay;
use crate::position::Position;
use crate::types::{PieceType, Sq};

impl Position {
    /// The variant has the trading rules and a Lion stands on `s`.
    #[inline]
    pub(super) fn lion_rules_apply(&self, s: Sq) -> bool {
        let c = self.cell(s);
        self.variant.lion_trading && c.is_piece() && self.variant.piece(c.ptype()).lion
    }

    /// May piece `t` make the capturing move `from -> [first ->] to`? `first` is the square
    /// of the first leg (`Sq::NONE` for one-leg moves); `to == from` is igui.
    pub(super) fn lion_capture_allowed(&self, t: PieceType, from: Sq, first: Sq, to: Sq) -> bool {
        let v = self.variant;
        let them = self.side_to_move().flip();
        let first_victim = (!first.is_none() && self.cell(first).is_color(them)).then_some(first);
        let final_victim = (to != from && self.cell(to).is_color(them)).then_some(to);
        let mover_is_lion = v.piece(t).lion;
        for x in [first_victim, final_victim].into_iter().flatten() {
            if !self.lion_rules_apply(x) {
                continue;
            }
            if mover_is_lion {
                // 5.1: adjacent to the starting square, always. 5.2: otherwise over a bridge
                // (a first victim that is not pawn-like) or when the Lion is unprotected.
                if v.distance(from, x) <= 1 {
                    continue;
                }
                let bridge = first_victim
                    .is_some_and(|a| x == to && !v.piece(self.cell(a).ptype()).pawnlike);
                if bridge {
                    continue;
                }
                if self.protected_after(from, first_victim, to, x, true) {
                    return false;
                }
            } else if let Some(struck) = self.lion_square() {
                // 5.4: no Lion capture by a non-Lion right after a Lion was taken.
                if self.variant.stages.counterstrike_same_square && x == struck {
                    continue;
                }
                if self.variant.stages.okazaki
                    && !self.protected_after(from, first_victim, to, x, false)
                {
                    continue;
                }
                return false;
            }
        }
        true
    }

    /// Is the enemy Lion on `x` protected once the move `from -> [first ->] to` is made
    /// (5.3)? P1: a piece of the Lion's side attacks `x` after the move; P2 (with
    /// `bridge_victim_protects`, for Lion movers): a pawn-like first victim attacked `x`.
    fn protected_after(
        &self,
        from: Sq,
        first: Option<Sq>,
        to: Sq,
        x: Sq,
        lion_mover: bool,
    ) -> bool {
        let defender = self.side_to_move().flip();
        let vacated = if to != from { from } else { Sq::NONE };
        let overlay = Overlay {
            empties: [vacated, first.unwrap_or(Sq::NONE)],
            filled: to,
        };
        // The victims themselves never protect: skip the pieces on x and on the first square.
        let skip = Overlay {
            empties: [x, first.unwrap_or(Sq::NONE)],
            filled: to,
        };
        let p1 = self.pieces(defender).iter().any(|&s| {
            s != skip.empties[0]
                && s != skip.empties[1]
                && self.piece_attacks(self.cell(s), s, x, &overlay)
        });
        if p1 {
            return true;
        }
        lion_mover
            && self.variant.stages.bridge_victim_protects
            && first.is_some_and(|a| {
                let c = self.cell(a);
                self.variant.piece(c.ptype()).pawnlike
                    && self.piece_attacks(c, a, x, &Overlay::NONE)
            })
    }
}
