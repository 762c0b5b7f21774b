//! Time management: from the clock (sudden death, increment, byoyomi) or a fixed time per
//! move, a soft limit (do not start another iteration after it) and a hard limit (stop the
//! search). A safety margin keeps the engine from ever losing on time.

use std::time::Duration;

/// Time control information for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time: Duration,
    pub inc: Duration,
    pub byoyomi: Duration,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// What stops a search. All `None` / `false` means: search until `stop`.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
    pub infinite: bool,
    /// When not empty, the root considers only these moves (a GUI that cannot express
    /// every legal move, `protocol::xboard::Gui::QBoard`).
    pub search_moves: Vec<crate::types::Move>,
}

/// Overhead reserved for process and protocol latency.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(60);

/// Moves a game is expected to last from here when the clock does not say: big armies
/// make long games (a Tai game runs to hundreds of moves), so the estimate grows with
/// the pieces on the board.
pub fn expected_moves_left(pieces_on_board: usize) -> u32 {
    // Chu's 92 pieces give the classic 40; Tai's 354 the cap.
    (pieces_on_board as u32 * 10 / 23).clamp(30, 120)
}

/// (soft, hard) limits for this move, if time limits apply. `moves_left` is the estimate
/// used when the clock gives no moves-to-go (`expected_moves_left`).
pub fn budget(limits: &Limits, moves_left: u32) -> Option<(Duration, Duration)> {
    if limits.infinite {
        return None;
    }
    if let Some(mt) = limits.movetime {
        let t = mt
            .saturating_sub(MOVE_OVERHEAD)
            .max(Duration::from_millis(1));
        return Some((t, t));
    }
    let c = limits.clock?;
    // Time we may spend at most on this move, keeping the overhead in reserve.
    let available = (c.time + c.byoyomi).saturating_sub(MOVE_OVERHEAD);
    let mtg = c.moves_to_go.unwrap_or(moves_left).clamp(1, 120);
    let base = c.time / (mtg + 2) + c.inc * 3 / 4 + c.byoyomi * 9 / 10;
    let soft = base.min(available);
    let hard = (base * 3)
        .min(c.time / 3 + c.byoyomi + c.inc)
        .min(available);
    Some((soft.min(hard), hard.max(Duration::from_millis(1))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_stay_inside_the_clock() {
        let ms = Duration::from_millis;
        for (time, inc, byo) in [
            (60_000, 0, 0),
            (1000, 0, 0),
            (50, 0, 0),
            (0, 0, 3000),
            (20_000, 200, 0),
        ] {
            let l = Limits {
                clock: Some(Clock {
                    time: ms(time),
                    inc: ms(inc),
                    byoyomi: ms(byo),
                    moves_to_go: None,
                }),
                ..Limits::default()
            };
            let (soft, hard) = budget(&l, 40).expect("clock gives a budget");
            assert!(soft <= hard);
            assert!(
                hard <= (ms(time) + ms(byo)).max(ms(1)),
                "{time} {inc} {byo}: {hard:?}"
            );
        }
        assert_eq!(expected_moves_left(92), 40);
        assert_eq!(expected_moves_left(354), 120);
        assert!(budget(
            &Limits {
                infinite: true,
                ..Limits::default()
            },
            40
        )
        .is_none());
    }
}
