//! USI (and UCI wording): translates commands into `Engine` calls. Errors are one
//! `info string error: ...` line and leave the state unchanged.

use super::engine::{max_hash_mb, MAX_MULTIPV, MAX_THREADS};
use super::input::LineError;
use super::{clip, parse_number, Engine, Finished, Flow, Protocol, Purpose};
use crate::game::Game;
use crate::position::Position;
use crate::search::{Clock, Info, Limits, Score, Searcher};
use crate::types::{Color, Move};
use crate::variant::{Rules, Variant};
use std::time::Duration;

/// `uci` gets the UCI words for the handshake and option names; everything else (SFEN,
/// move text, `btime` = Black = the first player) stays USI.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Wording {
    Usi,
    Uci,
}

pub struct Usi {
    wording: Wording,
}

/// Times above this (about 11 days) are clipped: no game lasts that long, and it keeps
/// the time arithmetic far from overflow.
const MAX_MS: i64 = 1_000_000_000;
/// The parameters of `go`: where a `searchmoves` list ends.
const GO_KEYWORDS: &[&str] = &[
    "infinite",
    "ponder",
    "searchmoves",
    "btime",
    "wtime",
    "binc",
    "winc",
    "byoyomi",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
];
const MAX_DEPTH: i64 = 1000;

impl Usi {
    pub fn new(wording: Wording) -> Usi {
        Usi { wording }
    }

    fn hash_name(&self) -> &'static str {
        match self.wording {
            Wording::Usi => "USI_Hash",
            Wording::Uci => "Hash",
        }
    }

    fn variant_name(&self) -> &'static str {
        match self.wording {
            Wording::Usi => "USI_Variant",
            Wording::Uci => "UCI_Variant",
        }
    }

    fn handshake(&self, e: &Engine) {
        let out = &e.out;
        out.line(&format!("id name largeshogi {}", env!("CARGO_PKG_VERSION")));
        out.line("id author the largeshogi authors");
        let vars: String = Variant::names()
            .iter()
            .map(|v| format!(" var {v}"))
            .collect();
        out.line(&format!(
            "option name {} type combo default {}{vars}",
            self.variant_name(),
            e.variant.name
        ));
        out.line(&format!(
            "option name {} type spin default {} min 1 max {}",
            self.hash_name(),
            e.settings().hash_mb,
            max_hash_mb()
        ));
        out.line(&format!(
            "option name Threads type spin default {} min 1 max {MAX_THREADS}",
            Searcher::default_threads()
        ));
        out.line(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        let presets: String = Rules::PRESETS.iter().map(|p| format!(" var {p}")).collect();
        out.line(&format!(
            "option name Rules type combo default {}{presets}",
            e.rules.preset_name().unwrap_or("default")
        ));
        out.line("option name USI_Ponder type check default false");
        // The variant's own rule switches (Ko: ko.md 9), none for the others.
        for (name, values) in e.variant.rule_options {
            let vars: String = values.iter().map(|v| format!(" var {v}")).collect();
            out.line(&format!(
                "option name {name} type combo default {}{vars}",
                values[0]
            ));
        }
        out.line(match self.wording {
            Wording::Usi => "usiok",
            Wording::Uci => "uciok",
        });
    }

    fn setoption(&self, e: &mut Engine, args: &[&str]) -> Result<(), String> {
        if args.first() != Some(&"name") {
            return Err("usage: setoption name <id> [value <x>]".into());
        }
        let value_at = args.iter().position(|&t| t == "value");
        let name = args[1..value_at.unwrap_or(args.len())].join(" ");
        let value = value_at
            .map(|i| args[i + 1..].join(" "))
            .unwrap_or_default();
        let spin = |max: usize| -> Result<usize, String> {
            let n = parse_number(&value, &name)?;
            if n < 1 || n > max as i64 {
                return Err(format!("{name} must be in 1..{max}, got {n}"));
            }
            Ok(n as usize)
        };
        let lname = name.to_ascii_lowercase();
        match lname.as_str() {
            "usi_variant" | "uci_variant" => {
                let v = Variant::by_name(&value).ok_or_else(|| {
                    format!(
                        "unknown variant '{}' (supported: {})",
                        clip(&value),
                        Variant::names().join(", ")
                    )
                })?;
                e.set_game_type(v, e.rules);
            }
            "usi_hash" | "hash" => e.set_hash(spin(max_hash_mb())?)?,
            "threads" => e.set_threads(spin(MAX_THREADS)?),
            "multipv" => e.set_multipv(spin(MAX_MULTIPV)?),
            "rules" => {
                let r = Rules::preset(&value).ok_or_else(|| {
                    format!(
                        "unknown rule set '{}' (choose one of: {})",
                        clip(&value),
                        Rules::PRESETS.join(", ")
                    )
                })?;
                e.set_game_type(e.variant, r);
            }
            n if e.variant.rule_options.iter().any(|(o, _)| *o == n) => {
                let mut r = e.rules;
                r.set_option(n, &value)?;
                e.set_game_type(e.variant, r);
            }
            "usi_ponder" | "ponder" => {
                if value != "true" && value != "false" {
                    return Err(format!("{name} must be true or false"));
                }
            }
            _ => return Err(format!("unknown option '{}'", clip(&name))),
        }
        Ok(())
    }

    /// `position startpos|sfen <sfen> [moves ...]`, built aside and swapped in whole.
    fn position(&self, e: &mut Engine, args: &[&str]) -> Result<(), String> {
        let moves_at = args.iter().position(|&t| t == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let pos = match setup.split_first() {
            Some((&"startpos", [])) => Position::start(e.variant, e.rules),
            Some((&"sfen", fields)) | Some((&"fen", fields)) => {
                Position::from_sfen(e.variant, &fields.join(" "), e.rules)
                    .map_err(|err| format!("bad SFEN: {err}"))?
            }
            _ => return Err("usage: position startpos|sfen <sfen> [moves <move>...]".into()),
        };
        let mut game = Game::new(pos);
        for text in moves {
            let mv = game
                .position()
                .parse_move(text)
                .map_err(|err| err.to_string())?;
            if !game.is_legal(&mv) {
                return Err(format!("illegal move '{}': repeats a position", clip(text)));
            }
            game.play(mv);
        }
        e.game = game;
        Ok(())
    }

    fn go(&self, e: &mut Engine, args: &[&str]) -> Result<(), String> {
        let mut limits = Limits::default();
        let mut ponder = false;
        let mut times = [Duration::ZERO; 2];
        let mut incs = [Duration::ZERO; 2];
        let mut byoyomi = Duration::ZERO;
        let mut moves_to_go = None;
        let mut has_clock = false;
        let mut it = args.iter().peekable();
        while let Some(&key) = it.next() {
            match key {
                "infinite" => limits.infinite = true,
                "ponder" => ponder = true,
                // UCI's restriction of the root to the moves listed, up to the next keyword.
                "searchmoves" => {
                    while let Some(&text) = it.next_if(|t| !GO_KEYWORDS.contains(t)) {
                        let mv = e
                            .game
                            .position()
                            .parse_move(text)
                            .map_err(|err| format!("searchmoves: {err}"))?;
                        if !e.game.is_legal(&mv) {
                            return Err(format!("searchmoves: illegal move '{}'", clip(text)));
                        }
                        limits.search_moves.push(mv);
                    }
                    if limits.search_moves.is_empty() {
                        return Err("'go searchmoves' needs at least one move".into());
                    }
                }
                _ => {
                    let text = it
                        .next()
                        .ok_or_else(|| format!("'go {key}' needs a number"))?;
                    let n = parse_number(text, key)?;
                    let ms = Duration::from_millis(n.clamp(0, MAX_MS) as u64);
                    match key {
                        "btime" => times[Color::Black.index()] = ms,
                        "wtime" => times[Color::White.index()] = ms,
                        "binc" => incs[Color::Black.index()] = ms,
                        "winc" => incs[Color::White.index()] = ms,
                        "byoyomi" => byoyomi = ms,
                        "movestogo" => moves_to_go = Some(n.clamp(1, 1000) as u32),
                        "movetime" => limits.movetime = Some(ms.max(Duration::from_millis(1))),
                        "depth" => {
                            if !(1..=MAX_DEPTH).contains(&n) {
                                return Err(format!("depth must be in 1..{MAX_DEPTH}, got {n}"));
                            }
                            limits.depth = Some(n as u32);
                        }
                        "nodes" => {
                            if n < 1 {
                                return Err(format!("nodes must be positive, got {n}"));
                            }
                            limits.nodes = Some(n as u64);
                        }
                        _ => return Err(format!("unknown go parameter '{}'", clip(key))),
                    }
                    has_clock |= matches!(key, "btime" | "wtime" | "byoyomi" | "binc" | "winc");
                }
            }
        }
        if has_clock {
            let us = e.game.position().side_to_move().index();
            limits.clock = Some(Clock {
                time: times[us],
                inc: incs[us],
                byoyomi,
                moves_to_go,
            });
        }
        // A bare `go` searches until `stop`, as UCI engines do.
        if limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none()
            && limits.clock.is_none()
        {
            limits.infinite = true;
        }
        let root = e.game.position().clone();
        let out = e.out.clone();
        let report = Box::new(move |info: &Info| out.line(&info_line(&root, info)));
        e.start_search(limits, Purpose::Move, ponder, report)?;
        Ok(())
    }

    fn display(&self, e: &Engine) {
        let p = e.game.position();
        e.out.line(&format!("info string sfen {}", p.to_sfen()));
        e.out.line(&format!(
            "info string variant {} rules {} legal moves {}",
            e.variant.name,
            e.rules,
            e.game.legal_moves().len()
        ));
    }

    fn error(&self, e: &Engine, msg: &str) {
        e.out.line(&format!("info string error: {msg}"));
    }
}

/// Refuses commands that would change what a running search works on.
fn idle(e: &Engine) -> Result<(), String> {
    if e.is_searching() {
        Err("the engine is searching; send stop first".into())
    } else {
        Ok(())
    }
}

impl Protocol for Usi {
    fn command(&mut self, e: &mut Engine, line: &str) -> Flow {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = tokens.split_first() else {
            return Flow::Continue;
        };
        let result = match cmd {
            "usi" | "uci" => {
                self.handshake(e);
                Ok(())
            }
            "isready" => {
                e.prepare();
                e.out.line("readyok");
                Ok(())
            }
            "usinewgame" | "ucinewgame" => idle(e).map(|_| {
                e.game = e.start_game();
                e.clear_hash();
            }),
            "setoption" => idle(e).and_then(|_| self.setoption(e, args)),
            "position" => idle(e).and_then(|_| self.position(e, args)),
            "go" => idle(e).and_then(|_| self.go(e, args)),
            "stop" => {
                if let Some(done) = e.stop_search() {
                    self.search_done(e, done);
                }
                Ok(())
            }
            "ponderhit" => {
                e.ponderhit();
                Ok(())
            }
            // The GUI has ended the game: a ponder search is abandoned without a move.
            "gameover" => {
                e.stop_search();
                Ok(())
            }
            "quit" => {
                e.stop_search();
                return Flow::Quit;
            }
            "d" => {
                self.display(e);
                Ok(())
            }
            _ => Err(format!("unknown command '{}'", clip(cmd))),
        };
        if let Err(msg) = result {
            self.error(e, &msg);
        }
        Flow::Continue
    }

    fn bad_line(&mut self, e: &mut Engine, err: &LineError) {
        self.error(e, &err.to_string());
    }

    fn search_done(&mut self, e: &mut Engine, done: Finished) {
        let pos = done.root.position();
        let line = match done.result.best {
            None => "bestmove resign".to_string(),
            Some(_) if done.result.hopeless() => "bestmove resign".to_string(),
            Some(m) => {
                let mut s = format!("bestmove {}", pos.move_to_usi(&m));
                if let Some(p) = done.result.ponder {
                    let mut after = pos.clone();
                    after.make(m);
                    s.push_str(&format!(" ponder {}", after.move_to_usi(&p)));
                }
                s
            }
        };
        e.out.line(&line);
    }
}

/// `info depth .. seldepth .. multipv .. score cp|mate .. nodes .. nps .. time .. hashfull .. pv ..`
fn info_line(root: &Position, info: &Info) -> String {
    let score = match info.score {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(m) => format!("mate {m}"),
    };
    format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {} time {} hashfull {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.nodes,
        info.nps,
        info.time.as_millis(),
        info.hashfull,
        pv_text(root, &info.pv, |p, m| p.move_to_usi(m))
    )
}

/// A line of moves from `root` as text, each move written in the position it is played in.
pub fn pv_text(root: &Position, pv: &[Move], write: impl Fn(&Position, &Move) -> String) -> String {
    let mut p = root.clone();
    let mut words = Vec::with_capacity(pv.len());
    for m in pv {
        words.push(write(&p, m));
        p.make(*m);
    }
    words.join(" ")
}
