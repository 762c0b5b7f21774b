//! Adjudication beyond the rules, as tournament managers do it: a draw at the ply limit
//! (`--max-plies`), and a win when both engines agree that one side is lost (cutechess-cli's
//! two-sided `-resign`: `--resign-score`, `--resign-moves`). The big variants need the
//! latter: a Tai game that one side has long won can take hundreds of plies to end by
//! royal capture.

use super::engine::EngineScore;
use crate::types::Color;

/// Scores beyond any centipawn score, for mates.
const MATE_CP: i32 = 1_000_000;

/// Resign adjudication: a side loses when, for `moves` consecutive moves of each engine,
/// its engine scored its position at `-score_cp` or worse and the opponent's engine scored
/// its own at `score_cp` or better.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub score_cp: i32,
    pub moves: u32,
}

/// What a match adjudicates.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// A draw after this many plies.
    pub max_plies: u32,
    pub resign: Option<ResignRule>,
}

/// The running count of one game's agreeing scores.
#[derive(Default)]
pub struct ResignWatch {
    /// Per side (0 sente, 1 gote): consecutive own moves scored lost, and won.
    losing: [u32; 2],
    winning: [u32; 2],
}

impl ResignWatch {
    /// Notes the score the engine of `side` gave for its move (its own point of view;
    /// None when it printed none, which breaks both runs). Returns the side that loses by
    /// adjudication, if the rule is met now.
    pub fn after_move(
        &mut self,
        rule: &ResignRule,
        side: usize,
        score: Option<EngineScore>,
    ) -> Option<Color> {
        let cp = score.map(|s| match s {
            EngineScore::Cp(v) => v,
            EngineScore::Mate(n) if n > 0 => MATE_CP,
            EngineScore::Mate(_) => -MATE_CP,
        });
        let bump = |run: &mut u32, hit: bool| *run = if hit { *run + 1 } else { 0 };
        bump(
            &mut self.losing[side],
            cp.is_some_and(|v| v <= -rule.score_cp),
        );
        bump(
            &mut self.winning[side],
            cp.is_some_and(|v| v >= rule.score_cp),
        );
        let lost = |loser: usize| {
            self.losing[loser] >= rule.moves && self.winning[1 - loser] >= rule.moves
        };
        [0, 1]
            .into_iter()
            .find(|&s| lost(s))
            .map(|s| if s == 0 { Color::Black } else { Color::White })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: ResignRule = ResignRule {
        score_cp: 1000,
        moves: 3,
    };

    #[test]
    fn both_engines_must_agree_for_the_given_number_of_moves() {
        let mut w = ResignWatch::default();
        // Sente's engine thinks it is winning, gote's agrees it is losing.
        for _ in 0..2 {
            assert_eq!(w.after_move(&RULE, 0, Some(EngineScore::Cp(1500))), None);
            assert_eq!(w.after_move(&RULE, 1, Some(EngineScore::Cp(-1200))), None);
        }
        assert_eq!(w.after_move(&RULE, 0, Some(EngineScore::Mate(4))), None);
        assert_eq!(
            w.after_move(&RULE, 1, Some(EngineScore::Cp(-1000))),
            Some(Color::White)
        );
    }

    #[test]
    fn a_dissenting_or_silent_move_restarts_the_count() {
        let mut w = ResignWatch::default();
        for _ in 0..2 {
            w.after_move(&RULE, 0, Some(EngineScore::Cp(-2000)));
            w.after_move(&RULE, 1, Some(EngineScore::Cp(2000)));
        }
        // Sente's engine no longer sees itself lost: the run starts again.
        assert_eq!(w.after_move(&RULE, 0, Some(EngineScore::Cp(-999))), None);
        assert_eq!(w.after_move(&RULE, 1, Some(EngineScore::Cp(2000))), None);
        for _ in 0..2 {
            assert_eq!(w.after_move(&RULE, 0, Some(EngineScore::Cp(-2000))), None);
            assert_eq!(w.after_move(&RULE, 1, None), None);
        }
        // One engine alone does not decide.
        for _ in 0..5 {
            assert_eq!(w.after_move(&RULE, 0, Some(EngineScore::Mate(-2))), None);
            assert_eq!(w.after_move(&RULE, 1, Some(EngineScore::Cp(0))), None);
        }
    }
}
