//! Variants as data: board size, piece table, setup, promotion zone and a few rule switches.
//! Search, evaluation and protocols read this struct; none of them tests a variant's name.

pub mod chu;
mod rules;

pub use rules::{LastRank, Repetition, Rules};

use crate::movement::{Atom, Dir, KING_DIRS};
use crate::position::zobrist::Zobrist;
use crate::types::{Cell, Color, PieceType, Sq, MAX_CELLS, PAD};
use std::sync::OnceLock;

/// One piece kind as the rules describe it.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// English name.
    pub name: &'static str,
    /// SFEN code as written for Black, including a leading `+` for promoted states.
    pub code: &'static str,
    pub atoms: Vec<Atom>,
    /// Value in centipawns (the rules' value table x 100).
    pub value: i32,
    pub promotes_to: Option<PieceType>,
    /// Losing every royal loses the game (King, Crown Prince).
    pub royal: bool,
    /// A Lion for the Lion-trading rules (Chu: Lion and promoted Kirin).
    pub lion: bool,
    /// Pawn-like: no bridge for a Lion capture, never counts for the baring side.
    pub pawnlike: bool,
    /// Pawn and Lance: may (or must) promote on reaching the last rank; dead there otherwise.
    pub last_rank_piece: bool,
}

/// Board offsets of one piece kind for one colour, derived from its atoms.
#[derive(Clone, Debug, Default)]
pub struct PieceMoves {
    /// (offset, range) of every ride; range 1 is a step.
    pub rides: Vec<(i16, u8)>,
    pub jumps: Vec<i16>,
    pub lion: bool,
    /// First-step offset of each one-line Lion power.
    pub lion_lines: Vec<i16>,
    /// The same in board coordinates (dx, dy), for attack tests.
    pub ride_vecs: Vec<(i8, i8, u8)>,
    pub jump_vecs: Vec<(i8, i8)>,
    pub lion_line_vecs: Vec<(i8, i8)>,
}

impl PieceMoves {
    /// Has any Lion power (full or on a line): such a piece can pass.
    pub fn has_lion_power(&self) -> bool {
        self.lion || !self.lion_lines.is_empty()
    }
}

/// What a variant module supplies; `Variant::build` derives the rest.
pub struct VariantSpec {
    pub name: &'static str,
    pub files: usize,
    pub ranks: usize,
    pub pieces: Vec<PieceDef>,
    pub start_sfen: &'static str,
    /// Positions for `largeshogi bench`.
    pub bench_sfens: &'static [&'static str],
    pub zone_depth: usize,
    pub lion_trading: bool,
    pub default_rules: Rules,
}

/// A variant: everything the generic code needs to know.
pub struct Variant {
    pub name: &'static str,
    pub files: usize,
    pub ranks: usize,
    pub stride: usize,
    pub cells: usize,
    pub pieces: Vec<PieceDef>,
    /// Indexed `[colour][piece type]`.
    pub moves: [Vec<PieceMoves>; 2],
    pub start_sfen: &'static str,
    pub bench_sfens: &'static [&'static str],
    /// Ranks of the promotion zone, counted from the far edge.
    pub zone_depth: usize,
    /// Chu's Lion-trading rules (sections 5.1-5.4 of chu.md) apply.
    pub lion_trading: bool,
    pub default_rules: Rules,
    /// Column (0 = Black's left) and row (0 = White's back rank) of each cell, -1 off board.
    pub col: Vec<i8>,
    pub row: Vec<i8>,
    /// `zone[colour][cell]`, `last_rank[colour][cell]`.
    pub zone: [Vec<bool>; 2],
    pub last_rank: [Vec<bool>; 2],
    /// Board offsets of `KING_DIRS` per colour.
    pub king_offsets: [[i16; 8]; 2],
    /// Offsets of the 16 squares at distance exactly 2.
    pub ring2_offsets: [i16; 16],
    pub zobrist: Zobrist,
    /// Piece-square values for the evaluation, `[cell code * cells + square]`, filled by
    /// `eval::placement_table` from this data.
    placement: Vec<i32>,
}

impl Variant {
    /// Builds the derived tables from the rules' data.
    pub fn build(spec: VariantSpec) -> Variant {
        let VariantSpec {
            name,
            files,
            ranks,
            pieces,
            start_sfen,
            bench_sfens,
            zone_depth,
            lion_trading,
            default_rules,
        } = spec;
        let stride = files + 2 * PAD;
        let cells = stride * (ranks + 2 * PAD);
        assert!(cells <= MAX_CELLS && pieces.len() < 126);
        let mut col = vec![-1i8; cells];
        let mut row = vec![-1i8; cells];
        for y in 0..ranks {
            for x in 0..files {
                let s = (y + PAD) * stride + x + PAD;
                col[s] = x as i8;
                row[s] = y as i8;
            }
        }
        // Black moves towards row 0, White towards the last row; White's right is Black's left.
        let to_board = |c: Color, (dx, fwd): Dir| -> (i8, i8) {
            match c {
                Color::Black => (dx, -fwd),
                Color::White => (-dx, fwd),
            }
        };
        let offset = |(dx, dy): (i8, i8)| dy as i16 * stride as i16 + dx as i16;
        let compile = |c: Color, p: &PieceDef| {
            let mut m = PieceMoves::default();
            for atom in &p.atoms {
                match *atom {
                    Atom::Ride { dir, range } => {
                        let v = to_board(c, dir);
                        m.rides.push((offset(v), range));
                        m.ride_vecs.push((v.0, v.1, range));
                    }
                    Atom::Jump { dir } => {
                        let v = to_board(c, dir);
                        m.jumps.push(offset(v));
                        m.jump_vecs.push(v);
                    }
                    Atom::Lion => m.lion = true,
                    Atom::LionLine { dir } => {
                        let v = to_board(c, dir);
                        m.lion_lines.push(offset(v));
                        m.lion_line_vecs.push(v);
                    }
                }
            }
            m
        };
        let moves = [
            pieces.iter().map(|p| compile(Color::Black, p)).collect(),
            pieces.iter().map(|p| compile(Color::White, p)).collect(),
        ];
        let mut zone = [vec![false; cells], vec![false; cells]];
        let mut last_rank = [vec![false; cells], vec![false; cells]];
        for s in 0..cells {
            if row[s] < 0 {
                continue;
            }
            let y = row[s] as usize;
            zone[0][s] = y < zone_depth;
            zone[1][s] = y >= ranks - zone_depth;
            last_rank[0][s] = y == 0;
            last_rank[1][s] = y == ranks - 1;
        }
        let mut king_offsets = [[0i16; 8]; 2];
        for c in Color::BOTH {
            for (i, &d) in KING_DIRS.iter().enumerate() {
                king_offsets[c.index()][i] = offset(to_board(c, d));
            }
        }
        let mut ring2_offsets = [0i16; 16];
        let mut n = 0;
        for dy in -2i8..=2 {
            for dx in -2i8..=2 {
                if dx.abs().max(dy.abs()) == 2 {
                    ring2_offsets[n] = offset((dx, dy));
                    n += 1;
                }
            }
        }
        let zobrist = Zobrist::new(2 + 2 * pieces.len(), cells);
        let mut v = Variant {
            name,
            files,
            ranks,
            stride,
            cells,
            pieces,
            moves,
            start_sfen,
            bench_sfens,
            zone_depth,
            lion_trading,
            default_rules,
            col,
            row,
            zone,
            last_rank,
            king_offsets,
            ring2_offsets,
            zobrist,
            placement: Vec::new(),
        };
        v.placement = crate::eval::placement_table(&v);
        v
    }

    /// Piece-square value of a piece cell on a square.
    #[inline]
    pub fn placement(&self, cell: Cell, s: Sq) -> i32 {
        self.placement[cell.0 as usize * self.cells + s.idx()]
    }

    /// The cell of column `x` (0 = Black's left) and row `y` (0 = top), if on the board.
    pub fn square(&self, x: usize, y: usize) -> Option<Sq> {
        if x < self.files && y < self.ranks {
            Some(Sq(((y + PAD) * self.stride + x + PAD) as u16))
        } else {
            None
        }
    }

    #[inline]
    pub fn on_board(&self, s: Sq) -> bool {
        s.idx() < self.cells && self.row[s.idx()] >= 0
    }

    /// Chebyshev distance between two board squares.
    #[inline]
    pub fn distance(&self, a: Sq, b: Sq) -> i8 {
        let dx = (self.col[a.idx()] - self.col[b.idx()]).abs();
        let dy = (self.row[a.idx()] - self.row[b.idx()]).abs();
        dx.max(dy)
    }

    /// Every board square, row by row from the top.
    pub fn squares(&self) -> impl Iterator<Item = Sq> + '_ {
        (0..self.ranks).flat_map(move |y| (0..self.files).filter_map(move |x| self.square(x, y)))
    }

    /// Piece type with this SFEN code (as written for Black, e.g. `"+P"`).
    pub fn piece_by_code(&self, code: &str) -> Option<PieceType> {
        self.pieces
            .iter()
            .position(|p| p.code == code)
            .map(|i| i as PieceType)
    }

    pub fn piece(&self, t: PieceType) -> &PieceDef {
        &self.pieces[t as usize]
    }

    /// Variant by name (`chu`, ...).
    pub fn by_name(name: &str) -> Option<&'static Variant> {
        match name.to_ascii_lowercase().as_str() {
            "chu" | "chushogi" => Some(Variant::chu()),
            _ => None,
        }
    }

    /// Names of every supported variant.
    pub fn names() -> &'static [&'static str] {
        &["chu"]
    }

    pub fn chu() -> &'static Variant {
        static CHU: OnceLock<Variant> = OnceLock::new();
        CHU.get_or_init(chu::build)
    }
}
