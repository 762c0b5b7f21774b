//! End-of-move effects driven by piece data (`PieceExtra`, `VariantOptions`), in the order
//! of ko.md 4.0: burning (a piece with `burns` removes every piece around its final square,
//! friend and foe, K10), the effects of a promotion (`on_promote`: friendly pieces with
//! those tags promote, enemy burners are removed; the Clerk, ko.md 6.6), then the automatic
//! demotions for both sides (`demote_without`: pieces that need a tag their side has lost,
//! the Thunderclap and Banner-waver without the Taoist priest, 6.7; `demote_near`: pieces
//! within a distance on a line of an enemy piece with a tag, the fog near a Pure light,
//! 4.9, K11, K12). Removals and kind changes go on the position's one effect stack;
//! `unmake` undoes them exactly, newest first.

use super::{Effect, Position};
use crate::types::{Cell, Color, Move, Sq};
use crate::variant::{DemoteNear, BOARD_DIRS};

/// Most pieces one side can have changed or removed by one effect.
const MAX_AFFECTED: usize = 96;

impl Position {
    /// Applies the effects after `mv` (the piece `moved` stands on `mv.to`, promoted if the
    /// move promotes), recording each change on the effect stack.
    pub(super) fn end_of_move_effects(&mut self, moved: Cell, mv: &Move) {
        let v = self.variant;
        let us = moved.color();
        let them = us.flip();
        let def = v.piece(moved.ptype());
        if def.extra.burns {
            for off in v.king_offsets[0] {
                let n = mv.to.offset(off);
                let cell = self.board[n.idx()];
                if cell.is_piece() && !(v.stages.burn_spares_own && cell.is_color(us)) {
                    self.auto_capture(n);
                }
            }
        }
        if mv.promotes() && (def.extra.on_promote != 0 || def.extra.on_promote_kills_burners) {
            let tags = def.extra.on_promote;
            let promote = self.squares_where(us, |p, c| {
                p.variant.piece(c.ptype()).extra.tags & tags != 0
                    && p.variant.piece(c.ptype()).promotes_to.is_some()
            });
            for s in promote.iter().copied().take_while(|s| !s.is_none()) {
                let c = self.board[s.idx()];
                if let Some(t) = v.piece(c.ptype()).promotes_to {
                    self.alter(s, Cell::piece(t, us));
                }
            }
            if def.extra.on_promote_kills_burners {
                let burners =
                    self.squares_where(them, |p, c| p.variant.piece(c.ptype()).extra.burns);
                for s in burners.iter().copied().take_while(|s| !s.is_none()) {
                    self.auto_capture(s);
                }
            }
        }
        if let Some((needed, bound)) = v.demote_without {
            for c in Color::BOTH {
                if self.has_tag(c, bound) && !self.has_tag(c, needed) {
                    self.demote_where(c, |p, cell| {
                        p.variant.piece(cell.ptype()).extra.tags & bound != 0
                    });
                }
            }
        }
        if let Some(near) = v.demote_near {
            let DemoteNear {
                victim,
                enemy,
                distance: dist,
                any_side,
                ..
            } = near;
            for c in Color::BOTH {
                let demoter = self.has_tag(c.flip(), enemy) || (any_side && self.has_tag(c, enemy));
                if self.has_tag(c, victim) && demoter {
                    let near = |p: &Position, s: Sq, cell: Cell| {
                        p.variant.piece(cell.ptype()).extra.tags & victim != 0
                            && (p.tag_within(s, c.flip(), enemy, dist)
                                || (any_side && p.tag_within(s, c, enemy, dist)))
                    };
                    let list = self.squares_at(c, near);
                    for s in list.iter().copied().take_while(|s| !s.is_none()) {
                        let cell = self.board[s.idx()];
                        self.alter(s, Cell::piece(v.demoted[cell.ptype() as usize], c));
                    }
                }
            }
        }
    }

    /// Demotes every piece of `c` for which `pick` holds.
    fn demote_where(&mut self, c: Color, pick: impl Fn(&Position, Cell) -> bool) {
        let list = self.squares_where(c, pick);
        for s in list.iter().copied().take_while(|s| !s.is_none()) {
            let cell = self.board[s.idx()];
            let t = self.variant.demoted[cell.ptype() as usize];
            self.alter(s, Cell::piece(t, c));
        }
    }

    /// Squares of `c`'s pieces for which `pick` holds (ended by `Sq::NONE`).
    fn squares_where(
        &self,
        c: Color,
        pick: impl Fn(&Position, Cell) -> bool,
    ) -> [Sq; MAX_AFFECTED] {
        self.squares_at(c, |p, _, cell| pick(p, cell))
    }

    fn squares_at(
        &self,
        c: Color,
        pick: impl Fn(&Position, Sq, Cell) -> bool,
    ) -> [Sq; MAX_AFFECTED] {
        let mut out = [Sq::NONE; MAX_AFFECTED];
        let mut n = 0;
        for &s in self.pieces(c) {
            if n < MAX_AFFECTED && pick(self, s, self.board[s.idx()]) {
                out[n] = s;
                n += 1;
            }
        }
        out
    }

    /// A piece of `c` with one of `tags` stands within `dist` of `s`: on one of the 8 lines
    /// through it, pieces between ignored (ko.md 4.9, K11), or with `KoRules::within_area`
    /// anywhere in the square of Chebyshev radius `dist`.
    pub(crate) fn tag_within(&self, s: Sq, c: Color, tags: u8, dist: u8) -> bool {
        // The counts say at once whether any such piece is on the board.
        if !self.has_tag(c, tags) {
            return false;
        }
        let v = self.variant;
        let holds = |q: Sq| {
            let cell = self.board[q.idx()];
            cell.is_color(c) && v.piece(cell.ptype()).extra.tags & tags != 0
        };
        if v.demote_near.is_some_and(|d| d.area) {
            let (x, y) = (v.col[s.idx()] as i32, v.row[s.idx()] as i32);
            let d = dist as i32;
            return (y - d..=y + d).any(|yy| {
                (x - d..=x + d).any(|xx| {
                    xx >= 0
                        && yy >= 0
                        && (xx, yy) != (x, y)
                        && v.square(xx as usize, yy as usize).is_some_and(holds)
                })
            });
        }
        BOARD_DIRS.iter().any(|&d| {
            let off = v.vec_offset(d);
            let mut q = s;
            for _ in 0..dist {
                q = q.offset(off);
                if self.board[q.idx()] == Cell::WALL {
                    return false;
                }
                if holds(q) {
                    return true;
                }
            }
            false
        })
    }

    /// Changes the piece on `s` in place, recording it for `unmake`.
    fn alter(&mut self, s: Sq, new: Cell) {
        let old = self.board[s.idx()];
        self.effects.push(Effect::Altered(s, old));
        self.relocate(s, s, new);
    }
}
