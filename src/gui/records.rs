//! Import and export of games for the browser board, in the project's formats: SFEN, USI
//! move lists (`[position] sfen S|startpos [moves ...]` or bare moves), PGN and Chu KIF
//! (those two read and written by `gamefile`).

use crate::gamefile::{self, Format, GameFile};
use crate::position::Position;
use crate::tournament::pgn::today;
use crate::types::{Color, Move};
use crate::variant::{Rules, Variant};

/// A game read from text: its variant, start position and moves.
pub struct Imported {
    pub variant: &'static Variant,
    pub start: Position,
    pub moves: Vec<Move>,
}

/// Reads SFEN, a USI position command or move list, or a PGN. A PGN's `Variant` tag
/// chooses the variant; otherwise `variant` is meant.
pub fn import(text: &str, variant: &'static Variant, rules: Rules) -> Result<Imported, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("nothing to import".into());
    }
    if text.len() > 1 << 20 {
        return Err("text too long".into());
    }
    let (variant, rules) = match pgn_variant(text)? {
        Some(v) if !std::ptr::eq(v, variant) => (v, v.default_rules),
        _ => (variant, rules),
    };
    let usi = text.strip_prefix("position ").unwrap_or(text).trim();
    if let Some(rest) = usi.strip_prefix("sfen ") {
        let (sfen, moves) = match rest.split_once(" moves") {
            Some((s, m)) => (s.trim(), m),
            None => (rest.trim(), ""),
        };
        let start = Position::from_sfen(variant, sfen, rules).map_err(|e| e.to_string())?;
        return with_moves(variant, start, moves);
    }
    if let Some(rest) = usi.strip_prefix("startpos") {
        let moves = rest.trim().strip_prefix("moves").unwrap_or(rest);
        return with_moves(variant, Position::start(variant, rules), moves);
    }
    if !text.starts_with('[') {
        if let Ok(start) = Position::from_sfen(variant, text, rules) {
            return Ok(Imported {
                variant,
                start,
                moves: Vec::new(),
            });
        }
    }
    // Bare moves may span lines here: one game.
    let format = Format::detect(text);
    let joined;
    let text = if format == Format::Usi {
        joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
        joined.as_str()
    } else {
        text
    };
    let game = gamefile::read(text, format, variant, rules)?
        .into_iter()
        .next()
        .ok_or("no game in the text")?;
    let (start, moves) = (game.start, game.moves);
    Ok(Imported {
        variant,
        start,
        moves,
    })
}

fn with_moves(variant: &'static Variant, start: Position, moves: &str) -> Result<Imported, String> {
    let mut p = start.clone();
    let mut list = Vec::new();
    for (i, tok) in moves.split_whitespace().enumerate() {
        let mv = p
            .parse_move(tok)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
        p.make(mv);
        list.push(mv);
    }
    Ok(Imported {
        variant,
        start,
        moves: list,
    })
}

/// The variant named by a PGN `Variant` tag, if any.
fn pgn_variant(text: &str) -> Result<Option<&'static Variant>, String> {
    for line in text.lines() {
        if let Some(name) = line
            .trim()
            .strip_prefix("[Variant \"")
            .and_then(|r| r.split('"').next())
        {
            return Variant::by_name(name)
                .map(Some)
                .ok_or_else(|| format!("unknown variant '{name}' in the Variant tag"));
        }
    }
    Ok(None)
}

/// `sfen S moves ...` (or `startpos moves ...` from the variant's start).
pub fn usi_line(start: &Position, moves: &[Move]) -> String {
    let v = start.variant;
    let mut s = if start.to_sfen() == Position::start(v, start.rules).to_sfen() {
        "startpos".to_string()
    } else {
        format!("sfen {}", start.to_sfen())
    };
    if !moves.is_empty() {
        s.push_str(" moves");
        let mut p = start.clone();
        for m in moves {
            s.push(' ');
            s.push_str(&p.move_to_usi(m));
            p.make(*m);
        }
    }
    s
}

/// The game as a file in `format` (PGN or, for Chu, KIF), written by `gamefile`.
/// `result` is the winner (`Some(None)` a draw, `None` an unfinished game).
pub fn write(
    start: &Position,
    moves: &[Move],
    result: Option<Option<Color>>,
    termination: &str,
    format: Format,
) -> Result<String, String> {
    let mut g = GameFile::new(start.clone());
    g.moves = moves.to_vec();
    let result_text = match result {
        Some(Some(Color::Black)) => "1-0",
        Some(Some(Color::White)) => "0-1",
        Some(None) => "1/2-1/2",
        None => "*",
    };
    for (k, v) in [
        ("Event", "largeshogi gui"),
        ("Site", "largeshogi"),
        ("Date", today().as_str()),
        ("White", "sente"),
        ("Black", "gote"),
        ("Result", result_text),
    ] {
        g.set_tag(k, v);
    }
    if !termination.is_empty() {
        g.set_tag("Termination", termination);
    }
    gamefile::write(&[g], format)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_and_usi_lines_read_back() {
        for name in Variant::names() {
            let v = Variant::by_name(name).expect("listed");
            let mut p = Position::start(v, v.default_rules);
            let mut moves = Vec::new();
            for i in 0..6 {
                let legal = p.legal_moves();
                let m = legal[(i * 7) % legal.len()];
                p.make(m);
                moves.push(m);
            }
            let start = Position::start(v, v.default_rules);
            let pgn = write(&start, &moves, None, "", Format::Pgn).expect("PGN");
            for text in [pgn, usi_line(&start, &moves)] {
                // A PGN names its variant; a USI line is read in the current one.
                let current = if text.starts_with('[') {
                    Variant::chu()
                } else {
                    v
                };
                let got = import(&text, current, v.default_rules)
                    .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
                if text.starts_with('[') {
                    assert_eq!(got.variant.name, v.name);
                }
                let mut a = start.clone();
                let mut b = got.start.clone();
                for (x, y) in moves.iter().zip(&got.moves) {
                    a.make(*x);
                    b.make(*y);
                }
                assert_eq!(got.moves.len(), moves.len(), "{name}");
                if got.variant.name == v.name {
                    assert_eq!(a.to_sfen(), b.to_sfen(), "{name}");
                }
            }
        }
    }

    #[test]
    fn bad_text_is_refused() {
        let chu = Variant::chu();
        for bad in [
            "",
            "sfen nonsense",
            "startpos moves 9z9y",
            "[Variant \"xiangqi\"]",
        ] {
            assert!(import(bad, chu, Rules::default()).is_err(), "{bad}");
        }
    }
}
