//! The engine on stdin/stdout. One input thread turns stdin into `Event`s, searches run on
//! their own thread, and the main loop hands each event to the protocol chosen by the
//! first command (`usi`/`uci` -> USI, `xboard` -> XBoard/CECP v2). `usi.rs` and
//! `xboard.rs` only translate text into calls on `Engine` (the shared state in
//! `engine.rs`); rules live in the library, search in `search`.

mod engine;
pub mod input;
pub mod usi;
pub mod xboard;

pub use engine::{Engine, Finished, Purpose, Reporter};

use crate::variant::{Rules, Variant};
use input::LineError;
use std::io::{self, Write};
use std::sync::mpsc::{self, Receiver, Sender};

/// What the main loop reacts to.
pub enum Event {
    Line(Result<String, LineError>),
    /// stdin closed (or failed): the GUI is gone.
    Eof,
    /// The search with this id has finished; its thread is ready to be joined.
    SearchDone(u64),
}

/// What a protocol wants after a command.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// One protocol's command handling.
pub trait Protocol {
    /// Handles one non-empty, trimmed command line.
    fn command(&mut self, engine: &mut Engine, line: &str) -> Flow;
    /// Reports an input line that could not be read as text.
    fn bad_line(&mut self, engine: &mut Engine, err: &LineError);
    /// A search this protocol started has ended (not called for searches it stopped
    /// and collected itself through `Engine::stop_search`).
    fn search_done(&mut self, engine: &mut Engine, done: Finished);
}

/// The protocol side of stdout. Each line is written whole and flushed at once, from
/// whichever thread produces it; a closed stdout is ignored (stdin's end stops us).
#[derive(Clone, Default)]
pub struct Out;

impl Out {
    pub fn line(&self, text: &str) {
        log::debug!("> {text}");
        let mut lock = io::stdout().lock();
        let _ = writeln!(lock, "{text}");
        let _ = lock.flush();
    }
}

/// Runs the engine until `quit` or the end of input.
pub fn run(variant: &'static Variant, rules: Rules, gui: xboard::Gui) {
    let (tx, rx) = mpsc::channel();
    spawn_input(tx.clone());
    let mut engine = Engine::new(variant, rules, tx, Out);
    main_loop(&mut engine, rx, gui);
    engine.stop_search();
}

fn spawn_input(tx: Sender<Event>) {
    let spawned = std::thread::Builder::new()
        .name("input".into())
        .spawn(move || {
            let stdin = io::stdin();
            let mut lock = stdin.lock();
            loop {
                match input::read_line(&mut lock) {
                    Ok(Some(line)) => {
                        if tx.send(Event::Line(line)).is_err() {
                            return;
                        }
                    }
                    Ok(None) => break,
                    Err(e) => {
                        log::warn!("stdin: {e}");
                        break;
                    }
                }
            }
            let _ = tx.send(Event::Eof);
        });
    if let Err(e) = spawned {
        log::error!("cannot start the input thread: {e}");
    }
}

fn main_loop(engine: &mut Engine, rx: Receiver<Event>, gui: xboard::Gui) {
    let mut protocol: Option<Box<dyn Protocol>> = None;
    // Input has ended; the running search's answer is still written before we exit.
    let mut input_ended = false;
    for event in rx {
        match event {
            Event::Line(Ok(raw)) => {
                log::debug!("< {raw}");
                let line = raw.trim();
                if line.is_empty() {
                    continue;
                }
                let proto = match protocol.as_mut() {
                    Some(p) => p,
                    None => match detect(line, gui) {
                        Some(p) => protocol.insert(p),
                        None => {
                            if line == "quit" {
                                return;
                            }
                            engine.out.line(&format!(
                                "Error (expected 'usi' or 'xboard' first): {}",
                                clip(line)
                            ));
                            continue;
                        }
                    },
                };
                if proto.command(engine, line) == Flow::Quit {
                    return;
                }
            }
            Event::Line(Err(e)) => match protocol.as_mut() {
                Some(p) => p.bad_line(engine, &e),
                None => engine.out.line(&format!("Error ({e})")),
            },
            Event::Eof => {
                if !engine.end_of_input() {
                    return;
                }
                input_ended = true;
            }
            Event::SearchDone(id) => {
                if let (Some(done), Some(p)) = (engine.collect(id), protocol.as_mut()) {
                    p.search_done(engine, done);
                }
                if input_ended && !engine.is_searching() {
                    return;
                }
            }
        }
    }
}

/// The protocol named by the first command.
fn detect(line: &str, gui: xboard::Gui) -> Option<Box<dyn Protocol>> {
    match line.split_whitespace().next()? {
        "usi" => Some(Box::new(usi::Usi::new(usi::Wording::Usi))),
        "uci" => Some(Box::new(usi::Usi::new(usi::Wording::Uci))),
        "xboard" => Some(Box::new(xboard::XBoard::new(gui))),
        _ => None,
    }
}

/// A line cut to a length fit for an error message.
pub fn clip(text: &str) -> String {
    const SHOWN: usize = 80;
    if text.len() <= SHOWN {
        return text.to_string();
    }
    let mut end = SHOWN;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes)", &text[..end], text.len())
}

/// Parses a decimal integer option value and reports absurd input instead of wrapping.
pub fn parse_number(text: &str, what: &str) -> Result<i64, String> {
    text.parse::<i64>()
        .map_err(|_| format!("{what} must be an integer, got '{}'", clip(text)))
}
