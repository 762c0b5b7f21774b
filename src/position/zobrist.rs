//! Zobrist keys: one random 64-bit number per (cell contents, square), plus side to move and
//! the Lion counter-strike square. Fixed seed, so keys are identical run to run.

/// Key tables of one variant.
#[derive(Debug)]
pub struct Zobrist {
    cells: usize,
    psq: Vec<u64>,
    pub side: u64,
    lion_sq: Vec<u64>,
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
    pub fn new(codes: usize, cells: usize) -> Zobrist {
        let mut seed = 0x1A2B_3C4D_5E6F_7081u64 ^ (cells as u64);
        let psq = (0..codes * cells).map(|_| splitmix64(&mut seed)).collect();
        let side = splitmix64(&mut seed);
        let lion_sq = (0..cells).map(|_| splitmix64(&mut seed)).collect();
        Zobrist {
            cells,
            psq,
            side,
            lion_sq,
        }
    }

    /// Key of cell contents `code` (a piece cell, >= 2) on square `sq`.
    #[inline]
    pub fn piece(&self, code: u16, sq: usize) -> u64 {
        // SAFETY-free indexing: codes and squares come from the position's own tables.
        self.psq[code as usize * self.cells + sq]
    }

    /// Key of the counter-strike square (Chu SFEN field 3).
    #[inline]
    pub fn lion_square(&self, sq: usize) -> u64 {
        self.lion_sq[sq]
    }
}
