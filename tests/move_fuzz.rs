//! Move-text, option-value and file fuzzing per variant (issue 16): random legal playouts
//! with hostile and near-valid move texts appended, through the library parsers, the USI
//! and XBoard front ends of the built binary, the perft/analyze CLI and the referee's
//! openings reader. Every text is either exactly one legal move or one clear error line,
//! with the state unchanged and the engine alive.
//!
//! Deterministic (the seeded PRNG of `common`), so a failure is reproduced by rerunning.
//! `FUZZ_SCALE=N` multiplies the case counts (scripts/fuzz.sh runs a large one in release).

mod common;

use common::{Engine, Rng, REPLY};
use largeshogi::position::Position;
use largeshogi::types::Move;
use largeshogi::variant::Variant;
use std::process::Command;
use std::time::Duration;

const VARIANTS: [&str; 4] = ["chu", "yanxin", "ko", "tai"];

fn scale() -> usize {
    std::env::var("FUZZ_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// A random legal playout of up to `plies` plies: the position and the moves (USI).
fn playout(v: &'static Variant, rng: &mut Rng, plies: usize) -> (Position, Vec<String>) {
    let mut pos = Position::start(v, v.default_rules);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        moves.push(pos.move_to_usi(&m));
        pos.make(m);
        if pos.legal_moves().is_empty() {
            // Keep a position with a move to make.
            pos.unmake();
            moves.pop();
            break;
        }
    }
    (pos, moves)
}

/// A USI square name, possibly off the board.
fn usi_square(files: usize, ranks: usize, rng: &mut Rng) -> String {
    let file = match rng.below(8) {
        0 => 0,
        1 => files + 1,
        2 => 99,
        _ => 1 + rng.below(files),
    };
    let rank = match rng.below(8) {
        0 => (b'a' + ranks as u8) as char,
        1 => 'z',
        _ => (b'a' + rng.below(ranks) as u8) as char,
    };
    format!("{file}{rank}")
}

/// An XBoard square name, possibly off the board.
fn xboard_square(files: usize, ranks: usize, rng: &mut Rng) -> String {
    let file = match rng.below(8) {
        0 => (b'a' + files as u8).min(b'z') as char,
        1 => 'z',
        _ => (b'a' + rng.below(files) as u8) as char,
    };
    let rank = match rng.below(8) {
        0 => 0,
        1 => ranks + 1,
        2 => 100,
        _ => 1 + rng.below(ranks),
    };
    format!("{file}{rank}")
}

/// A hostile or near-valid move text for `pos` (USI when `usi`, else XBoard).
fn hostile(pos: &Position, rng: &mut Rng, usi: bool) -> String {
    let v = pos.variant;
    let (files, ranks) = (v.files, v.ranks);
    let sq = |rng: &mut Rng| {
        if usi {
            usi_square(files, ranks, rng)
        } else {
            xboard_square(files, ranks, rng)
        }
    };
    let legal = pos.legal_moves();
    let write = |m: &Move| {
        if usi {
            pos.move_to_usi(m)
        } else {
            pos.move_to_xboard(m)
        }
    };
    let some_legal = legal[rng.below(legal.len())];
    let code = v.pieces[rng.below(v.pieces.len())].code;
    let drop_sep = if usi { "*" } else { "@" };
    match rng.below(16) {
        // Drops: onto occupied squares, without the piece in hand, where there are none.
        0 => format!("{code}{drop_sep}{}", sq(rng)),
        1 => {
            let occupied = pos.pieces(pos.side_to_move())[0];
            let name = if usi {
                pos.square_name(occupied)
            } else {
                pos.xboard_square_name(occupied)
            };
            format!("P{drop_sep}{name}")
        }
        // Any two or three squares: empty starts, enemy pieces, impossible legs.
        2 | 3 => format!("{}{}", sq(rng), sq(rng)),
        4 => {
            if usi {
                format!("{}{}{}", sq(rng), sq(rng), sq(rng))
            } else {
                let (a, b, c) = (sq(rng), sq(rng), sq(rng));
                format!("{a}{b},{b}{c}")
            }
        }
        // A legal move with a promotion suffix added, changed or removed.
        5 => format!("{}+", write(&some_legal).trim_end_matches('+')),
        6 => format!("{}=", write(&some_legal).trim_end_matches('+')),
        7 => write(&some_legal).trim_end_matches('+').to_string(),
        // A legal move with one character changed, dropped or doubled.
        8 | 9 => {
            let mut b = write(&some_legal).into_bytes();
            let i = rng.below(b.len());
            match rng.below(3) {
                0 => b[i] = b"0123456789abcz+=*@x,-"[rng.below(21)],
                1 => {
                    b.remove(i);
                }
                _ => b.insert(i, b[i]),
            }
            String::from_utf8_lossy(&b).into_owned()
        }
        // A legal move's start repeated as a leg (igui or pass look-alikes).
        10 if some_legal.drop == 0 => {
            let t = write(&some_legal);
            let from = if usi {
                pos.square_name(some_legal.from)
            } else {
                pos.xboard_square_name(some_legal.from)
            };
            format!("{from}{}", t.trim_start_matches(&from))
        }
        // Shots and legs beyond any piece's power.
        11 => format!("{}x{}x{}x{}", write(&some_legal), sq(rng), sq(rng), sq(rng)),
        12 => (0..5)
            .map(|_| sq(rng))
            .collect::<Vec<_>>()
            .join(if usi { "" } else { "," }),
        // Overlong and non-ASCII text.
        13 => write(&some_legal).repeat(200),
        14 => {
            ["７f７e", "7f7é", "\u{1F600}", "a\u{0}b", "１a１b", "P*５e"][rng.below(6)].to_string()
        }
        _ => {
            ["pass", "@@@@", "", "+", "*", "x", "0a0a", "1", "P*", "@a1"][rng.below(10)].to_string()
        }
    }
}

/// (variant, position, texts the library rejects) for the front-end runs.
struct Case {
    moves: Vec<String>,
    rejected: Vec<String>,
    sfen: String,
}

/// Library check of one text: parsing never panics; a text it accepts is a legal move
/// whose own text reads back as the same move.
fn check_text(pos: &Position, text: &str, usi: bool) -> bool {
    let parsed = if usi {
        pos.parse_move(text)
    } else {
        pos.parse_xboard_move(text)
    };
    match parsed {
        Ok(m) => {
            assert!(
                pos.legal_moves().contains(&m),
                "{text} parsed to an illegal move"
            );
            let again = if usi {
                pos.parse_move(&pos.move_to_usi(&m))
            } else {
                pos.parse_xboard_move(&pos.move_to_xboard(&m))
            };
            assert_eq!(again, Ok(m), "{text}");
            true
        }
        Err(e) => {
            let msg = e.to_string();
            assert!(!msg.is_empty() && !msg.contains('\n'), "{text}: {msg:?}");
            false
        }
    }
}

fn cases(variant: &str, usi: bool, positions: usize, per_position: usize, seed: u64) -> Vec<Case> {
    let v = Variant::by_name(variant).expect("variant");
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..positions {
        let plies = rng.below(60);
        let (pos, moves) = playout(v, &mut rng, plies);
        let sfen = pos.to_sfen();
        let mut rejected = Vec::new();
        for _ in 0..per_position {
            let text = hostile(&pos, &mut rng, usi);
            if !check_text(&pos, &text, usi) {
                rejected.push(text);
            }
        }
        assert_eq!(pos.to_sfen(), sfen, "parsing changed the position");
        out.push(Case {
            moves,
            rejected,
            sfen,
        });
    }
    out
}

#[test]
fn library_parsers_reject_hostile_move_text() {
    for (i, variant) in VARIANTS.iter().enumerate() {
        for usi in [true, false] {
            let cs = cases(
                variant,
                usi,
                20 * scale(),
                100,
                1000 + i as u64 + usi as u64,
            );
            let rejected: usize = cs.iter().map(|c| c.rejected.len()).sum();
            eprintln!(
                "{variant} {}: {} texts tried, {rejected} rejected",
                if usi { "USI" } else { "XBoard" },
                cs.len() * 100
            );
        }
    }
}

/// A USI line carrying `text` as one token (texts with spaces or control bytes would be
/// split or cut by the line reader; those are covered by the protocol fuzz tests).
fn one_token(text: &str) -> bool {
    !text.is_empty() && !text.chars().any(|c| c.is_whitespace() || c.is_control())
}

#[test]
fn usi_front_end_rejects_hostile_move_text() {
    for (i, variant) in VARIANTS.iter().enumerate() {
        let mut e = Engine::start(&["--variant", variant]);
        e.send("usi");
        e.expect("usiok", REPLY);
        e.send("setoption name Threads value 1");
        let mut tried = 0;
        for case in cases(variant, true, 3 * scale(), 40, 2000 + i as u64) {
            let prefix = format!("position startpos moves {}", case.moves.join(" "));
            e.send(prefix.trim_end());
            let texts: Vec<&String> = case.rejected.iter().filter(|t| one_token(t)).collect();
            for t in &texts {
                e.send(&format!("{} {t}", prefix.trim_end()));
            }
            let lines = e.replies_before("isready", "readyok");
            let errors = lines
                .iter()
                .filter(|l| l.starts_with("info string error"))
                .count();
            assert_eq!(errors, texts.len(), "{variant}: {lines:#?}");
            assert_eq!(errors, lines.len(), "{variant}: extra output {lines:#?}");
            e.send("d");
            let shown = e.expect("info string sfen ", REPLY);
            e.expect("info string variant ", REPLY);
            assert_eq!(shown.trim_start_matches("info string sfen "), case.sfen);
            tried += texts.len();
        }
        e.send("go movetime 300");
        e.expect("bestmove", Duration::from_secs(30));
        eprintln!("{variant} USI front end: {tried} hostile texts");
        e.quit();
    }
}

#[test]
fn xboard_front_end_rejects_hostile_move_text() {
    for (i, variant) in VARIANTS.iter().enumerate() {
        let mut e = Engine::start(&[]);
        e.send("xboard");
        e.send("protover 2");
        e.expect("feature ", REPLY);
        let mut tried = 0;
        for (k, case) in cases(variant, false, 3 * scale(), 40, 3000 + i as u64)
            .into_iter()
            .enumerate()
        {
            e.send("new");
            e.send(&format!("variant {variant}"));
            e.send("force");
            let v = Variant::by_name(variant).expect("variant");
            let mut pos = Position::start(v, v.default_rules);
            for m in &case.moves {
                let mv = pos.parse_move(m).expect("playout move");
                e.send(&format!("usermove {}", pos.move_to_xboard(&mv)));
                pos.make(mv);
            }
            let texts: Vec<&String> = case.rejected.iter().filter(|t| one_token(t)).collect();
            let before = e.replies_before(&format!("ping {k}"), "pong");
            assert!(
                before.iter().all(|l| l.starts_with("setup ")),
                "{variant}: {before:?}"
            );
            for t in &texts {
                e.send(&format!("usermove {t}"));
            }
            let lines = e.replies_before(&format!("ping {}", k + 1000), "pong");
            let errors = lines
                .iter()
                .filter(|l| l.starts_with("Illegal move") || l.starts_with("Error"))
                .count();
            assert_eq!(errors, texts.len(), "{variant}: {lines:#?}");
            assert_eq!(errors, lines.len(), "{variant}: extra output {lines:#?}");
            e.send("d");
            let shown = e.expect("# sfen ", REPLY);
            e.expect("# variant ", REPLY);
            assert_eq!(shown.trim_start_matches("# sfen "), case.sfen);
            tried += texts.len();
        }
        eprintln!("{variant} XBoard front end: {tried} hostile texts");
        e.quit();
    }
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_largeshogi"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// One line on stderr, exit code 2, nothing on stdout.
fn assert_one_line_error(args: &[&str], (code, out, err): (i32, String, String)) {
    assert_eq!(code, 2, "{args:?}: {out} {err}");
    assert!(out.is_empty(), "{args:?}: {out}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

#[test]
fn perft_and_analyze_reject_hostile_move_text() {
    for (i, variant) in VARIANTS.iter().enumerate() {
        let mut tried = 0;
        for case in cases(variant, true, scale(), 12, 4000 + i as u64) {
            for t in case
                .rejected
                .iter()
                .filter(|t| one_token(t) && !t.starts_with('-'))
            {
                let mut moves = case.moves.clone();
                moves.push(t.clone());
                let sub = if tried % 2 == 0 { "perft" } else { "analyze" };
                let mut args = vec![sub, "--variant", variant, "--depth", "1", "--moves"];
                args.extend(moves.iter().map(String::as_str));
                assert_one_line_error(&args, run(&args));
                tried += 1;
            }
        }
        eprintln!("{variant} perft/analyze CLI: {tried} hostile texts");
    }
}

fn temp_file(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("largeshogi-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("temp file");
    p
}

#[test]
fn openings_files_with_bad_lines_are_refused() {
    for (i, variant) in VARIANTS.iter().enumerate() {
        let mut tried = 0;
        for case in cases(variant, true, scale(), 6, 5000 + i as u64) {
            for t in case
                .rejected
                .iter()
                .filter(|t| one_token(t) && !t.contains('#'))
            {
                let text = format!("{}\n{} {t}\n", case.moves.join(" "), case.moves.join(" "));
                let p = temp_file(&format!("{variant}-{tried}.txt"), text.as_bytes());
                let path = p.to_string_lossy().into_owned();
                let engine = format!("a={}", env!("CARGO_BIN_EXE_largeshogi"));
                let args = [
                    "match",
                    "--variant",
                    variant,
                    "--engine",
                    &engine,
                    "--engine",
                    &engine,
                    "--openings",
                    &path,
                ];
                let r = run(&args);
                assert!(r.2.contains("openings line 2"), "{args:?}: {}", r.2);
                assert_one_line_error(&args, r);
                tried += 1;
            }
        }
        eprintln!("{variant} openings files: {tried} bad lines");
    }
}

#[test]
fn analyze_game_files_truncated_binary_and_huge() {
    let v = Variant::chu();
    let mut rng = Rng::new(77);
    let (_, moves) = playout(v, &mut rng, 40);
    let game = moves.join(" ");
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    // Truncated in the middle of a move (the last token is cut).
    let cut = &game[..game.len() - 1];
    files.push(("truncated.txt".into(), cut.as_bytes().to_vec()));
    files.push((
        "truncated.pgn".into(),
        b"[Event \"x\"]\n[SFEN \"lfcsgekgscfl/a1b1txot1b1a/mvrh".to_vec(),
    ));
    files.push((
        "binary.bin".into(),
        (0..4096u32).map(|i| (i * 7 % 256) as u8).collect(),
    ));
    files.push(("huge.txt".into(), vec![b'7'; 17 * 1024 * 1024]));
    files.push(("comment.pgn".into(), b"{ never closed 7i7h".to_vec()));
    for (name, bytes) in &files {
        let p = temp_file(name, bytes);
        let path = p.to_string_lossy().into_owned();
        let args = ["analyze", "--depth", "1", "--game", &path];
        let r = run(&args);
        if name == "comment.pgn" {
            // An unclosed comment hides the rest: an empty game, analysed fine.
            assert_eq!(r.0, 0, "{name}: {}", r.2);
            continue;
        }
        assert_one_line_error(&args, r);
    }
    // A missing file.
    let args = ["analyze", "--game", "/nonexistent/game.pgn"];
    assert_one_line_error(&args, run(&args));
}

/// (name, type, min, max, vars) of each `option` line of the USI handshake.
fn usi_options(lines: &[String]) -> Vec<(String, String, i64, i64, Vec<String>)> {
    let mut out = Vec::new();
    for l in lines.iter().filter(|l| l.starts_with("option name ")) {
        let words: Vec<&str> = l.split_whitespace().collect();
        let name = words[2].to_string();
        let ty = words[4].to_string();
        let num = |key: &str| {
            words
                .iter()
                .position(|&w| w == key)
                .and_then(|i| words.get(i + 1))
                .and_then(|n| n.parse().ok())
                .unwrap_or(0)
        };
        let vars = words
            .windows(2)
            .filter(|w| w[0] == "var")
            .map(|w| w[1].to_string())
            .collect();
        out.push((name, ty, num("min"), num("max"), vars));
    }
    out
}

#[test]
fn option_values_at_min_max_beyond_and_malformed() {
    for variant in VARIANTS {
        let mut e = Engine::start(&["--variant", variant]);
        e.send("usi");
        let hello = e.until(REPLY, |l| l == "usiok");
        let options = usi_options(&hello);
        assert!(options.len() >= 5, "{hello:?}");
        let (mut good, mut bad) = (0, 0);
        for (name, ty, min, max, vars) in options {
            let (ok, ko): (Vec<String>, Vec<String>) = match ty.as_str() {
                // The hash maximum is half the machine's memory: not allocated here.
                "spin" if name == "USI_Hash" => (
                    vec![min.to_string(), "16".into()],
                    vec![(min - 1).to_string(), (max + 1).to_string()],
                ),
                "spin" => (
                    vec![min.to_string(), max.to_string(), 1.to_string()],
                    vec![(min - 1).to_string(), (max + 1).to_string()],
                ),
                "check" => (vec!["true".into(), "false".into()], vec!["maybe".into()]),
                "combo" => (vars.clone(), vec!["nonexistent".into()]),
                _ => (vec![], vec![]),
            };
            let malformed = [
                "",
                "abc",
                "1e3",
                "99999999999999999999999",
                "-",
                "\u{1F600}",
            ];
            for value in &ok {
                e.send(&format!("setoption name {name} value {value}"));
                let lines = e.replies_before("isready", "readyok");
                assert!(lines.is_empty(), "{variant} {name}={value}: {lines:?}");
                good += 1;
            }
            if name == "USI_Variant" {
                e.send(&format!("setoption name USI_Variant value {variant}"));
            }
            for value in ko.iter().map(String::as_str).chain(malformed) {
                if ty != "spin" && ty != "check" && ty != "combo" {
                    continue;
                }
                let cmd = format!("setoption name {name} value {value}");
                let lines = e.replies_before(&cmd, "info string error");
                assert!(lines.is_empty(), "{variant} {cmd}: {lines:?}");
                let after = e.replies_before("isready", "readyok");
                assert!(after.is_empty(), "{variant} {cmd}: {after:?}");
                bad += 1;
            }
        }
        // Sane settings again, then the engine still plays.
        e.send(&format!("setoption name USI_Variant value {variant}"));
        e.send("setoption name Rules value default");
        e.send("setoption name Threads value 1");
        e.send("setoption name MultiPV value 1");
        e.send("position startpos");
        e.send("go movetime 300");
        e.expect("bestmove", Duration::from_secs(60));
        eprintln!("{variant} USI options: {good} valid values, {bad} invalid");
        e.quit();
    }
}

#[test]
fn referee_scores_hostile_engine_moves_as_illegal() {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("python3 missing: referee fuzz skipped");
        return;
    }
    let fake_script = format!("{}/tests/fake_engine.py", env!("CARGO_MANIFEST_DIR"));
    for (i, variant) in VARIANTS.iter().enumerate() {
        let mut tried = 0;
        // From the start position (the fake engine moves first, from the start).
        let v = Variant::by_name(variant).expect("variant");
        let start = Position::start(v, v.default_rules);
        let mut rng = Rng::new(6000 + i as u64);
        let mut texts = Vec::new();
        while texts.len() < 2 * scale() {
            let t = hostile(&start, &mut rng, true);
            if one_token(&t) && t.len() < 100 && !check_text(&start, &t, true) {
                texts.push(t);
            }
        }
        for t in texts {
            let fake = format!("fake=python3 {fake_script} text:{t} proto=usi");
            let real = format!("real={} option.Threads=1", env!("CARGO_BIN_EXE_largeshogi"));
            let (code, out, err) = run(&[
                "match",
                "--variant",
                variant,
                "--engine",
                &fake,
                "--engine",
                &real,
                "--games",
                "1",
                "--tc",
                "2+0.1",
                "--openings",
                "/dev/null",
            ]);
            assert_eq!(code, 0, "{variant} {t}: {err}");
            assert!(!err.contains("panicked"), "{err}");
            assert!(err.contains("illegal move"), "{variant} {t}: {out}\n{err}");
            tried += 1;
        }
        eprintln!("{variant} referee: {tried} hostile engine moves");
    }
}

#[test]
fn xboard_option_values_at_min_max_beyond_and_malformed() {
    let mut e = Engine::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature ", REPLY);
    let good = [
        "memory 1",
        "memory 16",
        "cores 1",
        "cores 256",
        "cores 2",
        "option Rules=default",
        "option Rules=lishogi",
        "option Rules=hachu",
        "option Rules=default",
    ];
    let bad = [
        "memory 0",
        "memory -1",
        "memory 99999999999",
        "memory abc",
        "memory",
        "cores 0",
        "cores 257",
        "cores -3",
        "cores 1e3",
        "cores",
        "option Rules=none",
        "option Rules",
        "option Foo=1",
        "option =",
        "option Rules=\u{1F600}",
    ];
    for (k, cmd) in good.iter().enumerate() {
        e.send(cmd);
        let lines = e.replies_before(&format!("ping {k}"), "pong");
        assert!(lines.is_empty(), "{cmd}: {lines:?}");
    }
    for (k, cmd) in bad.iter().enumerate() {
        e.send(cmd);
        let lines = e.replies_before(&format!("ping {}", 100 + k), "pong");
        assert_eq!(lines.len(), 1, "{cmd}: {lines:?}");
        assert!(lines[0].starts_with("Error"), "{cmd}: {lines:?}");
    }
    e.send("new");
    e.send("st 1");
    e.send("go");
    e.expect("move ", Duration::from_secs(30));
    eprintln!(
        "XBoard options: {} valid values, {} invalid",
        good.len(),
        bad.len()
    );
    e.quit();
}
