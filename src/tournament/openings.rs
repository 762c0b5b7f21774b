//! Opening lines: files of USI move sequences from the start position (one line each,
//! `#` comments), and their generator (`largeshogi openings`): seeded random playouts
//! among moves that lose no material, kept when a material search finds the position
//! balanced. The generator uses only the rules and the variant's piece values (not the
//! engine's evaluation or search), so a file regenerates byte for byte from the settings
//! in its header for as long as the rules stay the same.

use crate::position::Position;
use crate::types::Move;
use crate::variant::zobrist::splitmix64;
use crate::variant::{Rules, Variant};
use ahash::AHashSet;

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
    /// Largest |material balance| (centipawns) of a kept line, by a search of `depth`.
    pub max_cp: i32,
    pub depth: u32,
    pub seed: u64,
}

/// Material (board and hand) of the side to move minus the opponent's, from the variant's
/// value table.
fn material(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    let them = us.flip();
    pos.material(us) + pos.hand_value(us) - pos.material(them) - pos.hand_value(them)
}

/// The legal moves with the material each wins at once, most first (for the cut-offs). A
/// stable sort keeps the generator's order among equal gains, so the result is the same on
/// every run.
fn ordered_moves(pos: &mut Position) -> Vec<(i32, Move)> {
    let before = material(pos);
    let mut scored: Vec<(i32, Move)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            pos.make(m);
            let gain = -material(pos) - before;
            pos.unmake();
            (gain, m)
        })
        .collect();
    scored.sort_by_key(|s| -s.0);
    scored
}

/// Plies of captures followed beyond the search depth.
const CAPTURE_PLIES: u32 = 4;

/// Alpha-beta over material only: the material balance the side to move can reach within
/// `depth` plies, then captures (the side to move may stop capturing).
fn material_search(pos: &mut Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    if depth == 0 {
        return captures(pos, CAPTURE_PLIES, alpha, beta);
    }
    let moves = ordered_moves(pos);
    if moves.is_empty() {
        return material(pos);
    }
    for (_, m) in moves {
        pos.make(m);
        let s = -material_search(pos, depth - 1, -beta, -alpha);
        pos.unmake();
        if s > alpha {
            alpha = s;
            if alpha >= beta {
                break;
            }
        }
    }
    alpha
}

/// The capture part of `material_search`.
fn captures(pos: &mut Position, plies: u32, mut alpha: i32, beta: i32) -> i32 {
    let stand = material(pos);
    if stand >= beta || plies == 0 {
        return stand;
    }
    alpha = alpha.max(stand);
    for (gain, m) in ordered_moves(pos) {
        if gain <= 0 {
            break;
        }
        pos.make(m);
        let s = -captures(pos, plies - 1, -beta, -alpha);
        pos.unmake();
        if s > alpha {
            alpha = s;
            if alpha >= beta {
                break;
            }
        }
    }
    alpha
}

/// Generates balanced opening lines; `progress` gets (kept, tried) after each attempt.
/// Each line's score is the material balance for the first player after a search of
/// `cfg.depth` plies.
pub fn generate(
    variant: &'static Variant,
    rules: Rules,
    cfg: &GenConfig,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<(Vec<String>, i32)> {
    const WIDE: i32 = 1 << 28;
    let mut state = cfg.seed;
    let mut seen = AHashSet::new();
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < cfg.count && tries < cfg.count * 40 {
        tries += 1;
        let mut pos = Position::start(variant, rules);
        let first = pos.side_to_move();
        let mut line = Vec::new();
        for _ in 0..cfg.plies {
            // Moves after which the opponent cannot win material by captures.
            let moves = pos.legal_moves();
            let scored: Vec<(i32, Move)> = moves
                .iter()
                .map(|&m| {
                    pos.make(m);
                    let s = -material_search(&mut pos, 0, -WIDE, WIDE);
                    pos.unmake();
                    (s, m)
                })
                .collect();
            let Some(best) = scored.iter().map(|s| s.0).max() else {
                break;
            };
            let good: Vec<Move> = scored.iter().filter(|s| s.0 >= best).map(|s| s.1).collect();
            let pick = good[(splitmix64(&mut state) % good.len() as u64) as usize];
            line.push(pos.move_to_usi(&pick));
            pos.make(pick);
        }
        if line.len() < cfg.plies || !seen.insert(pos.key()) {
            progress(out.len(), tries);
            continue;
        }
        let score = material_search(&mut pos, cfg.depth, -WIDE, WIDE);
        let sign = if pos.side_to_move() == first { 1 } else { -1 };
        if score.abs() <= cfg.max_cp {
            out.push((line, sign * score));
        }
        progress(out.len(), tries);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checked_in_chu_openings_parse_and_are_varied() {
        let text = include_str!("../../openings/chu.txt");
        let lines = parse(text, Variant::chu(), Rules::default()).expect("valid openings");
        assert!(lines.len() >= 50);
        let distinct: AHashSet<&Vec<String>> = lines.iter().collect();
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
