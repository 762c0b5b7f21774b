//! The Tai Emperor (自在天王, tai.md 4.1): moves to any empty square of the board, and
//! captures any enemy piece that is not protected. Protection (D1, `Rules::emperor_guard`)
//! is judged after the Emperor has left its square: an enemy non-Emperor piece that could
//! recapture protects, and so does the enemy Emperor when its own recapture would be legal.
//!
//! Cost: the empty squares come from the position's occupancy bit set, and each protection
//! test is a reverse attack lookup around the target (`attack::attacked_near`), so a node
//! costs in proportion to the pieces and moves, not to the board's area.

use super::attack::Overlay;
use crate::position::Position;
use crate::types::{Color, Move, Sq};
use crate::variant::EmperorGuard;
use arrayvec::ArrayVec;

/// Most hook-moving pieces one side can have (4 kinds start with 6 pieces; the Poisonous
/// Snakes and the Old Kite Hawk promote to two more kinds of them).
const MAX_HOOK_PIECES: usize = 32;

/// What the Emperor's protection tests need to know about both armies, gathered once per
/// generation: each side's Emperor and hook movers.
pub struct ArmyScan {
    pub emperor: [Sq; 2],
    pub hooks: [ArrayVec<Sq, MAX_HOOK_PIECES>; 2],
}

impl Position {
    /// Both sides' Emperors and hook movers, from the tracked pieces (`Position::tracked`).
    pub fn army_scan(&self) -> ArmyScan {
        let v = self.variant;
        let mut scan = ArmyScan {
            emperor: [Sq::NONE; 2],
            hooks: [ArrayVec::new(), ArrayVec::new()],
        };
        for c in Color::BOTH {
            for s in self.tracked(c) {
                let t = self.cell(s).ptype() as usize;
                if v.moves[0][t].emperor {
                    scan.emperor[c.index()] = s;
                } else if v.hook_types[t] {
                    let pushed = scan.hooks[c.index()].try_push(s);
                    debug_assert!(pushed.is_ok(), "more hook movers than MAX_HOOK_PIECES");
                }
            }
        }
        scan
    }

    /// Moves of the Emperor on `from`.
    pub(super) fn generate_emperor(&self, from: Sq, quiets: bool, out: &mut Vec<Move>) {
        let v = self.variant;
        if quiets {
            let occ = self.occupancy();
            for (w, &on_board) in v.board_bits.iter().enumerate() {
                let mut empty = on_board & !occ[w];
                while empty != 0 {
                    let b = empty.trailing_zeros() as usize;
                    empty &= empty - 1;
                    out.push(Move::new(from, Sq((w * 64 + b) as u16)));
                }
            }
        }
        let them = self.side_to_move().flip();
        let scan = self.army_scan();
        for &x in self.pieces(them) {
            if self.emperor_may_capture(from, x, &scan) {
                out.push(Move::new(from, x));
            }
        }
    }

    /// May the Emperor on `e` capture the enemy piece on `x` (tai.md 4.1)? `scan` is
    /// `army_scan` of this position.
    pub fn emperor_may_capture(&self, e: Sq, x: Sq, scan: &ArmyScan) -> bool {
        let us = self.cell(e).color();
        let them = us.flip();
        // P1: the Emperor stands on x and has left e; Emperors never count as defenders.
        let p1 = Overlay {
            empties: [e, Sq::NONE],
            filled: x,
        };
        if self.attacked_near(x, them, &p1, &scan.hooks[them.index()]) {
            return false;
        }
        let o = scan.emperor[them.index()];
        if o.is_none() || o == x {
            return true;
        }
        match self.variant.stages.emperor_guard {
            EmperorGuard::NonEmperor => true,
            EmperorGuard::OwnEmperor => false,
            // P2: the enemy Emperor recaptured on x; legal only if no piece of ours
            // (other than our Emperor, now gone) attacks x.
            EmperorGuard::LegalRecapture => {
                let p2 = Overlay {
                    empties: [e, o],
                    filled: x,
                };
                self.attacked_near(x, us, &p2, &scan.hooks[us.index()])
            }
        }
    }
}
