//! One game between two engine processes, refereed by the rules core: every move is
//! validated, clocks are kept (with a margin), and royal capture, repetition, the ply limit,
//! resign adjudication, illegal moves, crashes, hangs and time losses end the game.

use super::adjudicate::{Adjudication, ResignRule, ResignWatch};
use super::engine::{Clocks, EngineProc, Failure, Proto};
use crate::game::{Game, Outcome};
use crate::position::Position;
use crate::types::{Color, Move};
use crate::variant::{Rules, Variant};
use std::time::Duration;

/// Time control of a match (milliseconds).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub base: u64,
    pub inc: u64,
    pub byoyomi: u64,
    pub movetime: Option<u64>,
    /// Extra time granted before a move counts as late.
    pub margin: u64,
}

impl TimeControl {
    /// Parses `60+0.5` (seconds, increment) or `60` (sudden death).
    pub fn parse_tc(text: &str) -> Result<(u64, u64), String> {
        let secs = |s: &str| -> Result<u64, String> {
            let v: f64 = s
                .trim()
                .parse()
                .map_err(|_| format!("bad time '{s}' in --tc"))?;
            if !(0.0..=86_400.0).contains(&v) {
                return Err(format!("time '{s}' out of range"));
            }
            Ok((v * 1000.0).round() as u64)
        };
        match text.split_once('+') {
            Some((b, i)) => Ok((secs(b)?, secs(i)?)),
            None => Ok((secs(text)?, 0)),
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules (royal capture, repetition, bare King, no legal move...).
    Rules(Outcome),
    MaxPlies,
    /// Both engines agreed this colour is lost (`ResignRule`).
    ScoreAdjudication(Color, ResignRule),
    Illegal(Color, String),
    TimeLoss(Color),
    Crash(Color),
    Resign(Color),
    /// The engine of this colour rejected a move the referee accepted.
    Rejected(Color, String),
}

impl Ending {
    /// Winner, or None for a draw.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Ending::Rules(Outcome::Win(c, _)) => Some(*c),
            Ending::Rules(Outcome::Draw(_)) | Ending::MaxPlies => None,
            Ending::Illegal(c, _)
            | Ending::TimeLoss(c)
            | Ending::Crash(c)
            | Ending::Resign(c)
            | Ending::ScoreAdjudication(c, _)
            | Ending::Rejected(c, _) => Some(c.flip()),
        }
    }

    /// PGN result string: the first player (sente) is "White" in XBoard's PGN.
    pub fn result_text(&self) -> &'static str {
        match self.winner() {
            Some(Color::Black) => "1-0",
            Some(Color::White) => "0-1",
            None => "1/2-1/2",
        }
    }

    pub fn description(&self) -> String {
        let side = |c: &Color| match c {
            Color::Black => "sente",
            Color::White => "gote",
        };
        match self {
            Ending::Rules(Outcome::Win(c, r)) => format!("{} wins: {r}", side(c)),
            Ending::Rules(Outcome::Draw(r)) => format!("draw: {r}"),
            Ending::MaxPlies => "draw: ply limit".into(),
            Ending::Illegal(c, m) => format!("{} played an illegal move: {m}", side(c)),
            Ending::TimeLoss(c) => format!("{} lost on time", side(c)),
            Ending::Crash(c) => format!("{} engine crashed or stopped answering", side(c)),
            Ending::Resign(c) => format!("{} resigned", side(c)),
            Ending::ScoreAdjudication(c, r) => format!(
                "{w} wins by adjudication: both engines saw {w} {:.2} pawns or more ahead for {} moves each",
                r.score_cp as f64 / 100.0,
                r.moves,
                w = side(&c.flip()),
            ),
            Ending::Rejected(c, why) => format!("{} rejected a legal move: {why}", side(c)),
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub start_sfen: String,
    /// Moves as USI text and in XBoard's PGN form.
    pub moves: Vec<(String, String)>,
    /// One PGN comment per move: `book` for the opening's moves, then the engine's
    /// score/depth and the time it used (`+0.35/12 0.84s`).
    pub comments: Vec<String>,
    /// The opening line played before the engines took over (USI moves).
    pub opening: Vec<String>,
    pub ending: Ending,
}

/// The two engines of a game: index 0 plays sente (Black), 1 plays gote.
pub struct Players<'a> {
    pub engines: [&'a mut EngineProc; 2],
}

/// Plays one game from the variant's start after `opening` (USI moves).
pub fn play_game(
    variant: &'static Variant,
    rules: Rules,
    opening: &[String],
    players: Players,
    tc: &TimeControl,
    adjudication: &Adjudication,
) -> Result<GameRecord, String> {
    let [sente, gote] = players.engines;
    let mut engines: [&mut EngineProc; 2] = [sente, gote];
    let start = Position::start(variant, rules);
    let start_sfen = start.to_sfen();
    let mut game = Game::new(start);
    let mut moves: Vec<(String, String)> = Vec::new();
    let mut comments: Vec<String> = Vec::new();
    // The opening as XBoard engines are told it: the protocol's form, which differs from
    // the PGN form for moves of several legs (`j7i8,i8i7` against `j7i8xi7`).
    let mut opening_xboard: Vec<String> = Vec::new();
    for text in opening {
        let pos = game.position();
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("opening move: {e}"))?;
        opening_xboard.push(pos.move_to_xboard(&mv));
        moves.push((pos.move_to_usi(&mv), pos.move_to_xboard_pgn(&mv)));
        comments.push("book".into());
        game.play(mv);
    }
    let opening: Vec<String> = moves.iter().map(|(u, _)| u.clone()).collect();
    // The record of a game that ends here: the moves so far with their comments.
    let finish = |engines: &mut [&mut EngineProc; 2],
                  moves: Vec<(String, String)>,
                  comments: Vec<String>,
                  ending: Ending| {
        finish(
            engines,
            GameRecord {
                start_sfen: start_sfen.clone(),
                moves,
                comments,
                opening: opening.clone(),
                ending,
            },
        )
    };
    // Each side's (base, increment): the match's, or the engine's own `tc=`.
    let clock_of = |e: &EngineProc| e.spec.tc.unwrap_or((tc.base, tc.inc));
    let (base, inc) = (
        [clock_of(engines[0]).0, clock_of(engines[1]).0],
        [clock_of(engines[0]).1, clock_of(engines[1]).1],
    );
    for (i, e) in engines.iter_mut().enumerate() {
        // XBoard engines learn the time control from `level` (base in minutes:seconds).
        let level = tc.movetime.is_none().then(|| {
            let secs = base[i] / 1000;
            let inc = inc[i] as f64 / 1000.0;
            format!("level 0 {}:{:02} {inc}", secs / 60, secs % 60)
        });
        if e.new_game(variant.name, level.as_deref(), None).is_err() {
            let c = if i == 0 { Color::Black } else { Color::White };
            return Ok(finish(&mut engines, moves, comments, Ending::Crash(c)));
        }
        for xb in &opening_xboard {
            e.tell_move(xb);
        }
    }
    let mut remaining = base;
    let mut resign_watch = ResignWatch::default();
    loop {
        if let Some(o) = game.outcome() {
            return Ok(finish(&mut engines, moves, comments, Ending::Rules(o)));
        }
        if moves.len() as u32 >= adjudication.max_plies {
            return Ok(finish(&mut engines, moves, comments, Ending::MaxPlies));
        }
        let color = game.position().side_to_move();
        let side = color.index();
        let clocks = Clocks {
            remaining,
            inc,
            byoyomi: tc.byoyomi,
            movetime: tc.movetime,
        };
        // The engine may use its time plus the margin; a little more lets a late answer
        // be seen and scored as a time loss rather than a hang.
        let allowed = match tc.movetime {
            Some(mt) => engines[side].movetime_told(mt) + tc.margin,
            None => remaining[side] + tc.byoyomi + tc.margin,
        };
        let position_cmd = usi_position(&start_sfen, &moves);
        let reply = engines[side].request_move(
            &position_cmd,
            side,
            &clocks,
            Duration::from_millis(allowed + 1000),
        );
        let (text, used_time) = match reply {
            Ok(r) => r,
            Err(Failure::Rejected(why)) => {
                return Ok(finish(
                    &mut engines,
                    moves,
                    comments,
                    Ending::Rejected(color, why),
                ))
            }
            Err(Failure::Timeout) => {
                return Ok(finish(
                    &mut engines,
                    moves,
                    comments,
                    Ending::TimeLoss(color),
                ))
            }
            Err(Failure::Crashed) => {
                return Ok(finish(&mut engines, moves, comments, Ending::Crash(color)))
            }
            Err(Failure::Resigned) => {
                return Ok(finish(&mut engines, moves, comments, Ending::Resign(color)))
            }
        };
        let used = used_time.as_millis() as u64;
        if used > allowed {
            return Ok(finish(
                &mut engines,
                moves,
                comments,
                Ending::TimeLoss(color),
            ));
        }
        if tc.movetime.is_none() {
            remaining[side] = if used <= remaining[side] {
                remaining[side] - used + inc[side]
            } else {
                // Into byoyomi (or within the margin): the main time is gone.
                inc[side]
            };
        }
        let pos = game.position();
        let parsed = match engines[side].proto {
            Proto::Usi => pos.parse_move(&text),
            Proto::Xboard => pos.parse_xboard_move(&text),
        };
        let mv: Move = match parsed {
            Ok(m) if game.is_legal(&m) => m,
            Ok(_) => {
                let e = Ending::Illegal(color, format!("{text} (repeats an earlier position)"));
                return Ok(finish(&mut engines, moves, comments, e));
            }
            Err(e) => {
                return Ok(finish(
                    &mut engines,
                    moves,
                    comments,
                    Ending::Illegal(color, e.to_string()),
                ))
            }
        };
        let xb = pos.move_to_xboard(&mv);
        moves.push((pos.move_to_usi(&mv), pos.move_to_xboard_pgn(&mv)));
        comments.push(engines[side].thinking.comment(used_time));
        game.play(mv);
        engines[1 - side].tell_move(&xb);
        if let Some(rule) = &adjudication.resign {
            let score = engines[side].thinking.score;
            if let Some(loser) = resign_watch.after_move(rule, side, score) {
                // A move that ended the game by the rules stands as the result.
                if game.outcome().is_none() {
                    let e = Ending::ScoreAdjudication(loser, *rule);
                    return Ok(finish(&mut engines, moves, comments, e));
                }
            }
        }
    }
}

fn finish(engines: &mut [&mut EngineProc; 2], record: GameRecord) -> GameRecord {
    let result = record.ending.result_text();
    let comment = record.ending.description();
    for e in engines.iter_mut() {
        e.game_over(result, &comment);
    }
    record
}

/// `position sfen <start> moves ...` for USI engines.
fn usi_position(start_sfen: &str, moves: &[(String, String)]) -> String {
    let mut s = format!("position sfen {start_sfen}");
    if !moves.is_empty() {
        s.push_str(" moves");
        for (u, _) in moves {
            s.push(' ');
            s.push_str(u);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_control_parsing() {
        assert_eq!(TimeControl::parse_tc("60+0.5"), Ok((60_000, 500)));
        assert_eq!(TimeControl::parse_tc("10"), Ok((10_000, 0)));
        assert!(TimeControl::parse_tc("x+1").is_err());
        assert!(TimeControl::parse_tc("-5").is_err());
        assert!(TimeControl::parse_tc("1e9").is_err());
    }
}
