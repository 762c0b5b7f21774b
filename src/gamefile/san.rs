//! XBoard's short algebraic notation (SAN) as XBoard 4.9 saves Chu games: the piece's
//! letters (the SFEN code; none for a Pawn), a file and/or rank when two pieces could make
//! the move, `x` for a capture, the destination; a Lion's two-step move as
//! `Nxe6-d6` (first step, then the final square); `+` promotes, `=` declines.

use crate::position::Position;
use crate::types::Move;

/// A SAN move resolved against the legal moves of `pos`; None when it names no legal
/// move or more than one.
pub fn parse_san(pos: &Position, text: &str) -> Option<Move> {
    let mut body = text.trim_end_matches(['!', '?', '#']);
    let mut promote = None;
    if let Some(b) = body.strip_suffix('+') {
        promote = Some(true);
        body = b;
    } else if let Some(b) = body.strip_suffix('=') {
        promote = Some(false);
        body = b;
    }
    // The piece: an optional `+` and upper-case letters (XBoard also writes a `'`).
    let piece_len = {
        let b = body.as_bytes();
        let plus = usize::from(b.first() == Some(&b'+'));
        let letters = b[plus..]
            .iter()
            .take_while(|c| c.is_ascii_uppercase() || **c == b'\'')
            .count();
        if letters == 0 {
            0
        } else {
            plus + letters
        }
    };
    let piece = if piece_len == 0 {
        "P".to_string()
    } else {
        body[..piece_len].replace('\'', "")
    };
    let rest = &body[piece_len..];
    // Squares from the end: `<disambiguation>[x]<sq>[(x|-)<sq>]`.
    let squares = split_squares(rest)?;
    let (disamb, targets) = squares;
    let legal = pos.legal_moves();
    let name = |s| pos.xboard_square_name(s);
    let matches = |m: &Move, promo: Option<bool>| -> bool {
        if m.drop != 0 || m.from.is_none() {
            return false;
        }
        let Some((t, _)) = pos.piece_at(m.from) else {
            return false;
        };
        if pos.variant.piece(t).code != piece {
            return false;
        }
        let from = name(m.from);
        if !disamb.chars().all(|c| from.contains(c)) {
            return false;
        }
        let legs: Vec<String> = m
            .mid
            .iter()
            .take_while(|s| !s.is_none())
            .map(|&s| name(s))
            .chain(std::iter::once(name(m.to)))
            .collect();
        if legs != targets {
            return false;
        }
        match promo {
            Some(p) => m.promotes() == p,
            None => !m.promotes(),
        }
    };
    let pick = |promo| {
        let found: Vec<&Move> = legal.iter().filter(|m| matches(m, promo)).collect();
        (found.len() == 1).then(|| *found[0])
    };
    // A trailing `+` that promotes nothing is a check mark.
    pick(promote).or_else(|| (promote == Some(true)).then(|| pick(None)).flatten())
}

/// The disambiguation text and the target squares of the part after the piece.
fn split_squares(rest: &str) -> Option<(String, Vec<String>)> {
    // Tokens: squares are a letter followed by digits; `x` and `-` separate them.
    let b = rest.as_bytes();
    let mut squares: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_lowercase() && b[i] != b'x'
            || (b[i] == b'x' && i + 1 < b.len() && b[i + 1].is_ascii_digit())
        {
            let start = i;
            i += 1;
            let d = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
            i += d;
            squares.push((start, i));
        } else if b[i].is_ascii_digit() {
            let start = i;
            i += b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
            squares.push((start, i));
        } else if b[i] == b'x' || b[i] == b'-' {
            i += 1;
        } else {
            return None;
        }
    }
    // Full squares (letter and digits) at the end are the targets; what precedes is the
    // disambiguation (a file letter, a rank, or both).
    let is_full = |&(s, e): &(usize, usize)| e > s + 1 && b[s].is_ascii_lowercase();
    let n_targets = squares
        .iter()
        .rev()
        .take_while(|s| is_full(s))
        .count()
        .min(2);
    if n_targets == 0 {
        return None;
    }
    let split = squares.len() - n_targets;
    // `Ddg9`: a lone file letter before a full square was read as part of a square token;
    // anything before the targets is disambiguation.
    let disamb: String = squares[..split].iter().map(|&(s, e)| &rest[s..e]).collect();
    let mut targets: Vec<String> = squares[split..]
        .iter()
        .map(|&(s, e)| rest[s..e].to_string())
        .collect();
    // With two full squares and no separator between them (`g9f8`) the first is the
    // origin, given as disambiguation.
    if n_targets == 2 {
        let (s0, e0) = squares[split];
        let (s1, _) = squares[split + 1];
        if e0 == s1 && !rest[..s0].contains(['x', '-']) {
            let mut d = disamb.clone();
            d.push_str(&targets.remove(0));
            return Some((d, targets));
        }
    }
    Some((disamb, targets))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Rules, Variant};

    #[test]
    fn pawn_and_piece_moves() {
        let pos = Position::start(Variant::chu(), Rules::default());
        let m = parse_san(&pos, "h5").expect("pawn move");
        assert_eq!(pos.move_to_usi(&m), "5i5h");
        let m = parse_san(&pos, "Nf5").expect("lion step");
        assert_eq!(pos.xboard_square_name(m.to), "f5");
        assert!(parse_san(&pos, "Nz9").is_none());
        assert!(parse_san(&pos, "Qa1").is_none());
    }
}
