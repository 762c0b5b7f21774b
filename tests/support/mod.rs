//! Helpers shared by the rules and search tests (positions, move lists, a small PRNG).
#![allow(dead_code)]

use largeshogi::position::Position;
use largeshogi::types::{Color, Move};
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

/// A Tai position from SFEN, default rules.
pub fn tai(sfen: &str) -> Position {
    Position::from_sfen(Variant::tai(), sfen, Variant::tai().default_rules)
        .unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// A Tai board with only the listed (code, USI square) pieces, `side` to move. Royals are
/// not required (tai.md 8: T3-T7 boards have none; use `moves_from` on them).
pub fn tai_board(black: &[(&str, &str)], white: &[(&str, &str)], side: Color) -> Position {
    tai_board_with(black, white, side, Variant::tai().default_rules)
}

/// `tai_board` under `rules` (the rules are compiled into the variant's data when the
/// position is made).
pub fn tai_board_with(
    black: &[(&str, &str)],
    white: &[(&str, &str)],
    side: Color,
    rules: largeshogi::variant::Rules,
) -> Position {
    let v = Variant::tai();
    let mut pos = Position::empty(v, rules);
    for (pieces, color) in [(black, Color::Black), (white, Color::White)] {
        for &(code, square) in pieces {
            let t = v
                .piece_by_code(code)
                .unwrap_or_else(|| panic!("no piece {code}"));
            let s = pos
                .parse_square(square)
                .unwrap_or_else(|| panic!("bad square {square}"));
            pos.put(s, t, color).expect("empty square");
        }
    }
    pos.set_side_to_move(side);
    pos
}

/// Moves of the side to move's piece on `square` (also on boards without royals).
pub fn moves_from(pos: &Position, square: &str) -> Vec<Move> {
    let s = pos
        .parse_square(square)
        .unwrap_or_else(|| panic!("bad square {square}"));
    let mut out = Vec::new();
    pos.generate_from(s, &mut out);
    out
}

/// Code (as written for Black) of the piece on `square`.
pub fn code_at(pos: &Position, square: &str) -> &'static str {
    let s = pos.parse_square(square).expect("square");
    let c = pos.cell(s);
    assert!(c.is_piece(), "no piece on {square}");
    pos.variant.piece(c.ptype()).code
}

/// A Yanxin position from SFEN, default rules.
pub fn yanxin(sfen: &str) -> Position {
    Position::from_sfen(Variant::yanxin(), sfen, Rules::default())
        .unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// A Yanxin SFEN from placements such as `("7l", "K")`, `("5a", "k")`, `("5c", "+Y")`
/// (upper case Black, lower case White), the side to move (`'b'`/`'w'`) and the hand field.
pub fn yanxin_sfen(pieces: &[(&str, &str)], side: char, hand: &str) -> String {
    let mut grid = vec![vec![String::new(); 12]; 12];
    for (sq, code) in pieces {
        let (file, rank) = sq.split_at(sq.len() - 1);
        let x = 12 - file.parse::<usize>().expect("file number");
        let y = (rank.as_bytes()[0] - b'a') as usize;
        grid[y][x] = code.to_string();
    }
    let ranks: Vec<String> = grid
        .iter()
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for cell in row {
                if cell.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push_str(cell);
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    format!("{} {side} {hand} 1", ranks.join("/"))
}
