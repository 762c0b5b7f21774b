//! Server-sent events: every open `/api/events` stream gets each event; streams whose
//! page has gone are dropped on the next send.

use serde_json::Value;
use std::io::Write;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Mutex;

#[derive(Default)]
pub struct Hub {
    clients: Mutex<Vec<Sender<String>>>,
}

impl Hub {
    /// Sends one event (`event:` name, JSON `data:`) to every stream.
    pub fn send(&self, event: &str, data: &Value) {
        let text = format!("event: {event}\ndata: {data}\n\n");
        if let Ok(mut clients) = self.clients.lock() {
            clients.retain(|c| c.send(text.clone()).is_ok());
        }
    }

    /// A new stream's receiving end.
    pub fn subscribe(&self) -> Receiver<String> {
        let (tx, rx) = mpsc::channel();
        if let Ok(mut clients) = self.clients.lock() {
            clients.push(tx);
        }
        rx
    }
}

/// Writes the events of `rx` to one HTTP connection until the page goes away. A comment
/// line every 15 s finds closed connections even when nothing happens.
pub fn stream(mut out: Box<dyn Write + Send>, rx: Receiver<String>) {
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\
Connection: close\r\nX-Content-Type-Options: nosniff\r\n\r\nretry: 1000\n\n";
    if out
        .write_all(head.as_bytes())
        .and_then(|_| out.flush())
        .is_err()
    {
        return;
    }
    loop {
        let text = match rx.recv_timeout(std::time::Duration::from_secs(15)) {
            Ok(t) => t,
            Err(mpsc::RecvTimeoutError::Timeout) => ": keep-alive\n\n".to_string(),
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        };
        if out
            .write_all(text.as_bytes())
            .and_then(|_| out.flush())
            .is_err()
        {
            return;
        }
    }
}
