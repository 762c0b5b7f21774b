//! Hook movers (鉤行 Hook Mover, 摩羯 Capricorn, 天狗 Long-nosed Goblin, 孔雀 Peacock;
//! tai.md 4.5): slide along a hook direction over empty squares, then optionally turn 90
//! degrees either way on an empty square and slide again. A capture ends the move, so
//! there is at most one. A move is its (from, to, captured square): a square reached
//! through both possible turn squares is generated once.

use crate::position::Position;
use crate::types::{Move, PieceType, Sq, OCC_WORDS};

impl Position {
    /// Hook moves of piece `t` on `from`: `hooks` holds each first-leg offset with its two
    /// perpendicular second-leg offsets.
    pub(super) fn generate_hooks(
        &self,
        t: PieceType,
        from: Sq,
        hooks: &[(i16, [i16; 2])],
        quiets: bool,
        out: &mut Vec<Move>,
    ) {
        let us = self.side_to_move();
        // Destinations after a turn already written (two turn squares can lead to one).
        let mut seen = [0u64; OCC_WORDS];
        let mut first_visit = |s: Sq| {
            let (w, b) = (s.idx() / 64, 1u64 << (s.idx() % 64));
            let new = seen[w] & b == 0;
            seen[w] |= b;
            new
        };
        for &(d1, turns) in hooks {
            let mut s = from;
            loop {
                s = s.offset(d1);
                let c = self.cell(s);
                if !c.is_empty() {
                    if c.can_land(us) {
                        self.push_single(t, from, s, true, out);
                    }
                    break;
                }
                if quiets {
                    self.push_single(t, from, s, false, out);
                }
                for &d2 in &turns {
                    let mut q = s;
                    loop {
                        q = q.offset(d2);
                        let cq = self.cell(q);
                        if cq.is_empty() {
                            if quiets && first_visit(q) {
                                self.push_single(t, from, q, false, out);
                            }
                            continue;
                        }
                        if cq.can_land(us) && first_visit(q) {
                            self.push_single(t, from, q, true, out);
                        }
                        break;
                    }
                }
            }
        }
    }
}
