//! Walking capturers of Ko shogi (ko.md 4.1): the Thunderclap's walk of exactly `steps`
//! orthogonal steps with free turns (K5), and the Banner-waver's sweep along one orthogonal
//! line of 1..=`range` squares (K6), both capturing every enemy entered and blocked by
//! friends. A move is its effect (destination, captured squares): `mid` lists the captured
//! squares other than `to` in the order of the first walk found trying up (towards rank a),
//! right (towards file 1), down, left at every step (ko.md 8.2).

use crate::movement::WalkShape;
use crate::position::Position;
use crate::types::{Move, PieceType, Sq};

/// Board directions in the canonical order: up, right, down, left.
const WALK_DIRS: [(i8, i8); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// Most squares a walk captures (the Thunderclap: five).
const MAX_WALK: usize = 5;

/// State of one walk in progress.
struct Walk {
    from: Sq,
    steps: u8,
    /// The walk may stop after any step (K5 `upto5`, K6 `area`).
    any_length: bool,
    path: [Sq; MAX_WALK],
    captured: [Sq; MAX_WALK],
    ncaptured: usize,
}

impl Position {
    /// A square the walker may enter now: empty, emptied earlier in this move (the start
    /// square, a captured square), or an enemy it may capture (true when it captures).
    fn walk_entry(&self, t: PieceType, w: &Walk, s: Sq) -> Option<bool> {
        if s == w.from || w.captured[..w.ncaptured].contains(&s) {
            return Some(false);
        }
        let c = self.cell(s);
        if c.is_empty() {
            Some(false)
        } else if c.is_piece()
            && c.color() != self.side_to_move()
            && self.variant.may_take(t, c.ptype())
        {
            Some(true)
        } else {
            None
        }
    }

    /// The walks of `Special::Walk` from `from`: exact or up to `steps` orthogonal steps
    /// with free turns (Thunderclap, area Banner-waver), the gukai walk, or a sweep along
    /// one line (Banner-waver).
    pub(super) fn generate_walk_shape(
        &self,
        t: PieceType,
        from: Sq,
        steps: u8,
        shape: WalkShape,
        quiets: bool,
        out: &mut Vec<Move>,
    ) {
        match shape {
            WalkShape::Exact => self.generate_walk(t, from, steps, false, quiets, out),
            WalkShape::UpTo => self.generate_walk(t, from, steps, true, quiets, out),
            WalkShape::Gukai => self.generate_gukai(t, from, quiets, out),
            WalkShape::Line => self.generate_sweep(t, from, steps, quiets, out),
        }
    }

    /// Walks of `steps` orthogonal steps (or 1..=`steps` with `any_length`).
    fn generate_walk(
        &self,
        t: PieceType,
        from: Sq,
        steps: u8,
        any_length: bool,
        quiets: bool,
        out: &mut Vec<Move>,
    ) {
        let mut w = Walk {
            from,
            steps,
            any_length,
            path: [Sq::NONE; MAX_WALK],
            captured: [Sq::NONE; MAX_WALK],
            ncaptured: 0,
        };
        let start = out.len();
        self.walk_step(t, &mut w, from, 0, quiets, start, out);
    }

    /// K5 `gukai`: two steps straight, two along a perpendicular direction, one more along
    /// either of the two; the same entry rules as the walk.
    fn generate_gukai(&self, t: PieceType, from: Sq, quiets: bool, out: &mut Vec<Move>) {
        let start = out.len();
        for d1 in WALK_DIRS {
            for d2 in WALK_DIRS {
                if d1.0 * d2.0 + d1.1 * d2.1 != 0 {
                    continue;
                }
                for last in [d1, d2] {
                    let mut w = Walk {
                        from,
                        steps: 5,
                        any_length: false,
                        path: [Sq::NONE; MAX_WALK],
                        captured: [Sq::NONE; MAX_WALK],
                        ncaptured: 0,
                    };
                    let mut at = from;
                    let mut ok = true;
                    for (i, d) in [d1, d1, d2, d2, last].into_iter().enumerate() {
                        let s = at.offset(self.variant.vec_offset(d));
                        match self.walk_entry(t, &w, s) {
                            None => {
                                ok = false;
                                break;
                            }
                            Some(capture) => {
                                w.path[i] = s;
                                if capture {
                                    w.captured[w.ncaptured] = s;
                                    w.ncaptured += 1;
                                }
                                at = s;
                            }
                        }
                    }
                    if ok && (quiets || w.ncaptured > 0) {
                        self.push_walk(&w, at, start, out);
                    }
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn walk_step(
        &self,
        t: PieceType,
        w: &mut Walk,
        at: Sq,
        depth: usize,
        quiets: bool,
        start: usize,
        out: &mut Vec<Move>,
    ) {
        let done = depth == w.steps as usize;
        if (done || (w.any_length && depth > 0)) && at != w.from && (quiets || w.ncaptured > 0) {
            self.push_walk(w, at, start, out);
        }
        if done {
            return;
        }
        for d in WALK_DIRS {
            let s = at.offset(self.variant.vec_offset(d));
            let Some(capture) = self.walk_entry(t, w, s) else {
                continue;
            };
            w.path[depth] = s;
            if capture {
                w.captured[w.ncaptured] = s;
                w.ncaptured += 1;
            }
            self.walk_step(t, w, s, depth + 1, quiets, start, out);
            if capture {
                w.ncaptured -= 1;
            }
        }
    }

    /// Pushes the walk ending on `to` unless a walk with the same effect came first.
    fn push_walk(&self, w: &Walk, to: Sq, start: usize, out: &mut Vec<Move>) {
        let mut mv = Move::new(w.from, to);
        let mut n = 0;
        for &c in &w.captured[..w.ncaptured] {
            if c != to {
                mv.mid[n] = c;
                n += 1;
            }
        }
        let same = |m: &Move| {
            m.to == to && {
                let mut a: Vec<Sq> = m.mid.iter().copied().filter(|s| !s.is_none()).collect();
                let mut b: Vec<Sq> = mv.mid[..n].to_vec();
                a.sort();
                b.sort();
                a == b
            }
        };
        if !out[start..].iter().any(same) {
            out.push(mv);
        }
    }

    /// Sweeps along one orthogonal line of 1..=`range` squares (Banner-waver).
    fn generate_sweep(&self, t: PieceType, from: Sq, range: u8, quiets: bool, out: &mut Vec<Move>) {
        for d in WALK_DIRS {
            let off = self.variant.vec_offset(d);
            let mut mv = Move::new(from, from);
            let mut n = 0;
            let mut s = from;
            for _ in 0..range {
                s = s.offset(off);
                let c = self.cell(s);
                let capture = if c.is_empty() {
                    false
                } else if c.is_piece()
                    && c.color() != self.side_to_move()
                    && self.variant.may_take(t, c.ptype())
                {
                    true
                } else {
                    break;
                };
                mv.to = s;
                if quiets || capture || n > 0 {
                    out.push(mv);
                }
                if capture {
                    mv.mid[n] = s;
                    n += 1;
                }
            }
        }
    }
}
