//! Raiders shut in. A piece with the Lion's power (獅子, Chu's Lion and the Kirin's
//! promotion) that captures its way into the enemy camp lands among many enemy pieces;
//! when most of the squares it could leave to are attacked there, one quiet enemy move
//! that attacks it wins it. Measured against HaChu, most large score drops came from
//! such raids, the trap seen only at depth 9 while play at 10+0.1 reaches 5 to 9. The
//! term makes the search weigh a raid's pawns against the raider's way out.
//!
//! The Lion's reach is every square within two steps (`king_offsets`, `ring2_offsets`),
//! whatever stands between, so its ways out are a fixed set of squares; a square counts
//! as a way out when it is on the board, not the raider's own piece's, and not attacked
//! by the enemy once the raider has left its square.

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
    if !v.exact_attacks {
        return 0;
    }
    let them = c.flip();
    let camp = &v.zone[c.index()];
    let mut penalty = 0;
    // The Lion-power pieces are tracked (`Variant::tracked`): no scan of the army.
    for from in pos.tracked(c) {
        let t = pos.cell(from).ptype();
        if !v.moves[c.index()][t as usize].lion {
            continue;
        }
        let value = v.piece(t).value;
        if value < RAIDER_MIN_VALUE || !camp[from.idx()] {
            continue;
        }
        let mut ways_out = 0;
        for &d in v.king_offsets[0].iter().chain(v.ring2_offsets.iter()) {
            let to = from.offset(d);
            if !pos.cell(to).can_land(c) {
                continue;
            }
            let seen = Overlay {
                empties: [from, Sq::NONE],
                filled: to,
            };
            if !pos.attacked_by(to, them, &seen) {
                ways_out += 1;
                if ways_out == SHUT_IN_64THS.len() {
                    break;
                }
            }
        }
        if let Some(&share) = SHUT_IN_64THS.get(ways_out) {
            penalty += value * share / 64;
        }
    }
    penalty
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
}
