//! Yanxin shogi's move generation (yanxin.md 4.5, 6), the stage
//! `Generation::FreezingAndDrops` selects: pieces next to an enemy freezer have no moves
//! (`freeze`), then the drops with the Pawn-drop restrictions (`drops`). The Moon Fairy's
//! automatic captures happen after the move, in `position/side_effects.rs`.

mod drops;
mod freeze;

use super::Drops;
use crate::position::Position;
use crate::types::Move;

impl Position {
    /// `generate` for variants with freezers or drops, kept off Chu's path.
    #[inline(never)]
    pub(super) fn generate_with_freezing_and_drops(&self, drops: Drops, out: &mut Vec<Move>) {
        let frozen = if self.variant.has_freezers {
            self.frozen_squares()
        } else {
            Default::default()
        };
        for &from in self.pieces(self.side_to_move()) {
            if !frozen.contains(&from) {
                self.generate_piece(from, true, out);
            }
        }
        if self.variant.drops && drops != Drops::None {
            self.generate_drops(drops == Drops::Checked, out);
        }
    }
}
