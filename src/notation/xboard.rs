//! XBoard (CECP) square and move text as HaChu and XBoard 4.9 use for Chu: files `a..`
//! from Black's left, ranks `1..` from Black's side; promotion `+` (or `=` to decline);
//! a two-leg move as `g5g6,g6g7`; a Lion pass as the null move `@@@@`; a drop as `P@e5`.

use super::usi::{MoveError, MoveText};
use crate::position::Position;
use crate::types::{Move, Sq};
use arrayvec::ArrayVec;

/// The XBoard null move, used for a Lion-power pass.
pub const PASS: &str = "@@@@";

/// Parses one XBoard square at the start of `s`: ((column, row from the top), bytes used).
fn parse_square_prefix(s: &[u8], ranks: usize) -> Option<((isize, isize), usize)> {
    let letter = *s.first()?;
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let digits = s[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let number: isize = std::str::from_utf8(&s[1..1 + digits]).ok()?.parse().ok()?;
    Some((
        ((letter - b'a') as isize, ranks as isize - number),
        1 + digits,
    ))
}

impl MoveText {
    /// Parses XBoard move text (`f3f5`, `f8f9+`, `g5g6,g6g7`); the pass `@@@@` is handled
    /// by `Position::parse_xboard_move`.
    pub fn parse_xboard(text: &str, files: usize, ranks: usize) -> Result<MoveText, MoveError> {
        let syntax = || MoveError::Syntax(text.to_string());
        if let Some((code, square)) = text.split_once('@') {
            let ((x, y), n) = parse_square_prefix(square.as_bytes(), ranks).ok_or_else(syntax)?;
            if n != square.len() {
                return Err(syntax());
            }
            if x < 0 || y < 0 || x >= files as isize || y >= ranks as isize {
                return Err(MoveError::OffBoard(text.to_string()));
            }
            return MoveText::xboard_drop(code, (x as usize, y as usize)).ok_or_else(syntax);
        }
        let (body, promotion) = match text.as_bytes().last() {
            Some(b'+') => (&text[..text.len() - 1], Some(true)),
            Some(b'=') => (&text[..text.len() - 1], Some(false)),
            _ => (text, None),
        };
        // XBoard's PGN writes a two-leg move as from, kill square, `x` or `-`, final
        // square (`g5g6xg7`); turn it into the protocol's leg form first.
        let pgn_form;
        // An `x` followed by a digit is a square on boards with 24 or more files (Tai).
        let separator = body
            .char_indices()
            .find(|&(i, c)| {
                c == '-'
                    || (c == 'x' && body[i + 1..].starts_with(|n: char| n.is_ascii_lowercase()))
            })
            .map(|(i, _)| i);
        let body = match separator {
            Some(i) if !body.contains(',') => {
                let first = &body[..i];
                let b = first.as_bytes();
                let (_, n) = parse_square_prefix(b, ranks).ok_or_else(syntax)?;
                let mid = &first[n..];
                pgn_form = format!("{first},{mid}{}", &body[i + 1..]);
                pgn_form.as_str()
            }
            _ => body,
        };
        let mut legs: ArrayVec<[(isize, isize); 2], 4> = ArrayVec::new();
        for leg in body.split(',') {
            let b = leg.as_bytes();
            let (a, n) = parse_square_prefix(b, ranks).ok_or_else(syntax)?;
            let (z, m) = parse_square_prefix(&b[n..], ranks).ok_or_else(syntax)?;
            if n + m != b.len() {
                return Err(syntax());
            }
            legs.try_push([a, z]).map_err(|_| syntax())?;
        }
        // Each leg starts where the previous one ended.
        let mut squares: ArrayVec<(isize, isize), 6> = ArrayVec::new();
        squares.push(legs[0][0]);
        for (i, leg) in legs.iter().enumerate() {
            if i > 0 && leg[0] != legs[i - 1][1] {
                return Err(syntax());
            }
            squares.try_push(leg[1]).map_err(|_| syntax())?;
        }
        let mut out = ArrayVec::new();
        for (x, y) in squares {
            if x < 0 || y < 0 || x >= files as isize || y >= ranks as isize {
                return Err(MoveError::OffBoard(text.to_string()));
            }
            out.push((x as usize, y as usize));
        }
        Ok(MoveText {
            squares: out,
            promotion,
            drop: None,
            shots: ArrayVec::new(),
            pass: false,
        })
    }
}

impl Position {
    /// XBoard name of a board square (`g5`, `a12`).
    pub fn xboard_square_name(&self, s: Sq) -> String {
        let v = self.variant;
        let x = v.col[s.idx()] as u8;
        let y = v.row[s.idx()] as usize;
        format!("{}{}", (b'a' + x) as char, v.ranks - y)
    }

    /// Whether `mv` is a pass (board unchanged).
    pub fn is_pass(&self, mv: &Move) -> bool {
        mv.to == mv.from && !mv.mid[0].is_none() && self.cell(mv.mid[0]).is_empty()
    }

    /// XBoard text of a move: `@@@@` for a pass, `a,b` legs for a two-leg move.
    pub fn move_to_xboard(&self, mv: &Move) -> String {
        if self.is_pass(mv) {
            return PASS.to_string();
        }
        if mv.drop != 0 {
            let code = self.variant.piece(mv.drop - 1).code;
            return format!("{code}@{}", self.xboard_square_name(mv.to));
        }
        let mut s = self.xboard_square_name(mv.from);
        for &m in mv.mid.iter().take_while(|m| !m.is_none()) {
            s.push_str(&self.xboard_square_name(m));
            s.push(',');
            s.push_str(&self.xboard_square_name(m));
        }
        s.push_str(&self.xboard_square_name(mv.to));
        for &t in mv.shots.iter().take_while(|t| !t.is_none()) {
            s.push('x');
            s.push_str(&self.xboard_square_name(t));
        }
        if mv.promotes() {
            s.push('+');
        }
        s
    }

    /// A move as XBoard writes it in PGN: a two-leg move as `g5g6xg7` (from, kill
    /// square, final square), everything else as in the protocol. XBoard's form has room
    /// for two legs only, and where `parse_xboard_move` reads shots (`single_pass`: Ko)
    /// its `x` would read as a shot, so moves of three legs and all of Ko's keep the
    /// protocol's leg form, which reads back alike.
    pub fn move_to_xboard_pgn(&self, mv: &Move) -> String {
        let text = self.move_to_xboard(mv);
        let two_legs = !mv.mid[0].is_none() && mv.mid[1].is_none();
        if two_legs && !self.variant.single_pass {
            xboard_to_pgn(&text)
        } else {
            text
        }
    }

    /// Parses XBoard move text and checks it against the legal moves.
    pub fn parse_xboard_move(&self, text: &str) -> Result<Move, MoveError> {
        if text == PASS {
            let legal = self.legal_moves();
            return legal
                .into_iter()
                .find(|m| self.is_pass(m))
                .ok_or_else(|| MoveError::Illegal(text.to_string(), "no piece can pass"));
        }
        let v = self.variant;
        if v.single_pass {
            return self.parse_xboard_shooting(text);
        }
        let mt = MoveText::parse_xboard(text, v.files, v.ranks)?;
        self.resolve_move(&mt, text)
    }

    /// Ko's XBoard moves (ko.md 8.3): legs, then `x<square>` per shot, then `+`.
    fn parse_xboard_shooting(&self, text: &str) -> Result<Move, MoveError> {
        let v = self.variant;
        let syntax = || MoveError::Syntax(text.to_string());
        let (rest, suffix) = match text.as_bytes().last() {
            Some(b'+' | b'=') => text.split_at(text.len() - 1),
            _ => (text, ""),
        };
        let mut parts = rest.split('x');
        let body = parts.next().ok_or_else(syntax)?;
        // QBoard writes a shot by a shooter that stays put with no destination (`e6xh6`):
        // the same move as `e6e6xh6`.
        let stationary = rest.contains('x')
            && parse_square_prefix(body.as_bytes(), v.ranks).is_some_and(|(_, n)| n == body.len());
        let body = if stationary {
            format!("{body}{body}")
        } else {
            body.to_string()
        };
        let mut mt = MoveText::parse_xboard(&format!("{body}{suffix}"), v.files, v.ranks)?;
        for shot in parts {
            let ((x, y), n) = parse_square_prefix(shot.as_bytes(), v.ranks).ok_or_else(syntax)?;
            if n != shot.len() {
                return Err(syntax());
            }
            if x < 0 || y < 0 || x >= v.files as isize || y >= v.ranks as isize {
                return Err(MoveError::OffBoard(text.to_string()));
            }
            mt.shots
                .try_push((x as usize, y as usize))
                .map_err(|_| syntax())?;
        }
        self.resolve_move(&mt, text)
    }
}

/// A two-leg move's XBoard protocol text in XBoard's PGN form: `g5g6,g6g7` becomes
/// `g5g6xg7`.
fn xboard_to_pgn(text: &str) -> String {
    match text.split_once(',') {
        Some((first, second)) => {
            // The second leg starts with the kill square; keep only its destination.
            let b = second.as_bytes();
            let letters = b.iter().take_while(|c| c.is_ascii_lowercase()).count();
            let digits = b[letters..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            format!("{first}x{}", &second[letters + digits..])
        }
        None => text.to_string(),
    }
}

impl crate::variant::Variant {
    /// The `setup` command announcing a variant XBoard does not know: board size, no
    /// holdings, "fairy" rules in the GUI (the engine referees), and the start position
    /// as an XBoard FEN (side letter `w` = the first player). None for XBoard's own
    /// variants.
    pub fn xboard_setup(&'static self) -> Option<String> {
        if self.xboard_native {
            return None;
        }
        let start = Position::start(self, self.default_rules);
        let board = start.to_sfen().split(' ').next().unwrap_or("").to_string();
        // With drops, a holdings slot per kind that can be in hand, empty at the start.
        let (holdings, hands) = if self.drops {
            (self.hand_kinds, "[]")
        } else {
            (0, "")
        };
        Some(format!(
            "setup (-) {}x{}+{holdings}_fairy {board}{hands} w 0 1",
            self.files, self.ranks
        ))
    }
}
