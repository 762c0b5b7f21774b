//! Freezing (yanxin.md 4.5): a piece next to an enemy freezer (the unpromoted Yanxin 妍欣)
//! has no moves at all. Tested at the origin when the move starts; freezing never stops
//! the Moon Fairy's automatic captures, which are not moves.

use crate::position::Position;
use crate::types::{Sq, MAX_CELLS};

/// A set of mailbox squares as a bitset (cheap to clear once per generation).
#[derive(Clone, Default)]
pub struct SquareSet([u64; MAX_CELLS.div_ceil(64)]);

impl SquareSet {
    #[inline]
    pub fn insert(&mut self, s: Sq) {
        self.0[s.idx() / 64] |= 1 << (s.idx() % 64);
    }
    #[inline]
    pub fn contains(&self, s: &Sq) -> bool {
        self.0[s.idx() / 64] & (1 << (s.idx() % 64)) != 0
    }
}

impl Position {
    /// Squares next to an enemy freezer: pieces of the side to move there cannot move.
    pub(in crate::movegen) fn frozen_squares(&self) -> SquareSet {
        let v = self.variant;
        let mut set = SquareSet::default();
        for &s in self.pieces(self.side_to_move().flip()) {
            if v.freezes[self.cell(s).ptype() as usize] {
                for &off in &v.king_offsets[0] {
                    set.insert(s.offset(off));
                }
            }
        }
        set
    }

    /// The piece on `s` is frozen: an enemy freezer stands next to it.
    pub fn is_frozen(&self, s: Sq) -> bool {
        let v = self.variant;
        let cell = self.cell(s);
        if !cell.is_piece() || !v.has_freezers {
            return false;
        }
        let enemy = cell.color().flip();
        v.king_offsets[0].iter().any(|&off| {
            let n = self.cell(s.offset(off));
            n.is_color(enemy) && v.freezes[n.ptype() as usize]
        })
    }
}
