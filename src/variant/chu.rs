//! Chu shogi (中将棋): 12x12, 46 pieces a side, Lion power and the Lion-trading rules.
//! The table follows docs/rules/chu.md sections 2-3, values as its value table x 100;
//! the engine plays with values fitted to game results (`ENGINE_VALUES`).
//! A promoted piece is its own entry (`+p` moves like a Gold but is not a `g`): 39 states.

use super::schema::{row, with_values, Row};
use super::{kanji, Variant, VariantSpec};
use crate::movement::*;

pub const START_SFEN: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

/// The start position as the QBoard GUI writes it (its own piece letters), for reading
/// its `setboard` (`notation::qboard`).
pub const QBOARD_START: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL";

/// Positions searched by `largeshogi bench`: the start and middlegames from playouts.
pub const BENCH_SFENS: &[&str] = &[
    START_SFEN,
    "lf1sgekgscfl/acb1txot1b1a/mvrhdqndhrvm/ppppppppp1pp/3i4ip2/12/12/3I2P1I3/PPPPPP1PPPPP/MVRHD1Q1HRVM/ACBOTNXTDB1A/LF1SGKEGSCFL b - 11",
    "lf2gekgscfl/a1sct2tobva/mvr2x1dhr1m/1p1p1p1ppppp/p7i3/2p3p5/1h1I4+d3/PPP6P2/3P1T1PPHPP/M1VH2T1BR1M/AFR4OS1VA/L1CSGKE2CFL b - 63",
    "l1c2etgs1fl/aft1sxk1c1va/mv2dq3drm/p4p3pp1/3pp1npp2p/1p10/12/1P1I3P1P1P/P2PPP2PFP1/M2R2OD1R1M/L1F1SEXTS1CA/4GK1GB2L b - 75",
    "l1csgekgs1fl/afbntxt1cb1a/mvr1d2dhrvm/p1pp2o1pppp/1p1ip1pp4/4Op6/12/3P6P1/PPP1PPP2P1P/MVR2QT1D+hVM/ACHSTDX1HBCA/LF1BGKEGS1FL w - 46",
    "lf1sgek1s3/a1b1txgt4/mvcr1d2d3/1ppp1p1p4/p5p1pp+Vl/3i8/6P3PH/12/P+hP2P5A/1R1T4Q3/A3MOG2B2/LF1BGKE1SF2 w - 94",
];

/// The engine's piece values in centipawns, in place of the rules' (chu.md 3.2, as
/// written in `rows`, which Yanxin borrows). Fitted by scripts/fit-piece-values.py to the
/// results of 3060 games of self-play and against HaChu (scripts/data/chu-games.tsv.gz):
/// a logistic model of the result on the material, pulled towards the rules' values.
/// The ranging pieces gain (Dragon King 10 pawns against 8, Dragon Horse 8.7 against 7),
/// so do the Kirin and the Phoenix, which promote to Lion and Free King (4.8 and 5 against
/// 3), and the short steppers lose (Gold 1.8 against 3, Side Mover 2.4 against 4).
/// Self-play against the rules' values: see docs/search-experiments.md (Evaluation).
#[rustfmt::skip]
pub const ENGINE_VALUES: &[(&str, i32)] = &[
    ("P", 83), ("I", 74), ("C", 121), ("S", 128), ("G", 177), ("F", 221), ("T", 236),
    ("E", 256), ("O", 479), ("X", 500), ("L", 273), ("A", 228), ("M", 235), ("V", 396),
    ("B", 468), ("R", 644), ("H", 868), ("D", 1000), ("Q", 1241), ("N", 2032),
    ("+P", 199), ("+I", 298), ("+C", 375), ("+S", 399), ("+G", 587), ("+F", 484),
    ("+T", 593), ("+O", 1998), ("+X", 1192), ("+L", 618), ("+A", 464), ("+M", 749),
    ("+V", 783), ("+B", 728), ("+R", 826), ("+H", 1117), ("+D", 1196),
];

/// Chu's table (chu.md 3): 21 kinds, then the 18 promoted states. Yanxin borrows from it.
#[rustfmt::skip]
pub fn rows() -> Vec<Row> { vec![
    // 玉将/王将 King
    row("K", "King", king(), 4).royal(),
    // 酔象 Drunk Elephant
    row("E", "Drunk Elephant", drunk_elephant(), 3).promotes("+E"),
    // 金将 Gold General
    row("G", "Gold General", gold(), 3).promotes("+G"),
    // 銀将 Silver General
    row("S", "Silver General", steps(&[F, FL, FR, BL, BR]), 2).promotes("+S"),
    // 銅将 Copper General
    row("C", "Copper General", steps(&[F, FL, FR, B]), 2).promotes("+C"),
    // 猛豹 Ferocious Leopard
    row("F", "Ferocious Leopard", steps(&[F, FL, FR, BL, BR, B]), 3).promotes("+F"),
    // 盲虎 Blind Tiger
    row("T", "Blind Tiger", steps(&[FL, FR, L, R, BL, BR, B]), 3).promotes("+T"),
    // 麒麟 Kirin: diagonal steps, orthogonal leaps of two
    row("O", "Kirin", cat(&[steps(&DIAG), jumps(&ORTHO, 2)]), 3).promotes("+O"),
    // 鳳凰 Phoenix: orthogonal steps, diagonal leaps of two
    row("X", "Phoenix", cat(&[steps(&ORTHO), jumps(&DIAG, 2)]), 3).promotes("+X"),
    // 香車 Lance
    row("L", "Lance", slides(&[F]), 3)
    .promotes("+L")
    .last_rank(),
    // 反車 Reverse Chariot
    row("A", "Reverse Chariot", slides(&VERTICAL), 3).promotes("+A"),
    // 横行 Side Mover
    row("M", "Side Mover", side_mover(), 4).promotes("+M"),
    // 竪行 Vertical Mover
    row("V", "Vertical Mover", vertical_mover(), 4).promotes("+V"),
    // 角行 Bishop
    row("B", "Bishop", bishop(), 5).promotes("+B"),
    // 飛車 Rook
    row("R", "Rook", rook(), 6).promotes("+R"),
    // 龍馬 Dragon Horse
    row("H", "Dragon Horse", dragon_horse(), 7).promotes("+H"),
    // 龍王 Dragon King
    row("D", "Dragon King", dragon_king(), 8).promotes("+D"),
    // 奔王 Free King
    row("Q", "Free King", free_king(), 12),
    // 獅子 Lion
    row("N", "Lion", vec![Atom::Lion], 20).lion(),
    // 歩兵 Pawn
    row("P", "Pawn", steps(&[F]), 1)
    .promotes("+P")
    .pawnlike()
    .last_rank(),
    // 仲人 Go-Between
    row("I", "Go-Between", steps(&VERTICAL), 1)
    .promotes("+I")
    .pawnlike(),
    // 太子 Crown Prince (promoted Drunk Elephant)
    row("+E", "Crown Prince", king(), 4).royal(),
    // 飛車 Rook (promoted Gold)
    row("+G", "Rook", rook(), 6),
    // 竪行 Vertical Mover (promoted Silver)
    row("+S", "Vertical Mover", vertical_mover(), 4),
    // 横行 Side Mover (promoted Copper)
    row("+C", "Side Mover", side_mover(), 4),
    // 角行 Bishop (promoted Ferocious Leopard)
    row("+F", "Bishop", bishop(), 5),
    // 飛鹿 Flying Stag (promoted Blind Tiger)
    row("+T", "Flying Stag", cat(&[slides(&VERTICAL), steps(&[FL, FR, L, R, BL, BR])]), 6),
    // 獅子 Lion (promoted Kirin)
    row("+O", "Lion", vec![Atom::Lion], 20).lion(),
    // 奔王 Free King (promoted Phoenix)
    row("+X", "Free King", free_king(), 12),
    // 白駒 White Horse (promoted Lance)
    row("+L", "White Horse", slides(&[F, B, FL, FR]), 7),
    // 鯨鯢 Whale (promoted Reverse Chariot)
    row("+A", "Whale", slides(&[F, B, BL, BR]), 5),
    // 奔猪 Free Boar (promoted Side Mover)
    row("+M", "Free Boar", slides(&[FL, FR, L, R, BL, BR]), 8),
    // 飛牛 Flying Ox (promoted Vertical Mover)
    row("+V", "Flying Ox", slides(&[F, B, FL, FR, BL, BR]), 8),
    // 龍馬 Dragon Horse (promoted Bishop)
    row("+B", "Dragon Horse", dragon_horse(), 7),
    // 龍王 Dragon King (promoted Rook)
    row("+R", "Dragon King", dragon_king(), 8),
    // 角鷹 Horned Falcon: Lion power straight forward, slides elsewhere
    row("+H", "Horned Falcon", cat(&[lion_lines(&[F]), slides(&[FR, R, BR, B, BL, L, FL])]), 10),
    // 飛鷲 Soaring Eagle: Lion power on the forward diagonals, slides elsewhere
    row("+D", "Soaring Eagle", cat(&[lion_lines(&[FL, FR]), slides(&[F, R, BR, B, BL, L])]), 11),
    // 金将 Gold (promoted Pawn, "tokin")
    row("+P", "Gold General", gold(), 3),
    // 酔象 Drunk Elephant (promoted Go-Between; not royal, never promotes)
    row("+I", "Drunk Elephant", drunk_elephant(), 3),
] }

pub fn build() -> Variant {
    Variant::build(VariantSpec {
        name: "chu",
        files: 12,
        ranks: 12,
        rows: with_values(rows(), ENGINE_VALUES),
        start_sfen: START_SFEN,
        bench_sfens: BENCH_SFENS,
        zone_depth: 4,
        lion_trading: true,
        kanji: kanji::CHU,
        xboard_native: true,
        kif: true,
        qboard_start: Some(QBOARD_START),
        ..VariantSpec::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_values_cover_every_piece_and_stay_out_of_yanxin() {
        let value =
            |v: &Variant, code: &str| v.pieces.iter().find(|p| p.code == code).map(|p| p.value);
        for r in rows().iter().filter(|r| !r.royal) {
            let engine = ENGINE_VALUES.iter().find(|(c, _)| *c == r.code);
            assert!(engine.is_some(), "no engine value for {}", r.code);
            assert_eq!(value(Variant::chu(), r.code), engine.map(|e| e.1));
        }
        // Yanxin borrows the rules' table, values included.
        assert_eq!(value(Variant::yanxin(), "G"), Some(300));
    }
}
