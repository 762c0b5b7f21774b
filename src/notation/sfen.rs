//! SFEN: board ranks from White's side, files from Black's left, `+` for promoted pieces,
//! side to move (`b`/`w`), field 3 and the move number, exactly as lishogi (shogiops)
//! writes them. Field 3 is the counter-strike square in Chu (`-` if none) and the hands in
//! variants with drops (`2PGy`: count and letter, upper case Black). Variants with Moon
//! Fairies accept a 5th field, the square of the pending Moon Fairy (yanxin.md 2). Where
//! piece codes are not prefix-free (Tai: `FD` and `FDE`), adjacent pieces in a rank are
//! separated by `,`.

use crate::position::Position;
use crate::types::{Cell, Color};
use crate::variant::{Rules, Variant};
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SfenError {
    Fields(usize),
    RankCount(usize),
    RankWidth(usize),
    UnknownPiece(String),
    BadSide(String),
    BadField3(String),
    BadMoveNumber(String),
    NoRoyal(Color),
    TooManyPieces,
    BadHand(String),
    BadPending(String),
}

impl fmt::Display for SfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SfenError::Fields(n) => {
                write!(f, "SFEN needs 3 to 5 space-separated fields, found {n}")
            }
            SfenError::RankCount(n) => {
                write!(f, "SFEN board has {n} ranks, wrong for this variant")
            }
            SfenError::RankWidth(r) => {
                write!(f, "SFEN rank {} does not have the board's width", r + 1)
            }
            SfenError::UnknownPiece(p) => write!(f, "unknown piece '{p}' in SFEN"),
            SfenError::BadSide(s) => write!(f, "side to move must be 'b' or 'w', found '{s}'"),
            SfenError::BadField3(s) => {
                write!(f, "third SFEN field must be '-' or a square, found '{s}'")
            }
            SfenError::BadMoveNumber(s) => write!(f, "bad move number '{s}' in SFEN"),
            SfenError::NoRoyal(c) => write!(f, "{c} has no royal piece"),
            SfenError::TooManyPieces => write!(f, "too many pieces in SFEN"),
            SfenError::BadHand(h) => write!(f, "bad hand '{h}' in SFEN"),
            SfenError::BadPending(p) => write!(
                f,
                "fifth SFEN field must be '-' or the square of a Moon Fairy of the side that just moved, found '{p}'"
            ),
        }
    }
}

impl std::error::Error for SfenError {}

impl Position {
    /// Parses an SFEN of `variant`. Nothing is changed on error.
    pub fn from_sfen(
        variant: &'static Variant,
        sfen: &str,
        rules: Rules,
    ) -> Result<Position, SfenError> {
        let fields: Vec<&str> = sfen.split_whitespace().collect();
        let max_fields = if variant.has_auto_capture { 5 } else { 4 };
        if !(3..=max_fields).contains(&fields.len()) {
            return Err(SfenError::Fields(fields.len()));
        }
        let mut pos = Position::empty(variant, rules);
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != variant.ranks {
            return Err(SfenError::RankCount(ranks.len()));
        }
        let max_code = variant
            .pieces
            .iter()
            .map(|p| p.code.len())
            .max()
            .unwrap_or(1);
        for (y, text) in ranks.iter().enumerate() {
            let mut x = 0usize;
            let bytes = text.as_bytes();
            let mut i = 0;
            // Where codes are not prefix-free (Tai), adjacent pieces must be separated
            // by exactly one ',' and nothing else may be.
            let mut after_piece = false;
            while i < bytes.len() {
                if variant.sfen_separator && after_piece {
                    let next = bytes.get(i + 1).copied().unwrap_or(b'/');
                    if bytes[i] == b',' && (next.is_ascii_alphabetic() || next == b'+') {
                        i += 1;
                    } else if !bytes[i].is_ascii_digit() {
                        return Err(SfenError::RankWidth(y));
                    }
                }
                after_piece = false;
                if bytes[i].is_ascii_digit() {
                    let start = i;
                    while i < bytes.len() && bytes[i].is_ascii_digit() {
                        i += 1;
                    }
                    let n: usize = text[start..i]
                        .parse()
                        .map_err(|_| SfenError::RankWidth(y))?;
                    // Checked against the room left, so a huge count cannot wrap `x`.
                    if n == 0 || n > variant.files.saturating_sub(x) {
                        return Err(SfenError::RankWidth(y));
                    }
                    x += n;
                    continue;
                }
                let (t, color, len) = match_piece(variant, &text[i..], max_code)
                    .ok_or_else(|| SfenError::UnknownPiece(text[i..].chars().take(3).collect()))?;
                let sq = variant.square(x, y).ok_or(SfenError::RankWidth(y))?;
                pos.put(sq, t, color)
                    .map_err(|_| SfenError::TooManyPieces)?;
                x += 1;
                i += len;
                after_piece = true;
            }
            if x != variant.files {
                return Err(SfenError::RankWidth(y));
            }
        }
        match fields[1] {
            "b" => {}
            "w" => pos.set_side_to_move(Color::White),
            s => return Err(SfenError::BadSide(s.to_string())),
        }
        if variant.drops {
            parse_hands(&mut pos, fields[2])?;
        } else if fields[2] != "-" {
            let sq = pos
                .parse_square(fields[2])
                .filter(|_| variant.lion_trading)
                .ok_or_else(|| SfenError::BadField3(fields[2].to_string()))?;
            pos.set_lion_square(Some(sq));
        }
        if let Some(n) = fields.get(3) {
            match n.parse::<u32>() {
                Ok(n) if (1..=1_000_000).contains(&n) => pos.set_move_number(n),
                _ => return Err(SfenError::BadMoveNumber(n.to_string())),
            }
        }
        if let Some(&p) = fields.get(4).filter(|&&p| p != "-") {
            // The pending Moon Fairy belongs to the side that just moved.
            let bad = || SfenError::BadPending(p.to_string());
            let sq = pos.parse_square(p).ok_or_else(bad)?;
            let cell = pos.cell(sq);
            let mover = pos.side_to_move().flip();
            if !cell.is_color(mover) || !variant.auto_captures[cell.ptype() as usize] {
                return Err(bad());
            }
            pos.set_pending_square(Some(sq));
        }
        for c in Color::BOTH {
            if pos.royal_count(c) == 0 {
                return Err(SfenError::NoRoyal(c));
            }
        }
        Ok(pos)
    }

    /// The SFEN of the position.
    pub fn to_sfen(&self) -> String {
        let v = self.variant;
        let mut s = String::new();
        for y in 0..v.ranks {
            if y > 0 {
                s.push('/');
            }
            let mut empty = 0;
            let mut after_piece = false;
            for x in 0..v.files {
                let Some(sq) = v.square(x, y) else { continue };
                let c = self.cell(sq);
                if !c.is_piece() {
                    empty += 1;
                    after_piece = false;
                    continue;
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                if after_piece && v.sfen_separator {
                    s.push(',');
                }
                s.push_str(&piece_text(v, c));
                after_piece = true;
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
        }
        s.push(' ');
        s.push(if self.side_to_move() == Color::Black {
            'b'
        } else {
            'w'
        });
        s.push(' ');
        if v.drops {
            s.push_str(&hands_text(self));
        } else {
            match self.lion_square() {
                Some(sq) => s.push_str(&self.square_name(sq)),
                None => s.push('-'),
            }
        }
        s.push(' ');
        s.push_str(&self.move_number().to_string());
        if let Some(p) = self.pending_square() {
            s.push(' ');
            s.push_str(&self.square_name(p));
        }
        s
    }
}

/// SFEN text of a piece cell: the code, lower case for White.
pub fn piece_text(v: &Variant, c: Cell) -> String {
    let code = v.piece(c.ptype()).code;
    match c.color() {
        Color::Black => code.to_string(),
        Color::White => code.to_ascii_lowercase(),
    }
}

/// Longest piece code at the start of `text`: (type, colour, bytes used).
fn match_piece(v: &Variant, text: &str, max_len: usize) -> Option<(u8, Color, usize)> {
    for len in (1..=max_len.min(text.len())).rev() {
        let Some(cand) = text.get(..len) else {
            continue;
        };
        let letters = cand.trim_start_matches('+');
        if letters.is_empty() || !letters.bytes().all(|b| b.is_ascii_alphabetic()) {
            continue;
        }
        let color = if letters.bytes().all(|b| b.is_ascii_uppercase()) {
            Color::Black
        } else if letters.bytes().all(|b| b.is_ascii_lowercase()) {
            Color::White
        } else {
            continue;
        };
        if let Some(t) = v.piece_by_code(&cand.to_ascii_uppercase()) {
            return Some((t, color, len));
        }
    }
    None
}

/// Reads the hand field (`-`, or groups of an optional count and an unpromoted piece
/// letter: `2PGy`).
fn parse_hands(pos: &mut Position, text: &str) -> Result<(), SfenError> {
    if text == "-" {
        return Ok(());
    }
    let bad = || SfenError::BadHand(text.to_string());
    let v = pos.variant;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let count: u32 = if i == start {
            1
        } else {
            text[start..i].parse().map_err(|_| bad())?
        };
        let letter = *bytes.get(i).ok_or_else(bad)?;
        if count == 0 || !letter.is_ascii_alphabetic() {
            return Err(bad());
        }
        let color = if letter.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let code = (letter.to_ascii_uppercase() as char).to_string();
        let t = v.piece_by_code(&code).ok_or_else(bad)?;
        let total = (pos.hand(color, t) as u32)
            .checked_add(count)
            .ok_or_else(bad)?;
        let total = u8::try_from(total).map_err(|_| bad())?;
        pos.set_hand(color, t, total).map_err(|_| bad())?;
        i += 1;
    }
    Ok(())
}

/// The hand field: Black's pieces then White's, each from the most valuable down.
fn hands_text(pos: &Position) -> String {
    let v = pos.variant;
    let mut kinds: Vec<usize> = (0..v.hand_kinds).collect();
    kinds.sort_by_key(|&t| (-v.pieces[t].value, t));
    let mut s = String::new();
    for c in Color::BOTH {
        for &t in &kinds {
            let n = pos.hand(c, t as u8);
            if n == 0 {
                continue;
            }
            if n > 1 {
                s.push_str(&n.to_string());
            }
            s.push_str(&piece_text(v, crate::types::Cell::piece(t as u8, c)));
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}
