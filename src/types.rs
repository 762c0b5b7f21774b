//! Small core types shared by every module: colours, squares, piece codes and moves.

use std::fmt;

/// Cells of padding around the playing area on every side. Three covers the longest
/// single leap of any supported variant, so step and jump generation needs no bounds checks.
pub const PAD: usize = 3;
/// Largest board edge supported (Tai shogi).
pub const MAX_EDGE: usize = 25;
/// Mailbox stride and cell count for the largest board; every board uses its own stride,
/// but the arrays are sized for this one.
pub const MAX_STRIDE: usize = MAX_EDGE + 2 * PAD;
pub const MAX_CELLS: usize = MAX_STRIDE * MAX_STRIDE;
/// 64-bit words of a bit set over mailbox cells.
pub const OCC_WORDS: usize = MAX_CELLS.div_ceil(64);

/// The two sides. Black (sente) moves first and starts at the bottom of the diagram.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    #[inline]
    pub fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];
}

/// A mailbox index. Square 0 is always a padding cell, so it doubles as "no square".
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Sq(pub u16);

impl Sq {
    pub const NONE: Sq = Sq(0);
    #[inline]
    pub fn idx(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub fn offset(self, d: i16) -> Sq {
        Sq((self.0 as i16 + d) as u16)
    }
}

/// Index of a piece type in its variant's table.
pub type PieceType = u8;

/// Contents of one mailbox cell: empty, off-board wall, or `2 + 2*type + colour`.
/// 16 bits because Tai has 181 piece states (93 kinds and 88 promoted states).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Cell(pub u16);

impl Cell {
    pub const EMPTY: Cell = Cell(0);
    pub const WALL: Cell = Cell(1);
    #[inline]
    pub fn piece(t: PieceType, c: Color) -> Cell {
        Cell(2 + 2 * t as u16 + c as u16)
    }
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub fn is_piece(self) -> bool {
        self.0 >= 2
    }
    /// Colour of a piece cell (meaningless for empty/wall).
    #[inline]
    pub fn color(self) -> Color {
        if self.0 & 1 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }
    #[inline]
    pub fn ptype(self) -> PieceType {
        ((self.0 - 2) >> 1) as PieceType
    }
    /// True for a piece of colour `c`.
    #[inline]
    pub fn is_color(self, c: Color) -> bool {
        self.0 >= 2 && (self.0 & 1) == c as u16
    }
    /// A piece of `mover` may land here: empty, or an enemy piece.
    #[inline]
    pub fn can_land(self, mover: Color) -> bool {
        self.0 == 0 || (self.0 >= 2 && (self.0 & 1) != mover as u16)
    }
}

/// Move flag: the moving piece promotes at the end of the move.
pub const PROMOTE: u8 = 1;

/// One move, plain `Copy` data. `mid` holds the intermediate squares of multi-leg moves in
/// the order they are visited (Lion: the first step; a pass has `to == from` and an empty
/// `mid[0]`; igui has `to == from` and an enemy on `mid[0]`). Unused entries are `Sq::NONE`.
/// `shots` and `drop` are reserved for the variants that shoot (Ko) and drop (Yanxin).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Move {
    pub from: Sq,
    pub to: Sq,
    pub mid: [Sq; 4],
    pub shots: [Sq; 2],
    pub flags: u8,
    /// `1 + piece type` of a dropped piece, 0 for board moves.
    pub drop: u8,
}

impl Move {
    #[inline]
    pub fn new(from: Sq, to: Sq) -> Move {
        Move {
            from,
            to,
            ..Move::default()
        }
    }
    #[inline]
    pub fn promoting(from: Sq, to: Sq) -> Move {
        Move {
            from,
            to,
            flags: PROMOTE,
            ..Move::default()
        }
    }
    #[inline]
    pub fn two_leg(from: Sq, mid: Sq, to: Sq) -> Move {
        Move {
            from,
            to,
            mid: [mid, Sq::NONE, Sq::NONE, Sq::NONE],
            ..Move::default()
        }
    }
    #[inline]
    pub fn promotes(&self) -> bool {
        self.flags & PROMOTE != 0
    }
    #[inline]
    pub fn first_mid(&self) -> Option<Sq> {
        if self.mid[0].is_none() {
            None
        } else {
            Some(self.mid[0])
        }
    }
    /// The null move, used by search and as "no move" in tables.
    pub const NULL: Move = Move {
        from: Sq::NONE,
        to: Sq::NONE,
        mid: [Sq::NONE; 4],
        shots: [Sq::NONE; 2],
        flags: 0,
        drop: 0,
    };
    #[inline]
    pub fn is_null(&self) -> bool {
        self.from.is_none() && self.drop == 0
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}
