//! Static evaluation from the variant's data only. Scores are centipawns from the side to
//! move's view:
//! - material and placement, kept incrementally by the position from the variant's
//!   piece-square table (`Variant::placement`, built in `variant/placement.rs`):
//!   the rules' values, promotion potential growing towards the zone, centralisation, and
//!   royals kept back;
//! - royal safety, computed per node from the squares around each royal;
//! - conversion: a side far ahead hunts the enemy royals, trades down and takes the light
//!   pieces off (`conversion`);
//! - raiders worth 10 pawns or more shut in inside the enemy camp (`traps`);
//! - mobility of the ranging pieces (the first squares along each of their rides), and
//!   open lines to the royals along which an enemy ranging piece could come, both left
//!   out by `evaluate_within` when the rest of the score is far outside the search window.
//!
//! The search asks through a per-thread `EvalCache`; `trace` gives the terms one by one.

mod conversion;
pub use conversion::decided;
pub(crate) use conversion::LIGHT_BELOW;
pub(crate) use traps::trap_kind;
pub mod trace;
mod traps;

use crate::lockless::KeyedSlot;
use crate::position::Position;
use crate::types::Color;
use crate::variant::{Rules, Variant};

/// Static scores stay below the search's mate scores (29000) and inside the TT's 16 bits:
/// Tai's armies are worth about 2000 pawns a side, so large leads are compressed.
const EVAL_SOFT: i32 = 10_000;
const EVAL_LIMIT: i32 = 28_000;
/// Bonus per friendly piece next to a royal.
const GUARD_BONUS: i32 = 12;
/// Penalty per 100 centipawns of enemy material within distance 2 of a royal.
const NEAR_ENEMY_PER_100: i32 = 4;
/// Centipawns per square a ride of two or more squares reaches (empty, or an enemy).
const MOBILITY_SQUARE: i32 = 3;
/// Squares of each ride counted: whether a ride is open or blocked near the piece says
/// most, and far squares cost time on big boards.
const MOBILITY_REACH: u8 = 2;
/// Centipawns per empty square (up to `OPEN_LINE_REACH` a line) on the lines from a royal
/// in the directions an enemy ranging piece rides towards it: a royal with open lines
/// around it can be reached from afar.
const OPEN_LINE_SQUARE: i32 = 4;
const OPEN_LINE_REACH: i32 = 6;
/// Mobility rarely moves the score by more than this: beyond it the search window
/// decides without it.
const LAZY_MARGIN: i32 = 200;
/// Pieces in hand count at their (unpromoted) value plus this percentage: a drop can go
/// almost anywhere, which is worth a little more than one fixed square.
const HAND_BONUS_PERCENT: i32 = 10;

/// Evaluation of `pos` for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_within(pos, -EVAL_LIMIT, EVAL_LIMIT)
}

/// Evaluation of `pos` for the side to move, complete when it lies within (`alpha`,
/// `beta`); outside, mobility may be left out.
pub fn evaluate_within(pos: &Position, alpha: i32, beta: i32) -> i32 {
    let mut s = score_before_mobility(pos);
    if needs_mobility(s, alpha, beta) {
        s += mobility_score(pos);
    }
    compress(s)
}

/// Everything but mobility, for the side to move.
fn score_before_mobility(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    side_score(pos, us) - side_score(pos, us.flip()) + conversion::conversion(pos, us)
}

/// Mobility can still move a score of `s` across the window.
fn needs_mobility(s: i32, alpha: i32, beta: i32) -> bool {
    s + LAZY_MARGIN > alpha && s - LAZY_MARGIN < beta
}

/// The mobility and open-line terms for the side to move.
fn mobility_score(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    let (ours, our_rides) = mobility(pos, us);
    let (theirs, their_rides) = mobility(pos, us.flip());
    MOBILITY_SQUARE * (ours - theirs)
        - OPEN_LINE_SQUARE
            * (open_lines(pos, us, their_rides) - open_lines(pos, us.flip(), our_rides))
}

/// Entries of an `EvalCache` (16 bytes each: 1 MB).
const CACHE_ENTRIES: usize = 1 << 16;
/// Marks a cache entry whose mobility is not computed yet.
const NO_MOBILITY: i32 = i32::MIN;

/// An entry's data word: the score before mobility, and mobility.
fn pack(before_mobility: i32, mobility: i32) -> u64 {
    before_mobility as u32 as u64 | (mobility as u32 as u64) << 32
}

fn unpack(data: u64) -> (i32, i32) {
    (data as u32 as i32, (data >> 32) as u32 as i32)
}

/// An unused entry: stored under key 0, which is never looked up.
fn empty_entry() -> KeyedSlot {
    KeyedSlot::new(0, pack(0, NO_MOBILITY))
}

/// Evaluations by position key, shared by the search threads: re-searches,
/// transpositions, the other thread's tree, the next iteration and the next search of the
/// game evaluate the same positions again. The score before mobility is kept, and
/// mobility once a window needed it, so a hit answers exactly as `evaluate_within`.
/// Threads share the entries without locks (`KeyedSlot`).
pub struct EvalCache {
    entries: Box<[KeyedSlot]>,
    /// The game type (variant and rules) the entries were computed under: a position of
    /// another may have the same key and another score.
    game_type: Option<(usize, Rules)>,
}

impl Default for EvalCache {
    fn default() -> EvalCache {
        EvalCache {
            entries: (0..CACHE_ENTRIES).map(|_| empty_entry()).collect(),
            game_type: None,
        }
    }
}

impl EvalCache {
    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = empty_entry());
        self.game_type = None;
    }

    /// Readies the cache for a search of `pos`: entries of another game type are dropped.
    pub fn adopt(&mut self, pos: &Position) {
        let game_type = Some((pos.variant as *const Variant as usize, pos.rules));
        if self.game_type != game_type {
            self.clear();
            self.game_type = game_type;
        }
    }

    /// Starts loading the entry of `key` (a position about to be evaluated).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::prefetch::prefetch(&self.entries[slot(key)]);
    }

    /// `evaluate_within(pos, alpha, beta)`, from the cache where it can.
    pub fn evaluate_within(&self, pos: &Position, alpha: i32, beta: i32) -> i32 {
        let key = pos.key();
        // Key 0 is what an empty entry holds.
        if key == 0 {
            return evaluate_within(pos, alpha, beta);
        }
        let e = &self.entries[slot(key)];
        let (stored, data) = e.load();
        let hit = stored == key;
        let (before_mobility, mut mobility) = if hit {
            unpack(data)
        } else {
            (score_before_mobility(pos), NO_MOBILITY)
        };
        let mut changed = !hit;
        let mut s = before_mobility;
        if needs_mobility(s, alpha, beta) {
            if mobility == NO_MOBILITY {
                mobility = mobility_score(pos);
                changed = true;
            }
            s += mobility;
        }
        if changed {
            e.store(key, pack(before_mobility, mobility));
        }
        compress(s)
    }
}

/// The cache entry of a position key.
fn slot(key: u64) -> usize {
    key as usize % CACHE_ENTRIES
}

/// Compressed beyond EVAL_SOFT rather than cut, so that more is still better.
fn compress(s: i32) -> i32 {
    let s = if s.abs() <= EVAL_SOFT {
        s
    } else {
        s.signum() * (EVAL_SOFT + (s.abs() - EVAL_SOFT) / 16)
    };
    s.clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

fn side_score(pos: &Position, c: Color) -> i32 {
    let (guards, near_enemy) = royal_safety(pos, c);
    pos.material(c) + pos.placement(c) + hand_score(pos, c) - traps::penalty(pos, c)
        + GUARD_BONUS * guards
        - NEAR_ENEMY_PER_100 * near_enemy / 100
}

/// The pieces `c` holds in hand, with their bonus.
fn hand_score(pos: &Position, c: Color) -> i32 {
    let in_hand = pos.hand_value(c);
    in_hand + in_hand * HAND_BONUS_PERCENT / 100
}

/// Around the royals of `c`: own pieces next to them, and enemy material within two
/// squares (centipawns).
fn royal_safety(pos: &Position, c: Color) -> (i32, i32) {
    let v = pos.variant;
    let (mut guards, mut near_enemy) = (0, 0);
    for r in pos.royals(c) {
        for &d in &v.king_offsets[0] {
            if pos.cell(r.offset(d)).is_color(c) {
                guards += 1;
            }
        }
        for d in v.king_offsets[0].iter().chain(v.ring2_offsets.iter()) {
            let n = pos.cell(r.offset(*d));
            if n.is_color(c.flip()) {
                near_enemy += v.piece(n.ptype()).value;
            }
        }
    }
    (guards, near_enemy)
}

/// Squares the ranging pieces of `c` reach, up to `MOBILITY_REACH` along each ride, and
/// the directions they ride in (bit `i`: `king_offsets[0][i]`).
fn mobility(pos: &Position, c: Color) -> (i32, u8) {
    let v = pos.variant;
    let mut n = 0;
    let mut rides = 0u8;
    for &from in pos.pieces(c) {
        let t = pos.cell(from).ptype() as usize;
        let moves = &v.moves[c.index()][t];
        rides |= moves.long_ride_dirs;
        for &(off, range) in &moves.long_rides {
            let mut s = from;
            for _ in 0..range.min(MOBILITY_REACH) {
                s = s.offset(off);
                let cell = pos.cell(s);
                if !cell.is_empty() {
                    n += cell.is_color(c.flip()) as i32;
                    break;
                }
                n += 1;
            }
        }
    }
    (n, rides)
}

/// Empty squares (up to `OPEN_LINE_REACH` a line) on the lines out from each royal of `c`
/// in the directions whose opposite the enemy rides in (`enemy_rides`, as `mobility`
/// gives them): the lines an enemy ranging piece could come down.
fn open_lines(pos: &Position, c: Color, enemy_rides: u8) -> i32 {
    // Bit i: the enemy rides towards a royal along direction i (opposites are 4 apart).
    let towards = enemy_rides.rotate_left(4);
    if towards == 0 {
        return 0;
    }
    let steps = &pos.variant.king_offsets[0];
    let mut n = 0;
    for r in pos.royals(c) {
        for (i, &d) in steps.iter().enumerate() {
            if towards & (1 << i) == 0 {
                continue;
            }
            let mut s = r;
            for _ in 0..OPEN_LINE_REACH {
                s = s.offset(d);
                if !pos.cell(s).is_empty() {
                    break;
                }
                n += 1;
            }
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Sq;
    use crate::variant::{Rules, Variant};

    /// A Chu position from SFEN under the default rules (the tests of every eval module).
    pub(super) fn chu(sfen: &str) -> Position {
        Position::from_sfen(Variant::chu(), sfen, Rules::default()).expect("valid SFEN")
    }

    #[test]
    fn mobility_counts_the_near_squares_of_open_rides() {
        // A Rook in the centre: four open rides, two squares each. The King only steps.
        let open = chu("11k/12/12/12/12/6R5/12/12/12/12/12/K11 b - 1");
        assert_eq!(mobility(&open, Color::Black).0, 8);
        // On the edge beside its King: one ride off the board, one blocked by the King.
        let corner = chu("11k/12/12/12/12/12/12/12/12/12/12/KR10 b - 1");
        assert_eq!(mobility(&corner, Color::Black).0, 4);
        // An enemy piece on the first square counts once and ends the ride.
        let capture = chu("11k/12/12/12/12/6R5/6p5/12/12/12/12/K11 b - 1");
        assert_eq!(mobility(&capture, Color::Black).0, 7);
        assert!(evaluate(&open) > evaluate(&corner));
    }

    #[test]
    fn open_lines_count_the_empty_squares_towards_enemy_riders() {
        let lines = |sfen: &str| {
            let pos = chu(sfen);
            open_lines(&pos, Color::Black, mobility(&pos, Color::White).1)
        };
        // A white Rook rides orthogonally: the King's lines left (5 squares), right (6)
        // and up (6 of 11 counted) are open; down is off the board.
        assert_eq!(lines("k4r6/12/12/12/12/12/12/12/12/12/12/5K6 b - 1"), 17);
        // A Gold in front of the King closes the file.
        assert_eq!(lines("k4r6/12/12/12/12/12/12/12/12/12/5G6/5K6 b - 1"), 11);
        // A white Bishop rides diagonally: the two upward diagonals (5 and 6 squares).
        assert_eq!(lines("k4b6/12/12/12/12/12/12/12/12/12/12/5K6 b - 1"), 11);
        // No enemy rider, no open line.
        assert_eq!(lines("k11/12/12/12/12/12/12/12/12/12/12/5K6 b - 1"), 0);
        // The term costs the side whose royal stands open.
        let open = chu("k4r6/12/12/12/12/12/12/12/12/12/12/5K6 b - 1");
        let shut = chu("k4r6/12/12/12/12/12/12/12/12/12/12/4GKG5 b - 1");
        assert!(mobility_score(&open) < mobility_score(&shut));
    }

    /// The positions of a pseudo-random Chu game of at most `plies` plies.
    fn random_line(mut seed: u64, plies: usize) -> Vec<Position> {
        let mut pos = Position::start(Variant::chu(), Rules::default());
        let mut line = Vec::new();
        for _ in 0..plies {
            line.push(pos.clone());
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.royal_count(pos.side_to_move().flip()) == 0 {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            pos.make(moves[(seed >> 33) as usize % moves.len()]);
        }
        line
    }

    /// `pos` turned half a turn with the colours swapped and the other side to move:
    /// the same game seen from the other chair (Chu's start is its own mirror).
    fn mirrored(pos: &Position) -> Position {
        let v = pos.variant;
        let turned = |s: Sq| {
            let (x, y) = (v.col[s.idx()] as usize, v.row[s.idx()] as usize);
            v.square(v.files - 1 - x, v.ranks - 1 - y)
                .expect("a rectangular board")
        };
        let mut mirror = Position::empty(v, pos.rules);
        for c in Color::BOTH {
            for &s in pos.pieces(c) {
                mirror
                    .put(turned(s), pos.cell(s).ptype(), c.flip())
                    .expect("an empty square");
            }
        }
        mirror.set_side_to_move(pos.side_to_move().flip());
        mirror.set_lion_square(pos.lion_square().map(turned));
        mirror
    }

    #[test]
    fn the_evaluation_is_the_same_from_either_chair() {
        // A colour slip in any term (a promotion zone, a direction, a royal's side) shows
        // as a position scored otherwise than its mirror.
        let mut decided = 0;
        for pos in random_line(5, 240).into_iter().chain(random_line(9, 240)) {
            let mirror = mirrored(&pos);
            assert_eq!(evaluate(&pos), evaluate(&mirror), "{}", pos.to_sfen());
            decided += conversion::decided(&pos) as usize;
        }
        // The lines reach material leads, so the conversion terms are compared too.
        assert!(decided > 20, "only {decided} decided positions");
    }

    #[test]
    fn the_cache_answers_as_the_evaluation_does() {
        // Along a pseudo-random game, each position asked with a far window first (no
        // mobility), then a full one (mobility added to the cached entry), then again.
        let cache = EvalCache::default();
        for pos in random_line(7, 120) {
            let full = evaluate(&pos);
            for (alpha, beta) in [
                (full + 5000, full + 5001),
                (-30_000, 30_000),
                (full - 1, full + 1),
            ] {
                assert_eq!(
                    cache.evaluate_within(&pos, alpha, beta),
                    evaluate_within(&pos, alpha, beta),
                    "{}",
                    pos.to_sfen()
                );
            }
        }
    }

    #[test]
    fn threads_sharing_the_cache_read_only_whole_entries() {
        // Two threads evaluate the positions of one pseudo-random game over and over
        // through one small set of slots, with windows that do and do not need mobility:
        // every answer must be the evaluation itself, never half of another's entry.
        let line = random_line(11, 200);
        let cache = EvalCache::default();
        std::thread::scope(|scope| {
            for t in 0..2 {
                let (line, cache) = (&line, &cache);
                scope.spawn(move || {
                    for round in 0..20 {
                        for (i, p) in line.iter().enumerate() {
                            let full = evaluate(p);
                            let (alpha, beta) = if (i + round + t) % 2 == 0 {
                                (full + 5000, full + 5001)
                            } else {
                                (-30_000, 30_000)
                            };
                            assert_eq!(
                                cache.evaluate_within(p, alpha, beta),
                                evaluate_within(p, alpha, beta)
                            );
                        }
                    }
                });
            }
        });
    }

    #[test]
    fn the_cache_keeps_its_entries_for_one_game_type_only() {
        let pos = chu("11k/12/12/12/12/6R5/6p5/12/12/12/12/K11 b - 1");
        let mut cache = EvalCache::default();
        let held = |c: &EvalCache| c.entries[slot(pos.key())].load().0 == pos.key();
        cache.adopt(&pos);
        cache.evaluate_within(&pos, -30_000, 30_000);
        // The next search of the same game keeps what the last one evaluated.
        cache.adopt(&pos);
        assert!(held(&cache));
        // Another rule set may score the same key otherwise: the entries go.
        let other = Position::from_sfen(Variant::chu(), &pos.to_sfen(), Rules::hachu())
            .expect("valid SFEN");
        cache.adopt(&other);
        assert!(!held(&cache));
        cache.evaluate_within(&other, -30_000, 30_000);
        cache.clear();
        assert!(!held(&cache));
    }

    #[test]
    fn lazy_evaluation_is_exact_inside_the_window() {
        let pos = chu("11k/12/12/12/12/6R5/6p5/12/12/12/12/K11 b - 1");
        let full = evaluate(&pos);
        assert_eq!(evaluate_within(&pos, full - 1, full + 1), full);
        // Far outside the window mobility and open lines are left out: the Rook's 7
        // squares, and the lines it could come down to White's King.
        let lazy = evaluate_within(&pos, full + 5000, full + 5001);
        let white_lines = open_lines(&pos, Color::White, mobility(&pos, Color::Black).1);
        assert!(white_lines > 0);
        assert_eq!(
            lazy,
            full - MOBILITY_SQUARE * 7 - OPEN_LINE_SQUARE * white_lines
        );
    }
}
