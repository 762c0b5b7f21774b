//! Shooting (Ko shogi, ko.md 4.6, 4.9, 5.2-5.3): after its leg, a bow or cannon-family
//! piece may remove enemy pieces on the 8 lines from its landing square without moving.
//! Bows and the Frankish cannon need a clear line; cannons shoot over any pieces except a
//! Shield unit or Heavenly fortress. Nothing shoots inside an enemy Five-li fog's aura
//! (same line, distance 1-5, pieces between ignored). Two shots (Frankish cannon, Divine
//! carriage) are one move per target set, written in firing order: a target after one that
//! blocked it, otherwise nearer first, then the lower rank letter, then the higher file.

use crate::movement::Special;
use crate::position::Position;
use crate::types::{Cell, Color, Move, PieceType, Sq};
use crate::variant::ko::{SHOT_SCREEN, TAG_FOG};
use crate::variant::BOARD_DIRS;

/// Most targets one shot can choose from (a cannon sees up to 5 per line).
const MAX_TARGETS: usize = 40;
/// Most landing squares of a shooter's leg (a carriage: 4 lines of 5).
const MAX_LEGS: usize = 32;

impl Position {
    /// An enemy Five-li fog (of `them`) is within 5 of `s` (ko.md 4.9, K11, K28).
    fn in_fog_aura(&self, s: Sq, them: Color) -> bool {
        self.tag_within(s, them, TAG_FOG, 5)
    }

    /// Shot targets from `at` with `gone` squares treated as empty (the shooter's start
    /// square, an earlier target). Returns how many were written to `targets`.
    #[allow(clippy::too_many_arguments)]
    fn shot_targets(
        &self,
        at: Sq,
        gone: [Sq; 2],
        range: u8,
        cannon: bool,
        immune: u8,
        targets: &mut [Sq; MAX_TARGETS],
    ) -> usize {
        let v = self.variant;
        let them = self.side_to_move().flip();
        let mut n = 0;
        for &d in &BOARD_DIRS {
            let off = v.vec_offset(d);
            let mut q = at;
            for _ in 0..range {
                q = q.offset(off);
                let c = self.cell(q);
                if c == Cell::WALL {
                    break;
                }
                if c.is_empty() || gone.contains(&q) {
                    continue;
                }
                let g = v.piece(c.ptype()).extra.shot_guard;
                if c.color() == them && g & immune == 0 {
                    targets[n] = q;
                    n += 1;
                }
                // Bows stop at any piece; cannons pass over pieces but not a screen.
                if !cannon || g & SHOT_SCREEN != 0 {
                    break;
                }
            }
        }
        n
    }

    /// Canonical order of two independent shot targets seen from `at`: nearer first, then
    /// the lower rank letter, then the higher file number (ko.md 8.2).
    fn shot_key(&self, at: Sq, s: Sq) -> (i8, i8, i8) {
        let v = self.variant;
        (v.distance(at, s), v.row[s.idx()], v.col[s.idx()])
    }

    /// Replaces the leg moves of the shooter on `from` (`out[start..]`) by every leg with
    /// every set of up to `shots` shots, each with its promotion versions. Without
    /// `quiets` only the moves that capture (by displacement or by a shot) are kept.
    /// `power` is the piece's `Special::Shooter`, its rule options chosen at build.
    pub(super) fn add_shots(
        &self,
        t: PieceType,
        from: Sq,
        power: Special,
        quiets: bool,
        start: usize,
        out: &mut Vec<Move>,
    ) {
        let mut legs = [Sq::NONE; MAX_LEGS];
        let mut nlegs = 0;
        for mv in &out[start..] {
            if !mv.promotes() && !legs[..nlegs].contains(&mv.to) {
                legs[nlegs] = mv.to;
                nlegs += 1;
            }
        }
        out.truncate(start);
        let Special::Shooter {
            range,
            shots,
            cannon,
            immune,
            stationary,
            shots_promote,
            fog_silences: silenced,
        } = power
        else {
            return;
        };
        // K8: shooting without moving is a leg that stays.
        if stationary && nlegs < MAX_LEGS {
            legs[nlegs] = from;
            nlegs += 1;
        }
        let them = self.side_to_move().flip();
        let no_shot_promo = !shots_promote;
        let mut first = [Sq::NONE; MAX_TARGETS];
        let mut second = [Sq::NONE; MAX_TARGETS];
        for &to in &legs[..nlegs] {
            let took = to != from && self.cell(to).is_piece();
            let mut victims = [to, Sq::NONE, Sq::NONE];
            let base = took as usize;
            if to != from && (quiets || took) {
                let choice = self.ko_choice(t, from, to, &victims[..base]);
                Position::push_with_choice(Move::new(from, to), choice, out);
            }
            if silenced && self.in_fog_aura(to, them) {
                continue;
            }
            let n1 = self.shot_targets(to, [from, Sq::NONE], range, cannon, immune, &mut first);
            for &a in &first[..n1] {
                let mut mv = Move::new(from, to);
                mv.shots[0] = a;
                victims[base] = a;
                let counted = if no_shot_promo { base } else { base + 1 };
                let choice = self.ko_choice(t, from, to, &victims[..counted]);
                Position::push_with_choice(mv, choice, out);
                if shots < 2 {
                    continue;
                }
                let n2 = self.shot_targets(to, [from, a], range, cannon, immune, &mut second);
                for &b in &second[..n2] {
                    let independent = first[..n1].contains(&b);
                    if independent && self.shot_key(to, b) < self.shot_key(to, a) {
                        continue;
                    }
                    mv.shots[1] = b;
                    victims[base + 1] = b;
                    let counted = if no_shot_promo { base } else { base + 2 };
                    let choice = self.ko_choice(t, from, to, &victims[..counted]);
                    Position::push_with_choice(mv, choice, out);
                }
            }
        }
    }
}
