//! The browser board's JSON API, through the built binary: `largeshogi gui --port 0` and
//! plain HTTP over a socket.

use largeshogi::position::Position;
use largeshogi::variant::Variant;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(variant: &str) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_largeshogi"))
        .args(["gui", "--variant", variant, "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start largeshogi gui");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("read the URL line");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("no URL in {line:?}"))
        .to_string();
    Server { child, addr }
}

/// One request; returns the status and the body.
fn request(
    s: &Server,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String) {
    let mut stream = TcpStream::connect(&s.addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let mut req = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    if !headers.iter().any(|(k, _)| *k == "Host") {
        req.push_str(&format!("Host: {}\r\n", s.addr));
    }
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    stream.write_all(req.as_bytes()).expect("send");
    let mut text = String::new();
    stream.read_to_string(&mut text).expect("read");
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status in {text:?}"));
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("");
    // Small replies may come chunked; the tests only need the JSON inside.
    let body = if text
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_string()
    };
    (status, body)
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}

fn get(s: &Server, path: &str) -> Value {
    let (status, body) = request(s, "GET", path, &[], "");
    assert_eq!(status, 200, "GET {path}: {body}");
    serde_json::from_str(&body).expect("JSON")
}

fn post(s: &Server, path: &str, body: Value) -> (u16, Value) {
    let (status, text) = request(
        s,
        "POST",
        path,
        &[("Content-Type", "application/json")],
        &body.to_string(),
    );
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

fn state(s: &Server) -> Value {
    get(s, "/api/state")
}

/// The state without its version and clocks (what a refused request must leave as it was).
fn game_of(st: &Value) -> Value {
    let mut st = st.clone();
    if let Some(o) = st.as_object_mut() {
        o.remove("version");
    }
    st
}

fn wait_for(s: &Server, what: &str, secs: u64, pred: impl Fn(&Value) -> bool) -> Value {
    let end = Instant::now() + Duration::from_secs(secs);
    loop {
        let st = state(s);
        if pred(&st) {
            return st;
        }
        assert!(Instant::now() < end, "timed out waiting for {what}: {st}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The API lists exactly the engine's legal moves, piece by piece.
#[test]
fn legal_moves_per_piece_match_the_generator() {
    for name in ["chu", "tai"] {
        let s = start(name);
        let v = Variant::by_name(name).expect("variant");
        let pos = Position::start(v, v.default_rules);
        let mut expected: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|m| pos.move_to_usi(m))
            .collect();
        expected.sort();
        let mut got = Vec::new();
        for sq in v.squares() {
            if pos.piece_at(sq).is_none() {
                continue;
            }
            let r = get(&s, &format!("/api/moves?from={}", pos.square_name(sq)));
            for m in r["moves"].as_array().expect("moves") {
                got.push(m["usi"].as_str().expect("usi").to_string());
                assert!(!m["seq"].as_array().expect("seq").is_empty());
            }
        }
        got.sort();
        assert_eq!(got, expected, "{name}");
    }
}

#[test]
fn make_move_undo_redo_and_engine_reply() {
    let s = start("chu");
    let (status, _) = post(&s, "/api/move", json!({ "move": "8i8h" }));
    assert_eq!(status, 200);
    let st = state(&s);
    assert_eq!(st["cursor"], 1);
    assert_eq!(st["line"][0], "8i8h");
    assert_eq!(st["side"], "white");
    assert_eq!(st["last"]["path"].as_array().map(|a| a.len()), Some(2));
    assert_eq!(post(&s, "/api/undo", json!({})).0, 200);
    assert_eq!(state(&s)["cursor"], 0);
    assert_eq!(post(&s, "/api/redo", json!({ "plies": 1 })).0, 200);
    assert_eq!(state(&s)["cursor"], 1);
    // A clock: both sides get the base time; the side to move's clock runs.
    let (status, _) = post(
        &s,
        "/api/settings",
        json!({ "base_ms": 60_000, "inc_ms": 1000 }),
    );
    assert_eq!(status, 200);
    let clocks = state(&s)["clocks_ms"].clone();
    assert!(clocks[0].as_u64().is_some_and(|b| b == 60_000), "{clocks}");
    assert!(
        clocks[1]
            .as_u64()
            .is_some_and(|w| w <= 60_000 && w > 50_000),
        "{clocks}"
    );
    // The engine plays White, 200 ms a move.
    let (status, _) = post(
        &s,
        "/api/settings",
        json!({ "engine_side": "white", "movetime_ms": 200 }),
    );
    assert_eq!(status, 200);
    let st = wait_for(&s, "the engine's reply", 20, |st| {
        st["cursor"] == 2 && st["thinking"].is_null()
    });
    let reply = st["line"][1].as_str().expect("reply").to_string();
    let v = Variant::chu();
    let mut pos = Position::start(v, v.default_rules);
    let first = pos.parse_move("8i8h").expect("legal");
    pos.make(first);
    assert!(
        pos.parse_move(&reply).is_ok(),
        "engine reply {reply} is legal"
    );
    // Exports read back.
    let usi = get(&s, "/api/export?format=usi")["text"]
        .as_str()
        .expect("usi")
        .to_string();
    assert_eq!(usi, format!("startpos moves 8i8h {reply}"));
    let pgn = get(&s, "/api/export?format=pgn")["text"]
        .as_str()
        .expect("pgn")
        .to_string();
    assert!(pgn.contains("[Variant \"chu\"]"), "{pgn}");
    post(&s, "/api/settings", json!({ "engine_side": "none" }));
    let kif = get(&s, "/api/export?format=kif")["text"]
        .as_str()
        .expect("kif")
        .to_string();
    assert!(kif.contains("手数----"), "{kif}");
    for text in [pgn, kif] {
        assert_eq!(post(&s, "/api/new", json!({})).0, 200);
        assert_eq!(state(&s)["cursor"], 0);
        assert_eq!(post(&s, "/api/import", json!({ "text": text })).0, 200);
        assert_eq!(state(&s)["line"], st["line"], "{text}");
    }
}

#[test]
fn bad_requests_are_refused_and_change_nothing() {
    let s = start("chu");
    assert_eq!(post(&s, "/api/move", json!({ "move": "8i8h" })).0, 200);
    let before = game_of(&state(&s));
    let bad_posts = [
        ("/api/move", json!({ "move": "9g9f" }), 400), // no piece of the side to move
        ("/api/move", json!({ "move": "9a9c" }), 400), // not a move of that piece
        ("/api/move", json!({ "move": "zz" }), 400),   // malformed
        ("/api/move", json!({ "move": 7 }), 400),      // wrong type
        ("/api/move", json!({}), 400),                 // missing
        ("/api/undo", json!({ "plies": 5 }), 409),     // more than played
        ("/api/undo", json!({ "plies": -1 }), 400),
        ("/api/redo", json!({}), 409), // nothing to redo
        ("/api/new", json!({ "variant": "xiangqi" }), 400),
        ("/api/import", json!({ "text": "sfen nonsense" }), 400),
        ("/api/settings", json!({ "engine_side": "both" }), 400),
        ("/api/settings", json!({ "movetime_ms": 0 }), 400),
        ("/api/settings", json!({ "multipv": 99 }), 400),
        ("/api/analysis", json!({ "on": "yes" }), 400),
        ("/api/teleport", json!({}), 404),
    ];
    for (path, body, code) in bad_posts {
        let (status, reply) = post(&s, path, body.clone());
        assert_eq!(status, code, "{path} {body}: {reply}");
        assert!(
            reply["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{path}: {reply}"
        );
    }
    for (path, code) in [
        ("/api/moves?from=99z", 400),
        ("/api/moves", 400),
        ("/api/moves?drop=ZZ", 400),
        ("/api/export?format=kif2", 400),
        ("/api/board.svg?names=greek", 400),
        ("/api/nothing", 404),
        ("/nothing", 404),
    ] {
        let (status, body) = request(&s, "GET", path, &[], "");
        assert_eq!(status, code, "{path}: {body}");
    }
    // Not JSON, or not declared as JSON (a cross-site form could send that).
    let (status, _) = request(
        &s,
        "POST",
        "/api/move",
        &[("Content-Type", "application/json")],
        "{move",
    );
    assert_eq!(status, 400);
    let (status, _) = request(
        &s,
        "POST",
        "/api/move",
        &[("Content-Type", "text/plain")],
        "{\"move\":\"9a9b\"}",
    );
    assert_eq!(status, 403);
    // Cross-origin requests: foreign Origin, Host (DNS rebinding) or fetch site.
    let (status, _) = request(
        &s,
        "GET",
        "/api/state",
        &[("Origin", "http://evil.example")],
        "",
    );
    assert_eq!(status, 403);
    let (status, _) = request(
        &s,
        "POST",
        "/api/move",
        &[
            ("Origin", "http://evil.example"),
            ("Content-Type", "application/json"),
        ],
        "{\"move\":\"9a9b\"}",
    );
    assert_eq!(status, 403);
    let (status, _) = request(&s, "GET", "/api/state", &[("Host", "evil.example:80")], "");
    assert_eq!(status, 403);
    let (status, _) = request(
        &s,
        "GET",
        "/api/state",
        &[("Sec-Fetch-Site", "cross-site")],
        "",
    );
    assert_eq!(status, 403);
    let origin = format!("http://{}", s.addr);
    let (status, _) = request(&s, "GET", "/api/state", &[("Origin", origin.as_str())], "");
    assert_eq!(status, 200, "same origin is fine");
    assert_eq!(
        game_of(&state(&s)),
        before,
        "refused requests changed the game"
    );
    // The page itself is served.
    let (status, page) = request(&s, "GET", "/", &[], "");
    assert_eq!(status, 200);
    assert!(page.contains("<script src=\"/page.js\">"));
}

/// Analysis starts, reports depth/score/PV on the event stream, and stops at once.
#[test]
fn analysis_start_and_stop() {
    let s = start("chu");
    let mut events = TcpStream::connect(&s.addr).expect("connect");
    events
        .set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    write!(
        events,
        "GET /api/events HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
        s.addr
    )
    .expect("send");
    let mut reader = BufReader::new(events);
    let (status, _) = post(&s, "/api/analysis", json!({ "on": true }));
    assert_eq!(status, 200);
    assert_eq!(state(&s)["thinking"], "analysis");
    let mut info = None;
    let mut line = String::new();
    let end = Instant::now() + Duration::from_secs(20);
    while info.is_none() && Instant::now() < end {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        if let Some(data) = line.strip_prefix("data: ") {
            let v: Value = serde_json::from_str(data.trim()).expect("event JSON");
            if v["kind"] == "analysis" && v["pv"].as_array().is_some_and(|p| !p.is_empty()) {
                info = Some(v);
            }
        }
    }
    let info = info.expect("an analysis info event with a PV");
    assert!(info["depth"].as_u64().is_some_and(|d| d >= 1));
    assert!(info["score"].get("cp").is_some() || info["score"].get("mate").is_some());
    let v = Variant::chu();
    let pos = Position::start(v, v.default_rules);
    let first = info["pv"][0].as_str().expect("pv move");
    assert!(
        pos.parse_move(first).is_ok(),
        "PV starts with a legal move: {first}"
    );
    // A move while analysing: analysis goes on on the new position.
    assert_eq!(post(&s, "/api/move", json!({ "move": first })).0, 200);
    assert_eq!(state(&s)["thinking"], "analysis");
    let t = Instant::now();
    assert_eq!(post(&s, "/api/analysis", json!({ "on": false })).0, 200);
    let stop_ms = t.elapsed().as_millis();
    let st = state(&s);
    assert!(st["thinking"].is_null(), "{st}");
    assert!(stop_ms < 2000, "stop took {stop_ms} ms");
}

/// `largeshogi diagram` writes a standalone SVG; bad options give a one-line error.
#[test]
fn diagram_command_writes_svg() {
    let dir = std::env::temp_dir().join(format!("largeshogi-diagram-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let out = dir.join("tai.svg");
    let status = Command::new(env!("CARGO_BIN_EXE_largeshogi"))
        .args([
            "diagram",
            "--variant",
            "tai",
            "--last-move",
            "13s13r",
            "--names",
            "english",
            "-o",
        ])
        .arg(&out)
        .status()
        .expect("run diagram");
    assert!(status.success());
    let svg = std::fs::read_to_string(&out).expect("written");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(
        svg.matches("class=\"pc\"").count(),
        354,
        "Tai has 177 pieces a side"
    );
    assert_eq!(svg.matches("class=\"sq last\"").count(), 2);
    let bad = Command::new(env!("CARGO_BIN_EXE_largeshogi"))
        .args(["diagram", "--variant", "chu", "--names", "greek", "-o"])
        .arg(dir.join("x.svg"))
        .output()
        .expect("run diagram");
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&bad.stderr).lines().count(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ko: a Poison flame's move lists the pieces it burns, and after the move the state's
/// last-move marks show them gone.
#[test]
fn burning_is_listed_and_shown() {
    let s = start("ko");
    let sfen = "9g9/19/19/19/19/19/19/10p8/19/9+EN9/19/19/19/19/19/19/19/19/9G9 b - 1";
    assert_eq!(post(&s, "/api/import", json!({ "text": sfen })).0, 200);
    // 9h is square 7 * 19 + (19 - 9).
    let burnt = 7 * 19 + 10;
    let moves = get(&s, "/api/moves?from=10j");
    let step = moves["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .find(|m| m["usi"] == "10j10i")
        .expect("10j10i listed")
        .clone();
    assert_eq!(step["gone"], json!([burnt]), "{step}");
    assert_eq!(post(&s, "/api/move", json!({ "move": "10j10i" })).0, 200);
    let st = state(&s);
    assert_eq!(st["last"]["gone"], json!([burnt]));
    assert_eq!(
        st["owners"].as_str().map(|o| &o[burnt..burnt + 1]),
        Some(".")
    );
    let (_, svg) = request(&s, "GET", "/api/board.svg", &[], "");
    assert_eq!(svg.matches("class=\"gone\"").count(), 1);
}
