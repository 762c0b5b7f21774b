//! Yanxin shogi (妍欣將棋): Chu shogi with drops, the Knight, the Yanxin that freezes the
//! enemy pieces beside it, and the Moon Fairy that captures them. The table follows
//! docs/rules/yanxin.md sections 2-3: 23 unpromoted kinds first (the ones a hand can
//! hold), then their promoted forms, 46 rows for 36 kinds (ten promoted rows move like an
//! unpromoted kind but never promote again). Values are in Chu's units (chu.md 3.2) x 100;
//! the new pieces are valued by their mobility against Chu's.

use super::schema::{find, row, Row};
use super::{chu, kanji, Perpetual, PromotionRule, Rules, Variant, VariantSpec};
use crate::movement::*;

pub const START_SFEN: &str = "ljcsgekgscjl/aftbrxorbtfa/mvyhdqndhyvm/pppppppppppp/1i2i2i2i1/12/12/1I2I2I2I1/PPPPPPPPPPPP/MVYHDNQDHYVM/AFTBROXRBTFA/LJCSGKEGSCJL b - 1";

/// Positions for `largeshogi bench`: the start, and middlegames from random playouts with
/// pieces in hand, Moon Fairies (one pending, on 12i) and frozen pieces.
pub const BENCH_SFENS: &[&str] = &[
    START_SFEN,
    "1jcsgekgscjl/1ftbrxorbtfa/lQvhdq1dhv1m/1p1ppppppppp/p1p1i2i2iA/1i1i3fI2H/1I6P3/5P1IyPy1/PPP1n1PNYYP1/JAVH2DDM1VM/M1TBROXRBTFA/LC1SGKEGSCJL b 4p 61",
    "l2+Y1ek4l/af2B1or4/mvjhdq1d2I1/Tp1xpppphh2/p1pp3ipp2/1i1ji5Ya/1sS4N3B/PIMPIF1IVPIC/+yPP1P1PPP1PP/MVYnD1QDHTVM/AFTBROXRBTFA/LJCSGKEGSCJL b R2GC3P 53 12i",
    "ljcsgekg3l/aftbrxnr1I2/mv2d2oh2V/1p1ppp1+T4/1iphi1PQ3C/p1y2I+Y3o1/1bY1FD4IJ/1I2INpI2r1/PPPPPP2PPPP/MVSHDY2HBVM/AFTBR+qXMT1FA/LJCSGKEGSCJL b DA6P 61",
];

/// The four diagonals, as static data for the Free Eagle's bent Lion.
static DIAGONALS: [Dir; 4] = DIAG;

/// The 24 squares within distance 3 that are not on one of the eight lines: with leaps to
/// every square of the lines they make the Moon Fairy's area move (yanxin.md 4.6).
fn off_line_area() -> Vec<Atom> {
    let mut v = Vec::new();
    for dy in -3i8..=3 {
        for dx in -3i8..=3 {
            if dx != 0 && dy != 0 && dx.abs() != dy.abs() {
                v.push(Atom::Jump { dir: (dx, dy) });
            }
        }
    }
    v
}

/// Yanxin's table: Chu's rows (chu.md 3, `chu::rows`) in yanxin.md's order with its
/// differences. No Lion-trading, bare-King or dead-Lance rules here, so borrowed rows lose
/// those flags; the Pawn keeps its last-rank rule (yanxin.md 5).
fn rows() -> Vec<Row> {
    let chu = chu::rows();
    let chu = |code: &str| find(&chu, code).clone().without_flags();
    let lion = || vec![Atom::Lion];
    let knight_leaps = |dirs: &[Dir]| dirs.iter().map(|&dir| Atom::Jump { dir }).collect();
    let mut rows: Vec<Row> = vec![
        // 玉將/王將 King: promotes here
        chu("K").promotes("+K"),
    ];
    rows.extend(["E", "T", "F", "G", "S", "C"].map(chu));
    rows.extend([
        // 步兵 Pawn
        chu("P").last_rank(),
        // 仲人 Go-Between, 鳳凰 Phoenix, 麒麟 Kirin
        chu("I"),
        chu("X"),
        chu("O"),
        // 妍欣 Yanxin: leaps 1-3 squares along the eight lines; freezes adjacent enemies
        row("Y", "Yanxin", leap_rides(&KING_DIRS, 3), 9).promotes("+Y"),
        // 桂馬 Knight: the two forward knight leaps
        row("J", "Knight", knight_leaps(&[(-1, 2), (1, 2)]), 2).promotes("+J"),
        // 香車 Lance
        chu("L"),
        // 反車 Reverse Chariot: here it slides along the forward diagonals (not Chu's vR)
        chu("A").with_atoms(slides(&FORWARD_DIAG)),
    ]);
    rows.extend(["V", "M", "R", "B", "D", "H"].map(chu));
    rows.extend([
        // 奔王 Free King and 獅子 Lion: both promote here
        chu("Q").promotes("+Q"),
        chu("N").promotes("+N"),
        // 自在天王 Free Heavenly King (royal): Free King slides and full Lion power
        row("+K", "Free Heavenly King", cat(&[free_king(), lion()]), 32).royal(),
    ]);
    rows.extend(["+E", "+T", "+F", "+G", "+S", "+C", "+P", "+I", "+X", "+O"].map(chu));
    rows.extend([
        // 月光仙子 Moon Fairy: leaps to any square of the eight lines or within distance 3;
        // captures the enemy pieces around it automatically
        row(
            "+Y",
            "Moon Fairy",
            cat(&[leap_rides(&KING_DIRS, UNLIMITED), off_line_area()]),
            28,
        ),
        // 跳馬 Jumping Horse: all eight knight leaps
        row(
            "+J",
            "Jumping Horse",
            knight_leaps(&[
                (-1, 2),
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
            ]),
            4,
        ),
    ]);
    rows.extend(["+L", "+A", "+V", "+M", "+R", "+B", "+D", "+H"].map(chu));
    rows.extend([
        // 奔鷲 Free Eagle: Free King slides and a Lion whose steps are diagonal (4.2)
        row(
            "+Q",
            "Free Eagle",
            cat(&[free_king(), vec![Atom::BentLion { dirs: &DIAGONALS }]]),
            18,
        ),
        // 獅鷹 Lion Hawk: Bishop slides and full Lion power
        row("+N", "Lion Hawk", cat(&[bishop(), lion()]), 25),
    ]);
    rows
}

pub fn build() -> Variant {
    Variant::build(VariantSpec {
        name: "yanxin",
        files: 12,
        ranks: 12,
        rows: rows(),
        start_sfen: START_SFEN,
        bench_sfens: BENCH_SFENS,
        zone_depth: 4,
        // No Lion-trading rules (yanxin.md 4.1), no bare-King rule (D19) whatever the preset.
        lion_trading: false,
        default_rules: Rules {
            bare_king: false,
            ..Rules::default()
        },
        kanji: kanji::YANXIN,
        drops: true,
        promotion: PromotionRule::EndInZone,
        freezers: vec!["Y"],
        auto_capturers: vec!["+Y"],
        drop_pawn: Some("P"),
        perpetual: Perpetual::Check,
        ..VariantSpec::default()
    })
}
