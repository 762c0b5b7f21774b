//! Drives the built `largeshogi` binary over pipes for the protocol tests.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub const START_SFEN: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

/// Generous bound for replies that need no search (debug builds on a busy CI machine).
pub const REPLY: Duration = Duration::from_secs(5);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
    /// Every stdout line seen so far, for failure messages.
    pub seen: Vec<String>,
}

impl Engine {
    /// Starts the engine with one search thread so that runs are reproducible.
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_largeshogi"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the engine binary starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut err_pipe = child.stderr.take().expect("piped stderr");
        let sink = stderr.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = err_pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut s) = sink.lock() {
                    s.push_str(&String::from_utf8_lossy(&buf[..n]));
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines: rx,
            stderr,
            seen: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("engine reads its input");
        stdin.flush().expect("flush");
    }

    /// Next stdout line within `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.seen.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Lines up to and including the first one matching `done`; panics on timeout.
    pub fn until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(l) => {
                    let stop = done(&l);
                    got.push(l);
                    if stop {
                        return got;
                    }
                }
                None => panic!(
                    "no expected line within {timeout:?}; got {got:#?}\nstderr: {}",
                    self.stderr_text()
                ),
            }
        }
    }

    /// The first line starting with `prefix`.
    pub fn expect(&mut self, prefix: &str, timeout: Duration) -> String {
        let lines = self.until(timeout, |l| l.starts_with(prefix));
        lines.last().cloned().unwrap_or_default()
    }

    /// Lines produced until `marker` is answered: sends `marker_cmd` and collects
    /// everything before the line starting with `marker`.
    pub fn replies_before(&mut self, marker_cmd: &str, marker: &str) -> Vec<String> {
        self.send(marker_cmd);
        let mut lines = self.until(REPLY, |l| l.starts_with(marker));
        lines.pop();
        lines
    }

    /// Closes the engine's stdin (end of input), keeping its stdout readable.
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Waits up to `timeout` for the process to exit; its exit status if it did.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<std::process::ExitStatus> {
        let t = Instant::now();
        while t.elapsed() < timeout {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }

    pub fn stderr_text(&self) -> String {
        self.stderr.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Sends `quit` and waits for the process to exit; returns how long that took.
    pub fn quit(mut self) -> Duration {
        let t = Instant::now();
        self.send("quit");
        self.stdin = None;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success(), "engine exit status {status}");
                break;
            }
            assert!(t.elapsed() < REPLY, "engine did not exit after quit");
            std::thread::sleep(Duration::from_millis(2));
        }
        let elapsed = t.elapsed();
        self.assert_no_panic();
        elapsed
    }

    pub fn assert_no_panic(&self) {
        let err = self.stderr_text();
        assert!(!err.contains("panicked"), "engine panicked:\n{err}");
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A small deterministic PRNG (xorshift64*), so the fuzz input is the same on every run.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// Hostile arguments shared by both protocols' fuzz tests.
pub const HOSTILE_WORDS: &[&str] = &[
    "0",
    "-1",
    "-99999999999999999999",
    "99999999999999999999999999",
    "18446744073709551616",
    "9223372036854775807",
    "1e309",
    "NaN",
    "inf",
    "13m13m",
    "0a1a",
    "99z99z",
    "a0a1",
    "m13m14",
    "z9z10",
    "a99a100",
    "7i7h7g7f7e",
    "7i",
    "+",
    ",",
    "@@@@",
    "@",
    "moves",
    "sfen",
    "startpos",
    "name",
    "value",
    "w",
    "b",
    "-",
    "/",
    "12/12/12",
    "kkkkkkkkkkkkk/12",
    "\u{1F600}",
    "é",
    "\t",
    "k",
    "K11/12/12/12/12/12/12/12/12/12/12/11k",
];

/// A fuzz line: tokens from `commands` and `HOSTILE_WORDS`, or random bytes.
pub fn fuzz_line(rng: &mut Rng, commands: &[&str]) -> Vec<u8> {
    match rng.below(10) {
        0 => (0..rng.below(200))
            .map(|_| rng.next() as u8)
            .filter(|&b| b != b'\n')
            .collect(),
        1 => {
            // Invalid UTF-8 inside an otherwise plausible command.
            let mut v = rng.pick(commands).as_bytes().to_vec();
            v.extend_from_slice(b" \xff\xfe\xc3(");
            v
        }
        _ => {
            let mut words = vec![rng.pick(commands).to_string()];
            for _ in 0..rng.below(8) {
                if rng.below(3) == 0 {
                    words.push(rng.pick(commands).to_string());
                } else {
                    words.push(rng.pick(HOSTILE_WORDS).to_string());
                }
            }
            words.join(" ").into_bytes()
        }
    }
}
