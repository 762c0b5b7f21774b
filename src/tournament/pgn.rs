//! Game records as PGN-style text: XBoard's conventions (the first player, sente, is
//! "White"; moves in XBoard coordinates, a two-leg Lion move as `g5g6xg7`), a `Variant`
//! tag and the start position.

use super::referee::GameRecord;
use std::fmt::Write;
use std::time::{SystemTime, UNIX_EPOCH};

/// Today's date as `YYYY.MM.DD` (UTC), from the days since the epoch.
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    // Civil-from-days (proleptic Gregorian), after H. Hinnant's algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!("{y:04}.{m:02}.{d:02}")
}

/// The PGN text of one game.
pub fn game_pgn(
    record: &GameRecord,
    variant: &str,
    start_is_standard: bool,
    round: usize,
    sente: &str,
    gote: &str,
) -> String {
    let mut s = String::new();
    let result = record.ending.result_text();
    let _ = writeln!(s, "[Event \"largeshogi match\"]");
    let _ = writeln!(s, "[Site \"largeshogi\"]");
    let _ = writeln!(s, "[Date \"{}\"]", today());
    let _ = writeln!(s, "[Round \"{round}\"]");
    let _ = writeln!(s, "[White \"{}\"]", sente.replace('"', "'"));
    let _ = writeln!(s, "[Black \"{}\"]", gote.replace('"', "'"));
    let _ = writeln!(s, "[Result \"{result}\"]");
    let _ = writeln!(s, "[Variant \"{variant}\"]");
    if !start_is_standard {
        let _ = writeln!(s, "[SetUp \"1\"]");
        let _ = writeln!(s, "[FEN \"{}\"]", record.start_sfen);
    }
    let _ = writeln!(s, "[SFEN \"{}\"]", record.start_sfen);
    let _ = writeln!(s, "[Termination \"{}\"]", record.ending.description());
    let _ = writeln!(s);
    let mut line = String::new();
    for (i, (_, xb)) in record.moves.iter().enumerate() {
        let mv = crate::notation::xboard::xboard_to_pgn(xb);
        let token = if i % 2 == 0 {
            format!("{}. {mv}", i / 2 + 1)
        } else {
            mv
        };
        if line.len() + token.len() + 1 > 79 {
            let _ = writeln!(s, "{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    let tail = format!("{{{}}} {result}", record.ending.description());
    if line.len() + tail.len() + 1 > 79 {
        let _ = writeln!(s, "{line}");
        line.clear();
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(&tail);
    let _ = writeln!(s, "{line}");
    let _ = writeln!(s);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn date_is_well_formed() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"));
        assert_eq!(&d[4..5], ".");
    }
}
