//! Zobrist keys: one random 64-bit number per (cell contents, square), plus side to move,
//! the Lion counter-strike square, the pending Moon Fairy square and the hand counts.
//! Fixed seed, so keys are identical run to run.

use super::MAX_HAND_COUNT;

/// Key tables of one variant.
#[derive(Debug)]
pub struct Zobrist {
    cells: usize,
    psq: Vec<u64>,
    pub side: u64,
    lion_sq: Vec<u64>,
    pending_sq: Vec<u64>,
    /// `[(colour * kinds + type) * (MAX_HAND_COUNT + 1) + count]`; count 0 has key 0.
    hand: Vec<u64>,
    hand_kinds: usize,
}

/// splitmix64: small, fast and good enough to fill key tables.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist {
    /// Tables for `codes` cell codes on `cells` squares and `hand_kinds` droppable types.
    pub fn new(codes: usize, cells: usize, hand_kinds: usize) -> Zobrist {
        let mut seed = 0x1A2B_3C4D_5E6F_7081u64 ^ (cells as u64);
        let psq = (0..codes * cells).map(|_| splitmix64(&mut seed)).collect();
        let side = splitmix64(&mut seed);
        let lion_sq = (0..cells).map(|_| splitmix64(&mut seed)).collect();
        let pending_sq = (0..cells).map(|_| splitmix64(&mut seed)).collect();
        let hand = (0..2 * hand_kinds * (MAX_HAND_COUNT + 1))
            .map(|i| {
                let k = splitmix64(&mut seed);
                if i % (MAX_HAND_COUNT + 1) == 0 {
                    0
                } else {
                    k
                }
            })
            .collect();
        Zobrist {
            cells,
            psq,
            side,
            lion_sq,
            pending_sq,
            hand,
            hand_kinds,
        }
    }

    /// Key of cell contents `code` (a piece cell, >= 2) on square `sq`.
    #[inline]
    pub fn piece(&self, code: u16, sq: usize) -> u64 {
        self.psq[code as usize * self.cells + sq]
    }

    /// Key of the counter-strike square (Chu SFEN field 3).
    #[inline]
    pub fn lion_square(&self, sq: usize) -> u64 {
        self.lion_sq[sq]
    }

    /// Key of the pending Moon Fairy square (Yanxin SFEN field 5).
    #[inline]
    pub fn pending_square(&self, sq: usize) -> u64 {
        self.pending_sq[sq]
    }

    /// Key of holding `count` pieces of hand kind `kind` (colour index `c`).
    #[inline]
    pub fn hand(&self, c: usize, kind: usize, count: u8) -> u64 {
        self.hand[(c * self.hand_kinds + kind) * (MAX_HAND_COUNT + 1) + count as usize]
    }
}
