//! PGN as XBoard reads and writes it for the large variants: the first player (sente) is
//! "White", moves in XBoard's coordinates (a two-leg Lion move as `g5g6xg7`), the start
//! position in an `SFEN` tag (and XBoard's `FEN` for a set-up position). Reading accepts
//! several games a file, comments, variations, NAGs and USI move text.

use super::{play_text, GameFile};
use crate::position::Position;
use crate::protocol::xboard::position_from_xboard_fen;
use crate::variant::{Rules, Variant};
use std::fmt::Write;

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// One game's text: its tags and its move text.
#[derive(Default)]
struct RawGame {
    tags: Vec<(String, String)>,
    body: String,
}

/// Splits a file into games: a tag after move text, or a result, ends a game. A malformed
/// tag line is an error.
fn split_games(text: &str) -> Result<Vec<RawGame>, String> {
    let mut games = Vec::new();
    let mut cur = RawGame::default();
    let mut in_comment = false;
    for (n, line) in text.lines().enumerate() {
        let l = line.trim();
        if !in_comment && l.starts_with('[') {
            if !cur.body.trim().is_empty() {
                games.push(std::mem::take(&mut cur));
            }
            let (name, value) =
                parse_tag(l).ok_or_else(|| format!("line {}: malformed tag", n + 1))?;
            cur.tags.push((name, value));
            continue;
        }
        cur.body.push_str(l);
        cur.body.push('\n');
        // Track `{ }` across lines so a `[` inside a comment is not a tag.
        for c in l.chars() {
            match c {
                '{' => in_comment = true,
                '}' => in_comment = false,
                _ => {}
            }
        }
        if !in_comment && ends_with_result(l) {
            games.push(std::mem::take(&mut cur));
        }
    }
    if !cur.body.trim().is_empty() || !cur.tags.is_empty() {
        games.push(cur);
    }
    Ok(games)
}

fn ends_with_result(line: &str) -> bool {
    // A result is the last token outside comments.
    let outside: String = strip_comments(line);
    outside
        .split_whitespace()
        .last()
        .is_some_and(|t| RESULTS.contains(&t))
}

/// `[Name "value"]` (with `\"` and `\\` escapes).
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.trim_end().strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let value = rest.replace("\\\"", "\"").replace("\\\\", "\\");
    Some((name.to_string(), value))
}

/// The text without `{...}` comments, `;` comments to the end of a line and `(...)`
/// variations.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut brace, mut paren, mut semi) = (false, 0usize, false);
    for c in text.chars() {
        match c {
            '\n' if semi => {
                semi = false;
                out.push(' ');
            }
            _ if semi => {}
            '{' if !brace => brace = true,
            '}' if brace => {
                brace = false;
                out.push(' ');
            }
            _ if brace => {}
            ';' => semi = true,
            '(' => paren += 1,
            ')' if paren > 0 => {
                paren -= 1;
                out.push(' ');
            }
            _ if paren > 0 => {}
            c => out.push(c),
        }
    }
    out
}

/// A move-number token (`12.`, `12...`) or a number glued to a move (`12.f3f5`): the move
/// part, if any.
fn move_part(token: &str) -> Option<&str> {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && token[digits..].starts_with('.') {
        let rest = token[digits..].trim_start_matches('.');
        return (!rest.is_empty()).then_some(rest);
    }
    if token.starts_with('$') || RESULTS.contains(&token) {
        return None;
    }
    Some(token)
}

pub fn read(text: &str, variant: &'static Variant, rules: Rules) -> Result<Vec<GameFile>, String> {
    let mut games = Vec::new();
    for (g, raw) in split_games(text)?.into_iter().enumerate() {
        let at = |e: String| format!("game {}: {e}", g + 1);
        let tag = |name: &str| {
            raw.tags
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        };
        let start = if let Some(sfen) = tag("SFEN") {
            Position::from_sfen(variant, sfen, rules).map_err(|e| at(format!("SFEN tag: {e}")))?
        } else if let Some(fen) = tag("FEN") {
            let fields: Vec<&str> = fen.split_whitespace().collect();
            position_from_xboard_fen(variant, rules, &fields)
                .or_else(|_| Position::from_sfen(variant, fen, rules).map_err(|e| e.to_string()))
                .map_err(|e| at(format!("FEN tag: {e}")))?
        } else {
            Position::start(variant, rules)
        };
        let mut game = GameFile::new(start.clone());
        game.tags = raw.tags.clone();
        let mut pos = start;
        for token in strip_comments(&raw.body).split_whitespace() {
            let Some(m) = move_part(token) else {
                continue;
            };
            let mv = play_text(&mut pos, m, game.moves.len() + 1).map_err(at)?;
            game.moves.push(mv);
        }
        games.push(game);
    }
    Ok(games)
}

fn quote(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// XBoard's FEN of a position: the SFEN board, `w` when the first player (sente) moves.
fn xboard_fen(pos: &Position) -> String {
    let sfen = pos.to_sfen();
    let board = sfen.split(' ').next().unwrap_or("");
    let first = Position::start(pos.variant, pos.rules).side_to_move();
    let side = if pos.side_to_move() == first {
        "w"
    } else {
        "b"
    };
    format!("{board} {side} - - 0 {}", pos.move_number().max(1))
}

pub fn write(games: &[GameFile]) -> String {
    let mut s = String::new();
    for g in games {
        let result = g
            .tag("Result")
            .filter(|r| RESULTS.contains(r))
            .unwrap_or("*");
        // The seven-tag roster first, as PGN readers expect.
        for (name, default) in [
            ("Event", "?"),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "-"),
            ("White", "?"),
            ("Black", "?"),
        ] {
            let _ = writeln!(s, "[{name} \"{}\"]", quote(g.tag(name).unwrap_or(default)));
        }
        let _ = writeln!(s, "[Result \"{result}\"]");
        let _ = writeln!(s, "[Variant \"{}\"]", g.start.variant.name);
        if !g.standard_start() {
            let _ = writeln!(s, "[SetUp \"1\"]");
            let _ = writeln!(s, "[FEN \"{}\"]", xboard_fen(&g.start));
        }
        let _ = writeln!(s, "[SFEN \"{}\"]", g.start.to_sfen());
        let skip = [
            "Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "SetUp",
            "FEN", "SFEN",
        ];
        for (k, v) in &g.tags {
            if !skip.contains(&k.as_str()) {
                let _ = writeln!(s, "[{k} \"{}\"]", quote(v));
            }
        }
        let _ = writeln!(s);
        let first = Position::start(g.start.variant, g.start.rules).side_to_move();
        let mut line = WrappedLine::default();
        let mut push = |s: &mut String, token: &str| line.push(s, token);
        let positions = g.positions();
        let mut number = 1;
        for (i, (p, m)) in positions.iter().zip(&g.moves).enumerate() {
            let mv = p.move_to_xboard_pgn(m);
            if p.side_to_move() == first {
                push(&mut s, &format!("{number}. {mv}"));
            } else {
                if i == 0 {
                    push(&mut s, &format!("{number}..."));
                }
                push(&mut s, &mv);
                number += 1;
            }
        }
        push(&mut s, result);
        line.finish(&mut s);
        let _ = writeln!(s);
    }
    s
}

/// PGN move text, wrapped before column 80 as the PGN export format asks.
#[derive(Default)]
pub struct WrappedLine {
    line: String,
}

impl WrappedLine {
    /// Adds `token`, first writing the current line to `out` if the token would not fit.
    pub fn push(&mut self, out: &mut String, token: &str) {
        if !self.line.is_empty() && self.line.len() + token.len() + 1 > 79 {
            let _ = writeln!(out, "{}", self.line);
            self.line.clear();
        }
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        self.line.push_str(token);
    }

    /// Writes the last line.
    pub fn finish(self, out: &mut String) {
        let _ = writeln!(out, "{}", self.line);
    }
}
