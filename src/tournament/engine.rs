//! An engine process driven over USI or XBoard: start, handshake (protocol detected from
//! the answers), new game, asking for a move under a clock, and quitting. Replies are read
//! by a thread into a channel so that every wait has a deadline.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The protocol an engine speaks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Proto {
    Usi,
    Xboard,
}

/// How to start an engine: `NAME=command args [proto=usi|xboard] [option.X=Y ...]`.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    pub name: String,
    pub program: String,
    pub args: Vec<String>,
    pub proto: Option<Proto>,
    /// USI `setoption` / XBoard `option` settings given as `option.NAME=VALUE`.
    pub options: Vec<(String, String)>,
    /// This engine's own clock, `tc=BASE+INC` (milliseconds), instead of the match's
    /// (time-odds matches: does the engine get stronger with more time?).
    pub tc: Option<(u64, u64)>,
}

impl EngineSpec {
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let (name, rest) = text
            .split_once('=')
            .ok_or_else(|| format!("engine '{text}' must be NAME=command [args]"))?;
        let name = name.trim();
        if name.is_empty() {
            return Err(format!("engine '{text}' has an empty name"));
        }
        let mut words = rest.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| format!("engine '{name}' has no command"))?
            .to_string();
        let mut spec = EngineSpec {
            name: name.to_string(),
            program,
            args: Vec::new(),
            proto: None,
            options: Vec::new(),
            tc: None,
        };
        for w in words {
            if let Some(p) = w.strip_prefix("proto=") {
                spec.proto = Some(match p {
                    "usi" | "uci" => Proto::Usi,
                    "xboard" | "cecp" => Proto::Xboard,
                    _ => return Err(format!("unknown protocol '{p}' (usi or xboard)")),
                });
            } else if let Some(t) = w.strip_prefix("tc=") {
                spec.tc = Some(super::referee::TimeControl::parse_tc(t)?);
            } else if let Some(o) = w.strip_prefix("option.") {
                let (k, v) = o
                    .split_once('=')
                    .ok_or_else(|| format!("option '{w}' must be option.NAME=VALUE"))?;
                spec.options.push((k.to_string(), v.to_string()));
            } else {
                spec.args.push(w.to_string());
            }
        }
        Ok(spec)
    }
}

/// Why an engine did not produce a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The process ended or closed its output.
    Crashed,
    /// No answer before the deadline.
    Timeout,
    /// It resigned or said it has no move.
    Resigned,
    /// It answered a move it was told with `Illegal move` (its rules differ from the
    /// referee's).
    Rejected(String),
}

/// XBoard's `st` counts whole seconds: a fixed move time is rounded up to them (at
/// least 1), and the referee enforces what was sent (`EngineProc::movetime_told`).
pub fn xboard_st_seconds(movetime_ms: u64) -> u64 {
    movetime_ms.div_ceil(1000).max(1)
}

/// What an engine said about its move while thinking: the last score and depth of its
/// USI `info` or XBoard `post` lines, from the mover's point of view.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Thinking {
    pub score: Option<EngineScore>,
    pub depth: Option<u32>,
}

/// A score as engines report it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EngineScore {
    Cp(i32),
    /// Mate (royal capture) in this many moves; negative when the mover is mated.
    Mate(i32),
}

impl Thinking {
    /// Reads a USI `info` line (principal variation only); other lines change nothing.
    pub fn read_usi(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() != Some(&"info") {
            return;
        }
        let after = |key: &str| {
            words
                .iter()
                .position(|w| *w == key)
                .and_then(|i| words.get(i + 1))
        };
        if after("multipv").is_some_and(|m| *m != "1") {
            return;
        }
        let score = match after("score") {
            Some(&"cp") => after("cp")
                .and_then(|v| v.parse().ok())
                .map(EngineScore::Cp),
            Some(&"mate") => after("mate")
                .and_then(|v| v.trim_start_matches('+').parse::<i32>().ok())
                // USI counts plies; the comment shows moves.
                .map(|plies| {
                    EngineScore::Mate(if plies < 0 {
                        (plies - 1) / 2
                    } else {
                        (plies + 1) / 2
                    })
                }),
            _ => None,
        };
        if let Some(score) = score {
            self.score = Some(score);
            self.depth = after("depth").and_then(|d| d.parse().ok()).or(self.depth);
        }
    }

    /// Reads an XBoard thinking line `depth score time nodes pv...`; scores of 100000 and
    /// more are mates in (score - 100000) moves, as XBoard engines write them.
    pub fn read_xboard(&mut self, line: &str) {
        let mut words = line.split_whitespace();
        let (Some(depth), Some(score)) = (words.next(), words.next()) else {
            return;
        };
        let (Ok(depth), Ok(score)) = (depth.parse::<u32>(), score.parse::<i64>()) else {
            return;
        };
        // Time and nodes must follow for it to be a thinking line.
        if !words.take(2).all(|w| w.parse::<u64>().is_ok()) {
            return;
        }
        let score = match score {
            s if s >= 99_000 => EngineScore::Mate((s - 100_000).clamp(0, 9999) as i32),
            s if s <= -99_000 => EngineScore::Mate(-((-s - 100_000).clamp(0, 9999) as i32)),
            s => EngineScore::Cp(s as i32),
        };
        self.score = Some(score);
        self.depth = Some(depth);
    }

    /// cutechess-style PGN comment body: `+0.35/12 0.84s` (score in pawns / depth, time).
    pub fn comment(&self, used: Duration) -> String {
        let score = match self.score {
            Some(EngineScore::Cp(c)) => format!("{:+.2}", c as f64 / 100.0),
            Some(EngineScore::Mate(m)) if m < 0 => format!("-M{}", -m),
            Some(EngineScore::Mate(m)) => format!("+M{m}"),
            None => String::new(),
        };
        let depth = self.depth.map(|d| format!("/{d}")).unwrap_or_default();
        let time = format!("{:.2}s", used.as_secs_f64());
        if score.is_empty() {
            time
        } else {
            format!("{score}{depth} {time}")
        }
    }
}

/// The clock situation sent with a move request (milliseconds).
#[derive(Copy, Clone, Debug)]
pub struct Clocks {
    /// Remaining time of (sente, gote).
    pub remaining: [u64; 2],
    /// Increment of (sente, gote).
    pub inc: [u64; 2],
    pub byoyomi: u64,
    /// Fixed time per move instead of a clock.
    pub movetime: Option<u64>,
}

pub struct EngineProc {
    pub spec: EngineSpec,
    pub proto: Proto,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// XBoard features announced by the engine.
    usermove: bool,
    memory: bool,
    smp: bool,
    /// The name the engine gave (USI `id name`, XBoard `feature myname`).
    pub identity: String,
    /// What the engine said while thinking on its last move.
    pub thinking: Thinking,
}

const HANDSHAKE: Duration = Duration::from_secs(10);

impl EngineProc {
    /// The fixed move time (ms) this engine is told for `movetime_ms`: exact for USI, whole
    /// seconds for XBoard.
    pub fn movetime_told(&self, movetime_ms: u64) -> u64 {
        match self.proto {
            Proto::Usi => movetime_ms,
            Proto::Xboard => xboard_st_seconds(movetime_ms) * 1000,
        }
    }

    pub fn start(spec: &EngineSpec) -> Result<EngineProc, String> {
        let mut child = Command::new(&spec.program)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                format!(
                    "cannot start engine '{}' ({}): {e}",
                    spec.name, spec.program
                )
            })?;
        let stdin = child.stdin.take().ok_or("engine stdin unavailable")?;
        let stdout = child.stdout.take().ok_or("engine stdout unavailable")?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim().to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut e = EngineProc {
            spec: spec.clone(),
            proto: spec.proto.unwrap_or(Proto::Usi),
            child,
            stdin,
            lines: rx,
            usermove: false,
            memory: false,
            smp: false,
            identity: String::new(),
            thinking: Thinking::default(),
        };
        e.handshake()?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> bool {
        log::debug!("> {} {line}", self.spec.name);
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .is_ok()
    }

    /// Next line before `deadline`.
    fn recv(&mut self, deadline: Instant) -> Result<String, Failure> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(l) => {
                log::debug!("< {} {l}", self.spec.name);
                Ok(l)
            }
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Failure::Crashed),
        }
    }

    /// Waits for a line satisfying `done`.
    fn wait_for(
        &mut self,
        deadline: Instant,
        done: impl Fn(&str) -> bool,
    ) -> Result<String, Failure> {
        loop {
            let l = self.recv(deadline)?;
            if done(&l) {
                return Ok(l);
            }
        }
    }

    fn handshake(&mut self) -> Result<(), String> {
        let deadline = Instant::now() + HANDSHAKE;
        let name = self.spec.name.clone();
        let fail = |what: &str| format!("engine '{name}' did not answer {what}");
        match self.spec.proto {
            Some(Proto::Xboard) => self
                .xboard_handshake(deadline)
                .map_err(|_| fail("protover 2")),
            Some(Proto::Usi) => self.usi_handshake(deadline).map_err(|_| fail("usi")),
            None => {
                // Try USI first; an XBoard engine ignores or rejects `usi`.
                self.send("usi");
                let probe = Instant::now() + Duration::from_secs(2);
                match self.usi_answers(probe.min(deadline)) {
                    Ok(_) => {
                        self.proto = Proto::Usi;
                        Ok(())
                    }
                    Err(Failure::Crashed) => Err(fail("usi (it exited)")),
                    Err(_) => self
                        .xboard_handshake(deadline)
                        .map_err(|_| fail("usi or protover 2")),
                }
            }
        }
    }

    fn usi_handshake(&mut self, deadline: Instant) -> Result<(), Failure> {
        self.proto = Proto::Usi;
        self.send("usi");
        self.usi_answers(deadline)
    }

    /// Reads the answer to `usi` up to `usiok`, keeping the engine's name.
    fn usi_answers(&mut self, deadline: Instant) -> Result<(), Failure> {
        loop {
            let l = self.recv(deadline)?;
            if let Some(name) = l.strip_prefix("id name ") {
                self.identity = name.trim().to_string();
            }
            if l == "usiok" {
                return Ok(());
            }
        }
    }

    fn xboard_handshake(&mut self, deadline: Instant) -> Result<(), Failure> {
        self.proto = Proto::Xboard;
        self.send("xboard");
        self.send("protover 2");
        loop {
            let l = self.recv(deadline)?;
            if let Some(f) = l.strip_prefix("feature ") {
                if let Some(name) = f
                    .split_once("myname=\"")
                    .and_then(|(_, rest)| rest.split('"').next())
                {
                    self.identity = name.to_string();
                }
                for word in f.split_whitespace() {
                    match word {
                        "usermove=1" => self.usermove = true,
                        "memory=1" => self.memory = true,
                        "smp=1" => self.smp = true,
                        _ => {}
                    }
                    // Acknowledge every feature so engines waiting for it go on.
                    if let Some((k, _)) = word.split_once('=') {
                        if !k.is_empty() && !k.contains('"') {
                            self.send(&format!("accepted {k}"));
                        }
                    }
                }
                if f.contains("done=1") {
                    return Ok(());
                }
            }
        }
    }

    /// Prepares a new game of `variant`; `level` is the XBoard time control command
    /// (`level 0 M:SS INC`), `xboard_setboard` a FEN for a non-standard start.
    pub fn new_game(
        &mut self,
        variant: &str,
        level: Option<&str>,
        xboard_setboard: Option<&str>,
    ) -> Result<(), Failure> {
        match self.proto {
            Proto::Usi => {
                self.send(&format!("setoption name USI_Variant value {variant}"));
                let options = self.spec.options.clone();
                for (k, v) in options {
                    self.send(&format!("setoption name {k} value {v}"));
                }
                self.send("isready");
                self.wait_for(Instant::now() + HANDSHAKE, |l| l == "readyok")?;
                self.send("usinewgame");
            }
            Proto::Xboard => {
                self.send("new");
                self.send(&format!("variant {variant}"));
                // HaChu does not search before it is given a memory size.
                if self.memory {
                    self.send("memory 64");
                }
                if self.smp {
                    self.send("cores 1");
                }
                let options = self.spec.options.clone();
                for (k, v) in options {
                    self.send(&format!("option {k}={v}"));
                }
                if let Some(level) = level {
                    self.send(level);
                }
                self.send("force");
                self.send("post");
                if let Some(fen) = xboard_setboard {
                    self.send(&format!("setboard {fen}"));
                }
                self.send("ping 1");
                self.wait_for(Instant::now() + HANDSHAKE, |l| l == "pong 1")?;
            }
        }
        Ok(())
    }

    /// XBoard: tells the engine a move played on the board (the engine is in force mode).
    pub fn tell_move(&mut self, xboard_text: &str) {
        if self.proto == Proto::Xboard {
            let line = if self.usermove {
                format!("usermove {xboard_text}")
            } else {
                xboard_text.to_string()
            };
            self.send(&line);
        }
    }

    /// Asks for a move. USI: `position` is the full `position ...` command. Returns the
    /// move text in the engine's protocol (two-line XBoard Lion moves joined) and the time
    /// the engine took.
    pub fn request_move(
        &mut self,
        position: &str,
        side: usize,
        clocks: &Clocks,
        deadline: Duration,
    ) -> Result<(String, Duration), Failure> {
        let start = Instant::now();
        let until = start + deadline;
        self.thinking = Thinking::default();
        match self.proto {
            Proto::Usi => {
                self.send(position);
                let go = match clocks.movetime {
                    Some(mt) => format!("go movetime {mt}"),
                    None => format!(
                        "go btime {} wtime {} binc {} winc {} byoyomi {}",
                        clocks.remaining[0],
                        clocks.remaining[1],
                        clocks.inc[0],
                        clocks.inc[1],
                        clocks.byoyomi
                    ),
                };
                self.send(&go);
                let l = loop {
                    let l = self.recv(until)?;
                    if l.starts_with("bestmove") {
                        break l;
                    }
                    self.thinking.read_usi(&l);
                };
                let mv = l.split_whitespace().nth(1).unwrap_or("").to_string();
                if mv.is_empty() || mv == "resign" || mv == "win" {
                    return Err(Failure::Resigned);
                }
                Ok((mv, start.elapsed()))
            }
            Proto::Xboard => {
                match clocks.movetime {
                    Some(mt) => {
                        self.send(&format!("st {}", xboard_st_seconds(mt)));
                    }
                    None => {
                        let (own, opp) = (clocks.remaining[side], clocks.remaining[1 - side]);
                        self.send(&format!("time {}", own / 10));
                        self.send(&format!("otim {}", opp / 10));
                    }
                }
                self.send("go");
                let mut first_leg: Option<String> = None;
                loop {
                    let l = self.recv(until)?;
                    if l.starts_with("resign") || l.contains(" resign") {
                        return Err(Failure::Resigned);
                    }
                    // A result claim that gives the game away (HaChu: `0-1 {resign}`) is a
                    // resignation; other claims are left to the referee's rules.
                    let own_loss = if side == 0 { "0-1" } else { "1-0" };
                    if l.starts_with(own_loss) {
                        return Err(Failure::Resigned);
                    }
                    let Some(m) = l.strip_prefix("move ") else {
                        self.thinking.read_xboard(&l);
                        continue;
                    };
                    let m = m.trim();
                    // HaChu sends a two-leg move as `move g5g6,` then `move g6g7`
                    // (and a three-leg one as three lines).
                    if m.ends_with(',') {
                        first_leg = Some(first_leg.take().unwrap_or_default() + m);
                        continue;
                    }
                    let text = match first_leg.take() {
                        Some(f) => format!("{f}{m}"),
                        None => m.to_string(),
                    };
                    // Back to force mode: the referee sends the next moves.
                    self.send("force");
                    return Ok((text, start.elapsed()));
                }
            }
        }
    }

    /// Tells the engine the game is over (XBoard `result`).
    pub fn game_over(&mut self, result: &str, comment: &str) {
        if self.proto == Proto::Xboard {
            self.send(&format!("result {result} {{{comment}}}"));
        } else {
            self.send("gameover");
        }
    }

    /// Whether this is a largeshogi engine (it then takes the match's rule set).
    pub fn is_largeshogi(&self) -> bool {
        self.identity.split_whitespace().next() == Some("largeshogi")
    }

    /// A largeshogi engine plays the match's rule set (its `Rules` option) unless its
    /// command line (`--rules`) or an `option.Rules=` of its spec says otherwise.
    pub fn take_match_rules(&mut self, preset: &str) {
        let overridden = self
            .spec
            .args
            .iter()
            .any(|a| a == "--rules" || a.starts_with("--rules="))
            || self
                .spec
                .options
                .iter()
                .any(|(k, _)| k.eq_ignore_ascii_case("rules"));
        if self.is_largeshogi() && !overridden {
            self.spec.options.push(("Rules".into(), preset.into()));
        }
    }

    pub fn is_alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Asks the engine to quit, and kills it if it does not within a second.
    pub fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProc {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_spec_parsing() {
        let s = EngineSpec::parse("hachu=hachu proto=xboard option.Resign=off").expect("valid");
        assert_eq!(s.name, "hachu");
        assert_eq!(s.program, "hachu");
        assert_eq!(s.proto, Some(Proto::Xboard));
        assert_eq!(s.options, vec![("Resign".into(), "off".into())]);
        let s = EngineSpec::parse("ls=./largeshogi --rules hachu").expect("valid");
        assert_eq!(s.args, vec!["--rules", "hachu"]);
        assert!(EngineSpec::parse("noequals").is_err());
        assert!(EngineSpec::parse("x=").is_err());
        assert!(EngineSpec::parse("x=prog proto=telnet").is_err());
        let s = EngineSpec::parse("slow=./largeshogi tc=2.5+0.025").expect("valid");
        assert_eq!(s.tc, Some((2500, 25)));
        assert!(s.args.is_empty());
        assert!(EngineSpec::parse("x=prog tc=fast").is_err());
    }

    #[test]
    fn thinking_lines_give_cutechess_comments() {
        let mut t = Thinking::default();
        t.read_usi("info depth 12 seldepth 20 score cp 35 nodes 100 pv 7i7h");
        t.read_usi("info depth 13 multipv 2 score cp -80 pv 1a1b");
        t.read_usi("info string hello");
        assert_eq!(t.comment(Duration::from_millis(840)), "+0.35/12 0.84s");
        let mut t = Thinking::default();
        t.read_usi("info depth 5 score mate -3 pv 1a1b");
        assert_eq!(t.comment(Duration::from_millis(10)), "-M2/5 0.01s");
        let mut t = Thinking::default();
        t.read_xboard(" 9   -124   53  41234 g5g6 f7f6");
        t.read_xboard("telluser hello 1 2 3");
        assert_eq!(t.comment(Duration::from_millis(1500)), "-1.24/9 1.50s");
        t.read_xboard("11 100003 10 500 h4h5");
        assert_eq!(t.comment(Duration::ZERO), "+M3/11 0.00s");
        assert_eq!(Thinking::default().comment(Duration::from_secs(2)), "2.00s");
    }
}
