//! Search: iterative deepening PVS with aspiration windows, quiescence over captures, a
//! shared lock-free transposition table, move ordering (TT move, MVV/LVA, killers,
//! history), null-move pruning and late-move reductions. Root moves after the first are
//! searched in parallel with rayon; with one thread the search is deterministic.

mod ordering;
pub mod time;
pub mod tt;

pub use time::{Clock, Limits};

use crate::eval::evaluate;
use crate::game::Game;
use crate::position::Position;
use crate::types::{Move, Sq};
use crate::variant::Repetition;
use ordering::{encode, History, MovePicker};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tt::{Bound, TranspositionTable};

pub const MATE: i32 = 30000;
const INF: i32 = 32000;
/// Scores beyond this are "royal capture in N plies".
const MATE_BOUND: i32 = MATE - 1000;
const MAX_PLY: usize = 120;
/// Quiescence: a capture must be able to bring the score within this of alpha.
const DELTA_MARGIN: i32 = 200;
/// Smallest remaining depth at which a PV node's siblings are searched in parallel.
const SPLIT_DEPTH: i32 = 4;

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
    pool: Option<rayon::ThreadPool>,
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
    /// Thread pool for parallel search (None: single thread, deterministic).
    pool: Option<&'a rayon::ThreadPool>,
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
}

/// One thread's search state.
struct Worker<'a> {
    pos: Position,
    shared: &'a Shared<'a>,
    history: History,
    buffers: Vec<Vec<Move>>,
    local_nodes: u64,
    seldepth: usize,
    /// Length of the game history at the root: repetitions are looked up over all of it.
    root_ply: usize,
}

impl Searcher {
    pub fn new(hash_mb: usize, threads: usize) -> Searcher {
        let mut s = Searcher {
            tt: Arc::new(TranspositionTable::new(hash_mb)),
            hash_mb,
            threads: 1,
            multipv: 1,
            pool: None,
        };
        s.set_threads(threads);
        s
    }

    /// Number of available cores (the default thread count).
    pub fn default_threads() -> usize {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }

    pub fn set_hash(&mut self, mb: usize) {
        if mb != self.hash_mb {
            self.hash_mb = mb;
            self.tt = Arc::new(TranspositionTable::new(mb));
        }
    }

    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.clamp(1, 256);
        self.pool = if self.threads > 1 {
            rayon::ThreadPoolBuilder::new()
                .num_threads(self.threads)
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
        let budget = time::budget(limits);
        let shared = Shared {
            tt: &self.tt,
            control,
            nodes: AtomicU64::new(0),
            start: Instant::now(),
            hard: budget.map(|b| b.1),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            stopped: AtomicBool::new(false),
            pool: self.pool.as_ref(),
        };
        let soft = budget.map(|b| b.0);
        let root_moves = game.legal_moves();
        let mut result = SearchResult {
            best: root_moves.first().copied(),
            ponder: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
        };
        if root_moves.is_empty() {
            return result;
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 10)
            .clamp(1, MAX_PLY as u32 - 10);
        let multipv = self.multipv.min(root_moves.len());
        let mut main = Worker::new(game.position().clone(), &shared);
        let mut order: Vec<(Move, i32)> = root_moves.iter().map(|&m| (m, 0)).collect();
        main.sort_root(&mut order);
        let mut prev = 0;
        for depth in 1..=max_depth as i32 {
            let scored = if multipv > 1 {
                main.root_all(&order, depth)
            } else {
                main.root_aspiration(&order, depth, prev)
            };
            if shared.stopped.load(Relaxed) && depth > 1 {
                // A partial iteration counts only if it found a better move than the last one.
                if let Some(&(m, s)) = scored.first() {
                    if s > prev && Some(m) != result.best {
                        result.best = Some(m);
                    }
                }
                break;
            }
            order = scored;
            prev = order[0].1;
            main.flush_nodes();
            let nodes = shared.nodes.load(Relaxed);
            let elapsed = shared.start.elapsed();
            for (k, &(m, s)) in order.iter().take(multipv).enumerate() {
                let pv = main.principal_variation(m, depth as usize);
                info(&Info {
                    depth: depth as u32,
                    seldepth: main.seldepth.max(depth as usize) as u32,
                    multipv: k as u32 + 1,
                    score: Score::from_internal(s),
                    nodes,
                    time: elapsed,
                    nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                    hashfull: self.tt.hashfull(),
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
            if soft.is_some_and(|s| !control.ponder.load(Relaxed) && elapsed >= s / 2)
                && !limits.infinite
            {
                break;
            }
            // A forced royal capture found within the depth: deeper search cannot change it.
            if prev.abs() > MATE_BOUND
                && (MATE - prev.abs()) < depth
                && limits.depth.is_none()
                && !limits.infinite
            {
                break;
            }
        }
        // `go infinite` / pondering must not answer before it is told to stop.
        while (limits.infinite || control.ponder.load(Relaxed)) && !control.stop.load(Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
        main.flush_nodes();
        result.nodes = shared.nodes.load(Relaxed);
        result
    }
}

impl<'a> Worker<'a> {
    fn new(pos: Position, shared: &'a Shared<'a>) -> Worker<'a> {
        let root_ply = pos.plies_played();
        Worker {
            pos,
            shared,
            history: History::new(),
            buffers: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            local_nodes: 0,
            seldepth: 0,
            root_ply,
        }
    }

    /// A worker for parallel tasks below the current node, with this worker's killers.
    fn fork(&self) -> Worker<'a> {
        let mut w = Worker::new(self.pos.clone(), self.shared);
        w.root_ply = self.root_ply;
        w.history.copy_from(&self.history);
        w
    }

    /// Adds the nodes counted locally to the shared total.
    fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.local_nodes, Relaxed);
        self.local_nodes = 0;
    }

    /// Searches the siblings after the first move in parallel: each with a null window at
    /// the shared alpha, re-searched with the full window when it beats it. Returns the
    /// best (score, move) among them.
    fn split(&self, rest: &[Move], depth: i32, ply: usize, alpha: i32, beta: i32) -> (i32, Move) {
        let Some(pool) = self.shared.pool else {
            return (-INF, Move::NULL);
        };
        let shared_alpha = AtomicI32::new(alpha);
        let them = self.pos.side_to_move().flip();
        let results: Vec<(i32, Move)> = pool.install(|| {
            rest.par_iter()
                .with_min_len(split_chunk(rest.len()))
                .enumerate()
                .map_init(
                    || self.fork(),
                    |w, (i, &m)| {
                        let a = shared_alpha.load(Relaxed);
                        if a >= beta || w.shared.stopped.load(Relaxed) {
                            return (-INF, m);
                        }
                        let capture = is_capture(&w.pos, &m, them);
                        w.pos.make(m);
                        let s = w.search_sibling(m, i + 1, capture, depth, ply, a, beta, true);
                        w.pos.unmake();
                        w.flush_nodes();
                        if s > a {
                            shared_alpha.fetch_max(s.min(beta), Relaxed);
                        }
                        (s, m)
                    },
                )
                .collect()
        });
        // First best wins ties, as in the sequential order.
        results
            .into_iter()
            .fold((-INF, Move::NULL), |b, r| if r.0 > b.0 { r } else { b })
    }

    #[inline]
    fn count_node(&mut self) {
        self.local_nodes += 1;
        // Every 256 nodes: nodes are slow in the big variants, and a late stop loses on time.
        if self.local_nodes & 255 == 0 {
            self.shared.nodes.fetch_add(256, Relaxed);
            self.local_nodes -= 256;
            self.shared.out_of_time();
        }
    }

    fn sort_root(&mut self, order: &mut [(Move, i32)]) {
        for (m, s) in order.iter_mut() {
            self.pos.make(*m);
            *s = -self.qsearch(1, -INF, INF);
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
        let mut delta = 40;
        let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < MATE_BOUND {
            (prev - delta, prev + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let scored = self.root(order, depth, alpha, beta);
            let best = scored[0].1;
            if self.shared.stopped.load(Relaxed) {
                return scored;
            }
            if best <= alpha && alpha > -INF {
                alpha = (alpha - delta).max(-INF);
            } else if best >= beta && beta < INF {
                beta = (beta + delta).min(INF);
            } else {
                return scored;
            }
            delta *= 3;
        }
    }

    /// One root iteration: the first move with the full window, the rest with PVS, in
    /// parallel when a pool is given. Returns the moves sorted best first.
    fn root(
        &mut self,
        order: &[(Move, i32)],
        depth: i32,
        alpha: i32,
        beta: i32,
    ) -> Vec<(Move, i32)> {
        let first = order[0].0;
        self.pos.make(first);
        let first_score = -self.search(depth - 1, 1, -beta, -alpha, true);
        self.pos.unmake();
        let shared_alpha = AtomicI32::new(alpha.max(first_score));
        let rest = &order[1..];
        let search_one = |w: &mut Worker, m: Move| -> i32 {
            let a = shared_alpha.load(Relaxed);
            if a >= beta {
                return -INF;
            }
            w.pos.make(m);
            let mut s = -w.search(depth - 1, 1, -a - 1, -a, false);
            if s > a && s < beta && !w.shared.stopped.load(Relaxed) {
                s = -w.search(depth - 1, 1, -beta, -a, true);
            }
            w.pos.unmake();
            shared_alpha.fetch_max(s.min(beta), Relaxed);
            s
        };
        let mut scored: Vec<(Move, i32)> = Vec::with_capacity(order.len());
        scored.push((first, first_score));
        match self.shared.pool {
            Some(pool) if depth >= 3 => {
                let this = &*self;
                let results: Vec<(Move, i32)> = pool.install(|| {
                    rest.par_iter()
                        .with_min_len(split_chunk(rest.len()))
                        .map_init(
                            || this.fork(),
                            |w, &(m, _)| {
                                let s = search_one(w, m);
                                w.flush_nodes();
                                (m, s)
                            },
                        )
                        .collect()
                });
                scored.extend(results);
            }
            _ => {
                for &(m, _) in rest {
                    let s = search_one(self, m);
                    scored.push((m, s));
                }
            }
        }
        // Stable: among equal scores the earlier (better ordered) move stays first.
        scored.sort_by_key(|&(_, s)| -s);
        if let Some(&(m, s)) = scored.first() {
            self.shared
                .tt
                .store(self.pos.key(), encode(&m), s, depth, Bound::Exact);
        }
        scored
    }

    /// MultiPV: every root move with the full window, so that each score is exact.
    fn root_all(&mut self, order: &[(Move, i32)], depth: i32) -> Vec<(Move, i32)> {
        let search_one = |w: &mut Worker, m: Move| {
            w.pos.make(m);
            let s = -w.search(depth - 1, 1, -INF, INF, true);
            w.pos.unmake();
            w.flush_nodes();
            (m, s)
        };
        let mut scored: Vec<(Move, i32)> = match self.shared.pool {
            Some(pool) => {
                let this = &*self;
                pool.install(|| {
                    order
                        .par_iter()
                        .map_init(|| this.fork(), |w, &(m, _)| search_one(w, m))
                        .collect()
                })
            }
            None => order.iter().map(|&(m, _)| search_one(self, m)).collect(),
        };
        scored.sort_by_key(|&(_, s)| -s);
        scored
    }

    /// Repetition inside the search: a draw under the four-fold rule (the engine avoids
    /// cycles it cannot win), a loss for the repeating side where repeating is illegal.
    fn repetition_score(&self, ply: usize) -> Option<i32> {
        let hist = self.pos.history();
        let key = self.pos.key();
        let repeated = hist.iter().rev().skip(1).step_by(2).any(|&k| k == key);
        if !repeated {
            return None;
        }
        Some(match self.pos.rules.repetition {
            Repetition::Fourfold => 0,
            // The side that just moved recreated a position: it loses.
            Repetition::Forbid | Repetition::Lose => MATE - ply as i32,
        })
    }

    /// A move after the first (already made on the board): null window, late quiet moves
    /// reduced first, re-searched at full depth and then with the full window as needed.
    #[allow(clippy::too_many_arguments)]
    fn search_sibling(
        &mut self,
        mv: Move,
        searched: usize,
        is_capture: bool,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv_node: bool,
    ) -> i32 {
        let mut r = 0;
        if depth >= 3 && searched >= 3 && !is_capture && !mv.promotes() {
            r = 1 + (searched >= 8) as i32 + (depth >= 8) as i32 - pv_node as i32;
        }
        let mut s = -self.search(depth - 1 - r, ply + 1, -alpha - 1, -alpha, false);
        if s > alpha && r > 0 {
            s = -self.search(depth - 1, ply + 1, -alpha - 1, -alpha, false);
        }
        if s > alpha && s < beta && pv_node && !self.shared.stopped.load(Relaxed) {
            s = -self.search(depth - 1, ply + 1, -beta, -alpha, true);
        }
        s
    }

    fn search(&mut self, depth: i32, ply: usize, mut alpha: i32, beta: i32, pv_node: bool) -> i32 {
        if self.shared.stopped.load(Relaxed) {
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
        if depth <= 0 || ply >= MAX_PLY {
            return self.qsearch(ply, alpha, beta);
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
            if !pv_node && e.depth >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let static_eval = evaluate(&self.pos);
        // Null move: skip a turn; if the opponent still cannot reach beta, prune.
        if !pv_node
            && depth >= 3
            && static_eval >= beta
            && beta.abs() < MATE_BOUND
            && self.pos.pieces(us).len() > 3
            && self.pos.last_move().is_some_and(|m| !m.is_null())
        {
            let r = 2 + depth / 4;
            self.pos.make_null();
            let s = -self.search(depth - 1 - r, ply + 1, -beta, -beta + 1, false);
            self.pos.unmake();
            if s >= beta && !self.shared.stopped.load(Relaxed) {
                return if s > MATE_BOUND { beta } else { s };
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        self.pos.generate(&mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return -MATE + ply as i32;
        }
        let mut picker = MovePicker::new(&self.pos, &moves, tt_move, &mut self.history, ply);
        let them = us.flip();
        let mut best = -INF;
        let mut best_move = Move::NULL;
        let mut searched = 0;
        while let Some(mv) = picker.next(&mut moves, &mut self.history) {
            // Young Brothers Wait at PV nodes: after the first move, the siblings in parallel.
            if searched == 1 && pv_node && depth >= SPLIT_DEPTH && self.shared.pool.is_some() {
                let mut rest = vec![mv];
                while let Some(m) = picker.next(&mut moves, &mut self.history) {
                    rest.push(m);
                }
                let (s, m) = self.split(&rest, depth, ply, alpha, beta);
                if self.shared.stopped.load(Relaxed) {
                    self.buffers[ply] = moves;
                    return 0;
                }
                if s > best {
                    best = s;
                    best_move = m;
                    alpha = alpha.max(s);
                }
                break;
            }
            let is_capture = is_capture(&self.pos, &mv, them);
            self.pos.make(mv);
            let s = if searched == 0 {
                -self.search(depth - 1, ply + 1, -beta, -alpha, pv_node)
            } else {
                self.search_sibling(mv, searched, is_capture, depth, ply, alpha, beta, pv_node)
            };
            self.pos.unmake();
            searched += 1;
            if self.shared.stopped.load(Relaxed) {
                self.buffers[ply] = moves;
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
                        }
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        let bound = if best >= beta {
            Bound::Lower
        } else if pv_node && best > alpha0.max(-INF) && best_move != Move::NULL && best >= alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            encode(&best_move),
            score_to_tt(best, ply),
            depth,
            bound,
        );
        best
    }

    fn qsearch(&mut self, ply: usize, mut alpha: i32, beta: i32) -> i32 {
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
        let stand = evaluate(&self.pos);
        if stand >= beta || ply >= MAX_PLY || self.shared.stopped.load(Relaxed) {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        self.pos.generate_captures(&mut moves);
        let mut picker = MovePicker::new(&self.pos, &moves, 0, &mut self.history, ply);
        let mut best = stand;
        while let Some(mv) = picker.next(&mut moves, &mut self.history) {
            let gain = ordering::material_gain(&self.pos, &mv);
            // Delta pruning: even winning the victims cannot lift the score to alpha.
            if stand + gain + DELTA_MARGIN <= alpha {
                continue;
            }
            // Losing-looking captures (victims worth less than the capturer) onto a
            // defended square are left out.
            if ordering::risks_capturer(&self.pos, &mv, gain) {
                continue;
            }
            self.pos.make(mv);
            let s = -self.qsearch(ply + 1, -beta, -alpha);
            self.pos.unmake();
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
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
            let Some(&m) = moves.iter().find(|m| encode(m) == e.mv) else {
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

/// Smallest share of a parallel move list one task takes: a few tasks per thread balance
/// the load, while every task costs a forked worker (position and history copies).
fn split_chunk(moves: usize) -> usize {
    (moves / (2 * rayon::current_num_threads().max(1))).max(1)
}

/// The move captures something (on its final square or on a first leg).
pub fn is_capture(pos: &Position, m: &Move, them: crate::types::Color) -> bool {
    (m.to != m.from && pos.cell(m.to).is_color(them))
        || (m.mid[0] != Sq::NONE && pos.cell(m.mid[0]).is_color(them))
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
