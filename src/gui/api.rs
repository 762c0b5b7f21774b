//! The JSON API of the browser board, independent of HTTP: a request is a method, a path,
//! its query and body; the reply a status and a body. Errors are 4xx with
//! `{"error": "..."}` and leave the session as it was.

use super::records;
use super::session::{move_marks, side_name, square_index, Refused, Session, TimeControl};
use crate::diagram::{self, Names, Options};
use crate::gamefile::Format;
use crate::types::{Color, Move};
use crate::variant::Variant;
use serde_json::{json, Value};
use std::sync::Mutex;
use std::time::Duration;

pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: String,
}

impl Reply {
    fn json(v: Value) -> Reply {
        Reply {
            status: 200,
            content_type: "application/json",
            body: v.to_string(),
        }
    }
    pub fn error(status: u16, message: &str) -> Reply {
        Reply {
            status,
            content_type: "application/json",
            body: json!({ "error": message }).to_string(),
        }
    }
    fn text(body: String, content_type: &'static str) -> Reply {
        Reply {
            status: 200,
            content_type,
            body,
        }
    }
}

impl From<Refused> for Reply {
    fn from(r: Refused) -> Reply {
        Reply::error(if r.conflict { 409 } else { 400 }, &r.message)
    }
}

/// Handles one API request (`path` without the `/api` prefix).
pub fn handle(
    session: &Mutex<Session>,
    method: &str,
    path: &str,
    query: &str,
    body: &str,
) -> Reply {
    let Ok(mut s) = session.lock() else {
        return Reply::error(500, "the session is unusable after an internal error");
    };
    let q = |name: &str| query_param(query, name);
    let result: Result<Reply, Refused> = match (method, path) {
        ("GET", "/state") => Ok(Reply::json(s.state_json())),
        ("GET", "/moves") => moves(&s, q("from").as_deref(), q("drop").as_deref()).map(Reply::json),
        ("GET", "/board.svg") => board(&s, q("names").as_deref(), q("flip").as_deref()),
        ("GET", "/export") => export(&s, q("format").as_deref()),
        ("POST", _) => {
            match serde_json::from_str::<Value>(if body.trim().is_empty() { "{}" } else { body }) {
                Err(e) => Err(Refused::bad(format!("the body is not JSON: {e}"))),
                Ok(Value::Object(b)) => post(&mut s, path, &Value::Object(b)),
                Ok(_) => Err(Refused::bad("the body must be a JSON object")),
            }
        }
        (_, "/state" | "/moves" | "/board.svg" | "/export") => return Reply::error(405, "use GET"),
        _ => return Reply::error(404, &format!("no such API call: {method} /api{path}")),
    };
    match result {
        Ok(r) => r,
        Err(e) => e.into(),
    }
}

fn post(s: &mut Session, path: &str, b: &Value) -> Result<Reply, Refused> {
    let ok = || Ok(Reply::json(json!({ "ok": true })));
    match path {
        "/move" => {
            let text = str_field(b, "move")?;
            s.play_usi(text)?;
            ok()
        }
        "/undo" => {
            s.undo(count_field(b)?)?;
            ok()
        }
        "/redo" => {
            s.redo(count_field(b)?)?;
            ok()
        }
        "/go" => {
            s.go()?;
            ok()
        }
        "/stop" => {
            s.stop_now();
            ok()
        }
        "/analysis" => {
            let on = b
                .get("on")
                .and_then(Value::as_bool)
                .ok_or_else(|| Refused::bad("'on' must be true or false"))?;
            s.set_analysis(on);
            ok()
        }
        "/settings" => {
            settings(s, b)?;
            ok()
        }
        "/new" => {
            let variant = match b.get("variant") {
                None => s.variant(),
                Some(v) => {
                    let name = v
                        .as_str()
                        .ok_or_else(|| Refused::bad("'variant' must be a string"))?;
                    Variant::by_name(name).ok_or_else(|| {
                        Refused::bad(format!(
                            "unknown variant '{name}' (supported: {})",
                            Variant::names().join(", ")
                        ))
                    })?
                }
            };
            let rules = if std::ptr::eq(variant, s.variant()) {
                s.game().position().rules
            } else {
                variant.default_rules
            };
            s.new_game(
                variant,
                crate::position::Position::start(variant, rules),
                &[],
            )?;
            ok()
        }
        "/import" => {
            let text = str_field(b, "text")?;
            let rules = s.game().position().rules;
            let got = records::import(text, s.variant(), rules).map_err(Refused::bad)?;
            s.new_game(got.variant, got.start, &got.moves)?;
            ok()
        }
        _ => Ok(Reply::error(
            404,
            &format!("no such API call: POST /api{path}"),
        )),
    }
}

fn settings(s: &mut Session, b: &Value) -> Result<(), Refused> {
    let side = match b.get("engine_side") {
        None => None,
        Some(Value::Null) => Some(None),
        Some(v) => Some(match v.as_str() {
            Some("none") => None,
            Some("black") => Some(Color::Black),
            Some("white") => Some(Color::White),
            _ => return Err(Refused::bad("'engine_side' must be none, black or white")),
        }),
    };
    let ms = |name: &str, max: u64| -> Result<Option<Duration>, Refused> {
        match b.get(name) {
            None => Ok(None),
            Some(v) => match v.as_u64() {
                Some(n) if n <= max => Ok(Some(Duration::from_millis(n))),
                _ => Err(Refused::bad(format!(
                    "'{name}' must be 0..{max} milliseconds"
                ))),
            },
        }
    };
    let day = 86_400_000;
    let time = match (
        ms("movetime_ms", day)?,
        ms("base_ms", day)?,
        ms("inc_ms", day)?,
    ) {
        (Some(t), None, None) if !t.is_zero() => Some(TimeControl::MoveTime(t)),
        (None, Some(base), inc) if !base.is_zero() => Some(TimeControl::Clock {
            base,
            inc: inc.unwrap_or_default(),
        }),
        (None, None, None) => None,
        _ => {
            return Err(Refused::bad(
                "give movetime_ms > 0, or base_ms > 0 with an optional inc_ms",
            ))
        }
    };
    let multipv = match b.get("multipv") {
        None => None,
        Some(v) => Some(
            v.as_u64()
                .ok_or_else(|| Refused::bad("multipv must be 1..10"))? as usize,
        ),
    };
    s.configure(side, time, multipv)
}

fn str_field<'a>(b: &'a Value, name: &str) -> Result<&'a str, Refused> {
    b.get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| Refused::bad(format!("'{name}' must be a string")))
}

fn count_field(b: &Value) -> Result<usize, Refused> {
    match b.get("plies") {
        None => Ok(1),
        Some(v) => match v.as_u64() {
            Some(n) if (1..=10_000).contains(&n) => Ok(n as usize),
            _ => Err(Refused::bad("'plies' must be 1..10000")),
        },
    }
}

/// The legal moves of one piece (`from`, a USI square) or one kind in hand (`drop`, its
/// code). Each move: its USI text, the squares to click after the piece (`seq`: the
/// captured intermediate squares, the destination, then the shots), promotion, and the
/// squares whose pieces it removes (captures, shots, burning).
fn moves(s: &Session, from: Option<&str>, drop: Option<&str>) -> Result<Value, Refused> {
    let pos = s.game().position();
    let v = pos.variant;
    let filter: Box<dyn Fn(&Move) -> bool> = match (from, drop) {
        (Some(sq), None) => {
            let at = pos
                .parse_square(sq)
                .ok_or_else(|| Refused::bad(format!("'{sq}' is not a square of this board")))?;
            Box::new(move |m: &Move| m.drop == 0 && m.from == at)
        }
        (None, Some(code)) => {
            let t = v
                .piece_by_code(code)
                .ok_or_else(|| Refused::bad(format!("no piece has the code '{code}'")))?;
            Box::new(move |m: &Move| m.drop == t + 1)
        }
        _ => return Err(Refused::bad("give exactly one of 'from' and 'drop'")),
    };
    let idx = |sq| square_index(v, sq);
    let over = s.outcome().is_some();
    let list: Vec<Value> = if over {
        Vec::new()
    } else {
        s.game()
            .legal_moves()
            .iter()
            .filter(|m| filter(m))
            .map(|m| {
                let marks = move_marks(pos, m);
                let mut seq: Vec<usize> = m
                    .mid
                    .iter()
                    .filter(|q| !q.is_none())
                    .map(|&q| idx(q))
                    .collect();
                seq.push(idx(m.to));
                seq.extend(m.shots.iter().filter(|q| !q.is_none()).map(|&q| idx(q)));
                json!({
                    "usi": pos.move_to_usi(m),
                    "seq": seq,
                    "promote": m.promotes(),
                    "shots": m.shots.iter().filter(|q| !q.is_none()).count(),
                    "gone": marks.gone.iter().map(|&q| idx(q)).collect::<Vec<_>>(),
                })
            })
            .collect()
    };
    Ok(json!({
        "side": side_name(pos.side_to_move()),
        "moves": list,
    }))
}

fn board(s: &Session, names: Option<&str>, flip: Option<&str>) -> Result<Reply, Refused> {
    let names = match names {
        None => Names::Kanji,
        Some(n) => Names::parse(n).ok_or_else(|| Refused::bad("names must be kanji or english"))?,
    };
    let flipped = match flip {
        None | Some("0") => false,
        Some("1") => true,
        Some(_) => return Err(Refused::bad("flip must be 0 or 1")),
    };
    let opts = Options {
        names,
        flipped,
        marks: s.last_marks(),
        interactive: true,
    };
    Ok(Reply::text(
        diagram::svg(s.game().position(), &opts),
        "image/svg+xml",
    ))
}

fn export(s: &Session, format: Option<&str>) -> Result<Reply, Refused> {
    let text = match format {
        Some("sfen") => s.game().position().to_sfen(),
        Some("usi") => records::usi_line(s.start_position(), s.played()),
        Some(name @ ("pgn" | "kif")) => {
            let format = Format::by_name(name).unwrap_or(Format::Pgn);
            let out = s.outcome();
            let termination = out.as_ref().map(|(_, t)| t.clone()).unwrap_or_default();
            records::write(
                s.start_position(),
                s.played(),
                out.map(|(w, _)| w),
                &termination,
                format,
            )
            .map_err(Refused::bad)?
        }
        _ => return Err(Refused::bad("format must be sfen, usi, pgn or kif")),
    };
    Ok(Reply::json(json!({ "text": text })))
}

/// The decoded value of `name` in a query string.
fn query_param(query: &str, name: &str) -> Option<String> {
    query.split('&').find_map(|kv| {
        let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
        (k == name).then(|| percent_decode(v))
    })
}

fn percent_decode(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match b[i] {
            b'%' if i + 2 < b.len() => match (hex(b[i + 1]), hex(b[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' => out.push(b' '),
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
