//! The `largeshogi` command: a USI/XBoard engine on stdin/stdout by default, plus the
//! `perft` and `bench` tools.

use clap::{Args, Parser, Subcommand};
use largeshogi::position::Position;
use largeshogi::variant::{Rules, Variant};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "largeshogi",
    version,
    about = "Engine for the large shogi variants (Chu, Yanxin, Ko, Tai).",
    long_about = "Engine for the large shogi variants. Without a subcommand it runs as an engine on \
stdin/stdout speaking USI or XBoard/CECP v2 (detected from the first command). Subcommands run \
the move-generation tools."
)]
struct Cli {
    #[command(flatten)]
    game: GameArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

/// Options that choose the game: variant and rule set.
#[derive(Args, Clone)]
struct GameArgs {
    /// Variant to play: chu (more to come).
    #[arg(long, global = true, default_value = "chu")]
    variant: String,
    /// Rule set: default (the rules spec), lishogi, or hachu (HaChu 0.21 compatible).
    #[arg(long, global = true, default_value = "default")]
    rules: String,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (canonical moves).
    Perft {
        /// Depth in plies.
        #[arg(long, short)]
        depth: u32,
        /// Start from this SFEN instead of the variant's start position.
        #[arg(long)]
        sfen: Option<String>,
        /// Moves (USI) to play from the start position first.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// Print `<move> <count>` for each root move.
        #[arg(long)]
        divide: bool,
        /// Count the root moves in parallel on this many threads (1 = single thread).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Analyse a position: search it and print the progress and the best move.
    Analyze {
        /// Position to analyse (default: the start position).
        #[arg(long)]
        sfen: Option<String>,
        /// Moves (USI) to play first.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// Search depth in plies.
        #[arg(long)]
        depth: Option<u32>,
        /// Time to think in milliseconds (default 2000 when no depth is given).
        #[arg(long)]
        movetime: Option<u64>,
        /// Search threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Transposition table size in MB.
        #[arg(long, default_value_t = 64)]
        hash: usize,
    },
    /// Benchmarks: `bench` (fixed-depth search of the variant's bench positions, total
    /// nodes and nodes/s) or `bench perft` (move generation speed).
    Bench {
        /// What to measure: search or perft.
        #[arg(default_value = "search")]
        what: String,
        /// Depth (default: 8 for search, 5 for perft).
        #[arg(long, short)]
        depth: Option<u32>,
        /// Search threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Also run with one thread and print the time-to-depth speedup.
        #[arg(long)]
        speedup: bool,
    },
}

/// A one-line error for the user; the process exits with code 2.
struct UserError(String);

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(UserError(msg)) => {
            eprintln!("largeshogi: {msg}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<(), UserError> {
    let (variant, rules) = game_choice(&cli.game)?;
    match cli.command {
        Some(Command::Perft {
            depth,
            sfen,
            moves,
            divide,
            threads,
        }) => {
            let pos = setup(variant, rules, sfen.as_deref(), &moves)?;
            run_perft(pos, depth, divide, threads)
        }
        Some(Command::Analyze {
            sfen,
            moves,
            depth,
            movetime,
            threads,
            hash,
        }) => {
            let pos = setup(variant, rules, sfen.as_deref(), &moves)?;
            analyze(pos, depth, movetime, threads, hash);
            Ok(())
        }
        Some(Command::Bench {
            what,
            depth,
            threads,
            speedup,
        }) => match what.as_str() {
            "perft" => {
                let depth = depth.unwrap_or(5);
                let r = largeshogi::bench::perft_bench(variant, rules, depth);
                println!(
                    "bench perft {} depth {depth}: {} nodes, {:.3} s, {} nodes/s",
                    variant.name,
                    r.nodes,
                    r.time.as_secs_f64(),
                    r.nps()
                );
                Ok(())
            }
            "search" => {
                bench_search(variant, rules, depth.unwrap_or(8), threads, speedup);
                Ok(())
            }
            other => Err(UserError(format!(
                "unknown benchmark '{other}' (try: search, perft)"
            ))),
        },
        None => {
            largeshogi::protocol::run(variant, rules);
            Ok(())
        }
    }
}

fn game_choice(args: &GameArgs) -> Result<(&'static Variant, Rules), UserError> {
    let variant = Variant::by_name(&args.variant).ok_or_else(|| {
        UserError(format!(
            "unknown variant '{}' (supported: {})",
            args.variant,
            Variant::names().join(", ")
        ))
    })?;
    let rules = Rules::preset(&args.rules).ok_or_else(|| {
        UserError(format!(
            "unknown rule set '{}' (choose one of: {})",
            args.rules,
            Rules::PRESETS.join(", ")
        ))
    })?;
    Ok((variant, rules))
}

fn setup(
    variant: &'static Variant,
    rules: Rules,
    sfen: Option<&str>,
    moves: &[String],
) -> Result<Position, UserError> {
    let mut pos = match sfen {
        Some(s) => Position::from_sfen(variant, s, rules).map_err(|e| UserError(e.to_string()))?,
        None => Position::start(variant, rules),
    };
    for m in moves {
        let mv = pos.parse_move(m).map_err(|e| UserError(e.to_string()))?;
        pos.make(mv);
    }
    Ok(pos)
}

fn run_perft(mut pos: Position, depth: u32, divide: bool, threads: usize) -> Result<(), UserError> {
    if depth == 0 || depth > 12 {
        return Err(UserError(format!("depth must be 1..12, got {depth}")));
    }
    let start = Instant::now();
    let total = if divide {
        let mut total = 0;
        for (m, n) in largeshogi::perft::divide(&mut pos, depth) {
            println!("{} {}", pos.move_to_usi(&m), n);
            total += n;
        }
        total
    } else if threads > 1 {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| UserError(format!("cannot start {threads} threads: {e}")))?;
        pool.install(|| largeshogi::perft::perft_parallel(&pos, depth))
    } else {
        largeshogi::perft::perft(&mut pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "perft {depth}: {total} nodes in {secs:.3} s ({:.0} nodes/s)",
        total as f64 / secs.max(1e-9)
    );
    println!("total {total}");
    Ok(())
}

fn bench_search(
    variant: &'static Variant,
    rules: Rules,
    depth: u32,
    threads: usize,
    speedup: bool,
) {
    let run = |threads: usize| {
        largeshogi::bench::search_bench(variant, rules, depth, threads, &mut |i, r| {
            eprintln!(
                "position {}: {} nodes, {:.3} s",
                i + 1,
                r.nodes,
                r.time.as_secs_f64()
            );
        })
    };
    let r = run(threads);
    println!(
        "bench search {} depth {depth} threads {threads}: {} nodes, {:.3} s, {} nodes/s",
        variant.name,
        r.nodes,
        r.time.as_secs_f64(),
        r.nps()
    );
    if speedup && threads > 1 {
        let one = run(1);
        println!(
            "bench search {} depth {depth} threads 1: {} nodes, {:.3} s, {} nodes/s",
            variant.name,
            one.nodes,
            one.time.as_secs_f64(),
            one.nps()
        );
        println!(
            "time-to-depth speedup {threads} threads vs 1: {:.2}x",
            one.time.as_secs_f64() / r.time.as_secs_f64().max(1e-9)
        );
    }
}

fn analyze(
    pos: Position,
    depth: Option<u32>,
    movetime: Option<u64>,
    threads: Option<usize>,
    hash: usize,
) {
    use largeshogi::search::{Control, Limits, Score, Searcher};
    let game = largeshogi::game::Game::new(pos);
    let limits = Limits {
        depth,
        movetime: movetime
            .or(if depth.is_none() { Some(2000) } else { None })
            .map(std::time::Duration::from_millis),
        ..Limits::default()
    };
    let mut searcher = Searcher::new(hash, threads.unwrap_or_else(Searcher::default_threads));
    let p = game.position().clone();
    let result = searcher.search(&game, &limits, &Control::default(), &mut |info| {
        let score = match info.score {
            Score::Cp(c) => format!("cp {c}"),
            Score::Mate(m) => format!("mate {m}"),
        };
        let pv: Vec<String> = pv_text(&p, &info.pv);
        println!(
            "depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
            info.depth,
            info.seldepth,
            score,
            info.nodes,
            info.nps,
            info.time.as_millis(),
            pv.join(" ")
        );
    });
    match result.best {
        Some(m) => println!("bestmove {}", p.move_to_usi(&m)),
        None => println!("bestmove resign"),
    }
}

/// USI text of a line of moves from `pos`.
fn pv_text(pos: &Position, pv: &[largeshogi::types::Move]) -> Vec<String> {
    let mut p = pos.clone();
    pv.iter()
        .map(|m| {
            let t = p.move_to_usi(m);
            p.make(*m);
            t
        })
        .collect()
}
