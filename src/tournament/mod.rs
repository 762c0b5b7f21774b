//! The match runner (`largeshogi match`): engine-vs-engine games for every variant the
//! rules core supports, refereed by it. Pairings (round robin for more than two engines),
//! each opening played twice with colours swapped, K games at once, progress on stderr,
//! PGN records, and a final table with Elo, error, LOS and SPRT.

pub mod adjudicate;
pub mod engine;
pub mod openings;
pub mod pgn;
pub mod referee;
pub mod stats;

pub use adjudicate::{Adjudication, ResignRule};
use engine::{EngineProc, EngineSpec};
use referee::{Ending, GameRecord, Players, TimeControl};
use stats::{Sprt, SprtState, Wdl};
use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::Instant;

use crate::types::Color;
use crate::variant::{Rules, Variant};

pub struct MatchConfig {
    pub variant: &'static Variant,
    pub rules: Rules,
    pub engines: Vec<EngineSpec>,
    /// Games per pairing.
    pub games: u32,
    /// Each opening once, the first engine of each pairing sente (no colour swap).
    pub noswap: bool,
    pub tc: TimeControl,
    /// Opening lines (USI moves from the start position).
    pub openings: Vec<Vec<String>>,
    pub concurrency: usize,
    pub pgn: Option<std::path::PathBuf>,
    pub sprt: Option<Sprt>,
    pub adjudication: Adjudication,
}

/// One scheduled game.
#[derive(Clone, Copy, Debug)]
struct Job {
    round: usize,
    /// Engine indices playing sente and gote.
    sente: usize,
    gote: usize,
    opening: usize,
}

/// Per-engine incident counts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Incidents {
    pub illegal: u32,
    pub time_losses: u32,
    pub crashes: u32,
    /// Moves accepted by the referee that this engine called illegal.
    pub rejections: u32,
}

/// Results of a pairing from the first engine's point of view.
#[derive(Clone, Debug)]
pub struct PairingResult {
    pub first: usize,
    pub second: usize,
    pub wdl: Wdl,
}

pub struct MatchSummary {
    pub names: Vec<String>,
    pub pairings: Vec<PairingResult>,
    pub incidents: Vec<Incidents>,
    pub sprt: Option<(f64, SprtState)>,
    pub games_played: u32,
}

struct Progress {
    done: u32,
    pairings: Vec<PairingResult>,
    incidents: Vec<Incidents>,
    sprt: Option<(f64, SprtState)>,
    pgn: Option<std::fs::File>,
}

/// Runs the match; progress lines go to stderr.
pub fn run_match(cfg: &MatchConfig) -> Result<MatchSummary, String> {
    let n = cfg.engines.len();
    if n < 2 {
        return Err("a match needs at least two --engine".into());
    }
    if cfg.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let openings: Vec<Vec<String>> = if cfg.openings.is_empty() {
        vec![Vec::new()]
    } else {
        cfg.openings.clone()
    };
    let mut jobs = VecDeque::new();
    let mut pairings = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            pairings.push(PairingResult {
                first: a,
                second: b,
                wdl: Wdl::default(),
            });
            for g in 0..cfg.games as usize {
                let swapped = g % 2 == 1 && !cfg.noswap;
                let (sente, gote) = if swapped { (b, a) } else { (a, b) };
                let line = if cfg.noswap { g } else { g / 2 };
                jobs.push_back(Job {
                    round: jobs.len() + 1,
                    sente,
                    gote,
                    opening: line % openings.len(),
                });
            }
        }
    }
    let total = jobs.len() as u32;
    let pgn = match &cfg.pgn {
        Some(p) => Some(
            std::fs::File::create(p).map_err(|e| format!("cannot write {}: {e}", p.display()))?,
        ),
        None => None,
    };
    let progress = Mutex::new(Progress {
        done: 0,
        pairings,
        incidents: vec![Incidents::default(); n],
        sprt: None,
        pgn,
    });
    let queue = Mutex::new(jobs);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let workers = cfg.concurrency.clamp(1, 64);
    let errors = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                if let Err(e) = worker(cfg, &openings, &queue, &progress, &stop, total, start) {
                    if let Ok(mut v) = errors.lock() {
                        v.push(e);
                    }
                    stop.store(true, Relaxed);
                }
            });
        }
    });
    if let Some(e) = errors.into_inner().ok().and_then(|v| v.into_iter().next()) {
        return Err(e);
    }
    let p = progress
        .into_inner()
        .map_err(|_| "a match thread panicked".to_string())?;
    Ok(MatchSummary {
        names: cfg.engines.iter().map(|e| e.name.clone()).collect(),
        pairings: p.pairings,
        incidents: p.incidents,
        sprt: p.sprt,
        games_played: p.done,
    })
}

/// A worker thread: its own engine processes, games from the shared queue.
fn worker(
    cfg: &MatchConfig,
    openings: &[Vec<String>],
    queue: &Mutex<VecDeque<Job>>,
    progress: &Mutex<Progress>,
    stop: &AtomicBool,
    total: u32,
    start: Instant,
) -> Result<(), String> {
    let mut procs: Vec<Option<EngineProc>> = cfg.engines.iter().map(|_| None).collect();
    loop {
        if stop.load(Relaxed) {
            break;
        }
        let Some(job) = queue.lock().map_err(|_| "queue poisoned")?.pop_front() else {
            break;
        };
        for i in [job.sente, job.gote] {
            let alive = procs[i].as_mut().is_some_and(|p| p.is_alive());
            if !alive {
                let mut p = EngineProc::start(&cfg.engines[i])?;
                if let Some(preset) = cfg.rules.preset_name() {
                    p.take_match_rules(preset);
                }
                procs[i] = Some(p);
            }
        }
        // Two distinct indices: take both engines out of the vector for the game.
        let mut a = procs[job.sente].take().ok_or("engine missing")?;
        let mut b = procs[job.gote].take().ok_or("engine missing")?;
        let record = referee::play_game(
            cfg.variant,
            cfg.rules,
            &openings[job.opening],
            Players {
                engines: [&mut a, &mut b],
            },
            &cfg.tc,
            &cfg.adjudication,
        )?;
        // An engine that hung or crashed is replaced before its next game.
        let (keep_a, keep_b) = match &record.ending {
            Ending::TimeLoss(c) | Ending::Crash(c) => (*c != Color::Black, *c != Color::White),
            _ => (true, true),
        };
        procs[job.sente] = keep_a.then_some(a);
        procs[job.gote] = keep_b.then_some(b);
        record_game(cfg, &job, &record, progress, stop, total, start)?;
    }
    for p in procs.into_iter().flatten() {
        p.quit();
    }
    Ok(())
}

fn record_game(
    cfg: &MatchConfig,
    job: &Job,
    record: &GameRecord,
    progress: &Mutex<Progress>,
    stop: &AtomicBool,
    total: u32,
    start: Instant,
) -> Result<(), String> {
    let mut p = progress.lock().map_err(|_| "progress poisoned")?;
    p.done += 1;
    let winner = record.ending.winner();
    let engine_of = |c: Color| {
        if c == Color::Black {
            job.sente
        } else {
            job.gote
        }
    };
    if let Some(pr) = p.pairings.iter_mut().find(|pr| {
        (pr.first == job.sente && pr.second == job.gote)
            || (pr.first == job.gote && pr.second == job.sente)
    }) {
        match winner {
            None => pr.wdl.draws += 1,
            Some(c) if engine_of(c) == pr.first => pr.wdl.wins += 1,
            Some(_) => pr.wdl.losses += 1,
        }
    }
    match &record.ending {
        Ending::Illegal(c, _) => p.incidents[engine_of(*c)].illegal += 1,
        Ending::TimeLoss(c) => p.incidents[engine_of(*c)].time_losses += 1,
        Ending::Crash(c) => p.incidents[engine_of(*c)].crashes += 1,
        Ending::Rejected(c, _) => p.incidents[engine_of(*c)].rejections += 1,
        _ => {}
    }
    if let Some(sprt) = cfg.sprt {
        let state = sprt.state(&p.pairings[0].wdl);
        p.sprt = Some(state);
        if state.1 != SprtState::Continue {
            stop.store(true, Relaxed);
        }
    }
    let names = |i: usize| cfg.engines[i].name.as_str();
    if p.pgn.is_some() {
        let standard = record.start_sfen == cfg.variant.start_sfen;
        let text = pgn::game_pgn(
            record,
            cfg.variant.name,
            standard,
            job.round,
            names(job.sente),
            names(job.gote),
            cfg.adjudication.max_plies,
        );
        if let Some(f) = p.pgn.as_mut() {
            f.write_all(text.as_bytes())
                .map_err(|e| format!("cannot write PGN: {e}"))?;
        }
    }
    let first = &p.pairings[0];
    let elapsed = start.elapsed().as_secs_f64();
    let eta = elapsed / p.done as f64 * (total - p.done) as f64;
    eprintln!(
        "game {}/{} {} vs {}: {} ({}, {} plies) | {} vs {}: +{} ={} -{} score {:.1}% elo {:+.0} +/- {:.0}{} | ETA {:.0} s",
        p.done,
        total,
        names(job.sente),
        names(job.gote),
        record.ending.result_text(),
        record.ending.description(),
        record.moves.len(),
        names(first.first),
        names(first.second),
        first.wdl.wins,
        first.wdl.draws,
        first.wdl.losses,
        100.0 * first.wdl.score(),
        // + 0.0 turns -0 into 0.
        first.wdl.elo() + 0.0,
        first.wdl.elo_error95().min(9999.0),
        p.sprt.map(|(llr, _)| format!(" LLR {llr:.2}")).unwrap_or_default(),
        eta
    );
    Ok(())
}

impl MatchSummary {
    /// The final table as text.
    pub fn table(&self, sprt: Option<&Sprt>) -> String {
        let mut s = String::new();
        s.push_str(&format!(
            "{:<28} {:>6} {:>6} {:>6} {:>7} {:>8} {:>7} {:>6}\n",
            "pairing", "wins", "draws", "losses", "score", "elo", "+/-", "LOS"
        ));
        for pr in &self.pairings {
            let w = &pr.wdl;
            s.push_str(&format!(
                "{:<28} {:>6} {:>6} {:>6} {:>6.1}% {:>+8.1} {:>7.1} {:>5.1}%\n",
                format!("{} vs {}", self.names[pr.first], self.names[pr.second]),
                w.wins,
                w.draws,
                w.losses,
                100.0 * w.score(),
                w.elo() + 0.0,
                w.elo_error95().min(9999.0),
                100.0 * w.los()
            ));
        }
        if let (Some((llr, state)), Some(t)) = (self.sprt, sprt) {
            let (lo, hi) = t.bounds();
            let verdict = match state {
                SprtState::Continue => "continue",
                SprtState::AcceptH0 => "H0 accepted",
                SprtState::AcceptH1 => "H1 accepted",
            };
            s.push_str(&format!(
                "SPRT elo0={} elo1={} alpha={} beta={}: LLR {llr:.2} [{lo:.2}, {hi:.2}] {verdict}\n",
                t.elo0, t.elo1, t.alpha, t.beta
            ));
        }
        s.push_str(&format!(
            "{:<20} {:>8} {:>12} {:>8} {:>10}\n",
            "engine", "illegal", "time losses", "crashes", "rejections"
        ));
        for (i, inc) in self.incidents.iter().enumerate() {
            s.push_str(&format!(
                "{:<20} {:>8} {:>12} {:>8} {:>10}\n",
                self.names[i], inc.illegal, inc.time_losses, inc.crashes, inc.rejections
            ));
        }
        s.push_str(&format!("games played: {}\n", self.games_played));
        s
    }
}
