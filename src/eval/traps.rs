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
use crate::variant::{PieceDef, PieceMoves};

/// Raiders worth less than this (centipawns) are not judged: a cheap piece lost in a raid
/// costs little, and the test is not free.
const RAIDER_MIN_VALUE: i32 = 1000;
/// Penalty, in 64ths of the raider's value, with 0, 1 or 2 ways out left; 3 or more are
/// enough to escape a single attacking move.
const SHUT_IN_64THS: [i32; 3] = [16, 8, 4];

/// Lion trap: the corners where a Lion raid ends lost once the enemy Lion comes near,
/// the files from each side edge and the weights by rank: the enemy zone's ranks but its
/// innermost, its innermost rank, the next rank out.
const TRAP_FILES: i32 = 3;
const TRAP_RANK_WEIGHT: [i32; 3] = [7, 4, 2];
/// Lion trap: weight by the Chebyshev distance between the two Lions (adjacent Lions may
/// take each other, so nothing below 2; one Lion move brings a Lion 2 squares closer).
const TRAP_DISTANCE: [i32; 9] = [0, 0, 10, 9, 8, 7, 5, 3, 1];
/// Lion trap: factor when no piece of the trapped Lion's side protects it.
const TRAP_UNPROTECTED: i32 = 10;

/// `Variant::trap_kind` bits: a raider (worth `RAIDER_MIN_VALUE` or more, not royal) and
/// a Lion (full Lion power: the Lion 獅子, the promoted Kirin).
const RAIDER: u8 = 1;
const LION: u8 = 2;

/// What this module judges a piece type as (`Variant::trap_kind`, built with the variant;
/// the position keeps the squares of such pieces, so that an evaluation visits only them).
pub(crate) fn trap_kind(def: &PieceDef, moves: &PieceMoves) -> u8 {
    let raider = !def.royal && def.value >= RAIDER_MIN_VALUE;
    (raider as u8 * RAIDER) | (moves.lion as u8 * LION)
}

/// Everything this module charges to `c` (centipawns): raiders shut in, Lions trapped.
pub fn penalty(pos: &Position, c: Color) -> i32 {
    scan(pos, c, RAIDER | LION)
}

/// The penalties of the kinds `mask` for the pieces of `c` (the position keeps their
/// squares: `Position::trap_pieces`).
fn scan(pos: &Position, c: Color, mask: u8) -> i32 {
    let v = pos.variant;
    // Protection and ways out are attack tests by geometry: where attacks are not plain
    // geometry (Yanxin's Moon Fairies) each test generates the enemy's moves, which costs
    // more than the terms are worth. Without a promotion zone (Tai) there is no camp.
    if !v.exact_attacks || v.zone_depth == 0 {
        return 0;
    }
    let mut penalty = 0;
    for s in pos.trap_pieces(c) {
        let kind = v.trap_kind[pos.cell(s).ptype() as usize] & mask;
        if kind & RAIDER != 0 {
            penalty += shut_in_at(pos, c, s);
        }
        if kind & LION != 0 {
            penalty += trapped_at(pos, c, s);
        }
    }
    penalty
}

/// The Lions of `c` trapped (`trapped_at`), for the tests.
#[cfg(test)]
fn lion_trap(pos: &Position, c: Color) -> i32 {
    scan(pos, c, LION)
}

/// The penalty for a Lion of `c` on `lion` standing in a corner of the enemy camp while
/// the enemy keeps a Lion within eight squares: ten times more when unprotected, up to
/// 700 centipawns. Against HaChu many leads were lost after our Lion captured its way
/// into HaChu's corner and sat there until HaChu's Lion came near; the trap closes
/// beyond the search's horizon, and the ways out that `shut_in_at` counts are still open
/// while the enemy Lion is three squares off. (HaChu's own evaluation has a term of this
/// shape.)
fn trapped_at(pos: &Position, c: Color, lion: Sq) -> i32 {
    let v = pos.variant;
    let weight = trap_weight(pos, c, lion);
    if weight == 0 {
        return 0;
    }
    let them = c.flip();
    let nearest = pos
        .trap_pieces(them)
        .filter(|&s| v.trap_kind[pos.cell(s).ptype() as usize] & LION != 0)
        .map(|s| v.distance(lion, s) as usize)
        .min();
    let closeness = nearest
        .and_then(|d| TRAP_DISTANCE.get(d))
        .copied()
        .unwrap_or(0);
    if closeness == 0 {
        return 0;
    }
    // Protection is an attack test on an own piece: geometry only (`scan`).
    let protected = pos.is_attacked(lion, c);
    weight * closeness * if protected { 1 } else { TRAP_UNPROTECTED }
}

/// `TRAP_RANK_WEIGHT` of square `s` for a Lion of `c`, 0 outside the enemy's corners.
fn trap_weight(pos: &Position, c: Color, s: Sq) -> i32 {
    let v = pos.variant;
    let col = v.col[s.idx()] as i32;
    if col >= TRAP_FILES && col < v.files as i32 - TRAP_FILES {
        return 0;
    }
    let row = v.row[s.idx()] as i32;
    // Ranks counted from the enemy's back rank: Black's zone is the top of the board.
    let depth = match c {
        Color::Black => row,
        Color::White => v.ranks as i32 - 1 - row,
    };
    let inner = v.zone_depth as i32 - 1;
    match depth - inner {
        d if d < 0 => TRAP_RANK_WEIGHT[0],
        d => TRAP_RANK_WEIGHT.get(d as usize + 1).copied().unwrap_or(0),
    }
}

/// The raiders of `c` shut in (`shut_in_at`), for the tests.
#[cfg(test)]
fn shut_in(pos: &Position, c: Color) -> i32 {
    scan(pos, c, RAIDER)
}

/// The penalty for a raider of `c` on `from` standing in the enemy camp (its promotion
/// zone) with fewer than three ways out.
fn shut_in_at(pos: &Position, c: Color, from: Sq) -> i32 {
    let v = pos.variant;
    if !v.zone[c.index()][from.idx()] {
        return 0;
    }
    let value = v.piece(pos.cell(from).ptype()).value;
    SHUT_IN_64THS
        .get(ways_out(pos, c, from))
        .map_or(0, |&share| value * share / 64)
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
    fn a_lion_in_the_enemy_corner_is_trapped_as_the_enemy_lion_comes_near() {
        // Black's Lion on 2b, in White's corner (files 1-3, rank b): White's Lion on 2d,
        // two squares off, nothing of Black's near: 7 x 10 x 10.
        let near = chu("6k5/10N1/12/10n1/12/12/12/12/12/12/12/6K5 b - 1");
        assert_eq!(lion_trap(&near, Color::Black), 700);
        assert_eq!(lion_trap(&near, Color::White), 0);
        // A Gold of Black's on 2c guards 2b (a step forward for it): a tenth, here with
        // White's Lion three squares off.
        let guarded = chu("6k5/10N1/10G1/12/10n1/12/12/12/12/12/12/6K5 b - 1");
        assert_eq!(lion_trap(&guarded, Color::Black), 7 * 9);
        // Eight squares off: the least weight (7 x 1 x 10); nine: none.
        let far = chu("6k5/10N1/12/12/12/12/12/12/12/10n1/12/6K5 b - 1");
        assert_eq!(lion_trap(&far, Color::Black), 70);
        let farther = chu("6k5/10N1/12/12/12/12/12/12/12/12/10n1/6K5 b - 1");
        assert_eq!(lion_trap(&farther, Color::Black), 0);
        // Outside the corner files no trap; on the zone's innermost rank (d) 4, on the
        // next rank out (e) 2.
        let centre = chu("6k5/6N5/12/6n5/12/12/12/12/12/12/12/6K5 b - 1");
        assert_eq!(lion_trap(&centre, Color::Black), 0);
        let inner = chu("6k5/12/12/10N1/12/10n1/12/12/12/12/12/6K5 b - 1");
        assert_eq!(lion_trap(&inner, Color::Black), 4 * 10 * 10);
        let beyond = chu("6k5/12/12/12/10N1/12/10n1/12/12/12/12/6K5 b - 1");
        assert_eq!(lion_trap(&beyond, Color::Black), 2 * 10 * 10);
        // White's Lion in Black's corner (2k), Black's Lion three squares off.
        let white = chu("6k5/12/12/12/12/12/12/10N1/12/12/10n1/6K5 b - 1");
        assert_eq!(lion_trap(&white, Color::White), 7 * 9 * 10);
        // Without an enemy Lion there is no trap.
        let alone = chu("6k5/10N1/12/12/12/12/12/12/12/12/12/6K5 b - 1");
        assert_eq!(lion_trap(&alone, Color::Black), 0);
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
