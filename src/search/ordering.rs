//! Move ordering: TT move, then captures by MVV/LVA (every victim of a multi-capture
//! counts), promotions, killer moves, and quiet moves by history.

use crate::position::Position;
use crate::types::{Move, Sq};
use crate::variant::PieceDef;

/// The sum of `value` over the enemy pieces a move removes (`Position::captures`: every
/// leg, shots, burning and automatic captures).
fn sum_over_victims(pos: &Position, m: &Move, value: impl Fn(&PieceDef) -> i32) -> i32 {
    let of = |s: &Sq| value(pos.variant.piece(pos.cell(*s).ptype()));
    if pos.variant.capture_effects {
        pos.captures(m).iter().map(of).sum()
    } else {
        pos.direct_captures(m).iter().map(of).sum()
    }
}

/// The move captures the piece standing on `target` (`Position::captures`).
pub fn captures_on(pos: &Position, m: &Move, target: Sq) -> bool {
    !target.is_none() && pos.captures(m).contains(&target)
}

/// MVV/LVA value of a capture (0 for a quiet move).
pub fn capture_value(pos: &Position, m: &Move) -> i32 {
    // Most moves of a big board are quiet: answered without building the victim list
    // where the move alone decides (`Position::is_capture`).
    if !pos.variant.capture_effects && !pos.is_capture(m) {
        return 0;
    }
    // A royal victim outranks everything.
    let victims = sum_over_victims(pos, m, |d| if d.royal { 100_000 } else { d.value });
    if victims == 0 {
        return 0;
    }
    let attacker = pos.variant.piece(pos.cell(m.from).ptype()).value;
    // At least 1, so that every capture sorts above the quiet moves.
    (victims * 16 - attacker / 16).max(1)
}

/// Material won by a capture (royal victims count as a win).
pub fn material_gain(pos: &Position, m: &Move) -> i32 {
    sum_over_victims(pos, m, |d| {
        if d.royal {
            crate::search::MATE
        } else {
            d.value
        }
    })
}

/// The capture wins less than the capturing piece is worth (worth checking whether the
/// capturer is then exposed: `Position::exposed_after`).
pub fn trades_down(pos: &Position, m: &Move, gain: i32) -> bool {
    gain < pos.variant.piece(pos.cell(m.from).ptype()).value
}

const KILLERS: usize = 2;

/// History entries stay within +-`HISTORY_MAX` (history gravity, `History::update`).
pub const HISTORY_MAX: i32 = 16384;

/// History change for a cut-off at `depth`: grows with the subtree's size, and is large
/// enough against `HISTORY_MAX` that a few cut-offs move the late-move reductions.
fn history_bonus(depth: i32) -> i32 {
    (16 * depth * depth).min(1600)
}

/// History and killer tables of one search thread.
pub struct History {
    /// Indexed by the moving cell code and the destination square.
    table: Vec<i32>,
    killers: Vec<[Move; KILLERS]>,
    scores: Vec<Vec<i32>>,
    /// Scratch for sorting the rest of a move list (kept to avoid an allocation per node):
    /// sort keys, and the moves in their old order.
    rest: Vec<u64>,
    moved: Vec<Move>,
}

impl History {
    pub fn new() -> History {
        History {
            table: Vec::new(),
            killers: vec![[Move::NULL; KILLERS]; 130],
            scores: (0..130).map(|_| Vec::new()).collect(),
            rest: Vec::new(),
            moved: Vec::new(),
        }
    }

    #[inline]
    fn index(&mut self, pos: &Position, m: &Move) -> usize {
        let cells = pos.variant.cells;
        // The table outlives a search (`age`): after a variant switch it is rebuilt when
        // its size no longer fits, the only case where an index could fall outside it.
        let size = pos.variant.cell_codes() * cells;
        if self.table.len() != size {
            self.table = vec![0; size];
        }
        pos.cell(m.from).0 as usize * cells + m.to.idx()
    }

    /// Before the next search of the same game: the history is kept at half weight (at
    /// a tenth of a second a move, a search is over before a fresh table has learnt
    /// much), and the killers, which belong to the plies of the last tree, are dropped.
    pub fn age(&mut self) {
        for h in &mut self.table {
            *h /= 2;
        }
        for k in &mut self.killers {
            *k = [Move::NULL; KILLERS];
        }
    }

    /// A quiet move caused a beta cut-off.
    pub fn reward(&mut self, pos: &Position, m: &Move, ply: usize, depth: i32) {
        self.update(pos, m, history_bonus(depth));
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != *m {
                k[1] = k[0];
                k[0] = *m;
            }
        }
    }

    /// The history of a quiet move (within +-`HISTORY_MAX`).
    pub fn value(&mut self, pos: &Position, m: &Move) -> i32 {
        let i = self.index(pos, m);
        self.table[i]
    }

    /// A quiet move was searched before another quiet move cut off at this node.
    pub fn punish(&mut self, pos: &Position, m: &Move, depth: i32) {
        self.update(pos, m, -history_bonus(depth));
    }

    /// History gravity: each update moves the entry towards the bonus's sign, and the
    /// entries stay within +-`HISTORY_MAX`.
    fn update(&mut self, pos: &Position, m: &Move, bonus: i32) {
        let i = self.index(pos, m);
        let h = &mut self.table[i];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }
}

/// The capture wins less than its capturer is worth and lands where the opponent can
/// take it back; only where that is known without making the move (exact attacks).
pub fn losing_capture(pos: &Position, m: &Move) -> bool {
    trades_down(pos, m, material_gain(pos, m)) && pos.exposed_unmade(m) == Some(true)
}

/// A quiet promotion onto a square where the opponent can take the promoted piece (where
/// that is known without making the move): most such promotions only give the piece away.
fn promotes_into_attack(pos: &Position, m: &Move) -> bool {
    pos.exposed_unmade(m) == Some(true)
}

/// Ordering scores of the classes of moves (a quiet move's history stays within
/// +-`KILLER / 2`).
const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 24;
const PROMOTION: i32 = 1 << 22;
const KILLER: i32 = 1 << 21;
/// Losing captures (`losing_capture`) in the main search: after the killers, before the
/// other quiet moves, by MVV/LVA among themselves; after them the quiet promotions onto a
/// square the opponent attacks (`promotes_into_attack`).
const LOSING_CAPTURE: i32 = 3 * (KILLER / 4);
/// Moves handed out by selection before the rest is sorted once: most cut-offs come
/// early, and selection over 300 moves (Tai, Ko) costs quadratic time.
const SELECT_FIRST: usize = 8;

/// Hands out the moves of one node best first (selection by score, then one sort).
pub struct MovePicker {
    ply: usize,
    next: usize,
    /// Score of the move handed out last.
    last: i32,
}

impl MovePicker {
    pub fn new(
        pos: &Position,
        moves: &[Move],
        tt_move: u32,
        history: &mut History,
        ply: usize,
        losing_late: bool,
    ) -> MovePicker {
        let ply = ply.min(history.scores.len() - 1);
        let mut scores = std::mem::take(&mut history.scores[ply]);
        scores.clear();
        let killers = history.killers[ply];
        let tt_move = pos.decode_move(tt_move, moves);
        for m in moves {
            let s = if Some(*m) == tt_move {
                TT_MOVE
            } else {
                let cv = capture_value(pos, m);
                if cv > 0 {
                    if losing_late && losing_capture(pos, m) {
                        LOSING_CAPTURE + cv
                    } else {
                        CAPTURE + cv
                    }
                } else if m.promotes() {
                    if losing_late && promotes_into_attack(pos, m) {
                        LOSING_CAPTURE
                    } else {
                        PROMOTION
                    }
                } else if *m == killers[0] {
                    KILLER + 1
                } else if *m == killers[1] {
                    KILLER
                } else {
                    history.value(pos, m).clamp(-(KILLER / 2), KILLER / 2)
                }
            };
            scores.push(s);
        }
        history.scores[ply] = scores;
        MovePicker {
            ply,
            next: 0,
            last: TT_MOVE,
        }
    }

    /// The best remaining move.
    pub fn next(&mut self, moves: &mut [Move], history: &mut History) -> Option<Move> {
        let scores = &mut history.scores[self.ply];
        if self.next >= moves.len() {
            return None;
        }
        if self.next == SELECT_FIRST {
            // Best score first, ties in generation order: one key per move (the score
            // inverted above, the index below) sorts as a stable sort would, without
            // moving the moves themselves until the order is known.
            let (rest, moved) = (&mut history.rest, &mut history.moved);
            rest.clear();
            rest.extend(
                scores[self.next..]
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| ((i32::MAX as i64 - s as i64) as u64) << 32 | i as u64),
            );
            rest.sort_unstable();
            moved.clear();
            moved.extend_from_slice(&moves[self.next..]);
            for (k, &key) in rest.iter().enumerate() {
                let i = (key & u32::MAX as u64) as usize;
                moves[self.next + k] = moved[i];
                scores[self.next + k] = (i32::MAX as i64 - (key >> 32) as i64) as i32;
            }
        } else if self.next < SELECT_FIRST {
            let mut best = self.next;
            for i in self.next + 1..moves.len() {
                if scores[i] > scores[best] {
                    best = i;
                }
            }
            moves.swap(self.next, best);
            scores.swap(self.next, best);
        }
        self.last = scores[self.next];
        self.next += 1;
        Some(moves[self.next - 1])
    }

    /// Every move still to come is quiet: no capture, promotion or TT move (the last
    /// one handed out was a quiet move from the history class).
    pub fn only_quiet_left(&self) -> bool {
        self.last < LOSING_CAPTURE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Rules, Variant};

    #[test]
    fn history_rewards_the_cut_and_sinks_the_moves_tried_before_it() {
        let pos = Position::start(Variant::chu(), Rules::default());
        let moves = pos.legal_moves();
        let (cut, tried) = (moves[0], moves[1]);
        let mut h = History::new();
        for _ in 0..50 {
            h.reward(&pos, &cut, 3, 6);
            h.punish(&pos, &tried, 6);
        }
        let (good, bad) = (h.value(&pos, &cut), h.value(&pos, &tried));
        assert!(good > 0 && bad < 0, "good {good}, bad {bad}");
        // Gravity keeps both inside the range the reductions are scaled to.
        assert!(good <= HISTORY_MAX && bad >= -HISTORY_MAX);
        assert_eq!(h.killers[3][0], cut);
        // The picker hands out the rewarded move (a killer now) before the punished one.
        let mut list = vec![tried, cut];
        let mut picker = MovePicker::new(&pos, &list, 0, &mut h, 3, true);
        assert_eq!(picker.next(&mut list, &mut h), Some(cut));
        // Between searches the history halves and the killers go.
        h.age();
        assert_eq!(h.value(&pos, &cut), good / 2);
        assert_eq!(h.killers[3], [Move::NULL; KILLERS]);
    }

    #[test]
    fn a_promotion_into_attack_comes_after_the_killers() {
        // Two Pawns enter the zone: the left one beside a Gold that takes it, the right
        // one on an empty file. A King move is the killer.
        let sfen = "11k/12/g11/12/P5P5/12/12/12/12/12/12/K11 b - 1";
        let pos = Position::from_sfen(Variant::chu(), sfen, Rules::default()).expect("SFEN");
        let (safe, killer, exposed) = ("6e6d+", "12l11l", "12e12d+");
        let mut h = History::new();
        let king_move = pos
            .legal_moves()
            .into_iter()
            .find(|m| pos.move_to_usi(m) == killer);
        h.reward(&pos, &king_move.expect("King move"), 2, 4);
        let order = |losing_late: bool, h: &mut History| {
            let mut list = pos.legal_moves();
            let mut picker = MovePicker::new(&pos, &list, 0, h, 2, losing_late);
            let mut out = Vec::new();
            while let Some(m) = picker.next(&mut list, h) {
                out.push(pos.move_to_usi(&m));
            }
            out
        };
        let at = |order: &[String], s: &str| order.iter().position(|u| u == s).expect(s);
        let main = order(true, &mut h);
        let (a, b, c) = (at(&main, safe), at(&main, killer), at(&main, exposed));
        assert!(a < b && b < c, "{main:?}");
        // Without the late losing class (quiescence) the promotion keeps its place.
        let quiescence = order(false, &mut h);
        assert!(
            at(&quiescence, exposed) < at(&quiescence, killer),
            "{quiescence:?}"
        );
    }
}
