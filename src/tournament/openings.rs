//! Opening lines: files of USI move sequences from the start position (one line each,
//! `#` comments), and their generator (`largeshogi openings`): seeded random playouts
//! among statically reasonable moves, kept when a short search finds the position
//! balanced.

use crate::eval::evaluate;
use crate::game::Game;
use crate::position::zobrist::splitmix64;
use crate::position::Position;
use crate::search::{Control, Limits, Score, Searcher};
use crate::variant::{Rules, Variant};
use std::collections::HashSet;

/// Parses an openings file; every line is checked to be legal from the start position.
pub fn parse(
    text: &str,
    variant: &'static Variant,
    rules: Rules,
) -> Result<Vec<Vec<String>>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        // A `#` starts a comment (the generator writes each line's score there).
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut pos = Position::start(variant, rules);
        let mut moves = Vec::new();
        for m in line.split_whitespace() {
            let mv = pos
                .parse_move(m)
                .map_err(|e| format!("openings line {}: {e}", n + 1))?;
            moves.push(pos.move_to_usi(&mv));
            pos.make(mv);
        }
        out.push(moves);
    }
    Ok(out)
}

/// Settings of the generator.
pub struct GenConfig {
    pub count: usize,
    pub plies: usize,
    /// Largest |score| (centipawns) of a kept line, by a search of `depth`.
    pub max_cp: i32,
    pub depth: u32,
    pub seed: u64,
}

/// Generates balanced opening lines; `progress` gets (kept, tried) after each attempt.
pub fn generate(
    variant: &'static Variant,
    rules: Rules,
    cfg: &GenConfig,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<(Vec<String>, i32)> {
    let mut state = cfg.seed;
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut searcher = Searcher::new(16, 1);
    let mut tries = 0;
    while out.len() < cfg.count && tries < cfg.count * 40 {
        tries += 1;
        let mut pos = Position::start(variant, rules);
        let mut line = Vec::new();
        for _ in 0..cfg.plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Static score of each move for the mover; pick among the near-best ones.
            let scored: Vec<(i32, _)> = moves
                .iter()
                .map(|&m| {
                    pos.make(m);
                    let s = -evaluate(&pos);
                    pos.unmake();
                    (s, m)
                })
                .collect();
            let best = scored.iter().map(|s| s.0).max().unwrap_or(0);
            let good: Vec<_> = scored.iter().filter(|s| s.0 >= best - 40).collect();
            let pick = good[(splitmix64(&mut state) % good.len() as u64) as usize].1;
            line.push(pos.move_to_usi(&pick));
            pos.make(pick);
        }
        if line.len() < cfg.plies || !seen.insert(pos.key()) {
            progress(out.len(), tries);
            continue;
        }
        let limits = Limits {
            depth: Some(cfg.depth),
            ..Limits::default()
        };
        searcher.new_game();
        let r = searcher.search(
            &Game::new(pos.clone()),
            &limits,
            &Control::default(),
            &mut |_| {},
        );
        // Score from Black's (the first player's) view.
        let sign = if pos.side_to_move() == variant_first(variant) {
            1
        } else {
            -1
        };
        if let Score::Cp(cp) = r.score {
            if cp.abs() <= cfg.max_cp {
                out.push((line, sign * cp));
            }
        }
        progress(out.len(), tries);
    }
    out
}

/// The side that moves first in every variant's start position.
fn variant_first(variant: &'static Variant) -> crate::types::Color {
    Position::start(variant, variant.default_rules).side_to_move()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checked_in_chu_openings_parse_and_are_varied() {
        let text = include_str!("../../openings/chu.txt");
        let lines = parse(text, Variant::chu(), Rules::default()).expect("valid openings");
        assert!(lines.len() >= 50);
        let distinct: HashSet<&Vec<String>> = lines.iter().collect();
        assert_eq!(distinct.len(), lines.len());
    }

    #[test]
    fn bad_opening_line_is_reported() {
        assert!(parse("7i7h 7j7a", Variant::chu(), Rules::default()).is_err());
        assert_eq!(
            parse("# only a comment\n", Variant::chu(), Rules::default()),
            Ok(vec![])
        );
    }
}
