//! Ko shogi's move generation (ko.md 4-6), the stage `Generation::SpecialPowers` selects:
//! every piece's atoms and then its special power (`movement::Special`: multi-step moves,
//! shooting, priests' jumps, walks, tag-conditioned steps), nets that immobilise, one pass
//! for all board-preserving moves, the self-burn rule, and promotion by start, end or
//! trophy. The rule options that shape these are compiled into the variant's data
//! (`Variant::stages`, the `Special` parameters), so nothing here reads `Rules`.
//!
//! Submodules: `double` (two-step movers), `shoot` (bows and cannons), `priest` (the priest
//! family), `walk` (Thunderclap and Banner-waver).

mod double;
mod priest;
mod shoot;
mod walk;

use super::PromotionChoice;
use crate::movement::{Special, UNLIMITED};
use crate::position::Position;
use crate::types::{Color, Move, PieceType, Sq};
use crate::variant::NetReach;
use arrayvec::ArrayVec;

impl Position {
    /// `generate_from` for this stage: nothing for an immobilised piece, and the position's
    /// pass if it is this piece's.
    pub(super) fn generate_special_powers_from(&self, from: Sq, out: &mut Vec<Move>) {
        if self.immobilised(self.side_to_move()).contains(&from) {
            return;
        }
        if let Some(p) = self.generate_piece_with_extras(from, true, out) {
            if !self.variant.stages.no_pass {
                out.push(p);
            }
        }
    }

    /// `generate` for this stage (without `quiets`: exactly the capturing moves): all
    /// board-preserving moves
    /// are one pass, added once at the end (ko.md 4.11).
    pub(super) fn generate_special_powers(&self, quiets: bool, out: &mut Vec<Move>) {
        let us = self.side_to_move();
        let frozen = self.immobilised(us);
        let mut pass = None;
        for &from in self.pieces(us) {
            if frozen.contains(&from) {
                continue;
            }
            let start = out.len();
            let extra = &self.variant.piece(self.cell(from).ptype()).extra;
            // Burning and the Clerk's promotion capture from quiet moves too: generate
            // those pieces' quiet moves and keep what captures.
            let effects = !quiets && (extra.burns || extra.on_promote_kills_burners);
            let p = self.generate_piece_with_extras(from, quiets || effects, out);
            if effects {
                let mut keep = start;
                for i in start..out.len() {
                    if self.is_capture(&out[i]) {
                        out[keep] = out[i];
                        keep += 1;
                    }
                }
                out.truncate(keep);
            }
            pass = pass.or(p);
            if self.variant.stages.selfburn_illegal
                && self.variant.piece(self.cell(from).ptype()).extra.burns
            {
                self.drop_self_destroying(start, out);
            }
        }
        if let Some(p) = pass.filter(|_| quiets && !self.variant.stages.no_pass) {
            out.push(p);
        }
    }

    /// K20 `ko_selfburn=illegal`: removes from `out[start..]` the moves after which the
    /// mover's side has no command left.
    fn drop_self_destroying(&self, start: usize, out: &mut Vec<Move>) {
        let us = self.side_to_move();
        let mut p = self.clone();
        let mut i = start;
        while i < out.len() {
            p.make(out[i]);
            let alive = p.royal_count(us) > 0;
            p.unmake();
            if alive {
                i += 1;
            } else {
                out.remove(i);
            }
        }
    }

    /// Pieces of `c` that cannot move because they stand on a ray of an enemy
    /// immobiliser (ko.md 4.7, K9): its unlimited rides, up to the first piece of its own
    /// side, all `c`'s pieces met on the way.
    pub fn immobilised(&self, c: Color) -> ArrayVec<Sq, 128> {
        let mut out = ArrayVec::new();
        let v = self.variant;
        if !v.immobilisers {
            return out;
        }
        let net_side = c.flip();
        for &s in self.pieces(net_side) {
            let t = self.cell(s).ptype();
            if !v.piece(t).extra.immobilises {
                continue;
            }
            for &(off, range) in &v.moves[net_side.index()][t as usize].rides {
                if range != UNLIMITED {
                    continue;
                }
                let mut q = s.offset(off);
                loop {
                    let cell = self.cell(q);
                    if !cell.is_empty() && !cell.is_piece() {
                        break;
                    }
                    let reach = v.stages.net_reach;
                    if cell.is_color(net_side) && reach != NetReach::Line {
                        break;
                    }
                    if cell.is_color(c) && !out.contains(&q) {
                        let _ = out.try_push(q);
                    }
                    if cell.is_piece() && reach == NetReach::First {
                        break;
                    }
                    q = q.offset(off);
                }
            }
        }
        out
    }

    /// The atoms' moves of the piece on `from`, then its special generator. Returns the
    /// piece's pass, if it has one.
    fn generate_piece_with_extras(
        &self,
        from: Sq,
        quiets: bool,
        out: &mut Vec<Move>,
    ) -> Option<Move> {
        let us = self.side_to_move();
        let t = self.cell(from).ptype();
        let start = out.len();
        let special = self.variant.piece(t).extra.special;
        // A shooter shoots from quiet landing squares too.
        let shooter = matches!(special, Special::Shooter { .. });
        self.generate_piece(from, quiets || shooter, out);
        match special {
            Special::None => None,
            Special::Double { vecs, same_line } => {
                self.generate_double(t, from, vecs, same_line, quiets, start, out)
            }
            Special::Shooter { .. } => {
                self.add_shots(t, from, special, quiets, start, out);
                None
            }
            Special::Priest { .. } => self.generate_priest(t, from, special, quiets, start, out),
            Special::Walk { steps, shape } => {
                self.generate_walk_shape(t, from, steps, shape, quiets, out);
                None
            }
            Special::NeedsTag { dir, tags } => {
                if !self.has_tag(us, tags) {
                    let target = from.offset(self.variant.dir_offset(us, dir));
                    let mut i = start;
                    while i < out.len() {
                        if out[i].to == target {
                            out.remove(i);
                        } else {
                            i += 1;
                        }
                    }
                }
                None
            }
        }
    }

    /// Promotion under `PromotionRule::StartOrEnd` (ko.md 6): optional when the move starts
    /// or ends in the zone or captures (on `victims`, still on the board) a piece of a class
    /// the mover promotes on; never while the mover's side lacks a `promote_needs` tag.
    pub(crate) fn ko_choice(
        &self,
        t: PieceType,
        from: Sq,
        to: Sq,
        victims: &[Sq],
    ) -> PromotionChoice {
        let v = self.variant;
        let def = v.piece(t);
        let us = self.side_to_move();
        if def.promotes_to.is_none()
            || (def.extra.promote_needs != 0 && !self.has_tag(us, def.extra.promote_needs))
        {
            return PromotionChoice::Never;
        }
        let zone = &v.zone[us.index()];
        let trophy = victims
            .iter()
            .any(|&s| v.piece(self.cell(s).ptype()).extra.trophy & def.extra.promote_on != 0);
        let by_zone = if v.stages.zone_entry_only {
            !zone[from.idx()] && zone[to.idx()]
        } else {
            zone[from.idx()] || zone[to.idx()]
        };
        if trophy && v.stages.capture_promotion_forced {
            PromotionChoice::Forced
        } else if by_zone || trophy {
            PromotionChoice::Optional
        } else {
            PromotionChoice::Never
        }
    }
}
