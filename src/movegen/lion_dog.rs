//! Lion-Dog power (狛犬, tai.md 4.3): along each of its lines the piece reaches the first
//! three squares P1..P3. It may leap any prefix of the path and walk the rest, capturing
//! every enemy on the walked part and passing over friendly pieces there; it may go
//! P1 -> P2 -> P1 (out and back), take the piece on P1 without moving (igui) or pass.
//!
//! Moves are identified by (from, to, captured squares), so each distinct triple is
//! generated once: `mid` lists the captured squares before `to` in the order visited. For
//! an outward move ending on P_k the captured sets are the enemy on P_k (if any) plus a
//! suffix of the enemies on P1..P_{k-1}, one move per suffix. Out-and-back is distinct
//! from the one-step move only when P2 holds an enemy.

use crate::position::Position;
use crate::types::{Move, PieceType, Sq};

impl Position {
    /// Lion-Dog power of piece `t` on `from` along each of `lines` (first-step offsets).
    /// With `lion_too` the piece also has full Lion power, which already makes every move
    /// ending within two squares, igui and the pass: only the rest is generated here.
    pub(super) fn generate_lion_dog(
        &self,
        t: PieceType,
        from: Sq,
        lines: &[i16],
        lion_too: bool,
        quiets: bool,
        out: &mut Vec<Move>,
    ) {
        let us = self.side_to_move();
        let them = us.flip();
        let mut pass = Sq::NONE;
        for &d in lines {
            let path = [from.offset(d), from.offset(2 * d), from.offset(3 * d)];
            let cells = path.map(|s| self.cell(s));
            if !lion_too {
                if cells[0].is_color(them) {
                    self.push_lion_dog(t, from, &[path[0]], from, out);
                } else if cells[0].is_empty() && pass.is_none() {
                    pass = path[0];
                }
            }
            // Enemies on the squares before P_k, in path order.
            let mut enemies = [Sq::NONE; 2];
            let mut n_enemies = 0;
            for k in 0..3 {
                let (pk, ck) = (path[k], cells[k]);
                if !ck.is_empty() && !ck.is_piece() {
                    break; // off the board: no further squares on this line
                }
                if !ck.is_color(us) && (k == 2 || !lion_too) {
                    let final_capture = ck.is_piece();
                    for j in 0..=n_enemies {
                        if !quiets && !final_capture && j == n_enemies {
                            continue;
                        }
                        self.push_lion_dog(t, from, &enemies[j..n_enemies], pk, out);
                    }
                }
                if k < 2 && ck.is_color(them) {
                    enemies[n_enemies] = pk;
                    n_enemies += 1;
                }
            }
            // Out and back: P1 -> P2 -> P1, new only when it takes an enemy on P2.
            if cells[0].can_land(us) && cells[1].is_color(them) {
                if cells[0].is_piece() {
                    self.push_lion_dog(t, from, &[path[0], path[1]], path[0], out);
                } else {
                    self.push_lion_dog(t, from, &[path[1]], path[0], out);
                }
            }
        }
        if quiets && !pass.is_none() && self.variant.stages.passing {
            out.push(Move::two_leg(from, pass, from));
        }
    }

    /// Pushes the Lion-Dog move `from -> to` capturing on `mids` (and on `to` if an enemy
    /// stands there), with the promotion the capture brings.
    #[inline]
    fn push_lion_dog(&self, t: PieceType, from: Sq, mids: &[Sq], to: Sq, out: &mut Vec<Move>) {
        let mut mv = Move::new(from, to);
        mv.mid[..mids.len()].copy_from_slice(mids);
        let capture = !mids.is_empty() || (to != from && self.cell(to).is_piece());
        mv.flags = self.multi_leg_flags(t, capture);
        out.push(mv);
    }
}
