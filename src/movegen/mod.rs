//! Move generation: one generic walker over each piece's movement atoms, the Lion-power
//! generator (`lion`), promotion choices, and the Lion-trading legality rules (`trading`).
//!
//! Every generated move is legal except for the repetition rule, which needs the game
//! history and is applied by `Game` (there is no check rule in these games).

pub mod attack;
pub mod captures;
mod code;
pub use code::{code_origin, coded_among_own_moves};
mod emperor;
mod hook;
mod ko;
mod lion;
mod lion_dog;
mod promotions;
mod threat;
mod trading;
mod yanxin;

use crate::position::Position;
use crate::types::{Move, PieceType, Sq, PROMOTE};
use crate::variant::{Generation, LastRank, PromotionRule};

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

/// Which drops a generation includes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Drops {
    /// Every legal drop, Pawn drops with the drop-mate test.
    Checked,
    /// Pawn drops with only the nifu test (inside the drop-mate test itself).
    Unchecked,
    /// No drops (they remove nothing, so threat tests skip them).
    None,
}

impl Position {
    /// All legal moves of the side to move: none once a side has lost all its royals.
    #[inline]
    pub fn generate(&self, out: &mut Vec<Move>) {
        out.clear();
        let us = self.side_to_move();
        if self.royal_count(us) == 0 || self.royal_count(us.flip()) == 0 {
            return;
        }
        match self.variant.generation {
            Generation::Plain => {
                for &from in self.pieces(us) {
                    self.generate_piece(from, true, out);
                }
            }
            Generation::FreezingAndDrops => {
                self.generate_with_freezing_and_drops(Drops::Checked, out)
            }
            Generation::SpecialPowers => self.generate_special_powers(true, out),
        }
    }

    /// The board moves (no drops) of the side to move, and with `Drops::Unchecked` its drops
    /// without the Pawn-drop mate test: the replies that test looks at, so it stays one level
    /// deep instead of recursing through both sides' Pawn drops.
    pub(crate) fn generate_nested(&self, drops: Drops, out: &mut Vec<Move>) {
        out.clear();
        let us = self.side_to_move();
        if self.royal_count(us) == 0 || self.royal_count(us.flip()) == 0 {
            return;
        }
        match self.variant.generation {
            Generation::Plain => {
                for &from in self.pieces(us) {
                    self.generate_piece(from, true, out);
                }
            }
            Generation::FreezingAndDrops => self.generate_with_freezing_and_drops(drops, out),
            Generation::SpecialPowers => self.generate_special_powers(true, out),
        }
    }

    /// Exactly the legal moves that capture something (`Position::is_capture`: shots,
    /// every leg, burning and automatic captures included), for quiescence search and the
    /// attack tests.
    pub fn generate_captures(&self, out: &mut Vec<Move>) {
        out.clear();
        let us = self.side_to_move();
        if self.royal_count(us) == 0 || self.royal_count(us.flip()) == 0 {
            return;
        }
        if self.variant.generation == Generation::SpecialPowers {
            return self.generate_special_powers(false, out);
        }
        let frozen = if self.variant.has_freezers {
            self.frozen_squares()
        } else {
            Default::default()
        };
        for &from in self.pieces(us) {
            if frozen.contains(&from) {
                continue;
            }
            if self.variant.auto_captures[self.cell(from).ptype() as usize] {
                let start = out.len();
                self.generate_piece(from, true, out);
                let mut keep = start;
                for i in start..out.len() {
                    let m = out[i];
                    if self.is_capture(&m) {
                        out[keep] = m;
                        keep += 1;
                    }
                }
                out.truncate(keep);
            } else {
                self.generate_piece(from, false, out);
            }
        }
    }

    /// Moves of the side to move's piece on `from` only, whether or not the game is over
    /// (analysis, and tests on boards without royals), with the position's pass if it is
    /// this piece's. Empty if no such piece stands there or it is frozen (yanxin.md 4.5).
    pub fn generate_from(&self, from: Sq, out: &mut Vec<Move>) {
        out.clear();
        if self.variant.on_board(from)
            && self.cell(from).is_color(self.side_to_move())
            && !self.is_frozen(from)
        {
            if self.variant.generation == Generation::SpecialPowers {
                self.generate_special_powers_from(from, out);
            } else {
                self.generate_piece(from, true, out);
            }
        }
    }

    /// Convenience: the legal moves in a fresh vector (not for hot paths).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(256);
        self.generate(&mut v);
        v
    }

    /// Moves of the piece on `from` from its atoms; without `quiets` only those that capture.
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
                if c.is_piece() && c.color() != us && self.variant.may_take(t, c.ptype()) {
                    self.push_single(t, from, s, true, out);
                }
                break;
            }
        }
        for &off in &pm.jumps {
            let s = from.offset(off);
            let c = self.cell(s);
            if c.can_land(us)
                && (quiets || c.is_piece())
                && (c.is_empty() || self.variant.may_take(t, c.ptype()))
            {
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
                if c.is_piece() && c.color() != us && !own && self.variant.may_take(t, c.ptype()) {
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
        if pm.uncommon {
            self.generate_uncommon(t, from, quiets, out);
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

    /// Lion-Dog, hook and Emperor power (Tai), leaping rides and bent Lion power (Yanxin):
    /// one flag test per piece keeps them off Chu's path.
    #[inline(never)]
    fn generate_uncommon(&self, t: PieceType, from: Sq, quiets: bool, out: &mut Vec<Move>) {
        let us = self.side_to_move();
        let pm = &self.variant.moves[us.index()][t as usize];
        if !pm.lion_dogs.is_empty() {
            self.generate_lion_dog(t, from, &pm.lion_dogs, pm.lion, quiets, out);
        }
        if !pm.hooks.is_empty() {
            self.generate_hooks(t, from, &pm.hooks, quiets, out);
        }
        if pm.emperor {
            self.generate_emperor(from, quiets, out);
        }
        for &(off, range) in &pm.leap_rides {
            let mut s = from;
            for _ in 0..range {
                s = s.offset(off);
                let c = self.cell(s);
                if c == crate::types::Cell::WALL {
                    break;
                }
                if c.can_land(us) && (quiets || c.is_piece()) {
                    self.push_single(t, from, s, c.is_piece(), out);
                }
            }
        }
        if !pm.bent_lion.is_empty() {
            self.generate_bent_lion(t, from, quiets, out);
        }
    }

    /// Promotion versions allowed for piece `t` moving `from -> to` in one leg, capturing
    /// on `to` or not (chu.md 6.2-6.3, yanxin.md 5).
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
        if v.promotion != PromotionRule::Zone {
            return self.promotion_choice_by_rule(t, from, to, capture);
        }
        let us = self.side_to_move().index();
        let (zs, zt) = (v.zone[us][from.idx()], v.zone[us][to.idx()]);
        // Entry into the zone, or a capture that starts or ends in it.
        let entry = !zs && zt;
        let by_zone = entry || (capture && (zs || zt));
        let last = def.last_rank_piece && v.last_rank[us][to.idx()];
        let (can, forced) = match v.stages.last_rank {
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

    /// `promotion_choice` under the rules other than Chu's, kept out of its hot path:
    /// promotion by capture (tai.md 5) and at the end of the move (yanxin.md 5).
    #[inline(never)]
    fn promotion_choice_by_rule(
        &self,
        t: PieceType,
        from: Sq,
        to: Sq,
        capture: bool,
    ) -> PromotionChoice {
        let v = self.variant;
        match v.promotion {
            PromotionRule::OnCapture if capture => PromotionChoice::Forced,
            PromotionRule::StartOrEnd => {
                let victims = [to];
                self.ko_choice(t, from, to, if capture { &victims } else { &[] })
            }
            PromotionRule::EndInZone => {
                let captured_in_zone = capture && v.zone[self.side_to_move().index()][to.idx()];
                self.end_in_zone_choice(t, from, to, captured_in_zone)
            }
            _ => PromotionChoice::Never,
        }
    }

    /// Promotion versions of a two-leg Lion move `from -> first -> to` (`first` holds an
    /// enemy piece; `to == from` for igui): only the start, the final square and the squares
    /// captured count, never the intermediate square as a position (yanxin.md 4.1, 5).
    #[inline(never)]
    pub fn promotion_choice_two_leg(
        &self,
        t: PieceType,
        from: Sq,
        first: Sq,
        to: Sq,
    ) -> PromotionChoice {
        let v = self.variant;
        if v.piece(t).promotes_to.is_none() {
            return PromotionChoice::Never;
        }
        let us = self.side_to_move();
        let zone = &v.zone[us.index()];
        let takes_to = to != from && self.cell(to).is_color(us.flip());
        match v.promotion {
            PromotionRule::EndInZone => {
                let captured_in_zone = zone[first.idx()] || (takes_to && zone[to.idx()]);
                self.end_in_zone_choice(t, from, to, captured_in_zone)
            }
            // Multi-leg moves never promote under the other rules (`multi_leg_flags`).
            _ => PromotionChoice::Never,
        }
    }

    /// yanxin.md 5: the final square is in the zone and the move enters it, or captures a
    /// piece standing in it (a Pawn: reaches the last rank instead). Never forced.
    #[inline(never)]
    fn end_in_zone_choice(
        &self,
        t: PieceType,
        from: Sq,
        to: Sq,
        captured_in_zone: bool,
    ) -> PromotionChoice {
        let v = self.variant;
        let us = self.side_to_move().index();
        if !v.zone[us][to.idx()] {
            return PromotionChoice::Never;
        }
        let entry = !v.zone[us][from.idx()];
        let can = if v.piece(t).last_rank_piece {
            entry || v.last_rank[us][to.idx()]
        } else {
            entry || captured_in_zone
        };
        if can {
            PromotionChoice::Optional
        } else {
            PromotionChoice::Never
        }
    }

    /// Pushes `mv` with the promotion versions of `choice`.
    #[inline]
    pub(crate) fn push_with_choice(mv: Move, choice: PromotionChoice, out: &mut Vec<Move>) {
        let promoting = Move {
            flags: mv.flags | PROMOTE,
            ..mv
        };
        match choice {
            PromotionChoice::Never => out.push(mv),
            PromotionChoice::Optional => {
                out.push(mv);
                out.push(promoting);
            }
            PromotionChoice::Forced => out.push(promoting),
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
