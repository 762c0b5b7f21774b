//! The evaluation term by term (`analyze --eval`): what a user reads to see why the engine
//! likes a position, and what `scripts/fit-eval-weights.py` fits the weights to. Each
//! weighted term is raw here (a count, or centipawns where the term has no weight), with
//! the weight beside it, and `Trace::total` is `evaluate` itself.

use super::{
    conversion, mobility, open_lines, royal_safety, traps, GUARD_BONUS, MOBILITY_SQUARE,
    NEAR_ENEMY_PER_100, OPEN_LINE_SQUARE,
};
use crate::position::Position;
use crate::types::Color;
use crate::variant::{placement_terms, PlacementTerms};

/// One side's terms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideTerms {
    /// Material on the board (centipawns, the engine's values).
    pub material: i32,
    /// Pieces in hand with their bonus (centipawns).
    pub hand: i32,
    /// Half-steps of the non-royal pieces towards the centre (`PlacementTerms::centre`).
    pub centre: i32,
    /// Ranks the royals stand in front of their two back ranks (`PlacementTerms::royal_advance`).
    pub royal_advance: i32,
    /// Promotion potential (centipawns).
    pub promotion: i32,
    /// Raiders shut in inside the enemy camp and Lions trapped in its corners
    /// (`traps::penalty`; centipawns, counted against the side).
    pub shut_in: i32,
    /// Own pieces next to a royal (weight `GUARD_BONUS`).
    pub guards: i32,
    /// Enemy material within two squares of a royal, centipawns (weight
    /// `-NEAR_ENEMY_PER_100` per 100).
    pub near_enemy: i32,
    /// Squares the ranging pieces reach (weight `MOBILITY_SQUARE`).
    pub mobility: i32,
    /// Empty squares on the lines an enemy ranging piece could come down to a royal
    /// (weight `-OPEN_LINE_SQUARE`).
    pub open_lines: i32,
}

/// The whole evaluation of a position.
#[derive(Clone, Debug)]
pub struct Trace {
    /// Indexed by `Color::index`.
    pub sides: [SideTerms; 2],
    /// The conversion terms, from the side to move's view (centipawns).
    pub conversion: i32,
    /// `evaluate(pos)`: the side to move's score.
    pub total: i32,
}

impl SideTerms {
    /// The side's weighted score (everything but conversion).
    pub fn score(&self) -> i32 {
        let placement = PlacementTerms {
            centre: self.centre,
            royal_advance: self.royal_advance,
            promotion: self.promotion,
        };
        self.material + self.hand + placement.value() - self.shut_in + GUARD_BONUS * self.guards
            - NEAR_ENEMY_PER_100 * self.near_enemy / 100
            + MOBILITY_SQUARE * self.mobility
            - OPEN_LINE_SQUARE * self.open_lines
    }
}

fn side_terms(pos: &Position, c: Color) -> SideTerms {
    let v = pos.variant;
    let (guards, near_enemy) = royal_safety(pos, c);
    let mut t = SideTerms {
        material: pos.material(c),
        hand: super::hand_score(pos, c),
        shut_in: traps::penalty(pos, c),
        guards,
        near_enemy,
        mobility: mobility(pos, c).0,
        open_lines: open_lines(pos, c, mobility(pos, c.flip()).1),
        ..SideTerms::default()
    };
    for &s in pos.pieces(c) {
        let p = placement_terms(v, pos.cell(s).ptype() as usize, c, s);
        t.centre += p.centre;
        t.royal_advance += p.royal_advance;
        t.promotion += p.promotion;
    }
    t
}

/// The evaluation of `pos`, term by term.
pub fn trace(pos: &Position) -> Trace {
    let us = pos.side_to_move();
    Trace {
        sides: [side_terms(pos, Color::Black), side_terms(pos, Color::White)],
        conversion: conversion::conversion(pos, us),
        total: super::evaluate(pos),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Rules, Variant};

    /// The weighted terms add up to `evaluate` along pseudo-random games (Chu, and Yanxin
    /// for pieces in hand), so the trace cannot drift from the evaluation.
    #[test]
    fn the_terms_add_up_to_the_evaluation() {
        for v in [Variant::chu(), Variant::yanxin()] {
            let mut pos = Position::start(v, Rules::default());
            let mut seed = 12345u64;
            let mut checked = 0;
            for _ in 0..160 {
                let t = trace(&pos);
                let us = pos.side_to_move();
                let sum =
                    t.sides[us.index()].score() - t.sides[us.flip().index()].score() + t.conversion;
                // Far beyond it the score is compressed, and mobility may be left out.
                if sum.abs() > super::super::EVAL_SOFT {
                    break;
                }
                assert_eq!(sum, t.total, "{}", pos.to_sfen());
                checked += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.royal_count(us.flip()) == 0 {
                    break;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                pos.make(moves[(seed >> 33) as usize % moves.len()]);
            }
            assert!(checked >= 15, "{} positions checked", checked);
        }
    }
}
