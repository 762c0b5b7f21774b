//! Quiet promotions for quiescence search: a non-capturing move that promotes gains as
//! much as a capture (a Chu Gold entering the zone as a Rook gains more than taking a
//! Gold), so a search that stands pat on captures alone misses it at its horizon.

use crate::position::Position;
use crate::types::{Color, Move, PieceType, Sq};
use crate::variant::Variant;

/// Smallest gain (centipawns) of a promotion worth a quiescence move.
const QUIET_PROMOTION_MIN: i32 = 150;

/// Which pieces may promote by a quiet move from where they stand: per colour, piece type
/// and square, whether the piece promotes for a gain of at least `QUIET_PROMOTION_MIN`,
/// stands outside its zone, and reaches a square of the zone by one of its rides or leaps
/// on an empty board. Only a filter: the moves themselves say whether they promote.
fn quiet_promoters(v: &Variant) -> &[bool] {
    v.quiet_promoters.get_or_init(|| {
        let types = v.pieces.len();
        let mut table = vec![false; 2 * types * v.cells];
        for c in Color::BOTH {
            for t in 0..types {
                if v.promotion_gain(t as PieceType) < QUIET_PROMOTION_MIN {
                    continue;
                }
                let pm = &v.moves[c.index()][t];
                let zone = &v.zone[c.index()];
                for from in v.squares() {
                    if zone[from.idx()] {
                        continue;
                    }
                    let ride_enters = pm.rides.iter().any(|&(off, range)| {
                        let mut s = from;
                        for _ in 0..range {
                            s = s.offset(off);
                            if !v.on_board(s) {
                                return false;
                            }
                            if zone[s.idx()] {
                                return true;
                            }
                        }
                        false
                    });
                    let leap_enters = pm.jumps.iter().any(|&off| {
                        let s = from.offset(off);
                        v.on_board(s) && zone[s.idx()]
                    });
                    table[index(v, c, t as PieceType, from)] = ride_enters || leap_enters;
                }
            }
        }
        table
    })
}

fn index(v: &Variant, c: Color, t: PieceType, s: Sq) -> usize {
    (c.index() * v.pieces.len() + t as usize) * v.cells + s.idx()
}

impl Position {
    /// The side to move's moves that promote without capturing anything, from the pieces
    /// `quiet_promoters` names (promotions worth `QUIET_PROMOTION_MIN` or more).
    pub fn generate_quiet_promotions(&self, out: &mut Vec<Move>) {
        out.clear();
        let us = self.side_to_move();
        if self.royal_count(us) == 0 || self.royal_count(us.flip()) == 0 {
            return;
        }
        let v = self.variant;
        let table = quiet_promoters(v);
        for &from in self.pieces(us) {
            if !table[index(v, us, self.cell(from).ptype(), from)] || self.is_frozen(from) {
                continue;
            }
            let start = out.len();
            self.generate_piece(from, true, out);
            let mut keep = start;
            for i in start..out.len() {
                let m = out[i];
                if m.promotes() && !self.is_capture(&m) {
                    out[keep] = m;
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::position::Position;
    use crate::variant::{Rules, Variant};

    fn chu(sfen: &str) -> Position {
        Position::from_sfen(Variant::chu(), sfen, Rules::default()).expect("valid SFEN")
    }

    #[test]
    fn a_gold_entering_the_zone_promotes_quietly_and_a_capture_is_not_listed() {
        // Black's Gold on the fifth row from the top, one step before its zone (the top
        // four rows), a White Pawn in the zone diagonally in front of it.
        let pos = chu("11k/12/12/6p5/5G6/12/12/12/12/12/12/K11 b - 1");
        let mut moves = Vec::new();
        pos.generate_quiet_promotions(&mut moves);
        let names: Vec<String> = moves.iter().map(|m| pos.move_to_usi(m)).collect();
        assert!(
            moves.iter().all(|m| m.promotes() && !pos.is_capture(m)),
            "{names:?}"
        );
        // Straight forward and diagonally forward-left enter the zone; forward-right
        // captures the Pawn and is left to the capture generation.
        assert_eq!(moves.len(), 2, "{names:?}");
    }

    #[test]
    fn pieces_far_from_the_zone_and_small_gains_give_nothing() {
        // A Gold three steps from the zone, and a Pawn (gain below the minimum) one step
        // before it.
        let pos = chu("11k/12/12/12/12/12/5G6/12/12/12/12/K11 b - 1");
        let mut moves = Vec::new();
        pos.generate_quiet_promotions(&mut moves);
        assert!(moves.is_empty());
        let pawn = chu("11k/12/12/12/3P8/12/12/12/12/12/12/K11 b - 1");
        pawn.generate_quiet_promotions(&mut moves);
        assert!(moves.is_empty());
    }
}
