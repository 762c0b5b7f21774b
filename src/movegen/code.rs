//! Lossless 32-bit move codes for the transposition table. A code is kept per position
//! (the TT entry's key names the position), so it needs to tell a move apart only from the
//! other moves `generate` gives there:
//!
//! bit 31 set (0 is "no move") | promotion << 30 | rank << 20 | to << 10 | from
//!
//! `rank` is 0 for a plain one-leg move (no intermediate squares, no shots, not a drop);
//! otherwise 1 + the rank, in `Move`'s order, of the move among the position's other
//! generated moves with the same from, to and promotion that are not plain (Lion and
//! Lion-Dog legs, double movers, walks, shots, drops). The rank depends only on the set of
//! generated moves, not on their order in a list, so a code stored by one thread decodes
//! in another to exactly the generated move.

use crate::position::Position;
use crate::types::{Move, Sq};

/// Bits of a code that hold the rank.
const RANK_BITS: u32 = 10;
const RANK_MASK: u32 = (1 << RANK_BITS) - 1;
/// From, to and promotion: the part of a code that is the move's own.
const HEAD_MASK: u32 = (1 << 31) | (1 << 30) | ((1 << 20) - 1);
/// A square's field (from, to).
const SQ_MASK: u32 = 1023;

/// The move has no part beyond from, to and promotion.
#[inline]
fn is_plain(m: &Move) -> bool {
    m.mid[0].is_none() && m.shots[0].is_none() && m.drop == 0
}

/// From, to and promotion with the "real move" bit.
#[inline]
fn head(m: &Move) -> u32 {
    1 << 31
        | (m.promotes() as u32) << 30
        | (m.to.0 as u32 & SQ_MASK) << 10
        | (m.from.0 as u32 & SQ_MASK)
}

/// The square a code's move starts from.
pub fn code_origin(code: u32) -> Sq {
    Sq((code & SQ_MASK) as u16)
}

/// The moves of `m`'s piece alone code and decode `m` as all generated moves do
/// (tests/variant_properties.rs), except for a drop and a move ending where it started
/// (Ko makes every board-preserving move one pass, which the piece's own moves do not
/// name alike).
pub fn coded_among_own_moves(m: &Move) -> bool {
    m.drop == 0 && m.to != m.from
}

impl Position {
    /// The generated moves `encode_move` needs to code `m` (one piece's when they suffice).
    pub fn moves_to_code(&self, m: &Move, out: &mut Vec<Move>) {
        if coded_among_own_moves(m) {
            self.generate_from(m.from, out);
        } else {
            self.generate(out);
        }
    }

    /// The code of `m`, one of this position's generated moves (0 for the null move).
    /// `generated` is what `generate` gives here, in any order; it is read only for moves
    /// that are not plain, and generated afresh when `None` and needed.
    pub fn encode_move(&self, m: &Move, generated: Option<&[Move]>) -> u32 {
        if m.is_null() {
            return 0;
        }
        if is_plain(m) {
            return head(m);
        }
        let fresh;
        let list = match generated {
            Some(list) => list,
            None => {
                fresh = self.legal_moves();
                &fresh
            }
        };
        let h = head(m);
        let below = list
            .iter()
            .filter(|o| !is_plain(o) && head(o) == h && *o < m)
            .count() as u32;
        debug_assert!(
            below < RANK_MASK,
            "too many moves share from, to and promotion"
        );
        h | (1 + below.min(RANK_MASK - 1)) << 20
    }

    /// The move of `generated` (this position's generated moves, in any order) whose code is
    /// `code`, if any.
    pub fn decode_move(&self, code: u32, generated: &[Move]) -> Option<Move> {
        if code == 0 {
            return None;
        }
        let h = code & HEAD_MASK;
        let rank = (code >> 20) & RANK_MASK;
        if rank == 0 {
            return generated
                .iter()
                .find(|m| is_plain(m) && head(m) == h)
                .copied();
        }
        let mut same: arrayvec::ArrayVec<Move, 64> = arrayvec::ArrayVec::new();
        let mut overflow = Vec::new();
        for m in generated.iter().filter(|m| !is_plain(m) && head(m) == h) {
            if let Err(e) = same.try_push(*m) {
                overflow.push(e.element());
            }
        }
        if overflow.is_empty() {
            same.sort_unstable();
            return same.get(rank as usize - 1).copied();
        }
        overflow.extend(same);
        overflow.sort_unstable();
        overflow.get(rank as usize - 1).copied()
    }
}
