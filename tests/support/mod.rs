//! Helpers shared by the rules and search tests (positions, move lists, a small PRNG).
#![allow(dead_code)]

use largeshogi::position::Position;
use largeshogi::variant::{Rules, Variant};

pub fn chu(sfen: &str) -> Position {
    chu_with(sfen, Rules::default())
}

pub fn chu_with(sfen: &str, rules: Rules) -> Position {
    Position::from_sfen(Variant::chu(), sfen, rules).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

pub fn count(pos: &Position) -> usize {
    pos.legal_moves().len()
}

/// Sorted USI texts of the legal moves.
pub fn usi_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| pos.move_to_usi(m))
        .collect();
    v.sort();
    v
}

pub fn legal(pos: &Position, usi: &str) -> bool {
    pos.parse_move(usi).is_ok()
}

/// Small deterministic PRNG for playouts.
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
