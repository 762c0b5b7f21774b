//! Threats as yanxin.md 7 defines them: a piece is attacked when the side to move has a
//! legal move whose full resolution removes it (so frozen pieces attack nothing, and a
//! moving Moon Fairy attacks what it would capture automatically). Used by the Pawn-drop
//! mate rule and by the perpetual-check rule; not on the search's hot path.

use crate::position::Position;
use crate::types::Sq;

impl Position {
    /// The side to move has a legal move that removes a piece on one of `targets`.
    pub fn can_remove_any(&mut self, targets: &[Sq]) -> bool {
        if targets.is_empty() {
            return false;
        }
        // A drop captures nothing and never moves a Moon Fairy: board moves only, which
        // also keeps the Pawn-drop mate test (a caller) from recursing.
        let mut moves = Vec::with_capacity(256);
        self.generate_nested(super::Drops::None, &mut moves);
        let v = self.variant;
        for m in moves {
            let direct = targets
                .iter()
                .any(|&t| (m.to == t && m.from != t) || m.mid[0] == t);
            if direct {
                return true;
            }
            // Otherwise only a moving Moon Fairy (Step 2) removes pieces it does not land on.
            let fairy = v.auto_captures[self.cell(m.from).ptype() as usize];
            if fairy && !m.promotes() && targets.iter().any(|&t| v.distance(m.to, t) == 1) {
                let before: Vec<_> = targets.iter().map(|&t| self.cell(t)).collect();
                self.make(m);
                let gone = targets
                    .iter()
                    .zip(&before)
                    .any(|(&t, &c)| self.cell(t) != c);
                self.unmake();
                if gone {
                    return true;
                }
            }
        }
        false
    }

    /// The side that just moved threatens a royal of the side to move (yanxin.md 7 "gives
    /// check"): after a null ply of the side to move (which activates the mover's pending
    /// Moon Fairy) a royal is gone, or the mover could remove one.
    pub fn royal_threatened(&self) -> bool {
        let defender = self.side_to_move();
        let mut p = self.clone();
        let before = p.royal_count(defender);
        p.make_null();
        if p.royal_count(defender) < before {
            return true;
        }
        let royals: Vec<Sq> = p.royals(defender).collect();
        p.can_remove_any(&royals)
    }
}
