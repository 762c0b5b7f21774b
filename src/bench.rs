//! `largeshogi bench`: fixed workloads whose node counts and speeds can be compared run to
//! run. The search bench uses the variant's `bench_sfens`; with one thread its node count
//! is the same on every run.

use crate::game::Game;
use crate::perft::perft;
use crate::position::Position;
use crate::search::{Control, Limits, Searcher};
use crate::variant::{Rules, Variant};
use std::time::{Duration, Instant};

/// Totals of one benchmark run.
#[derive(Clone, Copy, Debug)]
pub struct BenchResult {
    pub nodes: u64,
    pub time: Duration,
}

impl BenchResult {
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-9)) as u64
    }
}

/// Perft from the start position.
pub fn perft_bench(variant: &'static Variant, rules: Rules, depth: u32) -> BenchResult {
    let mut pos = Position::start(variant, rules);
    let start = Instant::now();
    let nodes = perft(&mut pos, depth);
    BenchResult {
        nodes,
        time: start.elapsed(),
    }
}

/// Fixed-depth search of every bench position with a fresh 64 MB table each.
/// `report` is called after each position with its index and result.
pub fn search_bench(
    variant: &'static Variant,
    rules: Rules,
    depth: u32,
    threads: usize,
    report: &mut dyn FnMut(usize, &BenchResult),
) -> BenchResult {
    let mut total = BenchResult {
        nodes: 0,
        time: Duration::ZERO,
    };
    for (i, pos) in bench_positions(variant, rules).enumerate() {
        let one = search_position(pos, depth, threads);
        report(i, &one);
        total.nodes += one.nodes;
        total.time += one.time;
    }
    total
}

/// Time to depth with `threads` threads against one thread. Each position is searched
/// `rounds` times each way, alternating, and its median time counts: a busy moment on the
/// machine then distorts neither side. Returns (threads, one thread) totals; `report` gets
/// each position's medians.
pub fn speedup_bench(
    variant: &'static Variant,
    rules: Rules,
    depth: u32,
    threads: usize,
    rounds: usize,
    report: &mut dyn FnMut(usize, &BenchResult, &BenchResult),
) -> (BenchResult, BenchResult) {
    let zero = BenchResult {
        nodes: 0,
        time: Duration::ZERO,
    };
    let (mut many_total, mut one_total) = (zero, zero);
    for (i, pos) in bench_positions(variant, rules).enumerate() {
        let (mut many, mut one) = (Vec::new(), Vec::new());
        for _ in 0..rounds.max(1) {
            many.push(search_position(pos.clone(), depth, threads));
            one.push(search_position(pos.clone(), depth, 1));
        }
        let (many, one) = (median(&mut many), median(&mut one));
        report(i, &many, &one);
        for (total, r) in [(&mut many_total, many), (&mut one_total, one)] {
            total.nodes += r.nodes;
            total.time += r.time;
        }
    }
    (many_total, one_total)
}

fn bench_positions(variant: &'static Variant, rules: Rules) -> impl Iterator<Item = Position> {
    variant
        .bench_sfens
        .iter()
        .filter_map(move |sfen| Position::from_sfen(variant, sfen, rules).ok())
}

fn median(runs: &mut [BenchResult]) -> BenchResult {
    runs.sort_by_key(|r| r.time);
    runs[runs.len() / 2]
}

/// One fixed-depth search with a fresh 64 MB table.
fn search_position(pos: Position, depth: u32, threads: usize) -> BenchResult {
    let mut searcher = Searcher::new(64, threads);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let start = Instant::now();
    let r = searcher.search(&Game::new(pos), &limits, &Control::default(), &mut |_| {});
    BenchResult {
        nodes: r.nodes,
        time: start.elapsed(),
    }
}
