//! Raiders shut in. A piece worth 10 pawns or more (the Lion 獅子, the Soaring Eagle
//! 飛鷲, the Free King 奔王, the Dragon King 龍王, ...) that captures its way into the
//! enemy camp lands among many enemy pieces; when most of the squares it could leave to
//! are attacked there, one quiet enemy move that attacks it wins it. Measured against
//! HaChu, most large score drops came from such raids, the trap seen only at depth 9
//! while play at 10+0.1 reaches 5 to 9. The term makes the search weigh a raid's pawns
//! against the raider's way out.
//!
//! A way out is a square the raider reaches in one move (with the Lion's power every
//! square within two steps, whatever stands between; along a ride up to the first
//! piece) that is not its own side's and not attacked by the enemy once the raider has
//! left its square.

use crate::movegen::attack::Overlay;
use crate::position::Position;
use crate::types::{Color, Sq};

/// Raiders worth less than this (centipawns) are not judged: a cheap piece lost in a raid
/// costs little, and the test is not free.
const RAIDER_MIN_VALUE: i32 = 1000;
/// Penalty, in 64ths of the raider's value, with 0, 1 or 2 ways out left; 3 or more are
/// enough to escape a single attacking move.
const SHUT_IN_64THS: [i32; 3] = [16, 8, 4];

/// The penalty for the raiders of `c` standing in the enemy camp (its promotion zone)
/// with fewer than three ways out.
pub fn shut_in(pos: &Position, c: Color) -> i32 {
    let v = pos.variant;
    // Where attacks are not plain geometry (Yanxin's Moon Fairies) each test generates
    // the enemy's moves: 24 of them per raider would cost more than the term is worth.
    // Without a promotion zone (Tai) there is no camp to raid: no scan of the army.
    if !v.exact_attacks || v.zone_depth == 0 {
        return 0;
    }
    let camp = &v.zone[c.index()];
    let mut penalty = 0;
    for &from in pos.pieces(c) {
        if !camp[from.idx()] {
            continue;
        }
        let t = pos.cell(from).ptype();
        let value = v.piece(t).value;
        if value < RAIDER_MIN_VALUE || v.piece(t).royal {
            continue;
        }
        let ways_out = ways_out(pos, c, from);
        if let Some(&share) = SHUT_IN_64THS.get(ways_out) {
            penalty += value * share / 64;
        }
    }
    penalty
}

/// The raider's ways out, counted up to `SHUT_IN_64THS.len()`: squares it reaches in
/// one move (with the Lion's power every square within two steps) that are on the
/// board, not its own side's, and not attacked by the enemy once it has left.
fn ways_out(pos: &Position, c: Color, from: Sq) -> usize {
    let v = pos.variant;
    let them = c.flip();
    let pm = &v.moves[c.index()][pos.cell(from).ptype() as usize];
    let enough = SHUT_IN_64THS.len();
    let mut found = 0;
    let mut safe = |to: Sq| {
        if found < enough && pos.cell(to).can_land(c) {
            let seen = Overlay {
                empties: [from, Sq::NONE],
                filled: to,
            };
            if !pos.attacked_by(to, them, &seen) {
                found += 1;
            }
        }
        found >= enough
    };
    if pm.lion {
        for &d in v.king_offsets[0].iter().chain(v.ring2_offsets.iter()) {
            if safe(from.offset(d)) {
                return enough;
            }
        }
    }
    // A one-line Lion power reaches the first two squares of its line, leaping.
    for &d in &pm.lion_lines {
        if safe(from.offset(d)) || safe(from.offset(d).offset(d)) {
            return enough;
        }
    }
    // The distances a far ride skips are reached by another power, counted above.
    let far = pm.far_rides.iter().copied();
    let plain = pm.rides.iter().map(|&(off, range)| (off, range, 0));
    for (off, range, skip) in plain.chain(far) {
        let mut to = from;
        for n in 1..=range {
            to = to.offset(off);
            let reached_otherwise = n < 8 && skip & (1 << n) != 0;
            if !reached_otherwise && safe(to) {
                return enough;
            }
            if !pos.cell(to).is_empty() {
                break;
            }
        }
    }
    for &off in &pm.jumps {
        if safe(from.offset(off)) {
            return enough;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tests::chu;

    #[test]
    fn a_lion_in_the_enemy_corner_with_its_exits_covered_is_penalised() {
        // Black's Lion on White's back-rank corner (12a) of the start position: of the
        // squares within two steps only 10a (the Copper, which nothing of White's guards)
        // is a way out: an eighth of its value.
        let shut = chu("Nfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHD1QDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1");
        let lion = shut.variant.pieces.iter().find(|p| p.code == "N");
        let lion = lion.expect("Chu has a Lion");
        assert_eq!(shut_in(&shut, Color::Black), lion.value * 8 / 64);
        assert_eq!(shut_in(&shut, Color::White), 0);
        // Beside White's camp but not in it (rank e): not a raider.
        let near = chu("lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/N2i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHD1QDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1");
        assert_eq!(shut_in(&near, Color::Black), 0);
        // In the corner of an empty camp it has every way out.
        let free = chu("N11/12/12/12/12/12/12/12/12/12/12/6K4k b - 1");
        assert_eq!(shut_in(&free, Color::Black), 0);
    }

    #[test]
    fn a_soaring_eagle_in_the_enemy_corner_with_its_lines_covered_is_penalised() {
        // Black's Soaring Eagle (the promoted Dragon King) on White's corner 12a: its
        // ways out are the captures on 11a and 12b and the step to 11b along its
        // backward diagonal (10c beyond is White's Rook), all of them guarded (the
        // Vertical Mover covers 11b and 11a, the Side Mover 12b), so it has none.
        let shut = chu("+Dfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRH2QDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1");
        let eagle = shut.variant.pieces.iter().find(|p| p.code == "+D");
        let eagle = eagle.expect("Chu has a Soaring Eagle");
        assert_eq!(shut_in(&shut, Color::Black), eagle.value * 16 / 64);
        // In the corner of an empty camp its lines are open.
        let free = chu("+D11/12/12/12/12/12/12/12/12/12/12/6K4k b - 1");
        assert_eq!(shut_in(&free, Color::Black), 0);
        // A Gold is not worth a raid's judgement, wherever it stands.
        let gold = chu("Gfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHD1QDHRVM/A1B1TOXT1B1A/LFCS1KEGSCFL b - 1");
        assert_eq!(shut_in(&gold, Color::Black), 0);
    }
}
