//! USI move lists: one game a line, `[position] [startpos | sfen <SFEN>] [moves] <move>...`
//! (so a USI `position` command is a game too); `#` starts a comment.

use super::{play_text, GameFile};
use crate::position::Position;
use crate::variant::{Rules, Variant};

pub fn read(text: &str, variant: &'static Variant, rules: Rules) -> Result<Vec<GameFile>, String> {
    let mut games = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = |e: String| format!("line {}: {e}", n + 1);
        let mut words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"position") {
            words.remove(0);
        }
        let mut start = Position::start(variant, rules);
        let mut rest = &words[..];
        match rest.first() {
            Some(&"startpos") => rest = &rest[1..],
            Some(&"sfen") => {
                let fields: Vec<&str> = rest[1..]
                    .iter()
                    .take_while(|w| **w != "moves")
                    .copied()
                    .collect();
                start = Position::from_sfen(variant, &fields.join(" "), rules)
                    .map_err(|e| at(format!("SFEN: {e}")))?;
                rest = &rest[1 + fields.len()..];
            }
            _ => {}
        }
        if rest.first() == Some(&"moves") {
            rest = &rest[1..];
        }
        let mut game = GameFile::new(start.clone());
        let mut pos = start;
        for (i, m) in rest.iter().enumerate() {
            let mv = play_text(&mut pos, m, i + 1).map_err(at)?;
            game.moves.push(mv);
        }
        games.push(game);
    }
    Ok(games)
}

pub fn write(games: &[GameFile]) -> String {
    let mut out = String::new();
    for g in games {
        let mut words = Vec::new();
        if !g.standard_start() {
            words.push(format!("sfen {} moves", g.start.to_sfen()));
        }
        let positions = g.positions();
        for (p, m) in positions.iter().zip(&g.moves) {
            words.push(p.move_to_usi(m));
        }
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}
