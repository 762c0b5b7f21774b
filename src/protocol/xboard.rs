//! XBoard / CECP v2: translates commands into `Engine` calls. Errors are
//! `Error (reason): command`, rejected moves `Illegal move (reason): move`; either leaves
//! the state unchanged.
//!
//! Colours: XBoard calls the side that moves first "white". In shogi variants that is
//! Black (sente), so an XBoard FEN's `w` means Black to move (chu.md 2.4, 8.20) and a
//! result `1-0` means Black (sente) won. The engine's own messages use the shogi names.

use super::engine::{max_hash_mb, MAX_THREADS};
use super::input::LineError;
use super::usi::pv_text;
use super::{clip, parse_number, Engine, Finished, Flow, Protocol, Purpose};
use crate::game::{Outcome, Reason};
use crate::notation::qboard::board_from_qboard;
use crate::notation::{MoveError, MoveText};
use crate::position::Position;
use crate::search::{Clock, Info, Limits, Score};
use crate::types::{Color, Move};
use crate::variant::{Rules, Variant};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Duration;

/// Thinking time per move when the GUI gave no time control at all.
const DEFAULT_MOVETIME: Duration = Duration::from_secs(5);
/// Clock values are clipped to this many centiseconds (about 11 days).
const MAX_CS: i64 = 100_000_000;
const MAX_DEPTH: i64 = 1000;

/// The GUI whose move forms the engine speaks (`--gui`, or `option GUI=...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Gui {
    /// XBoard / WinBoard and HaChu's forms (ko.md 8.3 for Ko).
    #[default]
    XBoard,
    /// QBoard (`notation::qboard`): its shot and leg forms, and only moves it can express.
    QBoard,
}

impl Gui {
    pub const NAMES: [&'static str; 2] = ["xboard", "qboard"];

    pub fn by_name(name: &str) -> Option<Gui> {
        match name.to_ascii_lowercase().as_str() {
            "xboard" => Some(Gui::XBoard),
            "qboard" => Some(Gui::QBoard),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Gui::XBoard => "xboard",
            Gui::QBoard => "qboard",
        }
    }
}

/// `level MPS BASE INC` and `st` / `sd`.
#[derive(Clone, Copy, Debug, Default)]
struct TimeControl {
    moves_per_session: u32,
    base: Duration,
    inc: Duration,
    /// `st`: exact time per move.
    per_move: Option<Duration>,
    /// `sd`: depth limit.
    depth: Option<u32>,
}

pub struct XBoard {
    gui: Gui,
    force: bool,
    /// The side the engine plays when not in force mode.
    engine_side: Color,
    post: Arc<AtomicBool>,
    analyzing: bool,
    tc: TimeControl,
    /// From `time` / `otim`, in the engine's and the opponent's clock.
    our_clock: Option<Duration>,
    /// First leg of a HaChu-style two-line move (`usermove g5g6,`), waiting for the second.
    pending_leg: Option<String>,
    /// `ping`s received while thinking on our move: answered after the move (CECP rule).
    pending_pongs: Vec<String>,
    /// Draw offers made and answered by the score (`Draws`).
    draws: Draws,
}

/// Draw offers (CECP `draw` / `offer draw`) decided by the engine's own scores: accept when
/// clearly worse, or when the game has long been level; offer only in the latter case.
#[derive(Default)]
struct Draws {
    /// Scores (centipawns, the engine's view) of the engine's moves this game, newest last.
    scores: Vec<i32>,
    /// Game ply of the engine's last offer.
    offered_at: Option<usize>,
}

/// A draw is welcome at this score or worse (centipawns).
const DRAW_ACCEPT_BELOW: i32 = -150;
/// "Level": the last `DRAW_LEVEL_MOVES` scores within this of zero, after
/// `DRAW_LEVEL_PLIES` plies of play.
const DRAW_LEVEL_BAND: i32 = 15;
const DRAW_LEVEL_MOVES: usize = 12;
const DRAW_LEVEL_PLIES: usize = 200;
/// Plies between two offers of the engine.
const DRAW_OFFER_GAP: usize = 40;

impl Draws {
    fn level(&self, plies: usize) -> bool {
        plies >= DRAW_LEVEL_PLIES
            && self.scores.len() >= DRAW_LEVEL_MOVES
            && self.scores[self.scores.len() - DRAW_LEVEL_MOVES..]
                .iter()
                .all(|s| s.abs() <= DRAW_LEVEL_BAND)
    }

    /// Accept the opponent's offer?
    fn accept(&self, plies: usize) -> bool {
        self.scores.last().is_some_and(|&s| s <= DRAW_ACCEPT_BELOW) || self.level(plies)
    }

    /// Offer a draw with the move about to be played (after recording its score)?
    fn offer(&mut self, plies: usize) -> bool {
        let recent = self.offered_at.is_some_and(|p| plies < p + DRAW_OFFER_GAP);
        let offer = !recent && self.level(plies);
        if offer {
            self.offered_at = Some(plies);
        }
        offer
    }
}

impl Default for XBoard {
    fn default() -> Self {
        Self::new(Gui::default())
    }
}

impl XBoard {
    pub fn new(gui: Gui) -> XBoard {
        XBoard {
            gui,
            force: false,
            engine_side: Color::White,
            post: Arc::new(AtomicBool::new(false)),
            analyzing: false,
            tc: TimeControl::default(),
            our_clock: None,
            pending_leg: None,
            pending_pongs: Vec::new(),
            draws: Draws::default(),
        }
    }

    fn features(&self, e: &Engine) {
        let presets: Vec<String> = Rules::PRESETS
            .iter()
            .map(|p| {
                let mark = if Some(*p) == e.rules.preset_name() {
                    "*"
                } else {
                    ""
                };
                format!("{mark}{p}")
            })
            .collect();
        // The variant's own rule switches (Ko: ko.md 9), the default starred.
        let own: String = e
            .variant
            .rule_options
            .iter()
            .map(|(name, values)| {
                let combo: Vec<String> = values
                    .iter()
                    .enumerate()
                    .map(|(i, v)| format!("{}{v}", if i == 0 { "*" } else { "" }))
                    .collect();
                format!(" option=\"{name} -combo {}\"", combo.join(" /// "))
            })
            .collect();
        e.out.line(&format!(
            "feature ping=1 setboard=1 usermove=1 memory=1 smp=1 colors=0 sigint=0 sigterm=0 \
             debug=1 analyze=1 reuse=1 myname=\"largeshogi {}\" variants=\"{}\" \
             option=\"Rules -combo {}\" option=\"GUI -combo {}\"{own} done=1",
            env!("CARGO_PKG_VERSION"),
            Variant::names().join(","),
            presets.join(" /// "),
            Gui::NAMES
                .iter()
                .map(|g| if *g == self.gui.name() {
                    format!("*{g}")
                } else {
                    g.to_string()
                })
                .collect::<Vec<_>>()
                .join(" /// ")
        ));
    }

    /// Stops any search and throws its result away (the GUI changed the game).
    fn halt(&mut self, e: &mut Engine) {
        e.stop_search();
        self.flush_pongs(e);
    }

    fn flush_pongs(&mut self, e: &Engine) {
        for n in self.pending_pongs.drain(..) {
            e.out.line(&format!("pong {n}"));
        }
    }

    fn reporter(&self, e: &Engine) -> super::Reporter {
        let root = e.game.position().clone();
        let out = e.out.clone();
        let post = self.post.clone();
        Box::new(move |info: &Info| {
            if post.load(Relaxed) && info.multipv <= 1 {
                out.line(&thinking_line(&root, info));
            }
        })
    }

    fn limits(&self, e: &Engine) -> Limits {
        let mut limits = Limits {
            depth: self.tc.depth,
            ..Limits::default()
        };
        if let Some(t) = self.tc.per_move {
            limits.movetime = Some(t);
        } else if let Some(time) = self
            .our_clock
            .or((self.tc.base > Duration::ZERO).then_some(self.tc.base))
        {
            let mps = self.tc.moves_per_session;
            let moves_to_go = (mps > 0).then(|| mps - (e.game.moves() as u32 / 2) % mps);
            limits.clock = Some(Clock {
                time,
                inc: self.tc.inc,
                byoyomi: Duration::ZERO,
                moves_to_go,
            });
        } else if limits.depth.is_none() {
            limits.movetime = Some(DEFAULT_MOVETIME);
        }
        if self.gui == Gui::QBoard {
            limits.search_moves = expressible_moves(e);
        }
        limits
    }

    /// Tells the GUI the game is over. QBoard ignores CECP result lines and would wait for
    /// a move for ever, so it is also told in words; only when no move of ours is in the
    /// same output, because QBoard skips everything else in a `telluser` read.
    fn announce_end(&self, e: &Engine, outcome: Outcome, after_our_move: bool) {
        let line = result_line(outcome);
        e.out.line(&line);
        if self.gui == Gui::QBoard && !after_our_move {
            e.out.line(&format!("telluser Game over: {line}"));
        }
    }

    /// Starts thinking if it is the engine's turn in a game that is not over.
    fn maybe_think(&mut self, e: &mut Engine) {
        if self.analyzing {
            self.start_analysis(e);
            return;
        }
        if self.force || e.is_searching() || e.game.position().side_to_move() != self.engine_side {
            return;
        }
        if let Some(outcome) = e.game.outcome() {
            self.announce_end(e, outcome, false);
            self.force = true;
            return;
        }
        let limits = self.limits(e);
        let report = self.reporter(e);
        if let Err(msg) = e.start_search(limits, Purpose::Move, false, report) {
            e.out.line(&format!("Error ({msg}): go"));
        }
    }

    fn start_analysis(&mut self, e: &mut Engine) {
        e.stop_search();
        if e.game.outcome().is_some() {
            return;
        }
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let report = self.reporter(e);
        if let Err(msg) = e.start_search(limits, Purpose::Analyze, false, report) {
            e.out.line(&format!("Error ({msg}): analyze"));
        }
    }

    /// A move from the GUI (after `usermove`, or a bare move).
    fn user_move(&mut self, e: &mut Engine, text: &str) {
        // HaChu's two-line form: `g5g6,` now, `g6g7` in the next command (three lines
        // for three legs).
        if let Some(first) = text.strip_suffix(',') {
            let v = e.variant;
            let legs = match self.pending_leg.take() {
                Some(earlier) => format!("{earlier}{first}"),
                None => first.to_string(),
            };
            match MoveText::parse_xboard(&legs, v.files, v.ranks) {
                Ok(_) => self.pending_leg = Some(format!("{legs},")),
                Err(err) => self.illegal(e, text, &err),
            }
            return;
        }
        let full = match self.pending_leg.take() {
            Some(first) => format!("{first}{text}"),
            None => text.to_string(),
        };
        if e.search_purpose() == Some(Purpose::Move) {
            // The GUI moved for the side the engine is thinking for: its move counts.
            self.halt(e);
        }
        if let Some(outcome) = e.game.outcome() {
            e.out.line(&format!(
                "Illegal move (the game is over: {}): {}",
                result_line(outcome),
                clip(&full)
            ));
            return;
        }
        let pos = e.game.position();
        let parsed = match self.gui {
            Gui::XBoard => pos.parse_xboard_move(&full),
            Gui::QBoard => pos.parse_qboard_move(&full),
        };
        let mv = match parsed {
            Ok(mv) => mv,
            Err(err) => return self.illegal(e, &full, &err),
        };
        if !e.game.is_legal(&mv) {
            e.out.line(&format!(
                "Illegal move (repeats an earlier position): {}",
                clip(&full)
            ));
            return;
        }
        e.stop_search();
        e.game.play(mv);
        if !self.analyzing {
            if let Some(outcome) = e.game.outcome() {
                self.announce_end(e, outcome, false);
                return;
            }
        }
        self.maybe_think(e);
    }

    fn illegal(&self, e: &Engine, text: &str, err: &MoveError) {
        let reason = match err {
            MoveError::Syntax(_) => "malformed",
            MoveError::OffBoard(_) => "square off the board",
            MoveError::Illegal(_, why) => why,
        };
        e.out
            .line(&format!("Illegal move ({reason}): {}", clip(text)));
    }

    fn setboard(&mut self, e: &mut Engine, args: &[&str]) -> Result<(), String> {
        let translated;
        let args = match (self.gui, args.split_first()) {
            // QBoard writes its own piece letters.
            (Gui::QBoard, Some((board, rest))) => {
                translated = board_from_qboard(e.variant, board)?;
                [&[translated.as_str()], rest].concat()
            }
            _ => args.to_vec(),
        };
        let pos = position_from_xboard_fen(e.variant, e.rules, &args)?;
        self.halt(e);
        self.pending_leg = None;
        e.game = crate::game::Game::new(pos);
        // QBoard loads a position into a running game without `force`: the engine whose
        // turn it now is has to move (XBoard sends `force` first, so this is QBoard's case).
        if self.gui == Gui::QBoard {
            self.maybe_think(e);
        }
        Ok(())
    }

    fn level(&mut self, args: &[&str]) -> Result<(), String> {
        let [mps, base, inc] = args else {
            return Err("usage: level MPS BASE INC".into());
        };
        let mps = parse_number(mps, "moves per session")?;
        if !(0..=10_000).contains(&mps) {
            return Err(format!("moves per session out of range: {mps}"));
        }
        let base = parse_minutes(base)?;
        let inc = parse_seconds(inc)?;
        self.tc = TimeControl {
            moves_per_session: mps as u32,
            base,
            inc,
            per_move: None,
            depth: self.tc.depth,
        };
        Ok(())
    }

    fn set_spin(&mut self, e: &mut Engine, cmd: &str, arg: Option<&&str>) -> Result<(), String> {
        let text = arg.ok_or_else(|| format!("{cmd} needs a number"))?;
        let n = parse_number(text, cmd)?;
        let max = match cmd {
            "memory" => max_hash_mb() as i64,
            _ => MAX_THREADS as i64,
        };
        if !(1..=max).contains(&n) {
            return Err(format!("{cmd} must be in 1..{max}, got {n}"));
        }
        match cmd {
            "memory" => e.set_hash(n as usize),
            _ => {
                e.set_threads(n as usize);
                Ok(())
            }
        }
    }

    /// `option NAME=VALUE` for the options announced in `features`.
    fn option(&mut self, e: &mut Engine, args: &[&str]) -> Result<(), String> {
        let text = args.join(" ");
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| "usage: option NAME=VALUE".to_string())?;
        if name.trim() == "GUI" {
            self.gui = Gui::by_name(value.trim())
                .ok_or_else(|| format!("unknown GUI '{}'", clip(value)))?;
            return Ok(());
        }
        if e.variant
            .rule_options
            .iter()
            .any(|(o, _)| *o == name.trim())
        {
            let mut rules = e.rules;
            rules.set_option(name.trim(), value.trim())?;
            self.halt(e);
            e.set_game_type(e.variant, rules);
            return Ok(());
        }
        if name.trim() != "Rules" {
            return Err(format!("unknown option '{}'", clip(name)));
        }
        let rules = Rules::preset(value.trim())
            .ok_or_else(|| format!("unknown rule set '{}'", clip(value)))?;
        self.halt(e);
        e.set_game_type(e.variant, rules);
        Ok(())
    }

    fn display(&self, e: &Engine) {
        e.out
            .line(&format!("# sfen {}", e.game.position().to_sfen()));
        e.out.line(&format!(
            "# variant {} rules {} legal moves {} force {} engine plays {}",
            e.variant.name,
            e.rules,
            e.game.legal_moves().len(),
            self.force,
            self.engine_side
        ));
    }

    fn dispatch(&mut self, e: &mut Engine, cmd: &str, args: &[&str]) -> Result<Flow, String> {
        match cmd {
            "xboard" | "accepted" | "rejected" | "hard" | "easy" | "random" | "computer"
            | "name" | "rating" | "ics" | "hint" | "bk" | "otim" | "white" | "black" | "."
            | "nps" | "pause" | "resume" => {}
            "draw" => {
                // The opponent offers a draw; CECP's acceptance is offering one back.
                if self.gui == Gui::XBoard && self.draws.accept(e.game.position().plies_played()) {
                    e.out.line("offer draw");
                }
            }
            "protover" => self.features(e),
            "new" => {
                self.draws = Draws::default();
                self.halt(e);
                e.game = e.start_game();
                e.clear_hash();
                self.force = false;
                self.engine_side = Color::White;
                self.tc.depth = None;
                self.our_clock = None;
                self.pending_leg = None;
            }
            "variant" => {
                let name = args.first().ok_or("variant needs a name")?;
                let v = Variant::by_name(name).ok_or_else(|| {
                    format!(
                        "unsupported variant, try one of {}",
                        Variant::names().join(",")
                    )
                })?;
                self.halt(e);
                e.set_game_type(v, e.rules);
                self.pending_leg = None;
                // Variants XBoard does not know are described to it.
                if let Some(setup) = v.xboard_setup() {
                    e.out.line(&setup);
                }
            }
            "force" => {
                self.halt(e);
                self.force = true;
            }
            "go" => {
                self.halt(e);
                self.force = false;
                self.engine_side = e.game.position().side_to_move();
                self.maybe_think(e);
            }
            "playother" => {
                self.halt(e);
                self.force = false;
                self.engine_side = e.game.position().side_to_move().flip();
            }
            "usermove" => {
                let mv = args.first().ok_or("usermove needs a move")?;
                if args.len() > 1 {
                    return Err("usermove takes one move".into());
                }
                self.user_move(e, mv);
            }
            "setboard" => self.setboard(e, args)?,
            "level" => self.level(args)?,
            "st" => {
                let t = parse_seconds(args.first().ok_or("st needs seconds")?)?;
                self.tc.per_move = Some(t.max(Duration::from_millis(1)));
            }
            "sd" => {
                let n = parse_number(args.first().ok_or("sd needs a depth")?, "depth")?;
                if !(1..=MAX_DEPTH).contains(&n) {
                    return Err(format!("depth must be in 1..{MAX_DEPTH}"));
                }
                self.tc.depth = Some(n as u32);
            }
            "time" => {
                let cs = parse_number(args.first().ok_or("time needs centiseconds")?, "time")?;
                self.our_clock = Some(Duration::from_millis(cs.clamp(0, MAX_CS) as u64 * 10));
            }
            "post" => self.post.store(true, Relaxed),
            "nopost" => self.post.store(false, Relaxed),
            "analyze" => {
                self.analyzing = true;
                self.start_analysis(e);
            }
            "exit" => {
                self.analyzing = false;
                self.halt(e);
            }
            "?" => {
                if e.search_purpose() == Some(Purpose::Move) {
                    if let Some(done) = e.stop_search() {
                        self.search_done(e, done);
                    }
                }
            }
            "undo" | "remove" => {
                let n = if cmd == "undo" { 1 } else { 2 };
                if e.game.moves() < n {
                    return Err("no move to take back".into());
                }
                self.halt(e);
                for _ in 0..n {
                    e.game.undo();
                }
                self.pending_leg = None;
                if self.analyzing {
                    self.start_analysis(e);
                }
            }
            "result" => {
                self.halt(e);
                self.force = true;
            }
            "ping" => {
                let n = args.first().ok_or("ping needs a number")?;
                parse_number(n, "ping")?;
                if e.search_purpose() == Some(Purpose::Move) {
                    self.pending_pongs.push(n.to_string());
                } else {
                    e.out.line(&format!("pong {n}"));
                }
            }
            "memory" | "cores" => self.set_spin(e, cmd, args.first())?,
            "option" => self.option(e, args)?,
            "quit" => {
                e.stop_search();
                return Ok(Flow::Quit);
            }
            "d" => self.display(e),
            _ if looks_like_move(cmd) && args.is_empty() => self.user_move(e, cmd),
            _ => return Err("unknown command".into()),
        }
        Ok(Flow::Continue)
    }
}

impl Protocol for XBoard {
    fn command(&mut self, e: &mut Engine, line: &str) -> Flow {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = tokens.split_first() else {
            return Flow::Continue;
        };
        match self.dispatch(e, cmd, args) {
            Ok(flow) => flow,
            Err(msg) => {
                e.out.line(&format!("Error ({msg}): {}", clip(line)));
                Flow::Continue
            }
        }
    }

    fn bad_line(&mut self, e: &mut Engine, err: &LineError) {
        e.out.line(&format!("Error ({err}): input"));
    }

    fn search_done(&mut self, e: &mut Engine, done: Finished) {
        if done.purpose != Purpose::Move {
            return;
        }
        match done.result.best {
            Some(_) if done.result.hopeless() => {
                e.out.line("resign");
                // QBoard knows resignation only from USI engines (`bestmove resign`).
                if self.gui == Gui::QBoard {
                    let side = e.game.position().side_to_move();
                    e.out.line(&format!(
                        "telluser Game over: {} resigns, {} wins",
                        color_name(side),
                        color_name(side.flip())
                    ));
                }
                self.force = true;
            }
            Some(mv) => {
                let pos = e.game.position();
                self.draws.scores.push(centipawns(done.result.score));
                // QBoard takes any offer for the end of the game: none there.
                if self.gui == Gui::XBoard && self.draws.offer(pos.plies_played()) {
                    e.out.line("offer draw");
                }
                let (text, one_line) = match self.gui {
                    Gui::XBoard => (pos.move_to_xboard(&mv), false),
                    Gui::QBoard => (
                        // Only when nothing expressible was legal (see `expressible_moves`).
                        pos.move_to_qboard(&mv)
                            .unwrap_or_else(|| pos.move_to_xboard(&mv)),
                        e.variant.qboard_one_line,
                    ),
                };
                for line in pos.xboard_move_lines(&text, one_line) {
                    e.out.line(&line);
                }
                e.game.play(mv);
                if let Some(outcome) = e.game.outcome() {
                    self.announce_end(e, outcome, true);
                    self.force = true;
                }
            }
            None => {
                let outcome = e.game.outcome().unwrap_or(Outcome::Win(
                    e.game.position().side_to_move().flip(),
                    Reason::NoLegalMove,
                ));
                self.announce_end(e, outcome, false);
                self.force = true;
            }
        }
        self.flush_pongs(e);
    }
}

/// The legal moves QBoard can express, when that is not all of them (empty = no
/// restriction). If it can express none, the engine plays as it would anyway and says so.
fn expressible_moves(e: &Engine) -> Vec<Move> {
    let pos = e.game.position();
    let legal = e.game.legal_moves();
    let fit: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| pos.move_to_qboard(m).is_some())
        .collect();
    if fit.is_empty() && !legal.is_empty() {
        e.out
            .line("# no legal move QBoard can express; playing in XBoard notation");
    }
    if fit.len() == legal.len() {
        Vec::new()
    } else {
        fit
    }
}

/// Whether a word is meant as a move (so that a bad one is reported as an illegal move).
fn looks_like_move(word: &str) -> bool {
    word == crate::notation::xboard::PASS
        || (word.len() >= 4
            && word.as_bytes()[0].is_ascii_lowercase()
            && word.as_bytes()[1].is_ascii_digit())
}

/// `1-0 {Black captures the royals}`: XBoard's `1-0` is a win for the first player, Black.
pub fn result_line(outcome: Outcome) -> String {
    let name = color_name;
    match outcome {
        Outcome::Win(w, reason) => {
            let score = if w == Color::Black { "1-0" } else { "0-1" };
            let l = w.flip();
            let why = match reason {
                Reason::RoyalCaptured => format!("{} captures the royals", name(w)),
                Reason::BareKing => format!("{} bares the {} king", name(w), name(l)),
                Reason::NoLegalMove => format!("{} has no legal move", name(l)),
                Reason::PerpetualAttack => format!("{} loses by perpetual attack", name(l)),
                Reason::RepeatedPosition => format!("{} repeats a position", name(l)),
                other => format!("{} wins: {other}", name(w)),
            };
            format!("{score} {{{why}}}")
        }
        Outcome::Draw(reason) => format!("1/2-1/2 {{{reason}}}"),
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// A score in centipawns as XBoard shows it: royal capture as 100000 + moves.
fn centipawns(score: Score) -> i32 {
    match score {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => 100_000 + (n + 1) / 2,
        Score::Mate(n) => -100_000 - (-n + 1) / 2,
    }
}

/// `ply score time(cs) nodes pv`, the score in centipawns, royal capture as 100000 + moves.
fn thinking_line(root: &Position, info: &Info) -> String {
    let score = centipawns(info.score);
    format!(
        "{} {} {} {} {}",
        info.depth,
        score,
        info.time.as_millis() / 10,
        info.nodes,
        pv_text(root, &info.pv, |p, m| p.move_to_xboard(m))
    )
}

/// An XBoard FEN: the SFEN board field, then optionally the side (`w` = Black, the first
/// player), castling and en-passant fields (`-`), half-move clock and move number. A bare
/// board (as HaChu takes it) means Black to move.
pub fn position_from_xboard_fen(
    variant: &'static Variant,
    rules: Rules,
    fields: &[&str],
) -> Result<Position, String> {
    let (board, rest) = fields.split_first().ok_or("setboard needs a FEN")?;
    if rest.len() > 5 {
        return Err("too many FEN fields".into());
    }
    let side = match rest.first() {
        None | Some(&"w") => Color::Black,
        Some(&"b") => Color::White,
        Some(s) => return Err(format!("side to move must be w or b, found '{}'", clip(s))),
    };
    let full_move = match rest.get(4) {
        Some(n) => parse_number(n, "move number")?.clamp(1, 100_000),
        None => 1,
    };
    let ply = 2 * (full_move - 1) + (side == Color::White) as i64;
    let sfen = format!(
        "{board} {} - {}",
        if side == Color::Black { 'b' } else { 'w' },
        ply + 1
    );
    Position::from_sfen(variant, &sfen, rules).map_err(|err| format!("bad FEN: {err}"))
}

/// `level` base time: minutes, or `minutes:seconds`.
fn parse_minutes(text: &str) -> Result<Duration, String> {
    let (m, s) = text.split_once(':').unwrap_or((text, "0"));
    let m = parse_number(m, "minutes")?;
    let s = parse_number(s, "seconds")?;
    if !(0..=100_000).contains(&m) || !(0..60).contains(&s) {
        return Err(format!("time out of range: {}", clip(text)));
    }
    Ok(Duration::from_secs((m * 60 + s) as u64))
}

/// Seconds, possibly with a fraction (`level` increment, `st`).
fn parse_seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.0..=1e7).contains(&s) => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("bad number of seconds: {}", clip(text))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_are_offered_only_after_a_long_level_stretch() {
        let mut d = Draws {
            scores: vec![5; DRAW_LEVEL_MOVES],
            offered_at: None,
        };
        // Level, but too early in the game.
        assert!(!d.offer(DRAW_LEVEL_PLIES - 1));
        assert!(d.offer(DRAW_LEVEL_PLIES));
        // Not again at once.
        assert!(!d.offer(DRAW_LEVEL_PLIES + 2));
        assert!(d.accept(DRAW_LEVEL_PLIES + 2));
        // One score outside the band ends the level stretch; a bad score accepts anyway.
        d.scores.push(80);
        assert!(!d.accept(DRAW_LEVEL_PLIES + 4));
        d.scores.push(DRAW_ACCEPT_BELOW);
        assert!(d.accept(10));
    }

    #[test]
    fn fen_side_letter_is_inverted() {
        let v = Variant::chu();
        let board = v
            .start_sfen
            .split(' ')
            .next()
            .expect("start SFEN has a board");
        let p = position_from_xboard_fen(v, Rules::default(), &[board, "b", "-", "-", "0", "1"])
            .expect("valid FEN");
        assert_eq!(p.side_to_move(), Color::White);
        let p = position_from_xboard_fen(v, Rules::default(), &[board]).expect("bare board");
        assert_eq!(p.side_to_move(), Color::Black);
        assert!(position_from_xboard_fen(v, Rules::default(), &[board, "x"]).is_err());
    }

    #[test]
    fn results_name_the_first_player_as_1_0() {
        assert_eq!(
            result_line(Outcome::Win(Color::Black, Reason::RoyalCaptured)),
            "1-0 {Black captures the royals}"
        );
        assert!(result_line(Outcome::Win(Color::White, Reason::NoLegalMove)).starts_with("0-1"));
        assert!(result_line(Outcome::Draw(Reason::Repetition)).starts_with("1/2-1/2"));
    }

    #[test]
    fn level_times() {
        assert_eq!(parse_minutes("2:30"), Ok(Duration::from_secs(150)));
        assert_eq!(parse_minutes("5"), Ok(Duration::from_secs(300)));
        assert!(parse_minutes("99999999999999999999").is_err());
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("NaN").is_err());
    }
}
