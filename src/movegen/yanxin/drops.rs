//! Drops (yanxin.md 6): a piece from hand, unpromoted, onto any empty square, except a
//! Pawn on a file holding an unpromoted Pawn of the dropper (nifu 二歩) and a Pawn drop
//! that mates the royal in front of it (uchifuzume 打歩詰, as 6 defines it). Dead squares,
//! squares beside an enemy Yanxin (frozen) or Moon Fairy (the piece dies) are allowed.

use crate::position::Position;
use crate::types::{Move, PieceType, Sq, MAX_EDGE};

impl Position {
    /// Appends the legal drops of the side to move; without `mate_test` Pawn drops are
    /// checked for nifu only.
    pub(super) fn generate_drops(&self, mate_test: bool, out: &mut Vec<Move>) {
        let us = self.side_to_move();
        if self.hand_value(us) == 0 {
            return;
        }
        let v = self.variant;
        let pawn = v.drop_pawn.filter(|&p| self.hand(us, p) > 0);
        let mut pawn_files = [false; MAX_EDGE];
        if let Some(p) = pawn {
            for &s in self.pieces(us) {
                if self.cell(s).ptype() == p {
                    pawn_files[v.col[s.idx()] as usize] = true;
                }
            }
        }
        for t in 0..v.hand_kinds as PieceType {
            if self.hand(us, t) == 0 {
                continue;
            }
            let is_pawn = pawn == Some(t);
            for s in v.squares() {
                if !self.cell(s).is_empty() {
                    continue;
                }
                if is_pawn
                    && (pawn_files[v.col[s.idx()] as usize]
                        || (mate_test && self.pawn_drop_mates(t, s)))
                {
                    continue;
                }
                out.push(Move {
                    to: s,
                    drop: t + 1,
                    ..Move::default()
                });
            }
        }
    }

    /// Uchifuzume as yanxin.md 6 defines it: after the drop of Pawn `pawn` on `s` is fully
    /// resolved, the game goes on, the Pawn stands unfrozen on `s` facing an enemy royal R,
    /// and every legal reply leaves R gone or removable by a legal move of the dropper. A
    /// reply that wins outright is an escape. Tested per royal. One level deep: the replies'
    /// own Pawn drops count without their drop-mate test (the exact rule would test them
    /// again, and so on through both hands, exponentially), and "attacked" looks only at
    /// board moves, as a drop removes nothing.
    fn pawn_drop_mates(&self, pawn: PieceType, s: Sq) -> bool {
        let us = self.side_to_move();
        let them = us.flip();
        let v = self.variant;
        let front = s.offset(v.king_offsets[us.index()][0]);
        let is_royal_of_them = |p: &Position, sq: Sq| {
            let c = p.cell(sq);
            c.is_color(them) && v.piece(c.ptype()).royal
        };
        // Cheap filter first: only a drop right in front of a royal can mate.
        if !is_royal_of_them(self, front) {
            return false;
        }
        let mut p = self.clone();
        p.make(Move {
            to: s,
            drop: pawn + 1,
            ..Move::default()
        });
        let pawn_cell = crate::types::Cell::piece(pawn, us);
        if p.royal_count(us) == 0
            || p.royal_count(them) == 0
            || p.cell(s) != pawn_cell
            || p.is_frozen(s)
            || !is_royal_of_them(&p, front)
        {
            return false;
        }
        let mut replies = Vec::with_capacity(256);
        p.generate_nested(super::Drops::Unchecked, &mut replies);
        for m in replies {
            p.make(m);
            let r = if m.drop == 0 && m.from == front {
                m.to
            } else {
                front
            };
            let escaped = if p.royal_count(us) == 0 {
                true
            } else if !is_royal_of_them(&p, r) {
                false
            } else {
                !p.can_remove_any(&[r])
            };
            p.unmake();
            if escaped {
                return false;
            }
        }
        true
    }
}
