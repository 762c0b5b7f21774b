//! Game records as PGN-style text: XBoard's conventions (the first player, sente, is
//! "White"; moves in XBoard coordinates, a two-leg Lion move as `g5g6xg7`), a `Variant`
//! tag and the start position.

use super::referee::{Ending, GameRecord};
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

/// cutechess's `Termination` tag value for an ending.
fn termination(ending: &Ending) -> &'static str {
    match ending {
        Ending::Rules(_) | Ending::Resign(_) => "normal",
        Ending::MaxPlies | Ending::ScoreAdjudication(..) => "adjudication",
        Ending::TimeLoss(_) => "time forfeit",
        Ending::Illegal(..) | Ending::Rejected(..) => "illegal move",
        Ending::Crash(_) => "abandoned",
    }
}

/// The PGN text of one game. `max_plies` is the match's ply limit, named when the game
/// was adjudicated by it.
pub fn game_pgn(
    record: &GameRecord,
    variant: &str,
    start_is_standard: bool,
    round: usize,
    sente: &str,
    gote: &str,
    max_plies: u32,
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
    let reason = match record.ending {
        Ending::MaxPlies => format!("draw by adjudication: {max_plies} plies (--max-plies)"),
        _ => record.ending.description(),
    };
    let _ = writeln!(s, "[Termination \"{}\"]", termination(&record.ending));
    let _ = writeln!(s, "[TerminationDetails \"{reason}\"]");
    if !record.opening.is_empty() {
        let _ = writeln!(s, "[Opening \"{}\"]", record.opening.join(" "));
    }
    let _ = writeln!(s, "[PlyCount \"{}\"]", record.moves.len());
    let _ = writeln!(s);
    let mut line = crate::gamefile::pgn::WrappedLine::default();
    let mut push = |s: &mut String, token: &str| line.push(s, token);
    for (i, (_, mv)) in record.moves.iter().enumerate() {
        let token = if i % 2 == 0 {
            format!("{}. {mv}", i / 2 + 1)
        } else {
            mv.clone()
        };
        push(&mut s, &token);
        if let Some(c) = record.comments.get(i).filter(|c| !c.is_empty()) {
            push(&mut s, &format!("{{{c}}}"));
        }
    }
    push(&mut s, &format!("{{{reason}}} {result}"));
    line.finish(&mut s);
    let _ = writeln!(s);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_carry_comments_and_the_adjudication_is_recorded() {
        let record = GameRecord {
            start_sfen: "sfen".into(),
            moves: vec![
                ("7i7h".into(), "f4f5".into()),
                ("7d7e".into(), "f9f8".into()),
                ("8i8h".into(), "e4e5".into()),
            ],
            comments: vec!["book".into(), "+0.35/12 0.84s".into(), "-M2/7 1.20s".into()],
            opening: vec!["7i7h".into()],
            ending: Ending::MaxPlies,
        };
        let text = game_pgn(&record, "chu", true, 3, "a", "b", 3);
        assert!(text.contains("[Result \"1/2-1/2\"]"), "{text}");
        assert!(text.contains("[Termination \"adjudication\"]"), "{text}");
        assert!(text.contains("[Opening \"7i7h\"]"), "{text}");
        assert!(text.contains("[PlyCount \"3\"]"), "{text}");
        assert!(
            text.contains("1. f4f5 {book} f9f8 {+0.35/12 0.84s} 2. e4e5 {-M2/7 1.20s}"),
            "{text}"
        );
        assert!(
            text.contains("{draw by adjudication: 3 plies (--max-plies)} 1/2-1/2"),
            "{text}"
        );
    }

    #[test]
    fn date_is_well_formed() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"));
        assert_eq!(&d[4..5], ".");
    }
}
