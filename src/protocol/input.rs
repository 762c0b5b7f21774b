//! Reading commands from a byte stream. Input comes from GUIs and scripts we do not
//! control, so a line is read as bytes, with a length cap, and only then decoded: invalid
//! UTF-8 or an endless line becomes an error for the protocol to report, never a panic and
//! never unbounded memory.

use std::fmt;
use std::io::{self, BufRead};

/// Longest command accepted, in bytes. A USI `position ... moves ...` of a long Tai game
/// stays far below this; anything longer is read through and discarded.
pub const MAX_LINE: usize = 256 * 1024;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineError {
    NotUtf8,
    /// The line had this many bytes (more than `MAX_LINE`).
    TooLong(usize),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::NotUtf8 => f.write_str("input line is not valid UTF-8"),
            LineError::TooLong(n) => {
                write!(f, "input line of {n} bytes is longer than {MAX_LINE}")
            }
        }
    }
}

/// Reads one line without its end-of-line characters. `Ok(None)` at end of input.
pub fn read_line<R: BufRead>(r: &mut R) -> io::Result<Option<Result<String, LineError>>> {
    let mut line = Vec::new();
    let mut total = 0usize;
    let mut saw_any = false;
    loop {
        let chunk = match r.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if !saw_any {
                return Ok(None);
            }
            break;
        }
        saw_any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        total += part.len();
        // Keep bytes only while under the cap; the rest is counted and dropped.
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&part[..part.len().min(room)]);
        let used = done.unwrap_or(chunk.len());
        r.consume(used);
        if done.is_some() {
            break;
        }
    }
    if total > MAX_LINE {
        return Ok(Some(Err(LineError::TooLong(total))));
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(
        String::from_utf8(line).map_err(|_| LineError::NotUtf8),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Result<String, LineError>> {
        let mut r = io::BufReader::with_capacity(7, input);
        let mut out = Vec::new();
        while let Some(l) = read_line(&mut r).expect("reading a slice cannot fail") {
            out.push(l);
        }
        out
    }

    #[test]
    fn splits_lines_and_strips_cr() {
        assert_eq!(
            lines(b"usi\r\nisready\n\nlast"),
            vec![
                Ok("usi".to_string()),
                Ok("isready".to_string()),
                Ok(String::new()),
                Ok("last".to_string())
            ]
        );
    }

    #[test]
    fn rejects_invalid_utf8_and_long_lines_then_continues() {
        let mut input = b"a\xff\xfeb\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        input.extend_from_slice(b"\nping 1\n");
        assert_eq!(
            lines(&input),
            vec![
                Err(LineError::NotUtf8),
                Err(LineError::TooLong(MAX_LINE + 10)),
                Ok("ping 1".to_string())
            ]
        );
    }
}
