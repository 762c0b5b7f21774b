//! The game shown in the browser: the move line with undo/redo, the engine's side and
//! time, analysis, clocks and evaluations. Every change goes through here; a request that
//! fails returns an error before anything is changed.

use super::events::Hub;
use crate::analysis::line_text;
use crate::diagram::Marks;
use crate::game::{Game, Outcome};
use crate::position::Position;
use crate::protocol::{Engine, Event, Finished, Out, Purpose};
use crate::search::{Clock, Info, Limits, Score};
use crate::types::{Color, Move, Sq};
use crate::variant::{Rules, Variant};
use ahash::AHashMap;
use serde_json::{json, Value};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Scores of positions (by Zobrist key) from Black's point of view, for the graph.
pub type Evals = Arc<Mutex<AHashMap<u64, i32>>>;

/// A mate score on the graph.
const MATE_CP: i32 = 5000;

/// How the engine's time is given.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TimeControl {
    MoveTime(Duration),
    /// Both sides: base time and increment; the clocks run.
    Clock {
        base: Duration,
        inc: Duration,
    },
}

/// A request that cannot be done; nothing was changed. `conflict` marks a request that is
/// well formed but not possible now (HTTP 409).
#[derive(Debug)]
pub struct Refused {
    pub message: String,
    pub conflict: bool,
}

impl Refused {
    pub fn bad(message: impl Into<String>) -> Refused {
        Refused {
            message: message.into(),
            conflict: false,
        }
    }
    pub fn conflict(message: impl Into<String>) -> Refused {
        Refused {
            message: message.into(),
            conflict: true,
        }
    }
}

pub struct Session {
    engine: Engine,
    start: Position,
    /// The whole line, including moves taken back (for redo).
    line: Vec<Move>,
    /// Moves of `line` played.
    cursor: usize,
    pub engine_side: Option<Color>,
    pub time: TimeControl,
    clocks: [Duration; 2],
    /// When the side to move started thinking (for the running clock).
    turn_start: Instant,
    lost_on_time: Option<Color>,
    pub analysis: bool,
    pub multipv: usize,
    /// The running search: id and purpose.
    search: Option<(u64, Purpose)>,
    version: u64,
    hub: Arc<Hub>,
    evals: Evals,
}

impl Session {
    pub fn new(
        variant: &'static Variant,
        rules: Rules,
        events: Sender<Event>,
        hub: Arc<Hub>,
    ) -> Session {
        let engine = Engine::new(variant, rules, events, Out);
        let start = Position::start(variant, rules);
        Session {
            engine,
            start,
            line: Vec::new(),
            cursor: 0,
            engine_side: None,
            time: TimeControl::MoveTime(Duration::from_secs(1)),
            clocks: [Duration::ZERO; 2],
            turn_start: Instant::now(),
            lost_on_time: None,
            analysis: false,
            multipv: 1,
            search: None,
            version: 1,
            hub,
            evals: Arc::new(Mutex::new(AHashMap::new())),
        }
    }

    pub fn variant(&self) -> &'static Variant {
        self.engine.variant
    }

    pub fn game(&self) -> &Game {
        &self.engine.game
    }

    pub fn version(&self) -> u64 {
        self.version
    }

    pub fn thinking(&self) -> Option<Purpose> {
        self.search.map(|(_, p)| p)
    }

    /// The result: by the rules, or a loss on time.
    pub fn outcome(&self) -> Option<(Option<Color>, String)> {
        if let Some(c) = self.lost_on_time.or_else(|| self.flag_fallen()) {
            return Some((Some(c.flip()), format!("{} lost on time", side_name(c))));
        }
        self.game().outcome().map(|o| match o {
            Outcome::Win(c, r) => (Some(c), format!("{} wins: {r}", side_name(c))),
            Outcome::Draw(r) => (None, format!("draw: {r}")),
        })
    }

    /// The side to move has used up its clock (only with a clock, before the game ended).
    fn flag_fallen(&self) -> Option<Color> {
        if !matches!(self.time, TimeControl::Clock { .. }) || self.cursor == 0 {
            return None;
        }
        let stm = self.game().position().side_to_move();
        (self.remaining(stm).is_zero()).then_some(stm)
    }

    /// Time left on `c`'s clock now.
    fn remaining(&self, c: Color) -> Duration {
        let stm = self.game().position().side_to_move();
        let running = self.cursor > 0 && self.lost_on_time.is_none();
        if c == stm && running {
            self.clocks[c.index()].saturating_sub(self.turn_start.elapsed())
        } else {
            self.clocks[c.index()]
        }
    }

    fn changed(&mut self) {
        self.version += 1;
        self.hub.send("state", &json!({ "version": self.version }));
    }

    /// Stops any search (its result is dropped) and waits for it.
    pub fn stop(&mut self) {
        if self.search.take().is_some() {
            self.engine.stop_search();
        }
    }

    /// The user's stop: the engine plays the best move found so far; analysis ends.
    pub fn stop_now(&mut self) {
        match self.search.take() {
            Some((_, Purpose::Move)) => {
                if let Some(done) = self.engine.stop_search() {
                    self.finished(done);
                }
            }
            Some((_, Purpose::Analyze)) => {
                self.engine.stop_search();
                self.analysis = false;
                self.changed();
            }
            None => {}
        }
    }

    /// A search has ended (called by the event thread).
    pub fn search_done(&mut self, id: u64) {
        let Some(done) = self.engine.collect(id) else {
            return;
        };
        if self.search.map(|(i, _)| i) == Some(id) {
            self.search = None;
        }
        self.finished(done);
    }

    fn finished(&mut self, done: Finished) {
        self.record_eval(&done.root, done.result.score);
        let same = done.root.position().key() == self.game().position().key()
            && done.root.moves() == self.game().moves();
        if done.purpose == Purpose::Move && same && self.outcome().is_none() {
            if let Some(best) = done.result.best {
                if self.game().is_legal(&best) {
                    self.apply(best);
                    self.after_move();
                    return;
                }
            }
        }
        self.changed();
    }

    fn record_eval(&self, root: &Game, score: Score) {
        let stm = root.position().side_to_move();
        if let Ok(mut e) = self.evals.lock() {
            e.insert(root.position().key(), black_cp(score, stm));
        }
    }

    /// Plays a move given as USI text (the page sends the text the server gave it).
    pub fn play_usi(&mut self, text: &str) -> Result<(), Refused> {
        if let Some((_, why)) = self.outcome() {
            return Err(Refused::conflict(format!("the game is over ({why})")));
        }
        if self.thinking() == Some(Purpose::Move) {
            return Err(Refused::conflict("the engine is thinking; stop it first"));
        }
        let pos = self.game().position();
        // USI first; XBoard text too, but a USI error is the one reported.
        let mv = pos
            .parse_move(text)
            .or_else(|e| pos.parse_xboard_move(text).map_err(|_| e))
            .map_err(|e| Refused::bad(e.to_string()))?;
        if !self.game().is_legal(&mv) {
            return Err(Refused::bad(format!(
                "illegal move '{text}': it repeats a position"
            )));
        }
        self.stop();
        self.apply(mv);
        self.after_move();
        Ok(())
    }

    /// Plays `mv` (legal), keeping the redo line when it follows it, and runs the clocks.
    fn apply(&mut self, mv: Move) {
        let mover = self.game().position().side_to_move();
        if let TimeControl::Clock { inc, .. } = self.time {
            if self.cursor > 0 {
                let left = self.remaining(mover);
                if left.is_zero() {
                    self.lost_on_time = Some(mover);
                }
                self.clocks[mover.index()] = left + inc;
            }
        }
        if self.line.get(self.cursor) != Some(&mv) {
            self.line.truncate(self.cursor);
            self.line.push(mv);
        }
        self.cursor += 1;
        self.engine.game.play(mv);
        self.turn_start = Instant::now();
    }

    /// After a move: the engine replies if it is its turn; analysis restarts.
    fn after_move(&mut self) {
        self.changed();
        self.kick();
    }

    /// Starts whatever search the current state calls for: the engine's move, or analysis.
    fn kick(&mut self) {
        if self.search.is_some() || self.outcome().is_some() {
            return;
        }
        let stm = self.game().position().side_to_move();
        if self.engine_side == Some(stm) {
            let _ = self.start_search(Purpose::Move);
        } else if self.analysis {
            let _ = self.start_search(Purpose::Analyze);
        }
    }

    fn start_search(&mut self, purpose: Purpose) -> Result<(), Refused> {
        let stm = self.game().position().side_to_move();
        let limits = match purpose {
            Purpose::Analyze => Limits {
                infinite: true,
                ..Limits::default()
            },
            Purpose::Move => match self.time {
                TimeControl::MoveTime(t) => Limits {
                    movetime: Some(t),
                    ..Limits::default()
                },
                TimeControl::Clock { inc, .. } => Limits {
                    clock: Some(Clock {
                        time: self.remaining(stm),
                        inc,
                        ..Clock::default()
                    }),
                    ..Limits::default()
                },
            },
        };
        self.engine.set_multipv(if purpose == Purpose::Analyze {
            self.multipv
        } else {
            1
        });
        let root = self.game().position().clone();
        let hub = self.hub.clone();
        let evals = self.evals.clone();
        let kind = match purpose {
            Purpose::Analyze => "analysis",
            Purpose::Move => "engine",
        };
        let sfen = root.to_sfen();
        let report = Box::new(move |info: &Info| {
            let pv = line_text(&root, &info.pv);
            let black = black_cp(info.score, root.side_to_move());
            if info.multipv <= 1 {
                if let Ok(mut e) = evals.lock() {
                    e.insert(root.key(), black);
                }
            }
            let score = match info.score {
                Score::Cp(c) => json!({ "cp": c }),
                Score::Mate(m) => json!({ "mate": m }),
            };
            hub.send(
                "info",
                &json!({
                    "kind": kind,
                    "sfen": sfen,
                    "depth": info.depth,
                    "seldepth": info.seldepth,
                    "multipv": info.multipv.max(1),
                    "score": score,
                    "black_cp": black,
                    "nodes": info.nodes,
                    "nps": info.nps,
                    "time_ms": info.time.as_millis() as u64,
                    "pv": pv,
                }),
            );
        });
        let id = self
            .engine
            .start_search(limits, purpose, false, report)
            .map_err(Refused::conflict)?;
        self.search = Some((id, purpose));
        self.changed();
        Ok(())
    }

    /// The engine plays the side to move now (and from now on).
    pub fn go(&mut self) -> Result<(), Refused> {
        if let Some((_, why)) = self.outcome() {
            return Err(Refused::conflict(format!("the game is over ({why})")));
        }
        self.stop();
        self.engine_side = Some(self.game().position().side_to_move());
        self.start_search(Purpose::Move)
    }

    pub fn set_analysis(&mut self, on: bool) {
        self.analysis = on;
        if on {
            if self.thinking().is_none() {
                self.kick();
                if self.search.is_none() && self.outcome().is_none() {
                    // The engine's own side is to move but it is not thinking (after undo).
                    let _ = self.start_search(Purpose::Analyze);
                }
            }
        } else if self.thinking() == Some(Purpose::Analyze) {
            self.stop();
        }
        self.changed();
    }

    /// Engine side, time and MultiPV; all validated before anything changes.
    pub fn configure(
        &mut self,
        side: Option<Option<Color>>,
        time: Option<TimeControl>,
        multipv: Option<usize>,
    ) -> Result<(), Refused> {
        if let Some(n) = multipv {
            if !(1..=10).contains(&n) {
                return Err(Refused::bad("multipv must be 1..10"));
            }
        }
        let restart = self.thinking() == Some(Purpose::Analyze) && multipv.is_some();
        if let Some(t) = time {
            self.time = t;
            if let TimeControl::Clock { base, .. } = t {
                self.clocks = [base; 2];
                self.turn_start = Instant::now();
                self.lost_on_time = None;
            }
        }
        if let Some(n) = multipv {
            self.multipv = n;
        }
        if let Some(s) = side {
            self.engine_side = s;
            if self.thinking() == Some(Purpose::Move) && s != Some(self.stm()) {
                self.stop();
            }
        }
        if restart {
            self.stop();
        }
        self.kick();
        self.changed();
        Ok(())
    }

    fn stm(&self) -> Color {
        self.game().position().side_to_move()
    }

    /// Takes back `n` plies (at least one must exist).
    pub fn undo(&mut self, n: usize) -> Result<(), Refused> {
        if n == 0 || n > self.cursor {
            return Err(Refused::conflict(format!(
                "cannot take back {n} moves ({} played)",
                self.cursor
            )));
        }
        self.stop();
        for _ in 0..n {
            self.engine.game.undo();
        }
        self.cursor -= n;
        self.lost_on_time = None;
        self.turn_start = Instant::now();
        self.changed();
        if self.analysis {
            let _ = self.start_search(Purpose::Analyze);
        }
        Ok(())
    }

    /// Replays `n` plies taken back.
    pub fn redo(&mut self, n: usize) -> Result<(), Refused> {
        if n == 0 || self.cursor + n > self.line.len() {
            return Err(Refused::conflict(format!(
                "cannot replay {n} moves ({} taken back)",
                self.line.len() - self.cursor
            )));
        }
        self.stop();
        for _ in 0..n {
            let mv = self.line[self.cursor];
            self.engine.game.play(mv);
            self.cursor += 1;
        }
        self.turn_start = Instant::now();
        self.changed();
        if self.analysis {
            let _ = self.start_search(Purpose::Analyze);
        }
        Ok(())
    }

    /// A new game: `variant` (default: the current one) from `start` (default: its start
    /// position) with `moves` played.
    pub fn new_game(
        &mut self,
        variant: &'static Variant,
        start: Position,
        moves: &[Move],
    ) -> Result<(), Refused> {
        let mut game = Game::new(start.clone());
        for (i, &m) in moves.iter().enumerate() {
            if !game.is_legal(&m) {
                return Err(Refused::bad(format!("move {} is illegal", i + 1)));
            }
            game.play(m);
        }
        self.stop();
        if !std::ptr::eq(variant, self.engine.variant) {
            self.engine.set_game_type(variant, start.rules);
            if let Ok(mut e) = self.evals.lock() {
                e.clear();
            }
        }
        self.engine.clear_hash();
        self.engine.game = game;
        self.start = start;
        self.line = moves.to_vec();
        self.cursor = moves.len();
        if let TimeControl::Clock { base, .. } = self.time {
            self.clocks = [base; 2];
        }
        self.lost_on_time = None;
        self.turn_start = Instant::now();
        self.changed();
        self.kick();
        Ok(())
    }

    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// Moves played, as the line from the start position.
    pub fn played(&self) -> &[Move] {
        &self.line[..self.cursor]
    }

    /// The marks of the last move: its path, shots and the pieces it removed.
    pub fn last_marks(&self) -> Marks {
        let mut before = self.game().clone();
        if self.cursor == 0 || !before.undo() {
            return Marks::default();
        }
        move_marks(before.position(), &self.line[self.cursor - 1])
    }

    /// The page's view of the state.
    pub fn state_json(&self) -> Value {
        let v = self.variant();
        let pos = self.game().position();
        let idx = |s: Sq| square_index(v, s);
        let marks = self.last_marks();
        // USI text of the whole line (taken-back moves too, for redo).
        let mut p = self.start.clone();
        let mut texts = Vec::with_capacity(self.line.len());
        let mut keys = vec![p.key()];
        for m in &self.line {
            texts.push(p.move_to_usi(m));
            p.make(*m);
            keys.push(p.key());
        }
        let evals = self.evals.lock().map(|e| {
            keys[..=self.cursor]
                .iter()
                .map(|k| e.get(k).copied())
                .collect::<Vec<_>>()
        });
        let outcome = self
            .outcome()
            .map(|(winner, text)| json!({ "winner": winner.map(side_name), "text": text }));
        let time = match self.time {
            TimeControl::MoveTime(t) => json!({ "movetime_ms": t.as_millis() as u64 }),
            TimeControl::Clock { base, inc } => json!({
                "base_ms": base.as_millis() as u64,
                "inc_ms": inc.as_millis() as u64,
            }),
        };
        let clocks = match self.time {
            TimeControl::Clock { .. } => json!([
                self.remaining(Color::Black).as_millis() as u64,
                self.remaining(Color::White).as_millis() as u64
            ]),
            TimeControl::MoveTime(_) => Value::Null,
        };
        // Who owns each square ('.' empty, 'b', 'w'), so the page can tell a piece of the
        // side to move without reading SFEN.
        let mut owners = vec![b'.'; v.files * v.ranks];
        for sq in v.squares() {
            if let Some((_, c)) = pos.piece_at(sq) {
                owners[idx(sq)] = if c == Color::Black { b'b' } else { b'w' };
            }
        }
        json!({
            "version": self.version,
            "owners": String::from_utf8_lossy(&owners),
            "variant": v.name,
            "variants": Variant::names(),
            "files": v.files,
            "ranks": v.ranks,
            "drops": v.drops,
            "sfen": pos.to_sfen(),
            "start_sfen": self.start.to_sfen(),
            "side": side_name(pos.side_to_move()),
            "line": texts,
            "cursor": self.cursor,
            "last": {
                "path": marks.path.iter().map(|&s| idx(s)).collect::<Vec<_>>(),
                "shots": marks.shots.iter().map(|&s| idx(s)).collect::<Vec<_>>(),
                "gone": marks.gone.iter().map(|&s| idx(s)).collect::<Vec<_>>(),
            },
            "outcome": outcome,
            "engine_side": self.engine_side.map(side_name),
            "time": time,
            "clocks_ms": clocks,
            "thinking": self.thinking().map(|p| if p == Purpose::Move { "engine" } else { "analysis" }),
            "analysis": self.analysis,
            "multipv": self.multipv,
            "evals": evals.unwrap_or_default(),
        })
    }
}

/// "black" / "white".
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Square number the page uses: `y * files + x`, rank a at the top, file `files` at the left.
pub fn square_index(v: &Variant, s: Sq) -> usize {
    v.row[s.idx()] as usize * v.files + v.col[s.idx()] as usize
}

fn black_cp(score: Score, stm: Color) -> i32 {
    let cp = match score {
        Score::Cp(c) => c.clamp(-MATE_CP, MATE_CP),
        Score::Mate(m) if m >= 0 => MATE_CP,
        Score::Mate(_) => -MATE_CP,
    };
    if stm == Color::Black {
        cp
    } else {
        -cp
    }
}

/// Path, shots and removed pieces of `mv` played from `before`.
pub fn move_marks(before: &Position, mv: &Move) -> Marks {
    let v = before.variant;
    let mut path = Vec::new();
    if mv.drop == 0 {
        path.push(mv.from);
    }
    path.extend(mv.mid.iter().copied().filter(|s| !s.is_none()));
    if !path.contains(&mv.to) {
        path.push(mv.to);
    }
    let shots = mv.shots.iter().copied().filter(|s| !s.is_none()).collect();
    let mut after = before.clone();
    after.make(*mv);
    let gone = v
        .squares()
        .filter(|&s| before.piece_at(s).is_some() && after.piece_at(s).is_none() && s != mv.from)
        .collect();
    Marks { path, shots, gone }
}
