//! Yanxin shogi (妍欣將棋): Chu shogi with drops, the Knight, the Yanxin that freezes the
//! enemy pieces beside it, and the Moon Fairy that captures them. The table follows
//! docs/rules/yanxin.md sections 2-3: 23 unpromoted kinds first (the ones a hand can
//! hold), then their promoted forms, 46 rows for 36 kinds (ten promoted rows move like an
//! unpromoted kind but never promote again). Values are in Chu's units (chu.md 3.2) x 100;
//! the new pieces are valued by their mobility against Chu's.

use super::{
    Perpetual, PieceDef, PieceExtra, PromotionRule, Rules, Variant, VariantOptions, VariantSpec,
};
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

#[derive(Clone, Copy, Default)]
struct Flags {
    royal: bool,
    /// Promotes only on entering the zone or on the last rank (the Pawn, yanxin.md 5).
    pawn_rule: bool,
}

const NONE: Flags = Flags {
    royal: false,
    pawn_rule: false,
};

/// One row: code, English name, atoms, value (Chu's units), promoted code, flags.
type Row = (
    &'static str,
    &'static str,
    Vec<Atom>,
    i32,
    Option<&'static str>,
    Flags,
);

fn rows() -> Vec<Row> {
    let royal = Flags {
        royal: true,
        ..NONE
    };
    let pawn = Flags {
        pawn_rule: true,
        ..NONE
    };
    let lion = || vec![Atom::Lion];
    let knight_leaps = |dirs: &[Dir]| dirs.iter().map(|&dir| Atom::Jump { dir }).collect();
    vec![
        // 玉將/王將 King
        ("K", "King", king(), 4, Some("+K"), royal),
        // 醉象 Drunk Elephant
        ("E", "Drunk Elephant", drunk_elephant(), 3, Some("+E"), NONE),
        // 盲虎 Blind Tiger
        (
            "T",
            "Blind Tiger",
            steps(&[FL, FR, L, R, BL, BR, B]),
            3,
            Some("+T"),
            NONE,
        ),
        // 猛豹 Ferocious Leopard
        (
            "F",
            "Ferocious Leopard",
            steps(&[F, FL, FR, BL, BR, B]),
            3,
            Some("+F"),
            NONE,
        ),
        // 金將 Gold General
        ("G", "Gold General", gold(), 3, Some("+G"), NONE),
        // 銀將 Silver General
        (
            "S",
            "Silver General",
            steps(&[F, FL, FR, BL, BR]),
            2,
            Some("+S"),
            NONE,
        ),
        // 銅將 Copper General
        (
            "C",
            "Copper General",
            steps(&[F, FL, FR, B]),
            2,
            Some("+C"),
            NONE,
        ),
        // 步兵 Pawn
        ("P", "Pawn", steps(&[F]), 1, Some("+P"), pawn),
        // 仲人 Go-Between
        ("I", "Go-Between", steps(&VERTICAL), 1, Some("+I"), NONE),
        // 鳳凰 Phoenix: orthogonal steps, diagonal leaps of two
        (
            "X",
            "Phoenix",
            cat(&[steps(&ORTHO), jumps(&DIAG, 2)]),
            3,
            Some("+X"),
            NONE,
        ),
        // 麒麟 Kirin: diagonal steps, orthogonal leaps of two
        (
            "O",
            "Kirin",
            cat(&[steps(&DIAG), jumps(&ORTHO, 2)]),
            3,
            Some("+O"),
            NONE,
        ),
        // 妍欣 Yanxin: leaps 1-3 squares along the eight lines; freezes adjacent enemies
        (
            "Y",
            "Yanxin",
            leap_rides(&KING_DIRS, 3),
            9,
            Some("+Y"),
            NONE,
        ),
        // 桂馬 Knight: the two forward knight leaps
        (
            "J",
            "Knight",
            knight_leaps(&[(-1, 2), (1, 2)]),
            2,
            Some("+J"),
            NONE,
        ),
        // 香車 Lance
        ("L", "Lance", slides(&[F]), 3, Some("+L"), NONE),
        // 反車 Reverse Chariot: here it slides along the forward diagonals (not Chu's vR)
        (
            "A",
            "Reverse Chariot",
            slides(&FORWARD_DIAG),
            3,
            Some("+A"),
            NONE,
        ),
        // 竪行 Vertical Mover
        ("V", "Vertical Mover", vertical_mover(), 4, Some("+V"), NONE),
        // 横行 Side Mover
        ("M", "Side Mover", side_mover(), 4, Some("+M"), NONE),
        // 飛車 Rook
        ("R", "Rook", rook(), 6, Some("+R"), NONE),
        // 角行 Bishop
        ("B", "Bishop", bishop(), 5, Some("+B"), NONE),
        // 龍王 Dragon King
        ("D", "Dragon King", dragon_king(), 8, Some("+D"), NONE),
        // 龍馬 Dragon Horse
        ("H", "Dragon Horse", dragon_horse(), 7, Some("+H"), NONE),
        // 奔王 Free King
        ("Q", "Free King", free_king(), 12, Some("+Q"), NONE),
        // 獅子 Lion
        ("N", "Lion", lion(), 20, Some("+N"), NONE),
        // 自在天王 Free Heavenly King (royal): Free King slides and full Lion power
        (
            "+K",
            "Free Heavenly King",
            cat(&[free_king(), lion()]),
            32,
            None,
            royal,
        ),
        // 太子 Crown Prince (royal)
        ("+E", "Crown Prince", king(), 4, None, royal),
        // 飛鹿 Flying Stag
        (
            "+T",
            "Flying Stag",
            cat(&[slides(&VERTICAL), steps(&[FL, FR, L, R, BL, BR])]),
            6,
            None,
            NONE,
        ),
        // 角行 Bishop (promoted Ferocious Leopard)
        ("+F", "Bishop", bishop(), 5, None, NONE),
        // 飛車 Rook (promoted Gold)
        ("+G", "Rook", rook(), 6, None, NONE),
        // 竪行 Vertical Mover (promoted Silver)
        ("+S", "Vertical Mover", vertical_mover(), 4, None, NONE),
        // 横行 Side Mover (promoted Copper)
        ("+C", "Side Mover", side_mover(), 4, None, NONE),
        // 金將 Gold (promoted Pawn)
        ("+P", "Gold General", gold(), 3, None, NONE),
        // 醉象 Drunk Elephant (promoted Go-Between; not royal, never a Prince)
        ("+I", "Drunk Elephant", drunk_elephant(), 3, None, NONE),
        // 奔王 Free King (promoted Phoenix; never a Free Eagle)
        ("+X", "Free King", free_king(), 12, None, NONE),
        // 獅子 Lion (promoted Kirin; never a Lion Hawk)
        ("+O", "Lion", lion(), 20, None, NONE),
        // 月光仙子 Moon Fairy: leaps to any square of the eight lines or within distance 3;
        // captures the enemy pieces around it automatically
        (
            "+Y",
            "Moon Fairy",
            cat(&[leap_rides(&KING_DIRS, UNLIMITED), off_line_area()]),
            28,
            None,
            NONE,
        ),
        // 跳馬 Jumping Horse: all eight knight leaps
        (
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
            None,
            NONE,
        ),
        // 白駒 White Horse
        ("+L", "White Horse", slides(&[F, B, FL, FR]), 7, None, NONE),
        // 鯨鯢 Whale
        ("+A", "Whale", slides(&[F, B, BL, BR]), 5, None, NONE),
        // 飛牛 Flying Ox
        (
            "+V",
            "Flying Ox",
            slides(&[F, B, FL, FR, BL, BR]),
            8,
            None,
            NONE,
        ),
        // 奔猪 Free Boar
        (
            "+M",
            "Free Boar",
            slides(&[FL, FR, L, R, BL, BR]),
            8,
            None,
            NONE,
        ),
        // 龍王 Dragon King (promoted Rook)
        ("+R", "Dragon King", dragon_king(), 8, None, NONE),
        // 龍馬 Dragon Horse (promoted Bishop)
        ("+B", "Dragon Horse", dragon_horse(), 7, None, NONE),
        // 飛鷲 Soaring Eagle: Lion power on the forward diagonals, slides elsewhere
        (
            "+D",
            "Soaring Eagle",
            cat(&[lion_lines(&[FL, FR]), slides(&[F, R, BR, B, BL, L])]),
            11,
            None,
            NONE,
        ),
        // 角鷹 Horned Falcon: Lion power straight forward, slides elsewhere
        (
            "+H",
            "Horned Falcon",
            cat(&[lion_lines(&[F]), slides(&[FR, R, BR, B, BL, L, FL])]),
            10,
            None,
            NONE,
        ),
        // 奔鷲 Free Eagle: Free King slides and a Lion whose steps are diagonal (4.2)
        (
            "+Q",
            "Free Eagle",
            cat(&[free_king(), vec![Atom::BentLion { dirs: &DIAGONALS }]]),
            18,
            None,
            NONE,
        ),
        // 獅鷹 Lion Hawk: Bishop slides and full Lion power
        ("+N", "Lion Hawk", cat(&[bishop(), lion()]), 25, None, NONE),
    ]
}

pub fn build() -> Variant {
    let rows = rows();
    let index = |code: &str| rows.iter().position(|r| r.0 == code).map(|i| i as u8);
    let pieces = rows
        .iter()
        .map(|(code, name, atoms, value, promo, flags)| PieceDef {
            name,
            code,
            atoms: atoms.clone(),
            value: value * 100,
            promotes_to: promo.and_then(index),
            royal: flags.royal,
            // No Lion-trading rules (yanxin.md 4.1), no bare-King rule.
            lion: false,
            pawnlike: false,
            last_rank_piece: flags.pawn_rule,
            extra: PieceExtra::default(),
        })
        .collect();
    Variant::build_with(
        VariantSpec {
            name: "yanxin",
            files: 12,
            ranks: 12,
            pieces,
            start_sfen: START_SFEN,
            bench_sfens: BENCH_SFENS,
            zone_depth: 4,
            lion_trading: false,
            // No bare-King rule (yanxin.md D19), whatever the preset.
            default_rules: Rules {
                bare_king: false,
                ..Rules::default()
            },
        },
        VariantOptions {
            drops: true,
            promotion: PromotionRule::EndInZone,
            freezers: vec!["Y"],
            auto_capturers: vec!["+Y"],
            drop_pawn: Some("P"),
            perpetual: Perpetual::Check,
            xboard_native: false,
            ..VariantOptions::default()
        },
    )
}
