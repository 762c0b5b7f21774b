//! Move text as the QBoard GUI (github.com/fire-lizard/QBoard) reads and writes it over
//! XBoard. It is our XBoard notation with three differences, learnt from reading QBoard
//! 1.2.0.2:
//!
//! * a shot from a shooter that stays on its square is `e6xh6` (we write `e6e6xh6`);
//! * in variants whose multi-leg moves it reads from one line (Ko), a two-leg move is one
//!   `move f6f7,f7f8` line, elsewhere (Chu, Tai) one `move` line per leg, each leg but the
//!   last ending in `,`;
//! * what it cannot express at all: a move followed by a shot (`q3p4xr6`, it keeps only
//!   `q3p4`), more than two legs in Ko or three elsewhere, and a `+` on a multi-leg move
//!   (it drops it when passing the move on to the other engine).
//!
//! Input (`parse_qboard_move`): both shot forms as in any mode, and a promotion on a
//! multi-leg move read as what QBoard's board did. QBoard 1.2.0.2 sends such a move without
//! the `+` even when its board promoted the piece; built with scripts/qboard.sh it sends `+`
//! when it promoted and, in Ko, `=` when it did not. So no suffix means "not promoted", and
//! where promoting was also legal (only in Ko) the text may come from a QBoard that dropped
//! the `+`: it is refused as ambiguous rather than guessed.
//! Its `setboard` positions are in its own piece letters (`board_from_qboard`).

use super::MoveError;
use crate::position::Position;
use crate::types::{Color, Move};
use crate::variant::Variant;
use ahash::AHashMap;

/// The most legs QBoard passes on intact, for variants read on one line and leg by leg.
const MAX_LEGS_ONE_LINE: usize = 2;
const MAX_LEGS_PER_LINE: usize = 3;

impl Position {
    /// The move as QBoard writes it, or None when QBoard cannot express it (see the module
    /// documentation): such a move would leave QBoard's board different from ours.
    pub fn move_to_qboard(&self, mv: &Move) -> Option<String> {
        let text = self.move_to_xboard(mv);
        if self.is_pass(mv) || mv.drop != 0 {
            return Some(text);
        }
        let captures = mv
            .mid
            .iter()
            .take_while(|m| !m.is_none())
            .filter(|&&m| !self.cell(m).is_empty())
            .count();
        let written_legs = text.matches(',').count() + 1;
        let shots = mv.shots.iter().take_while(|t| !t.is_none()).count();
        if shots > 0 {
            // Only a shooter that ends where it started, having taken nothing by moving:
            // QBoard leaves the shooter in place and removes the targets.
            if mv.to != mv.from || captures > 0 {
                return None;
            }
            let from = self.xboard_square_name(mv.from);
            let tail = &text[text.find('x')?..];
            return Some(format!("{from}{tail}"));
        }
        let max_legs = if self.variant.qboard_one_line {
            MAX_LEGS_ONE_LINE
        } else {
            MAX_LEGS_PER_LINE
        };
        if written_legs > max_legs || (written_legs > 1 && mv.promotes()) {
            return None;
        }
        Some(text)
    }

    /// A move as QBoard sends it (see the module documentation).
    pub fn parse_qboard_move(&self, text: &str) -> Result<Move, MoveError> {
        let multi_leg = text.contains(',');
        if !multi_leg || text.ends_with(['+', '=']) {
            return self.parse_xboard_move(text);
        }
        let kept = self.parse_xboard_move(&format!("{text}="));
        let promoted = self.parse_xboard_move(&format!("{text}+"));
        match (kept, promoted) {
            (Ok(_), Ok(_)) => Err(MoveError::Illegal(text.to_string(), "ambiguous promotion")),
            (Ok(m), Err(_)) => Ok(m),
            // QBoard's board did not promote; our rules say the piece must.
            (Err(err), _) => Err(match err {
                MoveError::Illegal(_, why) => MoveError::Illegal(text.to_string(), why),
                other => other,
            }),
        }
    }

    /// The `move ...` lines that send `text` (from `move_to_qboard` or `move_to_xboard`):
    /// one line, or one line per leg with all but the last ending in `,` (HaChu's form,
    /// which XBoard and QBoard read for Chu).
    pub fn xboard_move_lines(&self, text: &str, one_line: bool) -> Vec<String> {
        if one_line || !text.contains(',') {
            return vec![format!("move {text}")];
        }
        let legs: Vec<&str> = text.split(',').collect();
        let last = legs.len() - 1;
        legs.iter()
            .enumerate()
            .map(|(i, leg)| {
                // Each leg after the first repeats the square the previous one ended on.
                let sep = if i < last { "," } else { "" };
                format!("move {leg}{sep}")
            })
            .collect()
    }
}

/// One square of a QBoard board field: None for empty, else (promoted, letter as written).
type QSquare<'a> = Option<(bool, &'a str)>;

/// Splits a QBoard board field into ranks of squares. A piece is an optional `+`, a letter
/// and optionally one of ' ` ~ ! (QBoard's marks for kinds beyond the 26 letters).
fn qboard_ranks(board: &str) -> Result<Vec<Vec<QSquare<'_>>>, String> {
    let mut ranks = Vec::new();
    for rank in board.split('/') {
        let b = rank.as_bytes();
        let mut squares = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if b[i].is_ascii_digit() {
                let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
                let n: usize = rank[i..i + digits]
                    .parse()
                    .map_err(|_| format!("bad count in rank '{rank}'"))?;
                if n == 0 || n > 64 {
                    return Err(format!("bad count in rank '{rank}'"));
                }
                squares.extend(std::iter::repeat_n(None, n));
                i += digits;
                continue;
            }
            let promoted = b[i] == b'+';
            let start = i + promoted as usize;
            if !b.get(start).is_some_and(|c| c.is_ascii_alphabetic()) {
                return Err(format!("bad piece in rank '{rank}'"));
            }
            let mut end = start + 1;
            if b.get(end).is_some_and(|c| b"'`~!".contains(c)) {
                end += 1;
            }
            squares.push(Some((promoted, &rank[start..end])));
            i = end;
        }
        ranks.push(squares);
    }
    Ok(ranks)
}

/// QBoard letter (upper case) to our code, read off the two start positions.
fn letter_map(v: &'static Variant) -> Result<AHashMap<String, &'static str>, String> {
    let start = v
        .qboard_start
        .ok_or_else(|| format!("QBoard has no {}", v.name))?;
    let ours = Position::start(v, v.default_rules);
    let mut map = AHashMap::new();
    for (y, rank) in qboard_ranks(start)?.iter().enumerate() {
        for (x, square) in rank.iter().enumerate() {
            let (Some((_, letter)), Some(sq)) = (square, v.square(x, y)) else {
                continue;
            };
            let cell = ours.cell(sq);
            if cell.is_piece() {
                map.insert(letter.to_ascii_uppercase(), v.piece(cell.ptype()).code);
            }
        }
    }
    Ok(map)
}

/// A QBoard `setboard` board field in our SFEN letters. QBoard's upper case is the side
/// that moves first (our Black), as in SFEN.
pub fn board_from_qboard(v: &'static Variant, board: &str) -> Result<String, String> {
    let map = letter_map(v)?;
    let ranks = qboard_ranks(board)?;
    if ranks.len() != v.ranks {
        return Err(format!("{} ranks, {} has {}", ranks.len(), v.name, v.ranks));
    }
    let mut out = Vec::new();
    for rank in &ranks {
        if rank.len() != v.files {
            return Err(format!(
                "a rank of {} squares, {} has {}",
                rank.len(),
                v.name,
                v.files
            ));
        }
        let mut text = String::new();
        let mut empty = 0;
        let mut after_piece = false;
        for square in rank {
            let Some((promoted, letter)) = *square else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
                after_piece = false;
            }
            let color = if letter.as_bytes()[0].is_ascii_uppercase() {
                Color::Black
            } else {
                Color::White
            };
            let upper = letter.to_ascii_uppercase();
            // An alias stands for `+` and a base letter.
            let (promoted, base) = match v.qboard_aliases.iter().find(|(a, _)| *a == upper) {
                Some((_, meaning)) => (true, meaning.trim_start_matches('+').to_string()),
                None => (promoted, upper),
            };
            let code = map
                .get(&base)
                .ok_or_else(|| format!("no piece '{letter}' in QBoard's {}", v.name))?;
            if after_piece && v.sfen_separator {
                text.push(',');
            }
            if promoted {
                text.push('+');
            }
            match color {
                Color::Black => text.push_str(code),
                Color::White => text.push_str(&code.to_ascii_lowercase()),
            }
            after_piece = true;
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        out.push(text);
    }
    Ok(out.join("/"))
}

#[cfg(test)]
mod tests {
    use super::board_from_qboard;
    use crate::position::Position;
    use crate::variant::{Rules, Variant};

    #[test]
    fn qboard_start_positions_read_as_ours() {
        for v in [Variant::chu(), Variant::ko(), Variant::tai()] {
            let board = board_from_qboard(v, v.qboard_start.expect("QBoard has it"))
                .unwrap_or_else(|e| panic!("{}: {e}", v.name));
            let ours = v.start_sfen.split(' ').next().expect("board field");
            assert_eq!(board, ours, "{}", v.name);
        }
        assert!(board_from_qboard(Variant::yanxin(), "12/12").is_err());
    }

    #[test]
    fn qboard_promoted_and_alias_letters() {
        let v = Variant::ko();
        // A Black promoted Taoist priest (QBoard's T') and a White Free boar, the letter
        // QBoard writes for a promoted Shield captain (its U').
        let mut board = vec!["19".to_string(); 19];
        board[0] = "9k9".into();
        board[10] = "9+T'9".into();
        board[11] = "8f'10".into();
        board[18] = "9K9".into();
        let ours = board_from_qboard(v, &board.join("/")).expect("valid");
        let ranks: Vec<&str> = ours.split('/').collect();
        assert_eq!(ranks[0], "9g9");
        assert_eq!(ranks[10], "9+TB9");
        assert!(
            ranks[11].starts_with("8+") && ranks[11].ends_with("10"),
            "{ours}"
        );
        assert!(board_from_qboard(v, "9q'9/18").is_err());
    }

    #[test]
    fn legs_go_on_lines_of_their_own_unless_asked_for_one() {
        let p = Position::start(Variant::chu(), Rules::default());
        assert_eq!(p.xboard_move_lines("f6f7", false), vec!["move f6f7"]);
        assert_eq!(
            p.xboard_move_lines("f6f7,f7f8", false),
            vec!["move f6f7,", "move f7f8"]
        );
        assert_eq!(
            p.xboard_move_lines("f6f7,f7f8,f8f9", false),
            vec!["move f6f7,", "move f7f8,", "move f8f9"]
        );
        assert_eq!(
            p.xboard_move_lines("f6f7,f7f8", true),
            vec!["move f6f7,f7f8"]
        );
    }
}
