//! `largeshogi analyze`: search a position or every position of a game and report the
//! results as text or as one JSON object per line (for scripts). Scores are always from
//! the point of view of the side to move in the position analysed.

use crate::game::Game;
use crate::position::Position;
use crate::search::{Control, Info, Limits, Score, Searcher};
use crate::types::Move;

/// Output format.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// JSON string literal.
pub fn json_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_score(s: Score) -> String {
    match s {
        Score::Cp(c) => format!("{{\"cp\":{c}}}"),
        Score::Mate(m) => format!("{{\"mate\":{m}}}"),
    }
}

fn text_score(s: Score) -> String {
    match s {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(m) => format!("mate {m}"),
    }
}

/// The score seen from the other side.
fn negate(s: Score) -> Score {
    match s {
        Score::Cp(c) => Score::Cp(-c),
        Score::Mate(m) => Score::Mate(-m),
    }
}

/// USI text of a line of moves from `pos`.
pub fn line_text(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    moves
        .iter()
        .map(|m| {
            let t = p.move_to_usi(m);
            p.make(*m);
            t
        })
        .collect()
}

pub struct Analyzer {
    pub searcher: Searcher,
    pub limits: Limits,
    pub format: Format,
}

/// What one position's analysis found.
pub struct Found {
    pub best: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

impl Analyzer {
    /// Analyses one position, printing progress lines; returns the result.
    pub fn position(&mut self, game: &Game, quiet: bool) -> Found {
        let pos = game.position().clone();
        let sfen = pos.to_sfen();
        let format = self.format;
        let mut report = |info: &Info| {
            if quiet {
                return;
            }
            let pv = line_text(&pos, &info.pv);
            match format {
                Format::Json => crate::say!(
                    "{{\"type\":\"info\",\"sfen\":{},\"depth\":{},\"seldepth\":{},\"multipv\":{},\"score\":{},\"nodes\":{},\"nps\":{},\"time_ms\":{},\"pv\":[{}]}}",
                    json_str(&sfen),
                    info.depth,
                    info.seldepth,
                    info.multipv,
                    json_score(info.score),
                    info.nodes,
                    info.nps,
                    info.time.as_millis(),
                    pv.iter().map(|m| json_str(m)).collect::<Vec<_>>().join(",")
                ),
                Format::Text => crate::say!(
                    "depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} pv {}",
                    info.depth,
                    info.seldepth,
                    info.multipv,
                    text_score(info.score),
                    info.nodes,
                    info.nps,
                    info.time.as_millis(),
                    pv.join(" ")
                ),
            }
        };
        let r = self
            .searcher
            .search(game, &self.limits, &Control::default(), &mut report);
        Found {
            best: r.best,
            score: r.score,
            depth: r.depth,
            nodes: r.nodes,
        }
    }

    /// Analyses a single position and prints the final line.
    pub fn run_position(&mut self, game: &Game) {
        let start = std::time::Instant::now();
        let f = self.position(game, false);
        let pos = game.position();
        let best = f.best.map(|m| pos.move_to_usi(&m));
        let ms = start.elapsed().as_millis().max(1);
        match self.format {
            Format::Json => crate::say!(
                "{{\"type\":\"bestmove\",\"sfen\":{},\"bestmove\":{},\"score\":{},\"depth\":{},\"nodes\":{},\"nps\":{},\"time_ms\":{}}}",
                json_str(&pos.to_sfen()),
                best.as_deref().map_or("null".to_string(), json_str),
                json_score(f.score),
                f.depth,
                f.nodes,
                f.nodes as u128 * 1000 / ms,
                ms
            ),
            Format::Text => crate::say!("bestmove {}", best.as_deref().unwrap_or("resign")),
        }
    }

    /// Analyses every move of game number `number` of a file (from 1): for each, the best
    /// move and the score before it, and the score after the move played (both from the
    /// mover's view).
    pub fn run_game(&mut self, number: usize, start: Position, moves: &[Move]) {
        self.searcher.new_game();
        if self.format == Format::Text {
            crate::say!(
                "game {number}: {} moves from {}",
                moves.len(),
                start.to_sfen()
            );
        }
        let mut game = Game::new(start);
        let mut before = self.position(&game, true);
        for (ply, &mv) in moves.iter().enumerate() {
            let pos = game.position().clone();
            game.play(mv);
            let after = if game.outcome().is_some() {
                // The game is decided by this move: no search needed after it.
                Found {
                    best: None,
                    score: game_end_score(&game),
                    depth: 0,
                    nodes: 0,
                }
            } else {
                self.position(&game, true)
            };
            let after_for_mover = negate(after.score);
            let played = pos.move_to_usi(&mv);
            let best = before.best.map(|m| pos.move_to_usi(&m));
            match self.format {
                Format::Json => crate::say!(
                    "{{\"type\":\"move\",\"game\":{number},\"ply\":{},\"sfen\":{},\"played\":{},\"best\":{},\"score_before\":{},\"score_after\":{},\"depth\":{},\"nodes\":{}}}",
                    ply + 1,
                    json_str(&pos.to_sfen()),
                    json_str(&played),
                    best.as_deref().map_or("null".to_string(), json_str),
                    json_score(before.score),
                    json_score(after_for_mover),
                    before.depth,
                    before.nodes
                ),
                Format::Text => crate::say!(
                    "{:>4}. played {:<10} best {:<10} score before {:<10} after {}",
                    ply + 1,
                    played,
                    best.as_deref().unwrap_or("-"),
                    text_score(before.score),
                    text_score(after_for_mover)
                ),
            }
            before = after;
        }
    }
}

/// Score of a finished game for the side to move.
fn game_end_score(game: &Game) -> Score {
    use crate::game::Outcome;
    // Decided games are reported as +/- the mate value in centipawns.
    match game.outcome() {
        Some(Outcome::Win(c, _)) if c == game.position().side_to_move() => {
            Score::Cp(crate::search::MATE)
        }
        Some(Outcome::Win(_, _)) => Score::Cp(-crate::search::MATE),
        _ => Score::Cp(0),
    }
}

/// The static evaluation of `pos` term by term (`eval::trace`), from each side's view;
/// `at` names the game (from 1) and the moves played (0 for its start) when the position
/// comes from a game file.
pub fn print_eval(pos: &Position, format: Format, at: Option<(usize, usize)>) {
    use crate::eval::trace::{trace, SideTerms};
    use crate::types::Color;
    let t = trace(pos);
    let fields = |s: &SideTerms| {
        [
            ("material", s.material),
            ("hand", s.hand),
            ("centre", s.centre),
            ("royal_advance", s.royal_advance),
            ("promotion", s.promotion),
            ("shut_in", s.shut_in),
            ("guards", s.guards),
            ("near_enemy", s.near_enemy),
            ("mobility", s.mobility),
            ("open_lines", s.open_lines),
            ("score", s.score()),
        ]
    };
    let stm = pos.side_to_move();
    let colour = |c: Color| if c == Color::Black { "black" } else { "white" };
    match format {
        Format::Json => {
            let side = |c: Color| {
                let f: Vec<String> = fields(&t.sides[c.index()])
                    .iter()
                    .map(|(k, v)| format!("\"{k}\":{v}"))
                    .collect();
                format!("{{{}}}", f.join(","))
            };
            let place = at.map_or(String::new(), |(g, p)| format!("\"game\":{g},\"ply\":{p},"));
            crate::say!(
                "{{\"type\":\"eval\",{place}\"sfen\":{},\"side_to_move\":\"{}\",\"eval\":{},\"conversion\":{},\"black\":{},\"white\":{}}}",
                json_str(&pos.to_sfen()),
                colour(stm),
                t.total,
                t.conversion,
                side(Color::Black),
                side(Color::White)
            );
        }
        Format::Text => {
            if let Some((g, p)) = at {
                crate::say!("game {g} ply {p}: {}", pos.to_sfen());
            }
            crate::say!("{:<14} {:>8} {:>8}", "term", "black", "white");
            let (b, w) = (fields(&t.sides[0]), fields(&t.sides[1]));
            for ((name, bv), (_, wv)) in b.iter().zip(w.iter()) {
                crate::say!("{name:<14} {bv:>8} {wv:>8}");
            }
            crate::say!(
                "conversion {} (for {}); eval {} for {}, the side to move",
                t.conversion,
                colour(stm),
                t.total,
                colour(stm)
            );
        }
    }
}
