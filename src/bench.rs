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
    for (i, sfen) in variant.bench_sfens.iter().enumerate() {
        let Ok(pos) = Position::from_sfen(variant, sfen, rules) else {
            continue;
        };
        let mut searcher = Searcher::new(64, threads);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let start = Instant::now();
        let r = searcher.search(&Game::new(pos), &limits, &Control::default(), &mut |_| {});
        let one = BenchResult {
            nodes: r.nodes,
            time: start.elapsed(),
        };
        report(i, &one);
        total.nodes += one.nodes;
        total.time += one.time;
    }
    total
}
