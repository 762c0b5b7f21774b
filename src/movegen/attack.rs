//! Attack tests: can a side capture on a square? Used by the Lion-protection rule, the
//! bare-King rule, repetition ("attacking move"), the search's pruning guards and the
//! recapture test of quiescence.
//!
//! "`by` attacks `s`" means: with `by` to move, some generated move of `by` removes the
//! piece on `s` (`Position::captures`). Where the variant's powers are plain movement
//! (`Variant::exact_attacks`: Chu, Tai, Yanxin without Moon Fairies) the geometric tests
//! below answer that without generating moves (the Lion-trading rules aside, which forbid
//! some Lion captures the geometry allows); elsewhere (Ko's shots, double movers, walks,
//! priests, burning; Yanxin's automatic captures) the answer comes from the generated
//! captures themselves.

use crate::position::Position;
use crate::types::{Cell, Color, Move, Sq};
use crate::variant::BOARD_DIRS;

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
        if pm.jump_vecs.contains(&(dx, dy)) || pm.bent_lion_vecs.contains(&(dx, dy)) {
            return true;
        }
        // Leaping rides ignore whatever stands in between.
        for &(rx, ry, range) in &pm.leap_ride_vecs {
            let k = if rx != 0 { dx / rx } else { dy / ry };
            if k >= 1 && dx == k * rx && dy == k * ry && k as u32 <= range as u32 {
                return true;
            }
        }
        for &(lx, ly) in &pm.lion_dog_vecs {
            if (1..=3).any(|k| dx == k * lx && dy == k * ly) {
                return true;
            }
        }
        let rides = pm.rides.iter().zip(&pm.ride_vecs);
        let far = pm.far_rides.iter().map(|(o, r, _)| (*o, *r));
        let far = far.zip(pm.far_ride_vecs.iter().copied());
        for ((off, _), (rx, ry, range)) in rides.map(|(a, b)| (*a, *b)).chain(far) {
            let k = if rx != 0 { dx / rx } else { dy / ry };
            if k < 1 || dx != k * rx || dy != k * ry || k as u32 > range as u32 {
                continue;
            }
            if self.path_clear(from, off, k as u8 - 1, o) {
                return true;
            }
        }
        if !pm.hooks.is_empty() && self.hook_attacks(cell, from, target, o) {
            return true;
        }
        if pm.emperor {
            // The Emperor's captures depend on the board, not on the overlay.
            return self.emperor_may_capture(from, target, &self.army_scan());
        }
        false
    }

    /// The `n` squares after `from` along `off` are empty (as seen through `o`).
    #[inline]
    fn path_clear(&self, from: Sq, off: i16, n: u8, o: &Overlay) -> bool {
        let mut s = from;
        for _ in 0..n {
            s = s.offset(off);
            if self.occupied_with(s, o) {
                return false;
            }
        }
        true
    }

    /// Can the hook mover `cell` on `from` capture on `target` (tai.md 4.5)?
    pub fn hook_attacks(&self, cell: Cell, from: Sq, target: Sq, o: &Overlay) -> bool {
        let v = self.variant;
        let pm = &v.moves[cell.color().index()][cell.ptype() as usize];
        let dx = (v.col[target.idx()] - v.col[from.idx()]) as i32;
        let dy = (v.row[target.idx()] - v.row[from.idx()]) as i32;
        let stride = v.stride as i16;
        for (i, &((ax, ay), turns)) in pm.hook_vecs.iter().enumerate() {
            let (ax, ay) = (ax as i32, ay as i32);
            let d1 = pm.hooks[i].0;
            // Straight along the first leg.
            let k = if ax != 0 { dx / ax } else { dy / ay };
            if k >= 1 && dx == k * ax && dy == k * ay && self.path_clear(from, d1, k as u8 - 1, o) {
                return true;
            }
            // target = from + k1 * a + k2 * b with k1, k2 >= 1, turning on an empty square.
            for (bx, by) in turns {
                let (bx, by) = (bx as i32, by as i32);
                let det = ax * by - ay * bx;
                let (n1, n2) = (dx * by - dy * bx, ax * dy - ay * dx);
                if det == 0 || n1 % det != 0 || n2 % det != 0 {
                    continue;
                }
                let (k1, k2) = (n1 / det, n2 / det);
                if k1 < 1 || k2 < 1 {
                    continue;
                }
                let turn = from.offset(d1 * k1 as i16);
                let d2 = (by as i16) * stride + bx as i16;
                if self.path_clear(from, d1, k1 as u8, o)
                    && self.path_clear(turn, d2, k2 as u8 - 1, o)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Is `target` attacked by a non-Emperor piece of colour `by`, seen through `o`
    /// (pieces on `o.empties` do not count)? A reverse lookup: the box of unconditional
    /// reaches around `target`, one walk along each of the 8 lines for rides, and the hook
    /// movers `hooks` of `by` one by one. Falls back to the piece scan where the variant
    /// has rides the walks cannot see.
    pub fn attacked_near(&self, target: Sq, by: Color, o: &Overlay, hooks: &[Sq]) -> bool {
        let v = self.variant;
        let skip = |s: Sq| s == o.empties[0] || s == o.empties[1];
        if !v.fast_attacks {
            return self.pieces(by).iter().any(|&s| {
                let c = self.cell(s);
                !skip(s)
                    && !v.moves[0][c.ptype() as usize].emperor
                    && self.piece_attacks(c, s, target, o)
            });
        }
        let moves = &v.moves[by.index()];
        for &(off, bit) in &v.near_vecs[by.index()] {
            let a = target.offset(-off);
            let c = self.cell(a);
            if c.is_color(by) && moves[c.ptype() as usize].near_mask & bit != 0 && !skip(a) {
                return true;
            }
        }
        let stride = v.stride as i16;
        for (i, &(dx, dy)) in BOARD_DIRS.iter().enumerate() {
            // Walk from the target back towards a piece riding along (dx, dy).
            let back = -(dy as i16 * stride + dx as i16);
            let mut s = target.offset(back);
            let mut k = 1u8;
            while !self.occupied_with(s, o) {
                s = s.offset(back);
                k += 1;
            }
            // Distance 1 is in the box; beyond it only the first piece met can ride here.
            if k >= 2 && s != o.filled {
                let c = self.cell(s);
                if c.is_color(by) && moves[c.ptype() as usize].ride_reach[i] >= k {
                    return true;
                }
            }
        }
        hooks
            .iter()
            .any(|&h| !skip(h) && self.hook_attacks(self.cell(h), h, target, o))
    }

    /// Is `target` attacked by a piece of colour `by`? Pieces on `o.empties` do not count.
    /// An overlay is read only by the geometric tests (the Lion-trading rules of Chu);
    /// elsewhere the board is taken as it stands.
    pub fn attacked_by(&self, target: Sq, by: Color, o: &Overlay) -> bool {
        if !self.variant.exact_attacks {
            return self.as_mover(by, |p| p.generated_attacker(target).is_some());
        }
        if self.variant.reverse_attacks {
            // Look outwards from the target instead of asking every piece.
            if !self.variant.special_attackers {
                return self.attacked_near(target, by, o, &[]);
            }
            let scan = self.army_scan();
            if self.attacked_near(target, by, o, &scan.hooks[by.index()]) {
                return true;
            }
            let e = scan.emperor[by.index()];
            return !e.is_none()
                && e != o.empties[0]
                && e != o.empties[1]
                && self.emperor_may_capture(e, target, &scan);
        }
        self.pieces(by)
            .iter()
            .any(|&s| s != o.empties[0] && s != o.empties[1] && self.geometric_attack(s, target, o))
    }

    /// The piece on `s` can capture on `target` by its movement (a frozen piece attacks
    /// nothing, yanxin.md 4.5).
    #[inline]
    fn geometric_attack(&self, s: Sq, target: Sq, o: &Overlay) -> bool {
        !(self.variant.has_freezers && self.is_frozen(s))
            && self.piece_attacks(self.cell(s), s, target, o)
    }

    /// The pieces of `by` that attack `target` (the reverse lookup), each once, in piece
    /// list order.
    pub fn attackers(&self, target: Sq, by: Color) -> Vec<Sq> {
        if !self.variant.exact_attacks {
            return self.as_mover(by, |p| {
                let mut moves = Vec::with_capacity(256);
                p.generate_captures(&mut moves);
                let mut out: Vec<Sq> = Vec::new();
                for &s in p.pieces(by) {
                    let hits = |m: &Move| m.from == s && p.captures(m).contains(&target);
                    if moves.iter().any(hits) {
                        out.push(s);
                    }
                }
                out
            });
        }
        self.pieces(by)
            .iter()
            .copied()
            .filter(|&s| self.geometric_attack(s, target, &Overlay::NONE))
            .collect()
    }

    /// Runs `f` on this position with `by` to move: the position itself, or a copy with
    /// the side switched.
    fn as_mover<R>(&self, by: Color, f: impl FnOnce(&Position) -> R) -> R {
        if self.side_to_move() == by {
            return f(self);
        }
        let mut p = self.clone();
        p.set_side_to_move(by);
        f(&p)
    }

    /// A generated move of the side to move that removes the piece on `target`.
    fn generated_attacker(&self, target: Sq) -> Option<Move> {
        let mut moves = Vec::with_capacity(256);
        self.generate_captures(&mut moves);
        moves
            .into_iter()
            .find(|m| self.captures(m).contains(&target))
    }

    /// After `m` (a generated move of the side to move), could the opponent remove the
    /// moved piece from where it then stands? The static-exchange guard of quiescence.
    pub fn exposed_after(&self, m: &Move) -> bool {
        self.exposed_unmade(m).unwrap_or_else(|| {
            let mut p = self.clone();
            p.make(*m);
            p.mover_exposed(m)
        })
    }

    /// `exposed_after` where it can be answered without making the move (plain moves where
    /// the geometry is exact); None where the move must be made first (`mover_exposed`).
    pub fn exposed_unmade(&self, m: &Move) -> Option<bool> {
        let plain = m.mid[1].is_none() && m.shots[0].is_none() && m.drop == 0;
        (self.variant.exact_attacks && plain).then(|| {
            let o = Overlay {
                empties: [m.from, m.mid[0]],
                filled: m.to,
            };
            self.attacked_by(m.to, self.side_to_move().flip(), &o)
        })
    }

    /// `exposed_after` on the position after `m` was made (the opponent to move): can the
    /// piece that moved be removed where it now stands? Cheaper than `exposed_after` where
    /// the move is to be made anyway (no copy of the position).
    pub fn mover_exposed(&self, m: &Move) -> bool {
        let mover = self.side_to_move().flip();
        // The mover may be gone already (burnt, or taken by a Moon Fairy).
        self.cell(m.to).is_color(mover) && self.generated_or_geometric(m.to)
    }

    /// With the side to move as the attacker, `attacked_by` without a second copy.
    fn generated_or_geometric(&self, target: Sq) -> bool {
        if self.variant.exact_attacks {
            self.attacked_by(target, self.side_to_move(), &Overlay::NONE)
        } else {
            self.generated_attacker(target).is_some()
        }
    }

    /// Is `target` attacked by `by` on the board as it stands?
    pub fn is_attacked(&self, target: Sq, by: Color) -> bool {
        self.attacked_by(target, by, &Overlay::NONE)
    }

    /// Does `by` attack any royal piece of the other side?
    pub fn attacks_royal(&self, by: Color) -> bool {
        let them = by.flip();
        let v = self.variant;
        if !v.exact_attacks {
            // One generation for all royals.
            return self.as_mover(by, |p| {
                let mut moves = Vec::with_capacity(256);
                p.generate_captures(&mut moves);
                moves.iter().any(|m| {
                    p.captures(m)
                        .iter()
                        .any(|&s| v.piece(p.cell(s).ptype()).royal)
                })
            });
        }
        self.royals(them).any(|s| self.is_attacked(s, by))
    }
}
