//! Game files: whole games (a start position, its moves, a few tags) read from and written
//! to USI move lists, PGN in XBoard's notation and, for Chu, lishogi's KIF. `largeshogi
//! convert` and `analyze --game` use them; a file may hold several games.

pub mod kif;
pub mod pgn;
pub mod san;
pub mod usi;

use crate::notation::usi::MoveError;
use crate::position::Position;
use crate::types::Move;
use crate::variant::{Rules, Variant};

/// One game of a file.
#[derive(Clone)]
pub struct GameFile {
    pub start: Position,
    pub moves: Vec<Move>,
    /// Tags by their PGN names (`White` is the first player, sente; `Black` is gote).
    pub tags: Vec<(String, String)>,
}

impl GameFile {
    pub fn new(start: Position) -> GameFile {
        GameFile {
            start,
            moves: Vec::new(),
            tags: Vec::new(),
        }
    }

    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an earlier value.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// Whether the game starts from the variant's start position.
    pub fn standard_start(&self) -> bool {
        self.start.to_sfen() == self.start.variant.start_sfen
    }

    /// The position after each move: `positions()[i]` is the position before move `i`.
    pub fn positions(&self) -> Vec<Position> {
        let mut p = self.start.clone();
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        for &m in &self.moves {
            out.push(p.clone());
            p.make(m);
        }
        out.push(p);
        out
    }
}

/// The formats `convert` reads and writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// One game a line: `[sfen <SFEN> moves] <USI move>...`.
    Usi,
    /// PGN as XBoard writes it (moves in XBoard's notation), several games a file.
    Pgn,
    /// lishogi's KIF for Chu.
    Kif,
}

impl Format {
    pub const NAMES: [&'static str; 3] = ["usi", "pgn", "kif"];

    pub fn by_name(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "usi" | "txt" => Some(Format::Usi),
            "pgn" => Some(Format::Pgn),
            "kif" | "kifu" => Some(Format::Kif),
            _ => None,
        }
    }

    /// The format of a file's text: PGN if it has tags or move numbers, KIF if it has
    /// KIF's move header or `手目`, else USI.
    pub fn detect(text: &str) -> Format {
        if text.contains("手数----") || text.contains("手目") {
            return Format::Kif;
        }
        let pgn_like = text.lines().any(|l| {
            let l = l.trim_start();
            l.starts_with('[') || l.starts_with("1.") || l.starts_with('{')
        });
        if pgn_like {
            Format::Pgn
        } else {
            Format::Usi
        }
    }
}

/// Reads every game of `text` in `format`.
pub fn read(
    text: &str,
    format: Format,
    variant: &'static Variant,
    rules: Rules,
) -> Result<Vec<GameFile>, String> {
    match format {
        Format::Usi => usi::read(text, variant, rules),
        Format::Pgn => pgn::read(text, variant, rules),
        Format::Kif => kif::read(text, variant, rules),
    }
}

/// Writes `games` in `format`.
pub fn write(games: &[GameFile], format: Format) -> Result<String, String> {
    match format {
        Format::Usi => Ok(usi::write(games)),
        Format::Pgn => Ok(pgn::write(games)),
        Format::Kif => kif::write(games),
    }
}

/// Plays USI or XBoard move text on `pos`: the move, or a one-line error naming the ply.
pub(crate) fn play_text(pos: &mut Position, text: &str, ply: usize) -> Result<Move, String> {
    // USI text first; XBoard's coordinates or SAN when the text is not USI at all.
    let mv = match pos.parse_move(text) {
        Err(MoveError::Syntax(_)) => match pos.parse_xboard_move(text) {
            Err(MoveError::Syntax(_)) => san::parse_san(pos, text).ok_or_else(|| {
                MoveError::Illegal(text.to_string(), "no single legal move matches")
            }),
            other => other,
        },
        other => other,
    }
    .map_err(|e| format!("move {ply}: {e}"))?;
    pos.make(mv);
    Ok(mv)
}
