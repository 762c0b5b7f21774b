//! Move generation: one generic walker over each piece's movement atoms, the Lion-power
//! generator (`lion`), promotion choices, and the Lion-trading legality rules (`trading`).
//!
//! Every generated move is legal except for the repetition rule, which needs the game
//! history and is applied by `Game` (there is no check rule in these games).

pub mod attack;
mod lion;
mod trading;

use crate::position::Position;
use crate::types::{Move, PieceType, Sq};
use crate::variant::LastRank;

/// Which promotion versions of a single-leg move exist.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PromotionChoice {
    /// Only the plain move.
    Never,
    /// Both the plain and the promoting move.
    Optional,
    /// Only the promoting move.
    Forced,
}

impl Position {
    /// All legal moves of the side to move (none when it has lost its royals).
    pub fn generate(&self, out: &mut Vec<Move>) {
        out.clear();
        let us = self.side_to_move();
        if self.royal_count(us) == 0 {
            return;
        }
        for &from in self.pieces(us) {
            self.generate_piece(from, true, out);
        }
    }

    /// Only the legal moves that capture something (for quiescence search).
    pub fn generate_captures(&self, out: &mut Vec<Move>) {
        out.clear();
        let us = self.side_to_move();
        if self.royal_count(us) == 0 {
            return;
        }
        for &from in self.pieces(us) {
            self.generate_piece(from, false, out);
        }
    }

    /// Convenience: the legal moves in a fresh vector (not for hot paths).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(256);
        self.generate(&mut v);
        v
    }

    /// Moves of the piece on `from`; without `quiets` only those that capture.
    fn generate_piece(&self, from: Sq, quiets: bool, out: &mut Vec<Move>) {
        let us = self.side_to_move();
        let cell = self.cell(from);
        let t = cell.ptype();
        let pm = &self.variant.moves[us.index()][t as usize];
        for &(off, range) in &pm.rides {
            let mut s = from;
            let mut n = 0u8;
            loop {
                s = s.offset(off);
                let c = self.cell(s);
                if c.is_empty() {
                    if quiets {
                        self.push_single(t, from, s, false, out);
                    }
                    n += 1;
                    if n == range {
                        break;
                    }
                    continue;
                }
                if c.is_piece() && c.color() != us {
                    self.push_single(t, from, s, true, out);
                }
                break;
            }
        }
        for &off in &pm.jumps {
            let s = from.offset(off);
            let c = self.cell(s);
            if c.can_land(us) && (quiets || c.is_piece()) {
                self.push_single(t, from, s, c.is_piece(), out);
            }
        }
        if pm.lion {
            self.generate_lion(t, from, quiets, out);
        }
        if !pm.lion_lines.is_empty() {
            self.generate_lion_lines(t, from, &pm.lion_lines, quiets, out);
        }
    }

    /// Promotion versions allowed for piece `t` moving `from -> to` (chu.md 6.2-6.3).
    pub fn promotion_choice(
        &self,
        t: PieceType,
        from: Sq,
        to: Sq,
        capture: bool,
    ) -> PromotionChoice {
        let v = self.variant;
        let def = v.piece(t);
        if def.promotes_to.is_none() {
            return PromotionChoice::Never;
        }
        let us = self.side_to_move().index();
        let (zs, zt) = (v.zone[us][from.idx()], v.zone[us][to.idx()]);
        // Entry into the zone, or a capture that starts or ends in it.
        let entry = !zs && zt;
        let by_zone = entry || (capture && (zs || zt));
        let last = def.last_rank_piece && v.last_rank[us][to.idx()];
        let (can, forced) = match self.rules.last_rank {
            LastRank::Forced => (by_zone || last, last),
            LastRank::Optional => (by_zone || last, false),
            LastRank::HaChu => (by_zone, by_zone && last),
        };
        match (can, forced) {
            (false, _) => PromotionChoice::Never,
            (true, false) => PromotionChoice::Optional,
            (true, true) => PromotionChoice::Forced,
        }
    }

    /// Pushes a single-leg move with its promotion versions, if the Lion rules allow it.
    #[inline]
    fn push_single(&self, t: PieceType, from: Sq, to: Sq, capture: bool, out: &mut Vec<Move>) {
        if capture && self.lion_rules_apply(to) && !self.lion_capture_allowed(t, from, Sq::NONE, to)
        {
            return;
        }
        self.push_single_unchecked(t, from, to, capture, out);
    }

    /// Pushes a single-leg move with its promotion versions (Lion rules already checked).
    #[inline]
    fn push_single_unchecked(
        &self,
        t: PieceType,
        from: Sq,
        to: Sq,
        capture: bool,
        out: &mut Vec<Move>,
    ) {
        match self.promotion_choice(t, from, to, capture) {
            PromotionChoice::Never => out.push(Move::new(from, to)),
            PromotionChoice::Optional => {
                out.push(Move::new(from, to));
                out.push(Move::promoting(from, to));
            }
            PromotionChoice::Forced => out.push(Move::promoting(from, to)),
        }
    }
}
