//! largeshogi: an engine for the large shogi variants (Chu, Yanxin, Ko, Tai).
//!
//! Layers, bottom up: `types` and `movement` (plain data), `variant` (piece tables and
//! rules), `position` (board and make/unmake), `movegen` (legal moves), `notation` (SFEN,
//! USI, XBoard text), `game` (history and results), `perft`.

pub mod analysis;
pub mod bench;
pub mod diagram;
pub mod eval;
pub mod game;
pub mod gamefile;
pub mod gui;
pub mod lockless;
pub mod movegen;
pub mod movement;
pub mod notation;
pub mod perft;
pub mod position;
pub mod prefetch;
pub mod protocol;
pub mod search;
pub mod tournament;
pub mod types;
pub mod variant;

/// `println!` for the command-line tools: when stdout is closed (`perft --divide | head -1`)
/// the process ends quietly instead of panicking on the broken pipe.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::say_line(format_args!($($arg)*))
    };
}

/// Writes one line to stdout and flushes it; exits (code 0 for a reader that went away,
/// 1 otherwise) when stdout cannot be written.
pub fn say_line(args: std::fmt::Arguments) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(out, "{args}").and_then(|_| out.flush()) {
        std::process::exit(i32::from(e.kind() != std::io::ErrorKind::BrokenPipe));
    }
}

/// ARCHITECTURE.md's code blocks run as doc tests (the worked example of adding a variant),
/// so the text cannot drift from the code.
#[cfg(doctest)]
#[doc = include_str!("../ARCHITECTURE.md")]
pub struct ArchitectureDoc;
