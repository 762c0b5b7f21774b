//! Attack tests: can a piece capture on a square? Used by the Lion-protection rule, the
//! bare-King rule, repetition ("attacking move") and evaluation. Generic over the atoms.

use crate::position::Position;
use crate::types::{Cell, Color, Sq};

/// Occupancy as seen after a move that is not made on the board: `empties` are vacated or
/// captured squares, `filled` is where the mover stands.
#[derive(Clone, Copy)]
pub struct Overlay {
    pub empties: [Sq; 2],
    pub filled: Sq,
}

impl Overlay {
    /// The board as it is.
    pub const NONE: Overlay = Overlay {
        empties: [Sq::NONE; 2],
        filled: Sq::NONE,
    };
}

impl Position {
    #[inline]
    fn occupied_with(&self, s: Sq, o: &Overlay) -> bool {
        if s == o.filled {
            return true;
        }
        if s == o.empties[0] || s == o.empties[1] {
            return false;
        }
        !self.cell(s).is_empty()
    }

    /// Does the piece `cell` standing on `from` attack `target` (could it capture there)?
    pub fn piece_attacks(&self, cell: Cell, from: Sq, target: Sq, o: &Overlay) -> bool {
        let v = self.variant;
        let pm = &v.moves[cell.color().index()][cell.ptype() as usize];
        let dx = v.col[target.idx()] - v.col[from.idx()];
        let dy = v.row[target.idx()] - v.row[from.idx()];
        if dx == 0 && dy == 0 {
            return false;
        }
        if pm.lion && dx.abs().max(dy.abs()) <= 2 {
            return true;
        }
        for &(lx, ly) in &pm.lion_line_vecs {
            if (dx == lx && dy == ly) || (dx == 2 * lx && dy == 2 * ly) {
                return true;
            }
        }
        if pm.jump_vecs.contains(&(dx, dy)) {
            return true;
        }
        for (i, &(rx, ry, range)) in pm.ride_vecs.iter().enumerate() {
            let k = if rx != 0 { dx / rx } else { dy / ry };
            if k < 1 || dx != k * rx || dy != k * ry || k as u32 > range as u32 {
                continue;
            }
            let off = pm.rides[i].0;
            let mut s = from;
            let mut clear = true;
            for _ in 1..k {
                s = s.offset(off);
                if self.occupied_with(s, o) {
                    clear = false;
                    break;
                }
            }
            if clear {
                return true;
            }
        }
        false
    }

    /// Is `target` attacked by a piece of colour `by`? Pieces on `o.empties` do not count.
    pub fn attacked_by(&self, target: Sq, by: Color, o: &Overlay) -> bool {
        self.pieces(by).iter().any(|&s| {
            s != o.empties[0] && s != o.empties[1] && self.piece_attacks(self.cell(s), s, target, o)
        })
    }

    /// Is `target` attacked by `by` on the board as it stands?
    pub fn is_attacked(&self, target: Sq, by: Color) -> bool {
        self.attacked_by(target, by, &Overlay::NONE)
    }

    /// Does `by` attack any royal piece of the other side?
    pub fn attacks_royal(&self, by: Color) -> bool {
        let them = by.flip();
        self.pieces(them)
            .iter()
            .any(|&s| self.variant.piece(self.cell(s).ptype()).royal && self.is_attacked(s, by))
    }
}
