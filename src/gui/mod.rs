//! `largeshogi gui`: a local web server with a board for every variant. It serves one page
//! embedded in the binary (`page.html`, `page.js`, `page.css`: plain HTML, CSS and
//! JavaScript, no build step), a JSON API (`api.rs`) and server-sent events (`events.rs`).
//! The engine runs in process (`protocol::Engine`: one search at a time, stopped at once);
//! the page asks the server for legal moves and never applies rules itself.
//!
//! tiny_http serves it: a synchronous server fits an engine whose state sits behind one
//! lock, and it needs no async runtime.

pub mod api;
pub mod events;
pub mod records;
pub mod session;

use crate::protocol::Event;
use crate::variant::{Rules, Variant};
use events::Hub;
use session::Session;
use std::io::{Read, Write};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use tiny_http::{Header, Request, Response, Server};

const PAGE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");

/// Largest request body read (an imported game).
const MAX_BODY: u64 = 2 << 20;
/// Threads answering requests (event streams get their own threads).
const WORKERS: usize = 4;

pub struct Config {
    pub variant: &'static Variant,
    pub rules: Rules,
    pub host: String,
    pub port: u16,
    pub open: bool,
}

/// Runs the server until the process is stopped.
pub fn run(cfg: Config) -> Result<(), String> {
    let server = Server::http((cfg.host.as_str(), cfg.port))
        .map_err(|e| format!("cannot listen on {}:{}: {e}", cfg.host, cfg.port))?;
    let port = server
        .server_addr()
        .to_ip()
        .map(|a| a.port())
        .ok_or("the server has no IP address")?;
    let shown_host = if cfg.host.contains(':') {
        format!("[{}]", cfg.host)
    } else {
        cfg.host.clone()
    };
    let url = format!("http://{shown_host}:{port}/");
    // A closed stdout must not stop the server: write errors are ignored.
    let _ = writeln!(
        std::io::stdout(),
        "largeshogi gui: {url}  ({} board; Ctrl-C stops)",
        cfg.variant.name
    );
    let _ = std::io::stdout().flush();
    if cfg.open {
        open_browser(&url);
    }
    let (tx, rx) = mpsc::channel();
    let hub = Arc::new(Hub::default());
    let session = Arc::new(Mutex::new(Session::new(
        cfg.variant,
        cfg.rules,
        tx,
        hub.clone(),
    )));
    {
        let session = session.clone();
        std::thread::Builder::new()
            .name("gui-events".into())
            .spawn(move || {
                for ev in rx {
                    if let Event::SearchDone(id) = ev {
                        if let Ok(mut s) = session.lock() {
                            s.search_done(id);
                        }
                    }
                }
            })
            .map_err(|e| format!("cannot start a thread: {e}"))?;
    }
    let guard = Arc::new(Guard::new(&cfg.host, port));
    let server = Arc::new(server);
    let mut workers = Vec::new();
    for i in 0..WORKERS {
        let (server, session, hub, guard) =
            (server.clone(), session.clone(), hub.clone(), guard.clone());
        let w = std::thread::Builder::new()
            .name(format!("gui-http-{i}"))
            .spawn(move || {
                for request in server.incoming_requests() {
                    serve(request, &session, &hub, &guard);
                }
            })
            .map_err(|e| format!("cannot start a thread: {e}"))?;
        workers.push(w);
    }
    for w in workers {
        let _ = w.join();
    }
    Ok(())
}

/// The cross-origin check: the Host header must name this server (which also defeats DNS
/// rebinding), and a browser's Origin and Sec-Fetch-Site must say the request comes from
/// the page itself.
struct Guard {
    hosts: Vec<String>,
    /// Bound to all interfaces: any Host, but Origin must still match it.
    any_host: bool,
}

impl Guard {
    fn new(host: &str, port: u16) -> Guard {
        let mut hosts = vec![format!("{host}:{port}"), format!("[{host}]:{port}")];
        if host == "127.0.0.1" || host == "localhost" || host == "::1" {
            for h in ["127.0.0.1", "localhost", "[::1]"] {
                hosts.push(format!("{h}:{port}"));
            }
        }
        Guard {
            hosts,
            any_host: host == "0.0.0.0" || host == "::",
        }
    }

    fn check(&self, req: &Request) -> Result<(), String> {
        let header = |name: &str| {
            req.headers()
                .iter()
                .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
                .map(|h| h.value.as_str().to_string())
        };
        let host = header("Host").ok_or("no Host header")?;
        if !self.any_host && !self.hosts.iter().any(|h| h.eq_ignore_ascii_case(&host)) {
            return Err(format!(
                "Host '{host}' is not this server: cross-origin requests are refused"
            ));
        }
        if let Some(origin) = header("Origin") {
            if !origin.eq_ignore_ascii_case(&format!("http://{host}")) {
                return Err(format!(
                    "Origin '{origin}' is not this server: cross-origin requests are refused"
                ));
            }
        }
        if let Some(site) = header("Sec-Fetch-Site") {
            if site == "cross-site" || site == "same-site" {
                return Err("cross-origin requests are refused".into());
            }
        }
        if req.method().as_str() == "POST" {
            let json =
                header("Content-Type").is_some_and(|t| t.trim().starts_with("application/json"));
            if !json {
                return Err("POST bodies must be application/json".into());
            }
        }
        Ok(())
    }
}

fn serve(mut request: Request, session: &Arc<Mutex<Session>>, hub: &Arc<Hub>, guard: &Guard) {
    if let Err(why) = guard.check(&request) {
        respond(request, api::Reply::error(403, &why));
        return;
    }
    let method = request.method().as_str().to_string();
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((url.as_str(), ""));
    let page = |body: &str, kind: &'static str| api::Reply {
        status: 200,
        content_type: kind,
        body: page_file(path).unwrap_or_else(|| body.to_string()),
    };
    let reply = match (method.as_str(), path) {
        ("GET", "/") => page(PAGE, "text/html; charset=utf-8"),
        ("GET", "/page.js") => page(SCRIPT, "text/javascript; charset=utf-8"),
        ("GET", "/page.css") => page(STYLE, "text/css; charset=utf-8"),
        ("GET", "/api/events") => {
            let rx = hub.subscribe();
            let out = request.into_writer();
            let _ = std::thread::Builder::new()
                .name("gui-sse".into())
                .spawn(move || events::stream(out, rx));
            return;
        }
        (_, p) if p.starts_with("/api/") => {
            let mut body = String::new();
            let read = request
                .as_reader()
                .take(MAX_BODY + 1)
                .read_to_string(&mut body);
            if read.is_err() {
                api::Reply::error(400, "the body is not UTF-8 text")
            } else if body.len() as u64 > MAX_BODY {
                api::Reply::error(413, "the body is too large")
            } else {
                api::handle(session, &method, &p[4..], query, &body)
            }
        }
        _ => api::Reply::error(404, &format!("not found: {path}")),
    };
    respond(request, reply);
}

/// For work on the page: with `LARGESHOGI_GUI_DIR` set, the page's files are read from that
/// directory (e.g. src/gui) on every request instead of the copies built into the binary.
fn page_file(path: &str) -> Option<String> {
    let dir = std::env::var_os("LARGESHOGI_GUI_DIR")?;
    let name = match path {
        "/" => "page.html",
        "/page.js" => "page.js",
        "/page.css" => "page.css",
        _ => return None,
    };
    std::fs::read_to_string(std::path::Path::new(&dir).join(name)).ok()
}

fn respond(request: Request, reply: api::Reply) {
    let mut response = Response::from_string(reply.body).with_status_code(reply.status);
    for (k, v) in [
        ("Content-Type", reply.content_type),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
    ] {
        if let Ok(h) = Header::from_bytes(k.as_bytes(), v.as_bytes()) {
            response.add_header(h);
        }
    }
    let _ = request.respond(response);
}

fn open_browser(url: &str) {
    let tries: &[&[&str]] = if cfg!(target_os = "macos") {
        &[&["open"]]
    } else if cfg!(windows) {
        &[&["cmd", "/C", "start", ""]]
    } else {
        &[&["xdg-open"], &["sensible-browser"]]
    };
    for cmd in tries {
        let spawned = std::process::Command::new(cmd[0])
            .args(&cmd[1..])
            .arg(url)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
        if spawned.is_ok() {
            return;
        }
    }
    eprintln!("largeshogi gui: could not start a browser; open {url} yourself");
}
