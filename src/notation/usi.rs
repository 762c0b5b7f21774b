//! USI square and move text (lishogi / shogiops for Chu): a square is the file number
//! (counted from Black's right, 1..) then the rank letter (a = White's side). A move is
//! `from to [+|=]`, or `from mid to` for a Lion-power move whose first leg captures, igui
//! (`to == from`) and the pass (`from empty-neighbour from`). Lion-Dog moves list every
//! captured intermediate square: `from captured... to`. A drop is `P*5e`: the unpromoted
//! piece letter (upper case for both sides), `*`, the square.

use crate::position::Position;
use crate::types::{Move, Sq};
use crate::variant::PromotionRule;
use arrayvec::{ArrayString, ArrayVec};
use std::fmt;

/// Syntax of a move: the squares as (column, row) board coordinates, and the suffix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveText {
    pub squares: ArrayVec<(usize, usize), 6>,
    /// `Some(true)` for `+`, `Some(false)` for `=`, `None` for no suffix.
    pub promotion: Option<bool>,
    /// Shot targets (`x` + square after the squares; Ko).
    pub shots: ArrayVec<(usize, usize), 2>,
    /// The text was `pass` (Ko: every board-preserving move).
    pub pass: bool,
    /// The piece code of a drop (upper case); `squares` then holds only the target.
    pub drop: Option<ArrayString<4>>,
}

impl MoveText {
    /// A drop of the piece with code `code` (any case) on `square`, if `code` is a short
    /// run of letters.
    fn drop_text(code: &str, square: (usize, usize)) -> Option<MoveText> {
        if code.is_empty() || !code.bytes().all(|b| b.is_ascii_alphabetic()) {
            return None;
        }
        let mut squares = ArrayVec::new();
        squares.push(square);
        Some(MoveText {
            squares,
            promotion: None,
            drop: Some(ArrayString::from(&code.to_ascii_uppercase()).ok()?),
            shots: ArrayVec::new(),
            pass: false,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// Not a move at all.
    Syntax(String),
    /// Well formed, but a square is off this board.
    OffBoard(String),
    /// Not legal in the position; the reason follows.
    Illegal(String, &'static str),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(m) => write!(f, "malformed move '{m}'"),
            MoveError::OffBoard(m) => write!(f, "square off the board in move '{m}'"),
            MoveError::Illegal(m, why) => write!(f, "illegal move '{m}': {why}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Parses one USI square at the start of `s` for a board of `files` x `ranks`:
/// returns ((column, row), bytes used). Coordinates may be off the board.
fn parse_square_prefix(s: &[u8], files: usize) -> Option<((isize, isize), usize)> {
    let digits = s.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 2 || s.get(digits).is_none_or(|b| !b.is_ascii_lowercase()) {
        return None;
    }
    let file: isize = std::str::from_utf8(&s[..digits]).ok()?.parse().ok()?;
    let rank = (s[digits] - b'a') as isize;
    Some(((files as isize - file, rank), digits + 1))
}

impl MoveText {
    /// Parses USI move text for a board of `files` x `ranks`.
    pub fn parse_usi(text: &str, files: usize, ranks: usize) -> Result<MoveText, MoveError> {
        if text == "pass" {
            return Ok(MoveText {
                squares: ArrayVec::new(),
                promotion: None,
                shots: ArrayVec::new(),
                pass: true,
                drop: None,
            });
        }
        if let Some((code, square)) = text.split_once('*') {
            let syntax = || MoveError::Syntax(text.to_string());
            let ((x, y), n) = parse_square_prefix(square.as_bytes(), files).ok_or_else(syntax)?;
            if n != square.len() {
                return Err(syntax());
            }
            if x < 0 || y < 0 || x >= files as isize || y >= ranks as isize {
                return Err(MoveError::OffBoard(text.to_string()));
            }
            return MoveText::drop_text(code, (x as usize, y as usize)).ok_or_else(syntax);
        }
        let bytes = text.as_bytes();
        let mut squares = ArrayVec::new();
        let mut i = 0;
        let mut off_board = false;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            let ((x, y), n) = parse_square_prefix(&bytes[i..], files)
                .ok_or_else(|| MoveError::Syntax(text.to_string()))?;
            if x < 0 || y < 0 || x >= files as isize || y >= ranks as isize {
                off_board = true;
            }
            squares
                .try_push((x.max(0) as usize, y.max(0) as usize))
                .map_err(|_| MoveError::Syntax(text.to_string()))?;
            i += n;
        }
        let mut shots = ArrayVec::new();
        while i < bytes.len() && bytes[i] == b'x' {
            let ((x, y), n) = parse_square_prefix(&bytes[i + 1..], files)
                .ok_or_else(|| MoveError::Syntax(text.to_string()))?;
            if x < 0 || y < 0 || x >= files as isize || y >= ranks as isize {
                off_board = true;
            }
            shots
                .try_push((x.max(0) as usize, y.max(0) as usize))
                .map_err(|_| MoveError::Syntax(text.to_string()))?;
            i += 1 + n;
        }
        let promotion = match &bytes[i..] {
            b"" => None,
            b"+" => Some(true),
            b"=" => Some(false),
            _ => return Err(MoveError::Syntax(text.to_string())),
        };
        if squares.len() < 2 {
            return Err(MoveError::Syntax(text.to_string()));
        }
        if off_board {
            return Err(MoveError::OffBoard(text.to_string()));
        }
        Ok(MoveText {
            squares,
            promotion,
            shots,
            pass: false,
            drop: None,
        })
    }

    /// Builds the drop of XBoard text `P@e5` once its square is known.
    pub(crate) fn xboard_drop(code: &str, square: (usize, usize)) -> Option<MoveText> {
        MoveText::drop_text(code, square)
    }
}

impl Position {
    /// USI name of a board square (`7f`, `12a`).
    pub fn square_name(&self, s: Sq) -> String {
        let v = self.variant;
        let x = v.col[s.idx()] as usize;
        let y = v.row[s.idx()] as u8;
        format!("{}{}", v.files - x, (b'a' + y) as char)
    }

    /// Parses a USI square name on this board.
    pub fn parse_square(&self, text: &str) -> Option<Sq> {
        let v = self.variant;
        let ((x, y), n) = parse_square_prefix(text.as_bytes(), v.files)?;
        if n != text.len() || x < 0 || y < 0 {
            return None;
        }
        v.square(x as usize, y as usize)
    }

    /// The move leaves the board unchanged (one `pass` where `Variant::single_pass`).
    pub fn is_board_pass(&self, mv: &Move) -> bool {
        mv.to == mv.from
            && mv.drop == 0
            && !mv.from.is_none()
            && !mv.promotes()
            && mv.shots[0].is_none()
            && mv
                .mid
                .iter()
                .all(|&m| m.is_none() || self.cell(m).is_empty())
    }

    /// USI text of a move (canonical form): `from [captured...] to [xshot...] [+]`, or
    /// `pass` where all passes are one move.
    pub fn move_to_usi(&self, mv: &Move) -> String {
        if mv.drop != 0 {
            let code = self.variant.piece(mv.drop - 1).code;
            return format!("{code}*{}", self.square_name(mv.to));
        }
        if self.variant.single_pass && self.is_board_pass(mv) {
            return "pass".to_string();
        }
        let mut s = self.square_name(mv.from);
        for &m in mv.mid.iter().take_while(|m| !m.is_none()) {
            s.push_str(&self.square_name(m));
        }
        s.push_str(&self.square_name(mv.to));
        for &t in mv.shots.iter().take_while(|t| !t.is_none()) {
            s.push('x');
            s.push_str(&self.square_name(t));
        }
        if mv.promotes() {
            s.push('+');
        }
        s
    }

    /// Parses USI move text and checks it against the legal moves.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let v = self.variant;
        let mt = MoveText::parse_usi(text, v.files, v.ranks)?;
        self.resolve_move(&mt, text)
    }

    /// Finds the legal move that `mt` names. `text` is only used in error messages.
    pub fn resolve_move(&self, mt: &MoveText, text: &str) -> Result<Move, MoveError> {
        let v = self.variant;
        let illegal = |why| Err(MoveError::Illegal(text.to_string(), why));
        if mt.drop.is_some() && !v.drops {
            return illegal("this variant has no drops");
        }
        if v.single_pass && mt.drop.is_none() {
            return self.resolve_effect(mt, text);
        }
        if mt.pass || !mt.shots.is_empty() {
            return Err(MoveError::Syntax(text.to_string()));
        }
        let sq: Vec<Sq> = mt
            .squares
            .iter()
            .map(|&(x, y)| {
                v.square(x, y)
                    .ok_or_else(|| MoveError::OffBoard(text.to_string()))
            })
            .collect::<Result<_, _>>()?;
        if sq.is_empty() || (mt.drop.is_none() && sq.len() < 2) {
            return Err(MoveError::Syntax(text.to_string()));
        }
        if let Some(code) = &mt.drop {
            let t = v
                .piece_by_code(code)
                .filter(|&t| (t as usize) < v.hand_kinds && v.demoted[t as usize] == t);
            let Some(t) = t else {
                return illegal("no such piece can be dropped");
            };
            if self.hand(self.side_to_move(), t) == 0 {
                return illegal("the piece is not in hand");
            }
            return match self
                .legal_moves()
                .into_iter()
                .find(|m| m.drop == t + 1 && m.to == sq[0])
            {
                Some(m) => Ok(m),
                None if !self.cell(sq[0]).is_empty() => illegal("the square is occupied"),
                None => illegal("this drop is forbidden (nifu or Pawn-drop mate)"),
            };
        }
        let from = sq[0];
        if !self.cell(from).is_color(self.side_to_move()) {
            return illegal("no piece of the side to move on the starting square");
        }
        let promote = mt.promotion == Some(true);
        let legal = self.legal_moves();
        // The canonical form first: from, the captured intermediate squares, to. Where
        // promotion is never a choice (by capture), the suffix may be left out.
        let (to, mids) = (sq[sq.len() - 1], &sq[1..sq.len() - 1]);
        let choice = v.promotion == PromotionRule::Zone || mt.promotion.is_some();
        let same_squares = |m: &&Move| {
            m.from == from
                && m.to == to
                && mids.len() <= m.mid.len()
                && m.mid[..mids.len()] == *mids
                && m.mid.get(mids.len()).is_none_or(|s| s.is_none())
        };
        // The text must name exactly one move: the suffix as written, or without a suffix
        // where promotion is not a choice, the one version the rules allow.
        let exact: Vec<&Move> = legal
            .iter()
            .filter(same_squares)
            .filter(|m| m.promotes() == promote)
            .collect();
        if let [m] = exact.as_slice() {
            return Ok(**m);
        }
        if !choice {
            let any: Vec<&Move> = legal.iter().filter(same_squares).collect();
            match any.as_slice() {
                [m] => return Ok(**m),
                [_, _, ..] => return illegal("ambiguous: add + or ="),
                [] => {}
            }
        }
        let found = match sq.len() {
            2 => legal.iter().find(|m| {
                m.from == from && m.to == sq[1] && m.mid[0].is_none() && m.promotes() == promote
            }),
            3 => {
                let (mid, to) = (sq[1], sq[2]);
                if !self.is_lion_route(from, mid, to) {
                    return illegal("not a Lion-power route of this piece");
                }
                let them = self.side_to_move().flip();
                if self.cell(mid).is_color(them) {
                    legal.iter().find(|m| {
                        m.from == from && m.mid[0] == mid && m.to == to && m.promotes() == promote
                    })
                } else if !self.cell(mid).is_empty() {
                    return illegal("the first leg lands on an own piece");
                } else if to == from {
                    // Every pass of one piece is the same move, whatever empty square it names.
                    legal.iter().find(|m| {
                        m.from == from && m.to == from && self.cell(m.mid[0]).is_empty() && !promote
                    })
                } else {
                    // A route through an empty square is the direct move (chu.md 4.1).
                    legal.iter().find(|m| {
                        m.from == from
                            && m.to == to
                            && m.mid[0].is_none()
                            && m.promotes() == promote
                    })
                }
            }
            _ => return illegal("too many squares"),
        };
        match found {
            Some(m) => Ok(*m),
            None => {
                let plain_exists = legal
                    .iter()
                    .any(|m| m.from == from && m.to == *sq.last().unwrap_or(&from));
                if plain_exists && promote {
                    illegal("this move cannot promote")
                } else if plain_exists {
                    illegal("promotion is compulsory here")
                } else {
                    illegal("the piece cannot make this move here")
                }
            }
        }
    }

    /// Squares captured by displacement in `mv` (before it is made), sorted.
    fn displaced(&self, mv: &Move) -> ArrayVec<Sq, 6> {
        let them = self.side_to_move().flip();
        let mut set: ArrayVec<Sq, 6> = mv
            .mid
            .iter()
            .copied()
            .filter(|&m| !m.is_none() && self.cell(m).is_color(them))
            .collect();
        if mv.to != mv.from && self.cell(mv.to).is_color(them) {
            set.push(mv.to);
        }
        set.sort();
        set
    }

    /// Lenient effect matching (ko.md 8.2): the legal move with the same start, final
    /// square, displacement-capture set, shot set and promotion. Listed intermediate squares
    /// that are empty are ignored; if no capture is listed and exactly one legal move has
    /// the same start, end, shots and promotion, that move is meant.
    fn resolve_effect(&self, mt: &MoveText, text: &str) -> Result<Move, MoveError> {
        let v = self.variant;
        let illegal = |why| Err(MoveError::Illegal(text.to_string(), why));
        let legal = self.legal_moves();
        let is_pass = |m: &&Move| self.is_board_pass(m);
        if mt.pass {
            return match legal.iter().find(is_pass) {
                Some(m) => Ok(*m),
                None => illegal("no piece can pass"),
            };
        }
        let to_sq = |&(x, y): &(usize, usize)| {
            v.square(x, y)
                .ok_or_else(|| MoveError::OffBoard(text.to_string()))
        };
        let sq: Vec<Sq> = mt.squares.iter().map(to_sq).collect::<Result<_, _>>()?;
        if sq.len() < 2 {
            return Err(MoveError::Syntax(text.to_string()));
        }
        let mut shots: Vec<Sq> = mt.shots.iter().map(to_sq).collect::<Result<_, _>>()?;
        shots.sort();
        let (from, to) = (sq[0], sq[sq.len() - 1]);
        if !self.cell(from).is_color(self.side_to_move()) {
            return illegal("no piece of the side to move on the starting square");
        }
        let them = self.side_to_move().flip();
        let mut captures: Vec<Sq> = sq[1..sq.len() - 1]
            .iter()
            .copied()
            .filter(|&s| self.cell(s).is_color(them))
            .collect();
        if to != from && self.cell(to).is_color(them) {
            captures.push(to);
        }
        captures.sort();
        captures.dedup();
        let promote = mt.promotion == Some(true);
        if to == from && captures.is_empty() && shots.is_empty() && !promote {
            // An explicit out-and-back path of a piece that can pass is the pass.
            let mut own = Vec::new();
            self.generate_from(from, &mut own);
            if own.iter().any(|m| self.is_board_pass(m)) {
                if let Some(m) = legal.iter().find(is_pass) {
                    return Ok(*m);
                }
            }
            return illegal("this piece cannot pass");
        }
        let same_shots = |m: &Move| {
            let mut s: Vec<Sq> = m.shots.iter().copied().filter(|s| !s.is_none()).collect();
            s.sort();
            s == shots
        };
        let candidates: Vec<&Move> = legal
            .iter()
            .filter(|m| {
                m.from == from
                    && m.to == to
                    && m.promotes() == promote
                    && same_shots(m)
                    && !self.is_board_pass(m)
            })
            .collect();
        if let Some(m) = candidates
            .iter()
            .find(|m| self.displaced(m).as_slice() == captures.as_slice())
        {
            return Ok(**m);
        }
        let listed_none = sq[1..sq.len() - 1]
            .iter()
            .all(|&s| !self.cell(s).is_color(them));
        // Omitted captures are filled in only for a move that ends elsewhere: `15e15e+`
        // names no capture and no pass, so it is not the igui `15e14c15e+`.
        if listed_none && to != from && candidates.len() == 1 {
            return Ok(*candidates[0]);
        }
        if candidates.len() > 1 {
            illegal("ambiguous: list the captured squares")
        } else {
            illegal("the piece cannot make this move here")
        }
    }

    /// `from -> mid -> to` follows the Lion power of the piece on `from`: `mid` is a first
    /// step of its power and `to` a second step from `mid` (any direction for a Lion, the
    /// same line for one-line power).
    fn is_lion_route(&self, from: Sq, mid: Sq, to: Sq) -> bool {
        let c = self.cell(from);
        let pm = &self.variant.moves[c.color().index()][c.ptype() as usize];
        let v = self.variant;
        if pm.lion {
            return v.distance(from, mid) == 1 && v.distance(mid, to) == 1;
        }
        // Lion-Dog lines: igui or a pass on the first square.
        if pm
            .lion_dogs
            .iter()
            .any(|&d| from.offset(d) == mid && to == from)
        {
            return true;
        }
        pm.lion_lines
            .iter()
            .any(|&d| from.offset(d) == mid && (to == from || to == mid.offset(d)))
    }
}
