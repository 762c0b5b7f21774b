//! State shared by both protocols: the game, the rules, the settings and the searcher,
//! which is lent to a search thread while a search runs and comes back when it is joined.

use super::{Event, Out};
use crate::game::Game;
use crate::position::Position;
use crate::search::{Control, Info, Limits, Score, SearchResult, Searcher};
use crate::variant::{Rules, Variant};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::mpsc::Sender;
use std::thread::JoinHandle;

/// Why a protocol started a search; it decides what to do with the result.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Find a move to play (USI `go`, XBoard thinking on its move).
    Move,
    /// Analysis: the result is not played (XBoard `analyze`).
    Analyze,
}

/// Called from the search thread after each iteration.
pub type Reporter = Box<dyn FnMut(&Info) + Send>;

/// A search that has ended and been joined.
pub struct Finished {
    pub id: u64,
    pub purpose: Purpose,
    /// The game as it was when the search started.
    pub root: Game,
    pub result: SearchResult,
}

struct Running {
    id: u64,
    /// No limit of its own ends this search (infinite, or none given): only `stop` does.
    unbounded: bool,
    purpose: Purpose,
    root: Game,
    control: Control,
    handle: JoinHandle<(Searcher, SearchResult)>,
}

/// Tells the main loop that search `id` has ended, when dropped.
struct Notify {
    events: Sender<Event>,
    id: u64,
}

impl Drop for Notify {
    fn drop(&mut self) {
        let _ = self.events.send(Event::SearchDone(self.id));
    }
}

/// Where the searcher is.
enum Worker {
    Idle(Searcher),
    Busy(Box<Running>),
    /// A search thread panicked and took the searcher with it; a new one is made on demand.
    Lost,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
}

pub struct Engine {
    pub variant: &'static Variant,
    pub rules: Rules,
    pub game: Game,
    pub out: Out,
    events: Sender<Event>,
    worker: Worker,
    next_id: u64,
    /// Wanted settings; the searcher gets them when it is idle (see `searcher`).
    settings: Settings,
    applied: Settings,
}

/// Default transposition table size in MB (USI_Hash default).
pub const DEFAULT_HASH_MB: usize = 64;
/// Bounds for the settings, so that absurd option values cannot exhaust memory. The hash
/// maximum is what this machine can give (`tt::max_hash_mb`).
pub use crate::search::tt::max_hash_mb;
pub use crate::search::MAX_THREADS;
pub const MAX_MULTIPV: usize = 500;

impl Engine {
    pub fn new(variant: &'static Variant, rules: Rules, events: Sender<Event>, out: Out) -> Engine {
        let settings = Settings {
            hash_mb: DEFAULT_HASH_MB,
            threads: Searcher::default_threads(),
            multipv: 1,
        };
        Engine {
            variant,
            rules,
            game: Game::new(Position::start(variant, rules)),
            out,
            events,
            // The table is allocated on the first search, after the GUI has set its size.
            worker: Worker::Lost,
            next_id: 0,
            settings,
            applied: settings,
        }
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Sets the table size. An idle searcher resizes now, so a size that cannot be had is
    /// reported at once and the previous table stays; during a search the size is checked
    /// against free memory and applied when the search ends.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), String> {
        let mb = mb.clamp(1, max_hash_mb());
        match &mut self.worker {
            Worker::Idle(searcher) => {
                searcher.set_hash(mb)?;
                self.applied.hash_mb = mb;
            }
            Worker::Lost => {
                let searcher = Searcher::try_new(mb, self.settings.threads)?;
                self.worker = Worker::Idle(searcher);
                self.applied = Settings {
                    hash_mb: mb,
                    ..self.settings
                };
            }
            Worker::Busy(_) => {}
        }
        self.settings.hash_mb = mb;
        Ok(())
    }

    pub fn set_threads(&mut self, n: usize) {
        self.settings.threads = n.clamp(1, MAX_THREADS);
    }

    pub fn set_multipv(&mut self, n: usize) {
        self.settings.multipv = n.clamp(1, MAX_MULTIPV);
    }

    /// The start position of the current variant and rules, as a new game.
    pub fn start_game(&self) -> Game {
        Game::new(Position::start(self.variant, self.rules))
    }

    /// Switches variant and/or rules; the game restarts from the start position.
    pub fn set_game_type(&mut self, variant: &'static Variant, rules: Rules) {
        self.variant = variant;
        self.rules = rules;
        self.game = self.start_game();
    }

    /// Forgets what the searcher learnt (new game).
    pub fn clear_hash(&mut self) {
        if let Worker::Idle(s) = &mut self.worker {
            s.new_game();
        }
    }

    pub fn is_searching(&self) -> bool {
        matches!(self.worker, Worker::Busy(_))
    }

    pub fn search_purpose(&self) -> Option<Purpose> {
        match &self.worker {
            Worker::Busy(r) => Some(r.purpose),
            _ => None,
        }
    }

    /// Starts searching the current game on a new thread. Fails if a search is running.
    pub fn start_search(
        &mut self,
        limits: Limits,
        purpose: Purpose,
        ponder: bool,
        mut report: Reporter,
    ) -> Result<u64, &'static str> {
        if self.is_searching() {
            return Err("already searching");
        }
        let mut searcher = self.take_searcher();
        let control = Control::default();
        control.ponder.store(ponder, Relaxed);
        let root = self.game.clone();
        let game = self.game.clone();
        self.next_id += 1;
        let id = self.next_id;
        let events = self.events.clone();
        let thread_control = control.clone();
        let unbounded = limits.infinite
            || (limits.depth.is_none()
                && limits.nodes.is_none()
                && limits.movetime.is_none()
                && limits.clock.is_none());
        let spawned = std::thread::Builder::new()
            .name(format!("search-{id}"))
            .spawn(move || {
                // Sent on return and on panic alike, so the main loop always joins.
                let _done = Notify { events, id };
                let result = searcher.search(&game, &limits, &thread_control, &mut *report);
                (searcher, result)
            });
        match spawned {
            Ok(handle) => {
                self.worker = Worker::Busy(Box::new(Running {
                    id,
                    unbounded,
                    purpose,
                    root,
                    control,
                    handle,
                }));
                Ok(id)
            }
            Err(e) => {
                log::error!("cannot start a search thread: {e}");
                Err("cannot start a search thread")
            }
        }
    }

    /// Input has ended while a search may run: a search with limits of its own finishes
    /// (its answer is still owed), a pondering or unbounded one is stopped now. Returns
    /// whether a search is still to be collected.
    pub fn end_of_input(&self) -> bool {
        match &self.worker {
            Worker::Busy(r) => {
                if r.unbounded || r.control.ponder.load(Relaxed) {
                    r.control.ponder.store(false, Relaxed);
                    r.control.stop.store(true, Relaxed);
                }
                true
            }
            _ => false,
        }
    }

    /// Ends pondering: from now on the clock limits of the search apply.
    pub fn ponderhit(&self) -> bool {
        match &self.worker {
            Worker::Busy(r) => {
                r.control.ponder.store(false, Relaxed);
                true
            }
            _ => false,
        }
    }

    /// Stops the running search, if any, and waits for it (the search polls the flag, so
    /// this takes milliseconds).
    pub fn stop_search(&mut self) -> Option<Finished> {
        match &self.worker {
            Worker::Busy(r) => {
                r.control.ponder.store(false, Relaxed);
                r.control.stop.store(true, Relaxed);
            }
            _ => return None,
        }
        self.join()
    }

    /// The finished search `id`, if it is the one running (a stale id is ignored: that
    /// search was already collected by `stop_search`).
    pub fn collect(&mut self, id: u64) -> Option<Finished> {
        match &self.worker {
            Worker::Busy(r) if r.id == id => self.join(),
            _ => None,
        }
    }

    fn join(&mut self) -> Option<Finished> {
        let Worker::Busy(run) = std::mem::replace(&mut self.worker, Worker::Lost) else {
            return None;
        };
        let result = match run.handle.join() {
            Ok((searcher, result)) => {
                self.worker = Worker::Idle(searcher);
                result
            }
            Err(_) => {
                // Answer with some legal move rather than leave the GUI waiting.
                log::error!("search thread panicked; the searcher will be rebuilt");
                SearchResult {
                    best: run.root.legal_moves().first().copied(),
                    ponder: None,
                    score: Score::Cp(0),
                    depth: 0,
                    nodes: 0,
                }
            }
        };
        Some(Finished {
            id: run.id,
            purpose: run.purpose,
            root: run.root,
            result,
        })
    }

    /// Builds the searcher now with the current settings (USI `isready`: the GUI has sent
    /// its options and waits, so the table's allocation does not delay the first `go`).
    /// Nothing happens during a search.
    pub fn prepare(&mut self) {
        if !self.is_searching() {
            let searcher = self.take_searcher();
            self.worker = Worker::Idle(searcher);
        }
    }

    /// The idle searcher with the current settings applied (built if needed).
    fn take_searcher(&mut self) -> Searcher {
        let s = self.settings;
        let mut searcher = match std::mem::replace(&mut self.worker, Worker::Lost) {
            Worker::Idle(searcher) => searcher,
            _ => {
                self.applied = s;
                // Fall back to a small table rather than not answer `go`.
                Searcher::try_new(s.hash_mb, s.threads).unwrap_or_else(|e| {
                    self.out
                        .line(&format!("info string error: {e}; using 1 MB"));
                    Searcher::new(1, s.threads)
                })
            }
        };
        if s.hash_mb != self.applied.hash_mb {
            if let Err(e) = searcher.set_hash(s.hash_mb) {
                self.out.line(&format!("info string error: {e}"));
            }
        }
        self.settings.hash_mb = searcher.hash_mb();
        if s.threads != self.applied.threads {
            searcher.set_threads(s.threads);
        }
        searcher.set_multipv(s.multipv);
        self.applied = self.settings;
        searcher
    }
}
