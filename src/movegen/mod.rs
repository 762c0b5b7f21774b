//! Move generation: one generic walker over each piece's movement atoms, the Lion-power
//! generator (`lion`), promotion choices, and the Lion-trading legality rules (`trading`).
//!
//! Every generated move is legal except for the repetition rule, which needs the game
//! history and is applied by `Game` (there is no check rule in these games).

pub mod attack;
mod emperor;
mod hook;
mod lion;
mod lion_dog;
mod trading;

use crate::position::Position;
use crate::types::{Move, PieceType, Sq, PROMOTE};
use crate::variant::{LastRank, PromotionRule};

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

    /// Moves of the side to move's piece on `from` only, whether or not the game is over
    /// (analysis, and tests on boards without royals). Empty if no such piece stands there.
    pub fn generate_from(&self, from: Sq, out: &mut Vec<Move>) {
        out.clear();
        if self.variant.on_board(from) && self.cell(from).is_color(self.side_to_move()) {
            self.generate_piece(from, true, out);
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
        if pm.special {
            self.generate_special(t, from, quiets, out);
        }
    }

    /// The powers beyond plain rides and leaps (Lion, Lion Dog, hooks, the Emperor, rides
    /// sharing squares with them), kept out of line so that pieces without any stay on
    /// the short path.
    #[inline(never)]
    fn generate_special(&self, t: PieceType, from: Sq, quiets: bool, out: &mut Vec<Move>) {
        let us = self.side_to_move();
        let pm = &self.variant.moves[us.index()][t as usize];
        for &(off, range, skip) in &pm.far_rides {
            let mut s = from;
            let mut n = 0u8;
            loop {
                s = s.offset(off);
                n += 1;
                let c = self.cell(s);
                let own = n < 8 && skip & (1 << n) != 0;
                if c.is_empty() {
                    if quiets && !own {
                        self.push_single(t, from, s, false, out);
                    }
                    if n == range {
                        break;
                    }
                    continue;
                }
                if c.is_piece() && c.color() != us && !own {
                    self.push_single(t, from, s, true, out);
                }
                break;
            }
        }
        if pm.lion {
            self.generate_lion(t, from, quiets, out);
        }
        if !pm.lion_lines.is_empty() {
            self.generate_lion_lines(t, from, &pm.lion_lines, quiets, out);
        }
        if !pm.lion_dogs.is_empty() {
            self.generate_lion_dog(t, from, &pm.lion_dogs, pm.lion, quiets, out);
        }
        if !pm.hooks.is_empty() {
            self.generate_hooks(t, from, &pm.hooks, quiets, out);
        }
        if pm.emperor {
            self.generate_emperor(from, quiets, out);
        }
    }

    /// The flags of a multi-leg move of piece `t` that captures (`capture`): under
    /// promotion by capture a promotable piece must promote; zone rules never promote
    /// multi-leg moves (no Chu piece with Lion power can promote).
    #[inline]
    pub(crate) fn multi_leg_flags(&self, t: PieceType, capture: bool) -> u8 {
        let promotes = capture
            && self.variant.promotion == PromotionRule::OnCapture
            && self.variant.piece(t).promotes_to.is_some();
        if promotes {
            PROMOTE
        } else {
            0
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
        if v.promotion == PromotionRule::OnCapture {
            return if capture {
                PromotionChoice::Forced
            } else {
                PromotionChoice::Never
            };
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
            LastRank::HaChu => {
                // A Pawn inside the zone has declined promotion on entry; HaChu then lets
                // it promote only by a capture on the last rank (chu.md 6.5).
                let declined_pawn = def.pawnlike && def.last_rank_piece && zs;
                let can = if declined_pawn {
                    capture && last
                } else {
                    by_zone
                };
                (can, can && last)
            }
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
