//! Automatic effects after a ply (yanxin.md 4.6): the Moon Fairy's (月光仙子) arrival death,
//! its punishment when it moves, and the activation of a pending Moon Fairy. Every piece
//! removed here goes to its captor's hand and onto the effect stack, so that `unmake`
//! restores it exactly. Only variants with `has_auto_capture` come here.

use super::{Effect, Position};
use crate::types::{Cell, Color, Sq};

impl Position {
    /// Steps 1-4 of the resolution of a ply of the side to move (not yet switched), whose
    /// moved or dropped piece now stands on `d` (the origin for an igui or a pass);
    /// `promoted` when the ply promoted it. Returns the number of pieces removed.
    pub(super) fn resolve_auto_captures(&mut self, d: Sq, promoted: bool) -> u8 {
        let us = self.side;
        let them = us.flip();
        let start = self.effects.len();
        let old_pending = self.pending;
        let mover = self.board[d.idx()];
        debug_assert!(
            mover.is_color(us),
            "the moved piece stands on its final square"
        );
        let mover_is_fairy = self.variant.auto_captures[mover.ptype() as usize];
        // Step 0 notes a Moon Fairy made by this promotion; it waits one ply.
        let new_pending = if promoted && mover_is_fairy {
            d
        } else {
            Sq::NONE
        };
        // After each step the game ends as soon as a side has no royal (yanxin.md 4.6).
        'steps: {
            if self.royals[them.index()] == 0 {
                break 'steps;
            }
            // Step 1: arrival next to an active enemy Moon Fairy is death.
            if self.next_to_active_fairy(d, them) {
                self.auto_capture(d);
                if self.royals[us.index()] == 0 {
                    break 'steps;
                }
            } else if mover_is_fairy && !promoted {
                // Step 2: a moving Moon Fairy takes every enemy piece around it.
                self.capture_around(d, them);
                if self.royals[them.index()] == 0 {
                    break 'steps;
                }
            }
            // Step 3: the opponent's pending Moon Fairy, if it survived, activates.
            if self.is_fairy_of(old_pending, them) {
                self.capture_around(old_pending, us);
            }
        }
        // Step 4: the new Moon Fairy stays pending only if it is still on the board.
        let pending = if self.is_fairy_of(new_pending, us) {
            new_pending
        } else {
            Sq::NONE
        };
        self.set_pending(pending);
        (self.effects.len() - start) as u8
    }

    /// A null ply (a pass) of the side to move runs only Step 3: the opponent's pending Moon
    /// Fairy activates (yanxin.md 7, the check test). Returns the number of pieces removed.
    pub(super) fn resolve_null_auto_captures(&mut self) -> u8 {
        let us = self.side;
        let start = self.effects.len();
        if self.is_fairy_of(self.pending, us.flip()) {
            self.capture_around(self.pending, us);
        }
        self.set_pending(Sq::NONE);
        (self.effects.len() - start) as u8
    }

    /// A Moon Fairy of `c` stands on `s` (`Sq::NONE` never holds one).
    #[inline]
    fn is_fairy_of(&self, s: Sq, c: Color) -> bool {
        let cell = self.board[s.idx()];
        cell.is_color(c) && self.variant.auto_captures[cell.ptype() as usize]
    }

    /// `s` is next to an active Moon Fairy of `c` (the pending one is not active).
    fn next_to_active_fairy(&self, s: Sq, c: Color) -> bool {
        self.variant.king_offsets[0].iter().any(|&off| {
            let n = s.offset(off);
            n != self.pending && self.is_fairy_of(n, c)
        })
    }

    /// Captures every piece of `victims` next to `s`.
    fn capture_around(&mut self, s: Sq, victims: Color) {
        for off in self.variant.king_offsets[0] {
            let n = s.offset(off);
            if self.board[n.idx()].is_color(victims) {
                self.auto_capture(n);
            }
        }
    }

    /// Removes the piece on `s` into its captor's hand, recording it for `unmake`.
    pub(super) fn auto_capture(&mut self, s: Sq) {
        let victim: Cell = self.board[s.idx()];
        let i = self.remove_piece(s);
        if self.variant.drops {
            self.put_in_hand(victim);
        }
        self.effects.push(Effect::Removed(s, victim, i));
    }

    #[inline]
    fn set_pending(&mut self, s: Sq) {
        self.toggle_pending();
        self.pending = s;
        self.toggle_pending();
    }
}
