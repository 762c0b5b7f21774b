//! The `largeshogi` command: a USI/XBoard engine on stdin/stdout by default, plus the
//! `perft` and `bench` tools.

use clap::{Args, Parser, Subcommand};
use largeshogi::analysis::{Analyzer, Format};
use largeshogi::game::Game;
use largeshogi::gamefile;
use largeshogi::position::Position;
use largeshogi::protocol::xboard::Gui;
use largeshogi::search::{Limits, Searcher};
use largeshogi::tournament::openings;
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
the tools (analysis, matches, perft, benchmarks). The rules of each variant are specified in \
docs/rules/<variant>.md in the source repository."
)]
struct Cli {
    #[command(flatten)]
    game: GameArgs,
    /// As an XBoard engine, speak this GUI's move forms: xboard, or qboard (its shot and
    /// leg forms, and only moves QBoard can express; see README "Playing in QBoard").
    #[arg(long, default_value = "xboard")]
    gui: String,
    #[command(subcommand)]
    command: Option<Command>,
}

/// Options that choose the game: variant and rule set.
#[derive(Args, Clone)]
struct GameArgs {
    /// Variant to play: chu, tai, ... (`largeshogi variants` lists them).
    #[arg(long, global = true, default_value = "chu")]
    variant: String,
    /// Rule set: default (the rules spec), lishogi, or hachu (HaChu 0.21 compatible).
    #[arg(long, global = true, default_value = "default")]
    rules: String,
    /// A rule option on top of the rule set, NAME=VALUE (repeatable): the variant's own
    /// switches, e.g. ko_stationary_shot=on (the rules spec, section 9; also set over USI
    /// `setoption` and XBoard `option`, which some GUIs cannot send).
    #[arg(long = "option", global = true, value_name = "NAME=VALUE")]
    options: Vec<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (canonical moves).
    Perft {
        /// Depth in plies (1..12).
        #[arg(long, short, value_parser = clap::value_parser!(u32).range(1..=12))]
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
        /// Count the root moves in parallel on this many threads (1 = single thread; more
        /// than 256 are capped at 256).
        #[arg(long, default_value_t = 1, value_parser = at_least_one)]
        threads: usize,
    },
    /// Analyse a position or a whole game; `--json` prints one JSON object per line.
    Analyze {
        /// Position to analyse (default: the start position).
        #[arg(long, conflicts_with = "game")]
        sfen: Option<String>,
        /// Games to analyse move by move: PGN (every game of the file), USI move lists
        /// (a game a line) or Chu KIF; see `largeshogi convert`.
        #[arg(long)]
        game: Option<std::path::PathBuf>,
        /// Moves (USI) to play before analysing.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// Search depth in plies (1..110).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=110))]
        depth: Option<u32>,
        /// Time per position in milliseconds, at least 1 (default 2000 when no depth is
        /// given).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        movetime: Option<u64>,
        /// Number of best lines to report (1..500).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=500))]
        multipv: u16,
        /// Search threads (default: all cores; more than 256 are capped at 256).
        #[arg(long, value_parser = at_least_one)]
        threads: Option<usize>,
        /// Transposition table size in MB (at least 1; at most half the machine's memory).
        #[arg(long, default_value_t = 64, value_parser = at_least_one)]
        hash: usize,
        /// One JSON object per line instead of text.
        #[arg(long)]
        json: bool,
        /// Print the static evaluation term by term instead of searching (with --game, of
        /// every position before each move and after the last). Counts are raw: guards,
        /// mobility and open_lines in squares, centre in half-steps, near_enemy in centipawns.
        #[arg(long, conflicts_with_all = ["depth", "movetime", "multipv"])]
        eval: bool,
    },
    /// Play an engine-vs-engine match (any USI or XBoard engines), refereed by the rules.
    Match(MatchArgs),
    /// Convert game files between USI move lists (a game a line, `sfen <SFEN> moves ...`
    /// for a set-up start), PGN in XBoard's notation and, for Chu, lishogi's KIF.
    Convert {
        /// Input file (`-` for stdin).
        input: std::path::PathBuf,
        /// Input format: usi, pgn or kif (default: detected from the text).
        #[arg(long)]
        from: Option<String>,
        /// Output format: usi, pgn or kif.
        #[arg(long)]
        to: String,
        /// Output file (default: stdout).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// List the supported variants, one per line.
    Variants,
    /// Generate balanced opening lines for the match runner (the same settings give the
    /// same file: scripts/gen-openings.sh regenerates openings/*.txt).
    Openings {
        /// Number of lines.
        #[arg(long, default_value_t = 60)]
        count: usize,
        /// Plies per line.
        #[arg(long, default_value_t = 6)]
        plies: usize,
        /// Keep lines whose material balance is within this many centipawns.
        #[arg(long, default_value_t = 100)]
        max_cp: i32,
        /// Depth of the material search of the balance check.
        #[arg(long, default_value_t = 3)]
        depth: u32,
        /// Random seed (same seed, same lines).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output file (default: stdout).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// A board in the browser: serves a local page to play and analyse any variant.
    Gui {
        /// Port (0: any free port).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Interface to listen on; other than 127.0.0.1 only when you mean it.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Open the page in the default browser.
        #[arg(long)]
        open: bool,
    },
    /// Write a board diagram as a standalone SVG file.
    Diagram {
        /// Position (default: the start position).
        #[arg(long)]
        sfen: Option<String>,
        /// Move to mark (USI text; its squares are highlighted).
        #[arg(long)]
        last_move: Option<String>,
        /// Piece labels: kanji or english (SFEN codes).
        #[arg(long, default_value = "kanji")]
        names: String,
        /// White (gote) at the bottom.
        #[arg(long)]
        flip: bool,
        /// Output file.
        #[arg(long, short)]
        output: std::path::PathBuf,
    },
    /// Benchmarks: `bench` (fixed-depth search of the variant's bench positions, total
    /// nodes and nodes/s) or `bench perft` (move generation speed).
    Bench {
        /// What to measure: search or perft.
        #[arg(default_value = "search")]
        what: String,
        /// Depth (default: 8 for search, 5 for perft; 1..110).
        #[arg(long, short, value_parser = clap::value_parser!(u32).range(1..=110))]
        depth: Option<u32>,
        /// Search threads (more than 256 are capped at 256).
        #[arg(long, default_value_t = 1, value_parser = at_least_one)]
        threads: usize,
        /// Compare with one thread: print the time-to-depth speedup.
        #[arg(long)]
        speedup: bool,
        /// With --speedup: searches of each position each way (alternating); the median
        /// time counts.
        #[arg(long, default_value_t = 3)]
        rounds: usize,
    },
}

/// Options of `largeshogi match`.
#[derive(Args)]
struct MatchArgs {
    /// An engine: "NAME=command args [proto=usi|xboard] [option.NAME=VALUE] [tc=BASE+INC]"
    /// (tc: this engine's own clock, for time-odds matches). Give two or more; more than
    /// two play a round robin.
    #[arg(long = "engine", required = true)]
    engines: Vec<String>,
    /// Games per pairing (each opening twice, colours swapped, unless --noswap).
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// Play each opening once, the first engine given always sente (as cutechess-cli's
    /// -noswap): for positions that favour one side, e.g. testing how an engine converts
    /// a lead.
    #[arg(long)]
    noswap: bool,
    /// Time control: seconds[+increment], e.g. 60+0.5.
    #[arg(long, default_value = "10+0.1")]
    tc: String,
    /// Byoyomi in seconds (after the base time runs out).
    #[arg(long)]
    byoyomi: Option<f64>,
    /// Fixed time per move in seconds (instead of --tc).
    #[arg(long)]
    movetime: Option<f64>,
    /// Openings file (USI move lines). Default: openings/<variant>.txt if present.
    #[arg(long)]
    openings: Option<std::path::PathBuf>,
    /// Games played at the same time (1..64).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=64))]
    concurrency: u8,
    /// Write the games to this PGN file.
    #[arg(long)]
    pgn: Option<std::path::PathBuf>,
    /// Stop early by SPRT, e.g. elo0=0,elo1=10,alpha=0.05,beta=0.05 (two engines).
    #[arg(long)]
    sprt: Option<String>,
    /// Adjudicate a draw after this many plies.
    #[arg(long, default_value_t = 1000)]
    max_plies: u32,
    /// Adjudicate a win when both engines agree on it: the loser's engine scores its
    /// position at -CP centipawns or worse and the winner's at +CP or better, for
    /// --resign-moves moves of each in a row (cutechess-cli's two-sided -resign). Off
    /// unless given.
    #[arg(long, value_name = "CP", value_parser = clap::value_parser!(i32).range(1..))]
    resign_score: Option<i32>,
    /// With --resign-score: the moves of each engine in a row that must agree.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
    resign_moves: u32,
    /// Milliseconds an engine may exceed its time before it loses on time.
    #[arg(long, default_value_t = 200)]
    margin: u64,
}

/// A one-line error for the user; the process exits with code 2.
struct UserError(String);

/// Game and openings files larger than this are refused rather than read into memory
/// (a match PGN of a thousand plies is a few tens of kilobytes).
const MAX_INPUT_FILE: u64 = 16 * 1024 * 1024;

/// The games of a file for `analyze --game`, its format detected from the text.
fn read_game_file(
    path: &std::path::Path,
    variant: &'static Variant,
    rules: Rules,
) -> Result<Vec<gamefile::GameFile>, UserError> {
    let text = read_text_file(path)?;
    gamefile::read(&text, gamefile::Format::detect(&text), variant, rules)
        .map_err(|e| UserError(format!("{}: {e}", path.display())))
}

/// Reads a UTF-8 text file given by the user, refusing huge ones.
fn read_text_file(path: &std::path::Path) -> Result<String, UserError> {
    let cannot = |e: std::io::Error| UserError(format!("cannot read {}: {e}", path.display()));
    let size = std::fs::metadata(path).map_err(cannot)?.len();
    if size > MAX_INPUT_FILE {
        return Err(UserError(format!(
            "{} is {size} bytes; files over {MAX_INPUT_FILE} bytes are refused",
            path.display()
        )));
    }
    std::fs::read_to_string(path).map_err(cannot)
}

/// Parses a count that must be at least 1 (threads, hash MB).
fn at_least_one(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// A thread count within what a searcher runs, with a note on stderr when it was cut.
fn capped_threads(n: usize) -> usize {
    let max = largeshogi::search::MAX_THREADS;
    if n > max {
        eprintln!("largeshogi: {n} threads capped at {max}");
    }
    n.min(max)
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => e.exit(), // --help, --version
        Err(e) => {
            // One line, as for every other user error (clap adds a usage hint below).
            let text = e.to_string();
            eprintln!("{}", text.lines().next().unwrap_or("bad arguments"));
            return ExitCode::from(2);
        }
    };
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
            run_perft(pos, depth, divide, capped_threads(threads))
        }
        Some(Command::Analyze {
            sfen,
            game,
            moves,
            depth,
            movetime,
            multipv,
            threads,
            hash,
            json,
            eval,
        }) => {
            let format = if json { Format::Json } else { Format::Text };
            if eval {
                return eval_command(
                    variant,
                    rules,
                    sfen.as_deref(),
                    game.as_deref(),
                    &moves,
                    format,
                );
            }
            let threads = capped_threads(threads.unwrap_or_else(Searcher::default_threads));
            let mut searcher = Searcher::try_new(hash, threads).map_err(UserError)?;
            searcher.set_multipv(usize::from(multipv));
            let limits = Limits {
                depth,
                movetime: movetime
                    .or(if depth.is_none() { Some(2000) } else { None })
                    .map(std::time::Duration::from_millis),
                ..Limits::default()
            };
            let mut analyzer = Analyzer {
                searcher,
                limits,
                format,
            };
            match game {
                Some(path) => {
                    for (i, g) in read_game_file(&path, variant, rules)?
                        .into_iter()
                        .enumerate()
                    {
                        analyzer.run_game(i + 1, g.start, &g.moves);
                    }
                }
                None => {
                    let pos = setup(variant, rules, sfen.as_deref(), &moves)?;
                    analyzer.run_position(&Game::new(pos));
                }
            }
            Ok(())
        }
        Some(Command::Match(args)) => run_match_command(variant, rules, args),
        Some(Command::Convert {
            input,
            from,
            to,
            out,
        }) => convert(variant, rules, &input, from.as_deref(), &to, out.as_deref()),
        Some(Command::Variants) => {
            for name in Variant::names() {
                largeshogi::say!("{name}");
            }
            Ok(())
        }
        Some(Command::Openings {
            count,
            plies,
            max_cp,
            depth,
            seed,
            out,
        }) => {
            let cfg = openings::GenConfig {
                count,
                plies,
                max_cp,
                depth,
                seed,
            };
            let lines = openings::generate(variant, rules, &cfg, &mut |kept, tried| {
                eprint!("\ropenings: {kept}/{count} kept, {tried} tried");
            });
            eprintln!();
            let mut text = format!(
                "# {} openings for {}: largeshogi openings --variant {} --rules {} --count {count} \
--plies {plies} --max-cp {max_cp} --depth {depth} --seed {seed}\n# Each line: USI moves from the \
start; the comment gives the material balance for the first player after a {depth}-ply search.\n",
                lines.len(),
                variant.name,
                variant.name,
                rules.preset_name().unwrap_or("default"),
            );
            for (line, cp) in &lines {
                text.push_str(&format!("{}  # {cp:+}\n", line.join(" ")));
            }
            match out {
                Some(path) => std::fs::write(&path, text)
                    .map_err(|e| UserError(format!("cannot write {}: {e}", path.display())))?,
                None => largeshogi::say!("{}", text.trim_end()),
            }
            Ok(())
        }
        Some(Command::Bench {
            what,
            depth,
            threads,
            speedup,
            rounds,
        }) => match what.as_str() {
            "perft" => {
                let depth = depth.unwrap_or(5);
                let r = largeshogi::bench::perft_bench(variant, rules, depth);
                largeshogi::say!(
                    "bench perft {} depth {depth}: {} nodes, {:.3} s, {} nodes/s",
                    variant.name,
                    r.nodes,
                    r.time.as_secs_f64(),
                    r.nps()
                );
                Ok(())
            }
            "search" => {
                let threads = capped_threads(threads);
                bench_search(variant, rules, depth.unwrap_or(8), threads, speedup, rounds);
                Ok(())
            }
            other => Err(UserError(format!(
                "unknown benchmark '{other}' (try: search, perft)"
            ))),
        },
        Some(Command::Gui { port, host, open }) => largeshogi::gui::run(largeshogi::gui::Config {
            variant,
            rules,
            host,
            port,
            open,
        })
        .map_err(UserError),
        Some(Command::Diagram {
            sfen,
            last_move,
            names,
            flip,
            output,
        }) => write_diagram(
            variant,
            rules,
            sfen.as_deref(),
            last_move.as_deref(),
            &names,
            flip,
            &output,
        ),
        None => {
            let gui = Gui::by_name(&cli.gui).ok_or_else(|| {
                UserError(format!(
                    "unknown GUI '{}' (choose one of: {})",
                    cli.gui,
                    Gui::NAMES.join(", ")
                ))
            })?;
            largeshogi::protocol::run(variant, rules, gui);
            Ok(())
        }
    }
}

fn write_diagram(
    variant: &'static Variant,
    rules: Rules,
    sfen: Option<&str>,
    last_move: Option<&str>,
    names: &str,
    flipped: bool,
    output: &std::path::Path,
) -> Result<(), UserError> {
    use largeshogi::diagram::{Marks, Names, Options};
    use largeshogi::notation::MoveText;
    let names = Names::parse(names)
        .ok_or_else(|| UserError(format!("--names must be kanji or english, not '{names}'")))?;
    let pos = setup(variant, rules, sfen, &[])?;
    let mut marks = Marks::default();
    if let Some(text) = last_move {
        let mt = MoveText::parse_usi(text, variant.files, variant.ranks)
            .map_err(|e| UserError(format!("--last-move: {e}")))?;
        let square = |&(x, y): &(usize, usize)| {
            variant
                .square(x, y)
                .ok_or_else(|| UserError(format!("--last-move: '{text}' leaves the board")))
        };
        marks.path = mt.squares.iter().map(square).collect::<Result<_, _>>()?;
        marks.shots = mt.shots.iter().map(square).collect::<Result<_, _>>()?;
    }
    let svg = largeshogi::diagram::svg(
        &pos,
        &Options {
            names,
            flipped,
            marks,
            interactive: false,
        },
    );
    std::fs::write(output, svg)
        .map_err(|e| UserError(format!("cannot write {}: {e}", output.display())))
}

fn game_format(name: &str) -> Result<gamefile::Format, UserError> {
    gamefile::Format::by_name(name).ok_or_else(|| {
        UserError(format!(
            "unknown game format '{name}' (choose one of: {})",
            gamefile::Format::NAMES.join(", ")
        ))
    })
}

fn convert(
    variant: &'static Variant,
    rules: Rules,
    input: &std::path::Path,
    from: Option<&str>,
    to: &str,
    out: Option<&std::path::Path>,
) -> Result<(), UserError> {
    let to = game_format(to)?;
    let text = if input == std::path::Path::new("-") {
        let mut t = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut t)
            .map_err(|e| UserError(format!("cannot read stdin: {e}")))?;
        t
    } else {
        read_text_file(input)?
    };
    let from = match from {
        Some(f) => game_format(f)?,
        None => gamefile::Format::detect(&text),
    };
    let games = gamefile::read(&text, from, variant, rules)
        .map_err(|e| UserError(format!("{}: {e}", input.display())))?;
    let written = gamefile::write(&games, to).map_err(UserError)?;
    match out {
        Some(path) => std::fs::write(path, written)
            .map_err(|e| UserError(format!("cannot write {}: {e}", path.display()))),
        None => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            match out.write_all(written.as_bytes()).and_then(|_| out.flush()) {
                // A reader that stopped early (`| head`) is not an error.
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    Err(UserError(format!("cannot write the output: {e}")))
                }
                _ => Ok(()),
            }
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
    let mut rules = Rules::preset(&args.rules).ok_or_else(|| {
        UserError(format!(
            "unknown rule set '{}' (choose one of: {})",
            args.rules,
            Rules::PRESETS.join(", ")
        ))
    })?;
    for option in &args.options {
        let (name, value) = option
            .split_once('=')
            .ok_or_else(|| UserError(format!("--option takes NAME=VALUE, got '{option}'")))?;
        rules
            .set_option(name.trim(), value.trim())
            .map_err(|e| UserError(format!("--option {option}: {e}")))?;
    }
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

/// `analyze --eval`: the static evaluation of a position, or of every position of the
/// games of a file.
fn eval_command(
    variant: &'static Variant,
    rules: Rules,
    sfen: Option<&str>,
    game: Option<&std::path::Path>,
    moves: &[String],
    format: Format,
) -> Result<(), UserError> {
    let Some(path) = game else {
        let pos = setup(variant, rules, sfen, moves)?;
        largeshogi::analysis::print_eval(&pos, format, None);
        return Ok(());
    };
    for (i, g) in read_game_file(path, variant, rules)?
        .into_iter()
        .enumerate()
    {
        let mut pos = g.start;
        largeshogi::analysis::print_eval(&pos, format, Some((i + 1, 0)));
        for (ply, m) in g.moves.iter().enumerate() {
            pos.make(*m);
            largeshogi::analysis::print_eval(&pos, format, Some((i + 1, ply + 1)));
        }
    }
    Ok(())
}

fn run_perft(mut pos: Position, depth: u32, divide: bool, threads: usize) -> Result<(), UserError> {
    if depth == 0 || depth > 12 {
        return Err(UserError(format!("depth must be 1..12, got {depth}")));
    }
    let start = Instant::now();
    let total = if divide {
        let mut total = 0;
        for (m, n) in largeshogi::perft::divide(&mut pos, depth) {
            largeshogi::say!("{} {}", pos.move_to_usi(&m), n);
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
    largeshogi::say!("total {total}");
    Ok(())
}

fn bench_search(
    variant: &'static Variant,
    rules: Rules,
    depth: u32,
    threads: usize,
    speedup: bool,
    rounds: usize,
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
    if !speedup || threads < 2 {
        let r = run(threads);
        print_bench_line(variant, depth, threads, &r);
        return;
    }
    let (many, one) = largeshogi::bench::speedup_bench(
        variant,
        rules,
        depth,
        threads,
        rounds,
        &mut |i, many, one| {
            eprintln!(
                "position {}: {threads} threads {} nodes {:.3} s, 1 thread {} nodes {:.3} s",
                i + 1,
                many.nodes,
                many.time.as_secs_f64(),
                one.nodes,
                one.time.as_secs_f64()
            );
        },
    );
    print_bench_line(variant, depth, threads, &many);
    print_bench_line(variant, depth, 1, &one);
    largeshogi::say!(
        "time-to-depth speedup {threads} threads vs 1: {:.2}x (median of {rounds} alternating runs per position)",
        one.time.as_secs_f64() / many.time.as_secs_f64().max(1e-9)
    );
}

fn print_bench_line(
    variant: &'static Variant,
    depth: u32,
    threads: usize,
    r: &largeshogi::bench::BenchResult,
) {
    largeshogi::say!(
        "bench search {} depth {depth} threads {threads}: {} nodes, {:.3} s, {} nodes/s",
        variant.name,
        r.nodes,
        r.time.as_secs_f64(),
        r.nps()
    );
}

fn run_match_command(
    variant: &'static Variant,
    rules: Rules,
    a: MatchArgs,
) -> Result<(), UserError> {
    use largeshogi::tournament::{engine::EngineSpec, referee::TimeControl, stats::Sprt};
    let engines = a
        .engines
        .iter()
        .map(|e| EngineSpec::parse(e))
        .collect::<Result<Vec<_>, _>>()
        .map_err(UserError)?;
    let (base, inc) = TimeControl::parse_tc(&a.tc).map_err(UserError)?;
    let secs = |v: f64, what: &str| -> Result<u64, UserError> {
        if (0.0..=86_400.0).contains(&v) {
            Ok((v * 1000.0) as u64)
        } else {
            Err(UserError(format!("--{what} out of range")))
        }
    };
    let tc = TimeControl {
        base,
        inc,
        byoyomi: a
            .byoyomi
            .map(|b| secs(b, "byoyomi"))
            .transpose()?
            .unwrap_or(0),
        movetime: a.movetime.map(|m| secs(m, "movetime")).transpose()?,
        margin: a.margin,
    };
    let openings_path = a.openings.clone().or_else(|| {
        let p = std::path::PathBuf::from(format!("openings/{}.txt", variant.name));
        p.exists().then_some(p)
    });
    let openings = match &openings_path {
        Some(p) => {
            let text = read_text_file(p)?;
            openings::parse(&text, variant, rules).map_err(UserError)?
        }
        None => Vec::new(),
    };
    let sprt = a
        .sprt
        .as_deref()
        .map(Sprt::parse)
        .transpose()
        .map_err(UserError)?;
    let cfg = largeshogi::tournament::MatchConfig {
        variant,
        rules,
        engines,
        games: a.games,
        noswap: a.noswap,
        tc,
        openings,
        concurrency: usize::from(a.concurrency),
        pgn: a.pgn,
        sprt,
        adjudication: largeshogi::tournament::Adjudication {
            max_plies: a.max_plies,
            resign: a
                .resign_score
                .map(|score_cp| largeshogi::tournament::ResignRule {
                    score_cp,
                    moves: a.resign_moves,
                }),
        },
    };
    let summary = largeshogi::tournament::run_match(&cfg).map_err(UserError)?;
    largeshogi::say!("{}", summary.table(cfg.sprt.as_ref()).trim_end());
    Ok(())
}
