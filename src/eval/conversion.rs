//! Turning a material lead into a win. Without these terms a side far ahead sees no
//! gradient towards the enemy royals until the royal capture falls inside its search
//! horizon, so it shuffles. When one side leads by `LEAD_MIN` or more it gets:
//! - a hunt bonus: its pieces near each enemy royal (closer is better), the enemy
//!   royal's neighbouring squares taken away (occupied by the hunter, or off the board),
//!   the enemy royal driven away from the centre, and a swarm bonus that grows with the
//!   square of the hunters within two squares of the royal, and a pull on the few pieces
//!   nearest each royal from anywhere on the board (reinforcements);
//! - a trade-down bonus that grows as the total material shrinks, so that even trades
//!   pay for the side ahead;
//! - a light-material bonus: a share of the lead for each side's light pieces gone since
//!   the start (steppers, Lances, Reverse Chariots, Side Movers in Chu), more for the side
//!   behind's. Light pieces around a royal make the shelters that hold a lead off, so
//!   taking them, trading them off and promoting them pay.
//!
//! All grow with the lead (up to `LEAD_FULL`), so an even game is untouched. Everything
//! comes from the position and the variant's data; nothing here knows a variant.

use crate::position::Position;
use crate::types::Color;
use crate::variant::Variant;

/// Smallest lead (centipawns) at which the side ahead starts hunting: about 4.6 Pawns at
/// Chu's fitted values (`chu::ENGINE_VALUES`). With those values at 400, a Free King and
/// a Gold (177 cp) no longer caught a bare King at depth 4 (`tests/chu_endgames.rs`);
/// 332 (4 fitted Pawns) cost about 120 Elo in self-play.
const LEAD_MIN: i32 = 380;
/// Lead at which the terms reach full weight.
const LEAD_FULL: i32 = 2000;
/// Hunters count within this Chebyshev distance of an enemy royal.
const HUNT_RADIUS: i32 = 6;
/// Centipawns per step closer, per hunter, at full weight.
const HUNT_STEP: i32 = 3;
/// Hunters counted per royal (the nearest are what matters; bounds the cost on big boards).
const HUNT_PIECES: i32 = 8;
/// Hunters within this distance of an enemy royal make its attack swarm.
const SWARM_RADIUS: i32 = 2;
/// The swarm bonus is this times the square of the swarm's size (at most `SWARM_MAX`), at
/// full weight: each further attacker pays more than the last, so that the side ahead
/// piles attackers onto the royal's shelter rather than circling it with one or two.
const SWARM_SQUARE: i32 = 8;
const SWARM_MAX: i32 = 6;
/// The nearest this many pieces of the side ahead, wherever they stand, are pulled
/// towards each enemy royal: a royal is caught by several pieces at once, and pieces
/// beyond the hunt's radius otherwise see no reason to come.
const REINFORCE_PIECES: usize = 4;
/// Centipawns per step one of those pieces stands beyond `SWARM_RADIUS` of the royal,
/// at full weight.
const REINFORCE_STEP: i32 = 25;
/// Centipawns per neighbouring square the enemy royal cannot use, at full weight.
const CAGE_SQUARE: i32 = 6;
/// Centipawns per step the enemy royal stands away from the board's centre, at full
/// weight: a royal on the edge has half its flight squares, and the hunters fence it
/// there (the mop-up idea of chess endgames).
const EDGE_STEP: i32 = 20;
/// Trade-down: the lead's share that is added when half the material is gone (per mille).
const TRADE_PER_MILLE: i32 = 120;
/// Pieces worth less than this (centipawns) are light (`Variant::light_value`).
pub(crate) const LIGHT_BELOW: i32 = 370;
/// The lead's share (per mille) added when all the light material a side had at the
/// start is gone: the side behind's, the side ahead's. In Chu games 10 pawns or more
/// ahead (`scripts/fit-conversion-factors.py`, part 3), a Pawn's worth of light material
/// on the board went with 0.25 to 0.79 Pawns less lead for the side behind's and 0.10 to
/// 0.44 for the side ahead's; these shares give about half that at a 24-pawn lead.
const LIGHT_GONE_BEHIND: i64 = 600;
const LIGHT_GONE_AHEAD: i64 = 250;

/// One side leads by `LEAD_MIN` or more: the conversion terms apply and the side ahead
/// hunts; the game is decided.
pub fn decided(pos: &Position) -> bool {
    (pos.material(Color::Black) - pos.material(Color::White)).abs() >= LEAD_MIN
}

/// The conversion terms from `us`'s point of view (positive when `us` leads).
pub fn conversion(pos: &Position, us: Color) -> i32 {
    let them = us.flip();
    let lead = pos.material(us) - pos.material(them);
    if lead.abs() < LEAD_MIN {
        return 0;
    }
    let (ahead, behind) = if lead > 0 { (us, them) } else { (them, us) };
    let lead = lead.abs();
    let weight = (lead - LEAD_MIN).min(LEAD_FULL - LEAD_MIN);
    let scale = LEAD_FULL - LEAD_MIN;
    let hunt = hunt(pos, ahead, behind) * weight / scale;
    let total = (pos.material(ahead) + pos.material(behind)).max(1);
    // lead * (lead / total): rises as material comes off with the lead unchanged.
    let trade = (lead as i64 * lead as i64 * TRADE_PER_MILLE as i64 / (total as i64 * 500))
        .min(lead as i64 / 2) as i32;
    let light = light_gone(pos, ahead, behind, lead);
    let bonus = hunt + (trade + light) * weight / scale;
    if ahead == us {
        bonus
    } else {
        -bonus
    }
}

/// The light-material bonus of a lead of `lead` centipawns.
fn light_gone(pos: &Position, ahead: Color, behind: Color, lead: i32) -> i32 {
    let start = light_start(pos.variant) as i64;
    if start == 0 {
        return 0;
    }
    let gone = |c| (start - pos.light_material(c) as i64).clamp(0, start);
    let shares = LIGHT_GONE_BEHIND * gone(behind) + LIGHT_GONE_AHEAD * gone(ahead);
    (lead as i64 * shares / (1000 * start)) as i32
}

/// One side's light material in the variant's start position.
fn light_start(v: &'static Variant) -> i32 {
    *v.light_start
        .get_or_init(|| Position::start(v, v.default_rules).light_material(Color::Black))
}

/// Hunters close to each royal of `behind`, and the royal's blocked neighbours.
fn hunt(pos: &Position, ahead: Color, behind: Color) -> i32 {
    let v = pos.variant;
    let mut score = 0;
    for r in pos.royals(behind) {
        // The nearest hunters only: closeness values, summed over the best few.
        let mut near = [0i32; HUNT_PIECES as usize];
        let mut swarm = 0;
        // The distances of the nearest pieces (`REINFORCE_PIECES`), ascending.
        let mut nearest = [i32::MAX; REINFORCE_PIECES];
        for &p in pos.pieces(ahead) {
            if v.piece(pos.cell(p).ptype()).royal {
                continue;
            }
            let distance = v.distance(p, r) as i32;
            swarm += (distance <= SWARM_RADIUS) as i32;
            if let Some(i) = nearest.iter().position(|&d| d > distance) {
                nearest[i..].rotate_right(1);
                nearest[i] = distance;
            }
            let closeness = HUNT_RADIUS + 1 - distance;
            if closeness <= 0 {
                continue;
            }
            // Keep `near` as the largest values seen (insertion into a small array).
            if let Some(i) = near.iter().position(|&c| c < closeness) {
                near[i..].rotate_right(1);
                near[i] = closeness;
            }
        }
        score += near.iter().sum::<i32>() * HUNT_STEP;
        score -= nearest
            .iter()
            .filter(|&&d| d != i32::MAX)
            .map(|&d| (d - SWARM_RADIUS).max(0))
            .sum::<i32>()
            * REINFORCE_STEP;
        let swarm = swarm.min(SWARM_MAX);
        score += swarm * swarm * SWARM_SQUARE;
        let caged = v.king_offsets[0]
            .iter()
            .filter(|&&d| {
                let c = pos.cell(r.offset(d));
                !c.is_empty() && !c.is_color(behind)
            })
            .count() as i32;
        score += caged * CAGE_SQUARE;
        let (cx2, cy2) = (v.files as i32 - 1, v.ranks as i32 - 1);
        let (x2, y2) = (2 * v.col[r.idx()] as i32, 2 * v.row[r.idx()] as i32);
        let from_centre = (x2 - cx2).abs().max((y2 - cy2).abs()) / 2;
        score += from_centre * EDGE_STEP;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tests::chu;
    use crate::variant::{Rules, Variant};

    #[test]
    fn even_material_is_untouched() {
        let pos = Position::start(Variant::chu(), Rules::default());
        assert_eq!(conversion(&pos, Color::Black), 0);
    }

    #[test]
    fn the_side_ahead_wants_its_pieces_near_the_enemy_king() {
        // Black: King and two Dragon Kings against a bare King.
        let far = chu("11k/12/12/12/12/12/12/12/12/12/DD10/K11 b - 1");
        let near = chu("11k/8DD2/12/12/12/12/12/12/12/12/12/K11 b - 1");
        let f = conversion(&far, Color::Black);
        let n = conversion(&near, Color::Black);
        assert!(f > 0 && n > f, "far {f}, near {n}");
        // The same from the other side's view.
        assert_eq!(conversion(&near, Color::White), -n);
    }

    #[test]
    fn each_further_attacker_near_the_enemy_king_pays_more() {
        // One, two and three Dragon Kings two squares from the King, the rest at home.
        let one = chu("11k/12/9D2/12/12/12/12/12/12/12/DD10/K11 b - 1");
        let two = chu("11k/12/9DD1/12/12/12/12/12/12/12/D11/K11 b - 1");
        let three = chu("11k/12/9DDD/12/12/12/12/12/12/12/12/K11 b - 1");
        let [a, b, c] = [one, two, three].map(|p| hunt(&p, Color::Black, Color::White));
        assert!(c - b > b - a && b - a > 0, "{a} {b} {c}");
    }

    #[test]
    fn the_enemy_king_is_driven_to_the_edge() {
        // The same hunters, the same distances: the King on the edge is worth more.
        let centre = chu("12/12/12/12/6k5/12/12/12/12/6DD4/12/K11 b - 1");
        let edge_hunters = chu("6k5/12/12/12/12/6DD4/12/12/12/12/12/K11 b - 1");
        assert!(conversion(&edge_hunters, Color::Black) > conversion(&centre, Color::Black));
    }

    #[test]
    fn light_pieces_gone_pay_for_the_side_ahead() {
        // Two Dragon Kings ahead: Golds on the board, a pair of them traded, every one
        // gone. The side behind's count more than the side ahead's.
        let golds = chu("11k/10gg/12/12/12/12/12/12/12/12/DDGG8/K11 b - 1");
        let traded = chu("11k/11g/12/12/12/12/12/12/12/12/DDG9/K11 b - 1");
        let bare = chu("11k/12/12/12/12/12/12/12/12/12/DD10/K11 b - 1");
        let ours_gone = chu("11k/10gg/12/12/12/12/12/12/12/12/DD10/K11 b - 1");
        // At one lead, so that only the pieces gone differ.
        let light = |p: &Position| light_gone(p, Color::Black, Color::White, 2000);
        assert!(light(&golds) > 0);
        assert!(light(&traded) > light(&golds));
        assert!(light(&bare) > light(&traded));
        // Two of the side ahead's Golds gone count less than two of the side behind's.
        let theirs_gone = light(&bare) - light(&ours_gone);
        let ours = light(&ours_gone) - light(&golds);
        assert!(
            theirs_gone > ours && ours > 0,
            "theirs {theirs_gone}, ours {ours}"
        );
    }

    #[test]
    fn trading_down_pays_for_the_side_ahead() {
        // Black is a Dragon King ahead either way; fewer pieces besides is better for it.
        let many = chu("11k/12/12/12/12/12/12/12/gg10/12/DDGG8/K11 b - 1");
        let few = chu("11k/12/12/12/12/12/12/12/12/12/DD10/K11 b - 1");
        assert!(conversion(&few, Color::Black) > conversion(&many, Color::Black));
    }
}
