//! Search: iterative deepening PVS with aspiration windows, quiescence over captures, a
//! shared lock-free transposition table, move ordering (TT move, MVV/LVA, killers,
//! history), null-move pruning and late-move reductions. With several threads, helper
//! threads from a rayon pool search the same iterations beside the main thread, sharing
//! the table; a thread puts off moves another thread is searching (simplified ABDADA,
//! see `abdada`), and the first thread to finish an iteration ends it for all. With one
//! thread the search is deterministic (for the same searches since the last new game:
//! the history tables are kept from one search to the next).

mod abdada;
mod ordering;
mod stages;
pub mod time;
pub mod tt;

pub use time::{Clock, Limits};

use crate::eval::EvalCache;
use crate::game::{attacking_after, Game};
use crate::movegen::attack::Overlay;
use crate::position::Position;
use crate::types::{Move, Sq};
use crate::variant::Repetition;
use abdada::{BusyTable, Claim};
use ordering::{History, MovePicker};
use stages::StagedMoves;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tt::{Bound, TranspositionTable};

pub const MATE: i32 = 30000;
const INF: i32 = 32000;
/// Scores beyond this are "royal capture in N plies".
const MATE_BOUND: i32 = MATE - 1000;
const MAX_PLY: usize = 120;
/// Most search threads a searcher runs (more only costs memory and switching).
pub const MAX_THREADS: usize = 256;
/// Smallest remaining depth at which threads put off moves another thread is searching
/// (with shallow pruning the frontier nodes are cheap enough that deferring pays there).
const DEFER_DEPTH: i32 = 1;
/// Quiescence: a capture must be able to bring the score within this of alpha.
const DELTA_MARGIN: i32 = 200;
/// Half-width of the first aspiration window (centipawns); it grows by half on each
/// failure.
const ASPIRATION_DELTA: i32 = 30;
/// Quiescence plies in which every capture is tried under `Variant::short_quiescence`;
/// deeper, only recaptures.
const QS_FULL_PLIES: u32 = 2;
/// A draw is worth -(root static score / this) to the root side, at most
/// `DRAW_CONTEMPT_MAX` either way.
const DRAW_CONTEMPT_DIVISOR: i32 = 4;
const DRAW_CONTEMPT_MAX: i32 = 150;
/// A repetition lost by the perpetual rule: beyond any evaluation (Tai's largest stays
/// under 23000), short of the mate scores, since the game is not over yet.
const PERPETUAL_LOSS: i32 = 25_000;
/// Depths at most this are "shallow": static pruning applies when no royal is attacked.
const SHALLOW_DEPTH: i32 = 3;
/// Reverse futility: a static score this far above beta per remaining ply stands.
const STATIC_CUT_MARGIN: i32 = 120;
/// Futility: quiet moves cannot lift a score this far below alpha per remaining ply.
const FUTILITY_MARGIN: i32 = 150;
/// Late quiet moves searched at a shallow node: `LATE_MOVES_BASE + LATE_MOVES_SCALE * d^2`.
const LATE_MOVES_BASE: usize = 8;
const LATE_MOVES_SCALE: usize = 6;
/// Late-move reductions start at this remaining depth, after this many moves searched.
const LMR_MIN_DEPTH: i32 = 3;
const LMR_MIN_SEARCHED: usize = 3;
/// History worth one ply less or more of late-move reduction: half of
/// `ordering::HISTORY_MAX`.
const HISTORY_PER_PLY: i32 = ordering::HISTORY_MAX / 2;

/// A score as the protocols print it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Royal capture in this many plies (negative: we lose).
    Mate(i32),
}

impl Score {
    pub fn from_internal(s: i32) -> Score {
        if s > MATE_BOUND {
            Score::Mate(MATE - s)
        } else if s < -MATE_BOUND {
            Score::Mate(-(MATE + s))
        } else {
            Score::Cp(s)
        }
    }
}

/// Progress of the search, reported after each iteration (and each MultiPV line).
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: u32,
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
    pub nps: u64,
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

impl SearchResult {
    /// Every legal move lets the opponent capture the last royal at once (a completed
    /// search of two plies or more proved it): the protocols resign instead of playing
    /// on, as a GUI may refuse such a move (XBoard calls walking into check illegal).
    pub fn hopeless(&self) -> bool {
        self.depth >= 2 && self.score == Score::Mate(-2)
    }
}

/// Flags a running search watches: `stop` ends it; while `ponder` is set the clock does
/// not run (USI `go ponder` until `ponderhit`).
#[derive(Default, Clone)]
pub struct Control {
    pub stop: Arc<AtomicBool>,
    pub ponder: Arc<AtomicBool>,
}

/// The engine's searcher: owns the transposition table and the settings.
pub struct Searcher {
    tt: Arc<TranspositionTable>,
    hash_mb: usize,
    threads: usize,
    multipv: usize,
    /// The helper threads (None: single thread, deterministic).
    pool: Option<rayon::ThreadPool>,
    busy: BusyTable,
    /// One history table per thread, kept from one search of a game to the next.
    histories: Vec<History>,
    /// The evaluation cache, shared by the threads and kept likewise: the positions of
    /// the last search's tree come again in the next one, and one thread's in the other's.
    evals: EvalCache,
}

/// State shared by all threads of one search.
struct Shared<'a> {
    tt: &'a TranspositionTable,
    control: &'a Control,
    nodes: AtomicU64,
    start: Instant,
    /// Time when pondering ended (the clock starts then).
    hard: Option<Duration>,
    node_limit: u64,
    stopped: AtomicBool,
    /// Deepest iteration some thread has completed, and that thread's root moves sorted
    /// best first: the first thread to finish an iteration ends it for all.
    completed: AtomicI32,
    published: Mutex<Vec<(Move, i32)>>,
    /// Threads searching (1: deterministic, nothing published).
    pool_threads: usize,
    /// Positions being searched, when several threads search.
    busy: Option<&'a BusyTable>,
}

impl Shared<'_> {
    fn out_of_time(&self) -> bool {
        if self.stopped.load(Relaxed) {
            return true;
        }
        let stop = self.control.stop.load(Relaxed)
            || self.nodes.load(Relaxed) >= self.node_limit
            || (!self.control.ponder.load(Relaxed)
                && self.hard.is_some_and(|h| self.start.elapsed() >= h));
        if stop {
            self.stopped.store(true, Relaxed);
        }
        stop
    }

    /// A thread finished iteration `depth`: it becomes everyone's result unless another
    /// thread got as deep first.
    fn publish(&self, depth: i32, order: &[(Move, i32)]) {
        if let Ok(mut published) = self.published.lock() {
            if depth > self.completed.load(Relaxed) {
                published.clear();
                published.extend_from_slice(order);
                self.completed.store(depth, Relaxed);
            }
        }
    }

    /// The deepest completed iteration and its sorted root moves.
    fn adopt(&self) -> Option<(i32, Vec<(Move, i32)>)> {
        let published = self.published.lock().ok()?;
        (!published.is_empty()).then(|| (self.completed.load(Relaxed), published.clone()))
    }
}

/// One thread's search state.
struct Worker<'a> {
    pos: Position,
    shared: &'a Shared<'a>,
    history: &'a mut History,
    buffers: Vec<Vec<Move>>,
    /// Per ply: moves put off because another thread was searching them.
    deferred: Vec<Vec<Move>>,
    /// Per ply: the quiet moves searched so far without a cut-off.
    quiets_tried: Vec<Vec<Move>>,
    /// The evaluations by position key.
    evals: &'a EvalCache,
    local_nodes: u64,
    seldepth: usize,
    /// The iteration being searched.
    goal: i32,
    /// Score of a draw for the side to move at the root: below zero when it stands
    /// better (a side ahead must not settle for a repetition), above when worse.
    root_draw: i32,
    /// Leave the current iteration: the search is stopped, or another thread has
    /// completed it (checked with the clock, every 256 nodes).
    abort: bool,
}

impl Searcher {
    pub fn new(hash_mb: usize, threads: usize) -> Searcher {
        Searcher::with_table(TranspositionTable::new(hash_mb), hash_mb, threads)
    }

    fn with_table(tt: TranspositionTable, hash_mb: usize, threads: usize) -> Searcher {
        let mut s = Searcher {
            tt: Arc::new(tt),
            hash_mb,
            threads: 1,
            multipv: 1,
            pool: None,
            busy: BusyTable::new(),
            histories: Vec::new(),
            evals: EvalCache::default(),
        };
        s.set_threads(threads);
        s
    }

    /// Number of available cores (the default thread count).
    pub fn default_threads() -> usize {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }

    /// A searcher whose table size a user chose: the table is allocated fallibly, and the
    /// error is one line.
    pub fn try_new(hash_mb: usize, threads: usize) -> Result<Searcher, String> {
        Ok(Searcher::with_table(
            TranspositionTable::try_new(hash_mb)?,
            hash_mb,
            threads,
        ))
    }

    /// Resizes the table; on failure the previous table stays and the reason is returned.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), String> {
        if mb != self.hash_mb {
            let tt = TranspositionTable::try_new(mb)
                .map_err(|e| format!("{e}; keeping the {} MB table", self.hash_mb))?;
            self.tt = Arc::new(tt);
            self.hash_mb = mb;
        }
        Ok(())
    }

    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Sets the number of search threads, at most `MAX_THREADS`.
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.clamp(1, MAX_THREADS);
        self.histories.resize_with(self.threads, History::new);
        self.pool = if self.threads > 1 {
            rayon::ThreadPoolBuilder::new()
                .num_threads(self.threads - 1)
                .build()
                .ok()
        } else {
            None
        };
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    pub fn set_multipv(&mut self, n: usize) {
        self.multipv = n.clamp(1, 500);
    }

    /// Forgets everything learnt (new game).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.histories.iter_mut().for_each(|h| *h = History::new());
        self.evals.clear();
    }

    /// Searches the game's current position within `limits`, calling `info` after each
    /// completed iteration. Returns the best move (None when there is no legal move).
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        control: &Control,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.tt.new_search();
        let pos = game.position();
        let on_board =
            pos.pieces(pos.side_to_move()).len() + pos.pieces(pos.side_to_move().flip()).len();
        let budget = time::budget(limits, time::expected_moves_left(on_board));
        let shared = Shared {
            tt: &self.tt,
            control,
            nodes: AtomicU64::new(0),
            start: Instant::now(),
            hard: budget.map(|b| b.1),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            stopped: AtomicBool::new(false),
            completed: AtomicI32::new(0),
            published: Mutex::new(Vec::new()),
            pool_threads: self.threads,
            busy: self.pool.as_ref().map(|_| &self.busy),
        };
        let mut root_moves = game.legal_moves();
        if !limits.search_moves.is_empty() {
            root_moves.retain(|m| limits.search_moves.contains(m));
        }
        if root_moves.is_empty() {
            return SearchResult {
                best: None,
                ponder: None,
                score: Score::Cp(0),
                depth: 0,
                nodes: 0,
            };
        }
        let plan = Plan {
            max_depth: limits
                .depth
                .unwrap_or(MAX_PLY as u32 - 10)
                .clamp(1, MAX_PLY as u32 - 10) as i32,
            // `go movetime` asks for that much thinking: iterate until it is used up.
            soft: budget.filter(|_| limits.movetime.is_none()).map(|b| b.0),
            multipv: self.multipv.min(root_moves.len()),
            fixed_depth: limits.depth.is_some(),
            infinite: limits.infinite,
        };
        self.histories.iter_mut().for_each(History::age);
        let (main_history, helper_histories) = self
            .histories
            .split_first_mut()
            .expect("one history per thread, at least one thread");
        self.evals.adopt(pos);
        let evals = &self.evals;
        let mut main = Worker::new(game.position().clone(), &shared, main_history, evals);
        let mut result = match &self.pool {
            None => main.iterate(&root_moves, &plan, info),
            Some(pool) => pool.in_place_scope(|scope| {
                for (i, history) in helper_histories.iter_mut().enumerate() {
                    let helper_index = i + 1;
                    let mut helper = Worker::new(game.position().clone(), &shared, history, evals);
                    let (root_moves, max_depth, multipv) =
                        (&root_moves, plan.max_depth, plan.multipv);
                    // The first helper searches the main thread's iterations; from the
                    // second on, every other helper runs one iteration ahead (`help`).
                    let ahead = (helper_index % 2 == 0) as i32;
                    scope.spawn(move |_| helper.help(root_moves, max_depth, multipv, ahead));
                }
                let result = main.iterate(&root_moves, &plan, info);
                // The helpers stop with the main thread.
                shared.stopped.store(true, Relaxed);
                result
            }),
        };
        main.flush_nodes();
        result.nodes = shared.nodes.load(Relaxed);
        result
    }
}

/// What one search is asked to do, beyond the position.
struct Plan {
    max_depth: i32,
    /// Time after which no new iteration starts (None: no clock).
    soft: Option<Duration>,
    multipv: usize,
    fixed_depth: bool,
    infinite: bool,
}

impl<'a> Worker<'a> {
    fn new(
        pos: Position,
        shared: &'a Shared<'a>,
        history: &'a mut History,
        evals: &'a EvalCache,
    ) -> Worker<'a> {
        let root_draw = draw_value(&pos);
        Worker {
            root_draw,
            pos,
            shared,
            history,
            buffers: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            deferred: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            quiets_tried: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            evals,
            local_nodes: 0,
            seldepth: 0,
            goal: i32::MAX,
            abort: false,
        }
    }

    /// Adds the nodes counted locally to the shared total.
    fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.local_nodes, Relaxed);
        self.local_nodes = 0;
    }

    /// The main thread's iterative deepening: reports each iteration through `info` and
    /// decides when to stop.
    fn iterate(
        &mut self,
        root_moves: &[Move],
        plan: &Plan,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let shared = self.shared;
        let control = shared.control;
        let mut result = SearchResult {
            best: root_moves.first().copied(),
            ponder: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
        };
        let mut order: Vec<(Move, i32)> = root_moves.iter().map(|&m| (m, 0)).collect();
        self.sort_root(&mut order);
        let mut prev = 0;
        let mut depth = 0;
        while depth < plan.max_depth {
            depth += 1;
            let multipv = plan.multipv > 1;
            let mut scored = self.iteration(&order, depth, prev, multipv, !multipv);
            if self.abort && !shared.stopped.load(Relaxed) {
                // A helper finished this iteration first (or a deeper one): take its result.
                if let Some((d, o)) = shared.adopt() {
                    (depth, scored) = (d, o);
                }
            }
            if shared.stopped.load(Relaxed) && depth == 1 && scored.iter().any(|e| e.1 <= -INF) {
                // The first iteration was cut short: play its best searched move (or the
                // best by the quick ordering) and report no score, since none was searched
                // for every move (an unsearched move's -INF would read as `mate 2000`).
                if let Some(&(m, s)) = scored.first().filter(|e| e.1 > -INF) {
                    result.best = Some(m);
                    result.score = Score::from_internal(s);
                }
                break;
            }
            if shared.stopped.load(Relaxed) && depth > 1 {
                // A partial iteration counts only if it found a better move than the last one.
                if let Some(&(m, s)) = scored.first() {
                    if s > prev && s > -INF && Some(m) != result.best {
                        result.best = Some(m);
                    }
                }
                break;
            }
            order = scored;
            prev = order[0].1;
            self.flush_nodes();
            let nodes = shared.nodes.load(Relaxed);
            let elapsed = shared.start.elapsed();
            for (k, &(m, s)) in order.iter().take(plan.multipv).enumerate() {
                let pv = self.principal_variation(m, depth as usize);
                info(&Info {
                    depth: depth as u32,
                    seldepth: self.seldepth.max(depth as usize) as u32,
                    multipv: k as u32 + 1,
                    score: Score::from_internal(s),
                    nodes,
                    time: elapsed,
                    nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                    hashfull: shared.tt.hashfull(),
                    pv: pv.clone(),
                });
                if k == 0 {
                    result.best = Some(m);
                    result.ponder = pv.get(1).copied();
                    result.score = Score::from_internal(s);
                    result.depth = depth as u32;
                }
            }
            if shared.out_of_time() {
                break;
            }
            if plan
                .soft
                .is_some_and(|s| !control.ponder.load(Relaxed) && elapsed >= s / 2)
                && !plan.infinite
            {
                break;
            }
            // A forced royal capture found within the depth: deeper search cannot change it.
            if prev.abs() > MATE_BOUND
                && (MATE - prev.abs()) < depth
                && !plan.fixed_depth
                && !plan.infinite
            {
                break;
            }
        }
        // `go infinite` / pondering must not answer before it is told to stop.
        while (plan.infinite || control.ponder.load(Relaxed)) && !control.stop.load(Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
        result
    }

    /// A helper thread's iterative deepening: the iterations of the main thread, or with
    /// `ahead` 1 each one deeper, filling the shared table until the main thread stops it.
    /// With two threads the helper searches the main thread's iteration beside it: a
    /// helper one iteration ahead searched without the iteration before it and was often
    /// overtaken, its partial work thrown away (`bench --depth 11 --threads 2 --speedup
    /// --rounds 5`: a median of 1.79x over 10 runs against 2.02x over 5 for the helper
    /// level, see docs/search-experiments.md). Helpers one ahead, from the third thread
    /// on, keep some depth diversity where many threads search; that is not measured
    /// here.
    fn help(&mut self, root_moves: &[Move], max_depth: i32, multipv: usize, ahead: i32) {
        let mut order: Vec<(Move, i32)> = root_moves.iter().map(|&m| (m, 0)).collect();
        self.sort_root(&mut order);
        let mut prev = 0;
        let mut depth = 0;
        while depth < max_depth {
            let completed = self.shared.completed.load(Relaxed);
            depth = (depth + 1).max(completed + 1 + ahead).min(max_depth);
            // Under MultiPV the helpers only fill the table: the lines need exact scores.
            let scored = self.iteration(&order, depth, prev, false, multipv == 1);
            if self.shared.stopped.load(Relaxed) {
                break;
            }
            order = match self.shared.adopt().filter(|_| self.abort) {
                Some((d, o)) => {
                    depth = d;
                    o
                }
                None => scored,
            };
            prev = order[0].1;
        }
        self.flush_nodes();
    }

    #[inline]
    fn count_node(&mut self) {
        self.local_nodes += 1;
        // Every 256 nodes: nodes are slow in the big variants, and a late stop loses on time.
        if self.local_nodes & 255 == 0 {
            self.shared.nodes.fetch_add(256, Relaxed);
            self.local_nodes -= 256;
            self.abort =
                self.shared.out_of_time() || self.shared.completed.load(Relaxed) >= self.goal;
        }
    }

    /// One iteration of iterative deepening (every root move with an exact score when
    /// `all_lines`), published for the other threads when completed and `publish`.
    fn iteration(
        &mut self,
        order: &[(Move, i32)],
        depth: i32,
        prev: i32,
        all_lines: bool,
        publish: bool,
    ) -> Vec<(Move, i32)> {
        self.goal = depth;
        self.abort = self.shared.stopped.load(Relaxed);
        let scored = if all_lines {
            self.root_all(order, depth)
        } else {
            self.root_aspiration(order, depth, prev)
        };
        if !self.abort && publish && self.shared.pool_threads > 1 {
            self.shared.publish(depth, &scored);
        }
        scored
    }

    fn sort_root(&mut self, order: &mut [(Move, i32)]) {
        for (m, s) in order.iter_mut() {
            let capture = ordering::capture_value(&self.pos, m);
            self.pos.make(*m);
            *s = -self.evals.evaluate_within(&self.pos, -INF, INF) + capture.signum();
            self.pos.unmake();
        }
        order.sort_by_key(|&(_, s)| -s);
    }

    /// Aspiration windows around the previous score.
    fn root_aspiration(
        &mut self,
        order: &[(Move, i32)],
        depth: i32,
        prev: i32,
    ) -> Vec<(Move, i32)> {
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < MATE_BOUND {
            (prev - delta, prev + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let scored = self.root(order, depth, alpha, beta);
            let best = scored[0].1;
            if self.abort {
                return scored;
            }
            // The new window is set from the fail-soft score, not from the old bound: a
            // score that fell by 3 pawns is bracketed at once. A fail low also pulls beta
            // down, since the true score lies below the old one.
            if best <= alpha && alpha > -INF {
                beta = (alpha + beta) / 2;
                alpha = (best - delta).max(-INF);
            } else if best >= beta && beta < INF {
                beta = (best + delta).min(INF);
            } else {
                return scored;
            }
            delta += delta / 2;
        }
    }

    /// One root iteration: the first move with the full window, the rest with PVS.
    /// Returns the moves sorted best first; moves left unsearched (fail high, or the
    /// search stopped) score -INF.
    fn root(
        &mut self,
        order: &[(Move, i32)],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> Vec<(Move, i32)> {
        let busy = self.shared.busy.filter(|_| depth >= DEFER_DEPTH);
        let mut scored: Vec<(Move, i32)> = Vec::with_capacity(order.len());
        let mut deferred: Vec<Move> = Vec::new();
        let mut next = order.iter().map(|&(m, _)| m);
        let mut retried = 0;
        while let Some((m, retry)) = abdada::next_move(next.next(), &deferred, &mut retried) {
            if alpha >= beta || self.abort {
                scored.push((m, -INF));
                continue;
            }
            let first = scored.is_empty();
            self.pos.make(m);
            let child = self.pos.key();
            let claim = match busy {
                Some(b) if !first => b.claim(child, retry),
                _ => Claim::Unclaimed,
            };
            if claim == Claim::Busy {
                self.pos.unmake();
                deferred.push(m);
                continue;
            }
            let mut s;
            if first {
                s = -self.search(depth - 1, 1, -beta, -alpha, true, false);
            } else {
                s = -self.search(depth - 1, 1, -alpha - 1, -alpha, false, true);
                if s > alpha && s < beta && !self.abort {
                    s = -self.search(depth - 1, 1, -beta, -alpha, true, false);
                }
                if let Some(busy) = busy {
                    busy.leave(child, claim);
                }
            }
            self.pos.unmake();
            if self.abort {
                s = -INF;
            }
            alpha = alpha.max(s.min(beta));
            scored.push((m, s));
        }
        // Stable: among equal scores the earlier (better ordered) move stays first.
        scored.sort_by_key(|&(_, s)| -s);
        if let Some(&(m, s)) = scored.first().filter(|_| !self.abort) {
            self.shared.tt.store(
                self.pos.key(),
                self.pos.encode_move(&m, None),
                s,
                depth,
                Bound::Exact,
            );
        }
        scored
    }

    /// MultiPV: every root move with the full window, so that each score is exact.
    fn root_all(&mut self, order: &[(Move, i32)], depth: i32) -> Vec<(Move, i32)> {
        let mut scored: Vec<(Move, i32)> = order
            .iter()
            .map(|&(m, _)| {
                self.pos.make(m);
                let s = -self.search(depth - 1, 1, -INF, INF, true, false);
                self.pos.unmake();
                (m, s)
            })
            .collect();
        scored.sort_by_key(|&(_, s)| -s);
        scored
    }

    /// Repetition inside the search: a draw under the four-fold rule (the engine avoids
    /// cycles it cannot win) unless the perpetual rule makes it a loss for one side, a
    /// loss for the repeating side where repeating is illegal.
    fn repetition_score(&mut self, ply: usize) -> Option<i32> {
        let hist = self.pos.repetition_window();
        let key = self.pos.key();
        let repeated = hist.iter().rev().skip(1).step_by(2).any(|&k| k == key);
        if !repeated {
            return None;
        }
        Some(match self.pos.rules.repetition {
            Repetition::Fourfold => match self.perpetual_attacker() {
                Some(c) if c == self.pos.side_to_move() => -PERPETUAL_LOSS,
                Some(_) => PERPETUAL_LOSS,
                None if ply.is_multiple_of(2) => self.root_draw,
                None => -self.root_draw,
            },
            // The side that just moved recreated a position: it loses.
            Repetition::Forbid | Repetition::Lose => MATE - ply as i32,
        })
    }

    /// The side that would lose the repetition just reached by the perpetual rule
    /// (`game::attacking_after`): the one whose last move attacked while the other's did
    /// not. The last move of each side stands for the whole cycle, as the repetition
    /// itself is judged at its second occurrence.
    fn perpetual_attacker(&mut self) -> Option<crate::types::Color> {
        let mover = self.pos.side_to_move().flip();
        let last = self.pos.last_move().filter(|m| !m.is_null())?;
        let mover_attacks = attacking_after(&self.pos, &last, mover);
        self.pos.unmake();
        let other_attacks = self
            .pos
            .last_move()
            .is_some_and(|m| !m.is_null() && attacking_after(&self.pos, &m, mover.flip()));
        self.pos.make(last);
        match (mover_attacks, other_attacks) {
            (true, false) => Some(mover),
            (false, true) => Some(mover.flip()),
            _ => None,
        }
    }

    /// A move after the first (already made on the board): null window, late quiet moves
    /// reduced first (less when their history is good, more when bad, one ply more at an
    /// expected cut node; never where `unreduced`: a winning capture, a check in a
    /// decided game), re-searched at full depth and then with the full window as needed.
    #[allow(clippy::too_many_arguments)]
    fn search_sibling(
        &mut self,
        mv: Move,
        searched: usize,
        unreduced: bool,
        history: i32,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        let mut r = 0;
        if depth >= LMR_MIN_DEPTH && searched >= LMR_MIN_SEARCHED && !unreduced && !mv.promotes() {
            r = (reduction(depth, searched) - pv_node as i32 + cut_node as i32
                - history / HISTORY_PER_PLY)
                .max(1);
        }
        let mut s = -self.search(
            depth - 1 - r,
            ply + 1,
            -alpha - 1,
            -alpha,
            false,
            r > 0 || !cut_node,
        );
        if s > alpha && r > 0 {
            s = -self.search(depth - 1, ply + 1, -alpha - 1, -alpha, false, !cut_node);
        }
        if s > alpha && s < beta && pv_node && !self.abort {
            s = -self.search(depth - 1, ply + 1, -beta, -alpha, true, false);
        }
        s
    }

    /// `cut_node`: a non-PV node expected to fail high, whose late moves are reduced one
    /// ply more (Stockfish's `cutNode`): the node of a reduced sibling, and the
    /// null-window children of a node expected to fail low (cut and all nodes alternate
    /// down a line). Self-play +31 Elo.
    fn search(
        &mut self,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        if self.abort {
            return 0;
        }
        let us = self.pos.side_to_move();
        if self.pos.royal_count(us) == 0 {
            return -MATE + ply as i32;
        }
        // The mover lost its own last royal (automatic captures, yanxin.md 4.6).
        if self.pos.royal_count(us.flip()) == 0 {
            return MATE - ply as i32;
        }
        if let Some(s) = self.repetition_score(ply) {
            return s;
        }
        // Check extension: when the mover's last royal stands attacked, the line gets one
        // more ply, so a hunt that ends in royal capture just past the horizon is seen
        // (a Chu king hunt runs 7 plies and more). Bounded by twice the iteration depth.
        let one_royal = self.pos.royal_count(us) == 1;
        let last_royal_attacked = one_royal && self.pos.attacks_royal(us.flip());
        let depth = if last_royal_attacked && (ply as i32) < 2 * self.goal {
            depth.max(0) + 1
        } else {
            depth
        };
        if depth <= 0 || ply >= MAX_PLY {
            return self.qsearch(ply, 0, alpha, beta);
        }
        self.count_node();
        // Mate-distance pruning.
        let alpha0 = alpha.max(-MATE + ply as i32);
        let beta0 = beta.min(MATE - ply as i32 - 1);
        if alpha0 >= beta0 {
            return alpha0;
        }
        let key = self.pos.key();
        let tt_entry = self.shared.tt.probe(key);
        let mut tt_move = 0;
        if let Some(e) = tt_entry {
            tt_move = e.mv;
            let s = score_from_tt(e.score, ply);
            if !pv_node && e.depth >= depth && bound_decides(e.bound, s, alpha, beta) {
                return s;
            }
        }
        let static_eval = self.evals.evaluate_within(&self.pos, alpha, beta);
        // Shallow non-PV nodes whose royals stand safe may be pruned statically: the
        // static score misses only slow threats there. That holds also where the window
        // lies beyond the mate bound (a royal capture in hand, a quicker one sought):
        // unpruned, those nodes cost a search that had found a capture ten times the
        // nodes of its iteration.
        // The royal test is costly (Tai's Emperor, Ko's shooters): made only when a pruning
        // decision needs it.
        let shallow = !pv_node && depth <= SHALLOW_DEPTH;
        let mut royal_safe = one_royal.then_some(!last_royal_attacked);
        let mut prunable = |pos: &Position| {
            shallow && *royal_safe.get_or_insert_with(|| !pos.attacks_royal(us.flip()))
        };
        // A static score says nothing against a royal capture: no cut at a mate bound.
        if static_eval - STATIC_CUT_MARGIN * depth >= beta
            && beta.abs() < MATE_BOUND
            && prunable(&self.pos)
        {
            return static_eval;
        }
        let futile = static_eval + FUTILITY_MARGIN * depth <= alpha;
        let late_moves = LATE_MOVES_BASE + LATE_MOVES_SCALE * (depth * depth) as usize;
        // Null move: skip a turn; if the opponent still cannot reach beta, prune. Never
        // with the last royal attacked: the opponent would take it.
        if !pv_node
            && !last_royal_attacked
            && depth >= 3
            && static_eval >= beta
            && beta.abs() < MATE_BOUND
            && self.pos.pieces(us).len() > 3
            && self.pos.last_move().is_some_and(|m| !m.is_null())
        {
            let r = 2 + depth / 4;
            self.pos.make_null();
            let s = -self.search(depth - 1 - r, ply + 1, -beta, -beta + 1, false, !cut_node);
            self.pos.unmake();
            if s >= beta && !self.abort {
                return if s > MATE_BOUND { beta } else { s };
            }
        }
        let mut staged = StagedMoves::new(tt_move, std::mem::take(&mut self.buffers[ply]));
        let mut best = -INF;
        let mut best_move = Move::NULL;
        let mut searched = 0;
        let busy = self.shared.busy.filter(|_| depth >= DEFER_DEPTH);
        let mut deferred = std::mem::take(&mut self.deferred[ply]);
        deferred.clear();
        let mut quiets_tried = std::mem::take(&mut self.quiets_tried[ply]);
        quiets_tried.clear();
        let mut retried = 0;
        let mut quiet_pruned = false;
        let mut left_royal = 0;
        // The enemy's last royal in a decided game (`hunted_royal`): quiet moves that
        // attack it are neither pruned nor reduced.
        let mut hunted: Option<Option<Sq>> = None;
        while let Some((mv, retry)) = abdada::next_move(
            if quiet_pruned {
                None
            } else {
                staged.next(&self.pos, self.history, ply)
            },
            &deferred,
            &mut retried,
        ) {
            // Never while every move so far loses the royal: a pruned quiet move might
            // be the escape.
            if searched > 0
                && best > -MATE_BOUND
                && (futile || searched >= late_moves)
                && prunable(&self.pos)
            {
                // Futility and late-move pruning of quiet moves, but not of checks in a
                // decided game: once only quiet moves are left and none can be a check,
                // none of them is searched.
                let royal = *hunted.get_or_insert_with(|| hunted_royal(&self.pos));
                if royal.is_none() && staged.only_quiet_left() && !retry {
                    quiet_pruned = true;
                    continue;
                }
                if !mv.promotes()
                    && !self.pos.is_capture(&mv)
                    && !royal.is_some_and(|r| quiet_attacks(&self.pos, &mv, r))
                {
                    continue;
                }
            }
            let is_capture = self.pos.is_capture(&mv);
            // A capture that gives more than it wins (the capturer is worth more than
            // its victims and can be taken where it lands) is reduced like a quiet move.
            // Tested only where a reduction can apply (`search_sibling`): the attack test
            // is not free, and most nodes are shallow.
            let losing = is_capture
                && depth >= LMR_MIN_DEPTH
                && searched >= LMR_MIN_SEARCHED
                && ordering::losing_capture(&self.pos, &mv);
            let history = if is_capture {
                0
            } else {
                self.history.value(&self.pos, &mv)
            };
            // A quiet check in a decided game is searched at full depth, like a capture.
            let check = !is_capture
                && depth >= LMR_MIN_DEPTH
                && searched >= LMR_MIN_SEARCHED
                && hunted
                    .get_or_insert_with(|| hunted_royal(&self.pos))
                    .is_some_and(|r| quiet_attacks(&self.pos, &mv, r));
            self.pos.make(mv);
            // With the last royal attacked, a move that leaves it attacked (and does not
            // take the enemy's last royal first) loses it on the next ply: skipped.
            if last_royal_attacked && left_en_prise(&self.pos) {
                self.pos.unmake();
                left_royal += 1;
                continue;
            }
            let child = self.pos.key();
            self.shared.tt.prefetch(child);
            self.evals.prefetch(child);
            let claim = match busy {
                Some(b) if searched > 0 => b.claim(child, retry),
                _ => Claim::Unclaimed,
            };
            if claim == Claim::Busy {
                self.pos.unmake();
                deferred.push(mv);
                continue;
            }
            let s = if searched == 0 {
                -self.search(
                    depth - 1,
                    ply + 1,
                    -beta,
                    -alpha,
                    pv_node,
                    !pv_node && !cut_node,
                )
            } else {
                let s = self.search_sibling(
                    mv,
                    searched,
                    (is_capture && !losing) || check,
                    history,
                    depth,
                    ply,
                    alpha,
                    beta,
                    pv_node,
                    cut_node,
                );
                if let Some(busy) = busy {
                    busy.leave(child, claim);
                }
                s
            };
            self.pos.unmake();
            searched += 1;
            if self.abort {
                self.buffers[ply] = staged.into_buffer();
                self.deferred[ply] = deferred;
                self.quiets_tried[ply] = quiets_tried;
                return 0;
            }
            if s > best {
                best = s;
                best_move = mv;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        if !is_capture {
                            self.history.reward(&self.pos, &mv, ply, depth);
                            // The quiet moves tried before it did not cut: they sink.
                            for q in &quiets_tried {
                                self.history.punish(&self.pos, q, depth);
                            }
                        }
                        break;
                    }
                }
            }
            if !is_capture && !mv.promotes() {
                quiets_tried.push(mv);
            }
        }
        let no_move = staged.handed_out == 0;
        let mut moves = staged.into_buffer();
        self.deferred[ply] = deferred;
        self.quiets_tried[ply] = quiets_tried;
        if no_move {
            self.buffers[ply] = moves;
            return -MATE + ply as i32;
        }
        // A skipped move loses the royal on the next ply: exactly this score, which only
        // a searched move can beat.
        let royal_left_en_prise = royal_lost_next(ply);
        if left_royal > 0 && best < royal_left_en_prise {
            self.buffers[ply] = moves;
            return royal_left_en_prise;
        }
        self.pos.moves_to_code(&best_move, &mut moves);
        let code = self.pos.encode_move(&best_move, Some(&moves));
        self.buffers[ply] = moves;
        let bound = if best >= beta {
            Bound::Lower
        } else if pv_node && best > alpha0.max(-INF) && best_move != Move::NULL && best >= alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared
            .tt
            .store(key, code, score_to_tt(best, ply), depth, bound);
        best
    }

    /// Quiescence over captures, until quiet. `qdepth` counts the capture plies made so
    /// far: under `Variant::short_quiescence`, after `QS_FULL_PLIES` of them only a
    /// recapture of the piece that just moved is tried, and then the sequence ends, which
    /// keeps the tree bounded where long-range shooters and multi-captures open new lines
    /// with every capture (Ko, Tai).
    fn qsearch(&mut self, ply: usize, qdepth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.count_node();
        self.seldepth = self.seldepth.max(ply);
        let us = self.pos.side_to_move();
        if self.pos.royal_count(us) == 0 {
            return -MATE + ply as i32;
        }
        // The mover lost its own last royal (automatic captures, yanxin.md 4.6).
        if self.pos.royal_count(us.flip()) == 0 {
            return MATE - ply as i32;
        }
        // The first quiescence ply shares the TT (depth 0): capture sequences transpose.
        let key = self.pos.key();
        let mut remembered = false;
        if qdepth == 0 {
            if let Some(e) = self.shared.tt.probe(key) {
                remembered = true;
                let s = score_from_tt(e.score, ply);
                if bound_decides(e.bound, s, alpha, beta) {
                    return s;
                }
            }
        }
        // A capture that attacked the mover's last royal: standing pat would ignore its
        // loss on the next ply. (At the first ply the main search has extended instead.)
        // Only where the test is geometry and quiescence runs to the end: elsewhere each
        // node would pay a move generation, or the sequence is cut short anyway.
        let v = self.pos.variant;
        if qdepth > 0
            && ply < MAX_PLY
            && v.exact_attacks
            && !v.short_quiescence
            && self.pos.royal_count(us) == 1
            && self.pos.attacks_royal(us.flip())
        {
            return self.qsearch_evasions(ply, qdepth, alpha, beta);
        }
        let alpha_in = alpha;
        let stand = self.evals.evaluate_within(&self.pos, alpha, beta);
        if stand >= beta || ply >= MAX_PLY || self.abort {
            return stand;
        }
        // Where capture sequences explode (`Variant::short_quiescence`), one ply of
        // recaptures closes the sequence: a second one almost never changes the score,
        // and it costs a full capture generation at every such node.
        let short = self.pos.variant.short_quiescence;
        if short && qdepth > QS_FULL_PLIES {
            return stand;
        }
        let recapture_on = (short && qdepth == QS_FULL_PLIES)
            .then(|| self.pos.last_move().map(|m| m.to))
            .flatten();
        if let Some(target) = recapture_on {
            // Only a recapture on `target` is tried here: if nothing of the opponent's stands
            // there, or winning it cannot reach alpha, skip generating the moves.
            let cell = self.pos.cell(target);
            if !cell.is_color(us.flip()) {
                return stand;
            }
            let victim = self.pos.variant.piece(cell.ptype());
            if !victim.royal && stand + victim.value + DELTA_MARGIN <= alpha {
                return stand;
            }
        }
        alpha = alpha.max(stand);
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        self.pos.generate_captures(&mut moves);
        let mut picker = MovePicker::new(&self.pos, &moves, 0, self.history, ply, false);
        let mut best = stand;
        while let Some(mv) = picker.next(&mut moves, self.history) {
            if let Some(target) = recapture_on {
                if !ordering::captures_on(&self.pos, &mv, target) {
                    continue;
                }
            }
            let gain = ordering::material_gain(&self.pos, &mv);
            // Delta pruning: even winning the victims cannot lift the score to alpha.
            if stand + gain + DELTA_MARGIN <= alpha {
                continue;
            }
            // Losing-looking captures (victims worth less than the capturer) onto a
            // defended square are left out. Where the test needs the move made, it is
            // made first, once.
            let trades_down = ordering::trades_down(&self.pos, &mv, gain);
            let exposed = if trades_down {
                self.pos.exposed_unmade(&mv)
            } else {
                Some(false)
            };
            if exposed == Some(true) {
                continue;
            }
            self.pos.make(mv);
            self.evals.prefetch(self.pos.key());
            if exposed.is_none() && self.pos.mover_exposed(&mv) {
                self.pos.unmake();
                continue;
            }
            let s = -self.qsearch(ply + 1, qdepth + 1, -beta, -alpha);
            self.pos.unmake();
            if raise(&mut best, &mut alpha, s, beta) {
                break;
            }
        }
        // Where capture sequences explode, quiescence stays with captures.
        if qdepth == 0 && !short && best < beta && !self.abort {
            best = self.quiet_promotions(ply, stand, best, alpha, beta, &mut moves);
        }
        self.buffers[ply] = moves;
        if qdepth == 0 && !remembered && !self.abort {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha_in {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.shared
                .tt
                .store(key, 0, score_to_tt(best, ply), 0, bound);
        }
        best
    }

    /// The quiet promotions of quiescence's first ply, after its captures: each one that
    /// lands where it cannot be taken and whose gain can lift the score to alpha
    /// (`Position::generate_quiet_promotions`). Returns the best score so far.
    fn quiet_promotions(
        &mut self,
        ply: usize,
        stand: i32,
        mut best: i32,
        mut alpha: i32,
        beta: i32,
        moves: &mut Vec<Move>,
    ) -> i32 {
        self.pos.generate_quiet_promotions(moves);
        for &mv in moves.iter() {
            let gain = self
                .pos
                .variant
                .promotion_gain(self.pos.cell(mv.from).ptype());
            if stand + gain + DELTA_MARGIN <= alpha {
                continue;
            }
            let exposed = self.pos.exposed_unmade(&mv);
            if exposed == Some(true) {
                continue;
            }
            self.pos.make(mv);
            if exposed.is_none() && self.pos.mover_exposed(&mv) {
                self.pos.unmake();
                continue;
            }
            let s = -self.qsearch(ply + 1, 1, -beta, -alpha);
            self.pos.unmake();
            if raise(&mut best, &mut alpha, s, beta) {
                break;
            }
        }
        best
    }

    /// Quiescence with the mover's last royal attacked: no standing pat, and every move
    /// after which the royal stands safe (or that takes the enemy's last royal) is
    /// searched, quiet ones too. With none, the royal falls on the next ply.
    fn qsearch_evasions(&mut self, ply: usize, qdepth: u32, mut alpha: i32, beta: i32) -> i32 {
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        self.pos.generate(&mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return -MATE + ply as i32;
        }
        let mut picker = MovePicker::new(&self.pos, &moves, 0, self.history, ply, false);
        let mut best = royal_lost_next(ply);
        while let Some(mv) = picker.next(&mut moves, self.history) {
            self.pos.make(mv);
            if left_en_prise(&self.pos) {
                self.pos.unmake();
                continue;
            }
            let s = -self.qsearch(ply + 1, qdepth + 1, -beta, -alpha);
            self.pos.unmake();
            if self.abort || raise(&mut best, &mut alpha, s, beta) {
                break;
            }
        }
        self.buffers[ply] = moves;
        best
    }

    /// The PV: the root move, then TT moves while they are legal.
    fn principal_variation(&mut self, first: Move, depth: usize) -> Vec<Move> {
        let mut pv = vec![first];
        self.pos.make(first);
        let mut made = 1;
        while pv.len() < depth.max(1) + 4 {
            let Some(e) = self.shared.tt.probe(self.pos.key()) else {
                break;
            };
            let moves = self.pos.legal_moves();
            let Some(m) = self.pos.decode_move(e.mv, &moves) else {
                break;
            };
            pv.push(m);
            self.pos.make(m);
            made += 1;
            if self.repetition_score(made).is_some() {
                break;
            }
        }
        for _ in 0..made {
            self.pos.unmake();
        }
        pv
    }
}

/// Contempt: how a draw scores for the side to move in `root`, from its static score.
fn draw_value(root: &Position) -> i32 {
    -(crate::eval::evaluate(root) / DRAW_CONTEMPT_DIVISOR)
        .clamp(-DRAW_CONTEMPT_MAX, DRAW_CONTEMPT_MAX)
}

/// The enemy's last royal in a decided game (one side far enough ahead to hunt,
/// `eval::decided`), where a check can be told by geometry (`Variant::exact_attacks`):
/// the side ahead finishes with checks, and the side behind has no other counterplay.
fn hunted_royal(pos: &Position) -> Option<Sq> {
    let them = pos.side_to_move().flip();
    if !pos.variant.exact_attacks || pos.royal_count(them) != 1 || !crate::eval::decided(pos) {
        return None;
    }
    pos.royals(them).next()
}

/// The quiet move `mv` leaves its piece attacking `target` (a direct check).
fn quiet_attacks(pos: &Position, mv: &Move, target: Sq) -> bool {
    let o = Overlay {
        empties: [mv.from, Sq::NONE],
        filled: mv.to,
    };
    pos.piece_attacks(pos.cell(mv.from), mv.to, target, &o)
}

/// After a move (made on `pos`): the mover's royal stands attacked, and the move did not
/// take the enemy's last royal first. The royal falls on the next ply.
fn left_en_prise(pos: &Position) -> bool {
    let enemy = pos.side_to_move();
    pos.royal_count(enemy) > 0 && pos.attacks_royal(enemy)
}

/// The score of a move that leaves the last royal en prise at `ply`: it falls at ply + 2.
fn royal_lost_next(ply: usize) -> i32 {
    -MATE + ply as i32 + 2
}

/// A quiescence move scored `s`: raises `best` and `alpha` (fail-soft); true on a cut-off.
fn raise(best: &mut i32, alpha: &mut i32, s: i32, beta: i32) -> bool {
    if s > *best {
        *best = s;
        if s > *alpha {
            *alpha = s;
        }
    }
    s >= beta
}

/// Late-move reduction: grows with the logarithms of depth and move number.
fn reduction(depth: i32, searched: usize) -> i32 {
    let r = 0.5 + (depth as f64).ln() * (searched as f64).ln() / 2.75;
    r as i32
}

/// A stored score with this bound settles the node for the window (`alpha`, `beta`).
fn bound_decides(bound: Bound, s: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    }
}

fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
