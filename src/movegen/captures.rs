//! The single truth about captures: which enemy pieces a move removes (`captures`), read
//! from the move itself (every intermediate square, the destination, the shots) and from
//! the end-of-move effects the variant's data switches on (burning and the Clerk's
//! promotion in Ko, the Moon Fairy's automatic captures in Yanxin), each mirrored from the
//! code in `position/effects.rs` and `position/side_effects.rs` that performs them.
//! Search, ordering and the attack tests (`attack.rs`) read captures only from here; the
//! property tests check it against what `make` removes.

use crate::position::Position;
use crate::types::{Cell, Move, Sq};
use arrayvec::ArrayVec;

/// The squares of the enemy pieces one move removes. Direct captures come first, in the
/// order `make` takes them; effects after.
pub type Victims = ArrayVec<Sq, 64>;

impl Position {
    /// The enemy pieces (of the side not to move) that `m`, one of this position's
    /// generated moves, removes from the board.
    pub fn captures(&self, m: &Move) -> Victims {
        let mut out = Victims::new();
        self.direct_victims(m, &mut out);
        if self.variant.capture_effects {
            self.effect_victims(m, &mut out);
        }
        out
    }

    /// `captures` in a variant without end-of-move capture effects, where only the move's
    /// own squares (at most 7) can hold victims: a short list, cheap to return.
    #[inline]
    pub fn direct_captures(&self, m: &Move) -> ArrayVec<Sq, 8> {
        debug_assert!(!self.variant.capture_effects);
        let mut out = ArrayVec::new();
        self.direct_victims(m, &mut out);
        out
    }

    /// `m` removes at least one enemy piece (`captures` is not empty), without building
    /// the list where the move alone decides.
    #[inline]
    pub fn is_capture(&self, m: &Move) -> bool {
        if self.variant.capture_effects {
            return !self.captures(m).is_empty();
        }
        if m.drop != 0 {
            return false;
        }
        let them = self.side_to_move().flip();
        if m.to != m.from && self.cell(m.to).is_color(them) {
            return true;
        }
        m.mid
            .iter()
            .chain(&m.shots)
            .take_while(|s| !s.is_none())
            .any(|&s| self.cell(s).is_color(them))
    }

    /// Enemy pieces on the move's own squares: intermediate squares (Lion, Lion Dog,
    /// double movers), the destination, the shots.
    #[inline]
    fn direct_victims<const N: usize>(&self, m: &Move, out: &mut ArrayVec<Sq, N>) {
        if m.drop != 0 {
            return;
        }
        let them = self.side_to_move().flip();
        let mids = m.mid.iter().take_while(|s| !s.is_none());
        let dest = (m.to != m.from).then_some(m.to);
        let shots = m.shots.iter().take_while(|s| !s.is_none());
        for s in mids.chain(dest.iter()).chain(shots) {
            if self.cell(*s).is_color(them) && !out.contains(s) {
                out.push(*s);
            }
        }
    }

    /// The cell on `s` once `m`'s own captures are taken and the mover stands on `m.to`
    /// (before any end-of-move effect).
    fn cell_after(&self, m: &Move, direct: &[Sq], s: Sq) -> Cell {
        if s == m.to {
            return self.arriving_cell(m);
        }
        if (m.drop == 0 && s == m.from) || direct.contains(&s) {
            return Cell::EMPTY;
        }
        self.cell(s)
    }

    /// The piece standing on `m.to` after the move: dropped, moved, or promoted.
    fn arriving_cell(&self, m: &Move) -> Cell {
        let us = self.side_to_move();
        if m.drop != 0 {
            return Cell::piece(m.drop - 1, us);
        }
        let moved = self.cell(m.from);
        match self.variant.piece(moved.ptype()).promotes_to {
            Some(p) if m.promotes() => Cell::piece(p, us),
            _ => moved,
        }
    }

    /// Enemy pieces removed by the end-of-move effects (`Variant::capture_effects`).
    #[inline(never)]
    fn effect_victims(&self, m: &Move, out: &mut Victims) {
        let direct: ArrayVec<Sq, 8> = out.iter().copied().take(8).collect();
        if self.variant.extras && m.drop == 0 {
            self.burn_victims(m, &direct, out);
        }
        if self.variant.has_auto_capture {
            self.fairy_victims(m, &direct, out);
        }
    }

    /// Ko (`position/effects.rs`): a burner removes every piece around its final square;
    /// a promoting Clerk removes every enemy burner.
    fn burn_victims(&self, m: &Move, direct: &[Sq], out: &mut Victims) {
        let v = self.variant;
        let them = self.side_to_move().flip();
        let def = &v.piece(self.cell(m.from).ptype()).extra;
        let add = |s: Sq, out: &mut Victims| {
            if self.cell_after(m, direct, s).is_color(them) && !out.contains(&s) {
                let _ = out.try_push(s);
            }
        };
        if def.burns {
            for off in v.king_offsets[0] {
                add(m.to.offset(off), out);
            }
        }
        if m.promotes() && def.on_promote_kills_burners {
            for &s in self.pieces(them) {
                if v.piece(self.cell(s).ptype()).extra.burns {
                    add(s, out);
                }
            }
        }
    }

    /// Yanxin (`position/side_effects.rs`, yanxin.md 4.6): unless the game ended with the
    /// direct captures or the mover dies next to an active enemy Moon Fairy (step 1), a
    /// Moon Fairy that moved without promoting takes every enemy piece around it (step 2).
    /// Step 3 only ever removes the mover's own pieces.
    fn fairy_victims(&self, m: &Move, direct: &[Sq], out: &mut Victims) {
        let v = self.variant;
        let them = self.side_to_move().flip();
        let royals_taken = direct
            .iter()
            .filter(|&&s| v.piece(self.cell(s).ptype()).royal)
            .count();
        if self.royal_count(them) as usize <= royals_taken {
            return;
        }
        let d = m.to;
        let pending = self.pending_square().unwrap_or(Sq::NONE);
        let fairy = |c: Cell| c.is_piece() && v.auto_captures[c.ptype() as usize];
        let dies = v.king_offsets[0].iter().any(|&off| {
            let n = d.offset(off);
            let c = self.cell_after(m, direct, n);
            n != pending && c.is_color(them) && fairy(c)
        });
        if dies || m.promotes() || !fairy(self.arriving_cell(m)) {
            return;
        }
        for off in v.king_offsets[0] {
            let n = d.offset(off);
            if self.cell_after(m, direct, n).is_color(them) && !out.contains(&n) {
                out.push(n);
            }
        }
    }
}
