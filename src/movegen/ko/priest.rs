//! The priest family of Ko shogi (ko.md 4.5): Taoist priest and Spiritual monk jump to one
//! of the 8 squares at distance 2 on a prime line, then may shoot one enemy piece adjacent
//! to the landing square; the Five-li fog and the Pure light may make two such jumps (the
//! second may return to the start), with a shot after each (K24 default). Displacement is
//! limited by the capture classes (only priests), shots by nothing. A move is its effect:
//! final square, displaced squares (written in `mid`), shot set (in firing order of the
//! first way found), promotion.

use crate::movement::Special;
use crate::position::Position;
use crate::types::{Move, PieceType, Sq};

/// The 8 priest jumps as board vectors.
const PRIEST_JUMPS: [(i8, i8); 8] = [
    (0, -2),
    (2, -2),
    (2, 0),
    (2, 2),
    (0, 2),
    (-2, 2),
    (-2, 0),
    (-2, -2),
];

/// Most shot choices after one jump: none or one of 8 neighbours.
const SHOT_CHOICES: usize = 9;

impl Position {
    /// Enemy pieces adjacent to `at`, except those in `gone`; `Sq::NONE` first (no shot).
    fn adjacent_targets(&self, at: Sq, gone: &[Sq], out: &mut [Sq; SHOT_CHOICES]) -> usize {
        let them = self.side_to_move().flip();
        out[0] = Sq::NONE;
        let mut n = 1;
        for d in crate::movement::KING_VECS {
            let s = at.offset(self.variant.vec_offset(d));
            if self.cell(s).is_color(them) && !gone.contains(&s) {
                out[n] = s;
                n += 1;
            }
        }
        n
    }

    /// Same effect: destination, displaced squares and shot set (orders ignored).
    fn same_effect(a: &Move, b: &Move) -> bool {
        let set = |xs: &[Sq]| {
            let mut v: Vec<Sq> = xs.iter().copied().filter(|s| !s.is_none()).collect();
            v.sort();
            v
        };
        a.to == b.to
            && a.flags == b.flags
            && set(&a.mid) == set(&b.mid)
            && set(&a.shots) == set(&b.shots)
    }

    /// The moves of a priest-family piece on `from` with up to `jumps` jumps. Returns its
    /// pass (out and back without capturing or shooting), if it has one. `power` is the
    /// piece's `Special::Priest`, its rule options chosen at build.
    pub(super) fn generate_priest(
        &self,
        t: PieceType,
        from: Sq,
        power: Special,
        quiets: bool,
        start: usize,
        out: &mut Vec<Move>,
    ) -> Option<Move> {
        let Special::Priest {
            jumps,
            stationary,
            shots_promote,
            end_shots,
        } = power
        else {
            return None;
        };
        let us = self.side_to_move();
        let v = self.variant;
        let landable = |s: Sq| {
            let c = self.cell(s);
            c.is_empty() || (c.is_piece() && c.color() != us && v.may_take(t, c.ptype()))
        };
        let no_shot_promo = !shots_promote;
        // `victims` lists the displaced squares, then the `nshots` shot targets.
        let push = |mv: Move, victims: &[Sq], nshots: usize, out: &mut Vec<Move>| {
            if !quiets && victims.is_empty() {
                return;
            }
            let counted = if no_shot_promo {
                &victims[..victims.len() - nshots]
            } else {
                victims
            };
            let choice = self.ko_choice(t, from, mv.to, counted);
            let before = out.len();
            Position::push_with_choice(mv, choice, out);
            // Drop the versions whose effect is already listed.
            let mut i = before;
            while i < out.len() {
                let m = out[i];
                if out[start..before]
                    .iter()
                    .any(|o| Position::same_effect(o, &m))
                {
                    out.remove(i);
                } else {
                    i += 1;
                }
            }
        };
        let mut pass = None;
        let mut first_shots = [Sq::NONE; SHOT_CHOICES];
        let mut second_shots = [Sq::NONE; SHOT_CHOICES];
        let mut third_shots = [Sq::NONE; SHOT_CHOICES];
        // K24 `ko_fogshots=end` (`end_shots`): a fog or light shoots up to twice after its
        // last leg only.
        if stationary {
            // K8: one adjacent shot per jump the piece has, without moving.
            let n1 = self.adjacent_targets(from, &[], &mut first_shots);
            for &s1 in &first_shots[1..n1] {
                let mut mv = Move::new(from, from);
                mv.shots[0] = s1;
                push(mv, &[s1], 1, out);
                if jumps >= 2 {
                    let n2 = self.adjacent_targets(from, &[s1], &mut second_shots);
                    for &s2 in &second_shots[1..n2] {
                        mv.shots[1] = s2;
                        push(mv, &[s1, s2], 2, out);
                    }
                }
            }
        }
        for d1 in PRIEST_JUMPS {
            let m = from.offset(v.vec_offset(d1));
            if !landable(m) {
                continue;
            }
            let took_m = self.cell(m).is_piece();
            let n1 = self.adjacent_targets(m, &[m], &mut first_shots);
            for &s1 in &first_shots[..n1] {
                let mut victims = [Sq::NONE; 4];
                let mut nv = 0;
                let mut mv = Move::new(from, m);
                if took_m {
                    victims[nv] = m;
                    nv += 1;
                }
                let mut nshots = 0;
                if !s1.is_none() {
                    mv.shots[0] = s1;
                    victims[nv] = s1;
                    nv += 1;
                    nshots += 1;
                }
                push(mv, &victims[..nv], nshots, out);
                if end_shots && !s1.is_none() {
                    // K24 `end`: both shots after the last leg, here the only one.
                    let n = self.adjacent_targets(m, &[m, s1], &mut third_shots);
                    for &s2 in &third_shots[1..n] {
                        let mut both = mv;
                        both.shots[1] = s2;
                        let mut vs = victims;
                        vs[nv] = s2;
                        push(both, &vs[..nv + 1], nshots + 1, out);
                    }
                }
                // With shots at the end, a shot after the first jump ends the move.
                if jumps < 2 || (end_shots && !s1.is_none()) {
                    continue;
                }
                for d2 in PRIEST_JUMPS {
                    let to = m.offset(v.vec_offset(d2));
                    if to != from && !landable(to) {
                        continue;
                    }
                    let took_to = to != from && self.cell(to).is_piece();
                    let n2 = self.adjacent_targets(to, &[m, s1, to], &mut second_shots);
                    for &s2 in &second_shots[..n2] {
                        let mut mv2 = Move::new(from, to);
                        let mut nv2 = nv;
                        let mut nshots2 = nshots;
                        let mut victims2 = victims;
                        if took_m {
                            mv2.mid[0] = m;
                        }
                        mv2.shots[0] = s1;
                        if took_to {
                            victims2[nv2] = to;
                            nv2 += 1;
                        }
                        if !s2.is_none() {
                            if s1.is_none() {
                                mv2.shots[0] = s2;
                            } else {
                                mv2.shots[1] = s2;
                            }
                            victims2[nv2] = s2;
                            nv2 += 1;
                            nshots2 += 1;
                        }
                        if to == from && nv2 == 0 {
                            if pass.is_none() {
                                let mut p = Move::new(from, from);
                                p.mid[0] = m;
                                pass = Some(p);
                            }
                            continue;
                        }
                        // Displaced squares first, then the shots.
                        let mut k = 0;
                        for sq in [m, to, s1, s2] {
                            let displaced = (sq == m && took_m) || (sq == to && took_to);
                            let shot = !sq.is_none() && (sq == s1 || sq == s2);
                            if displaced || shot {
                                victims2[k] = sq;
                                k += 1;
                            }
                        }
                        debug_assert_eq!(k, nv2);
                        push(mv2, &victims2[..nv2], nshots2, out);
                        if end_shots && !s2.is_none() {
                            let n = self.adjacent_targets(to, &[m, s2, to], &mut third_shots);
                            for &s3 in &third_shots[1..n] {
                                let mut both = mv2;
                                both.shots[1] = s3;
                                let mut vs = victims2;
                                vs[nv2] = s3;
                                push(both, &vs[..nv2 + 1], nshots2 + 1, out);
                            }
                        }
                    }
                }
            }
        }
        pass
    }
}
