//! Chu shogi (中将棋): 12x12, 46 pieces a side, Lion power and the Lion-trading rules.
//! The table follows docs/rules/chu.md sections 2-3; values are its value table x 100.
//! A promoted piece is its own entry (`+p` moves like a Gold but is not a `g`): 39 states.

use super::{PieceDef, PieceExtra, Rules, Variant, VariantOptions, VariantSpec};
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

/// Movement flags of a table row.
#[derive(Clone, Copy, Default)]
struct Flags {
    royal: bool,
    lion: bool,
    pawnlike: bool,
    last_rank_piece: bool,
}

const NONE: Flags = Flags {
    royal: false,
    lion: false,
    pawnlike: false,
    last_rank_piece: false,
};

/// One row: code, English name, atoms, value (rules' units), promoted code, flags.
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
    let lion = Flags { lion: true, ..NONE };
    let pawn = Flags {
        pawnlike: true,
        last_rank_piece: true,
        ..NONE
    };
    let go_between = Flags {
        pawnlike: true,
        ..NONE
    };
    let lance = Flags {
        last_rank_piece: true,
        ..NONE
    };
    vec![
        // 玉将/王将 King
        ("K", "King", king(), 4, None, royal),
        // 酔象 Drunk Elephant
        ("E", "Drunk Elephant", drunk_elephant(), 3, Some("+E"), NONE),
        // 金将 Gold General
        ("G", "Gold General", gold(), 3, Some("+G"), NONE),
        // 銀将 Silver General
        (
            "S",
            "Silver General",
            steps(&[F, FL, FR, BL, BR]),
            2,
            Some("+S"),
            NONE,
        ),
        // 銅将 Copper General
        (
            "C",
            "Copper General",
            steps(&[F, FL, FR, B]),
            2,
            Some("+C"),
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
        // 盲虎 Blind Tiger
        (
            "T",
            "Blind Tiger",
            steps(&[FL, FR, L, R, BL, BR, B]),
            3,
            Some("+T"),
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
        // 鳳凰 Phoenix: orthogonal steps, diagonal leaps of two
        (
            "X",
            "Phoenix",
            cat(&[steps(&ORTHO), jumps(&DIAG, 2)]),
            3,
            Some("+X"),
            NONE,
        ),
        // 香車 Lance
        ("L", "Lance", slides(&[F]), 3, Some("+L"), lance),
        // 反車 Reverse Chariot
        (
            "A",
            "Reverse Chariot",
            slides(&VERTICAL),
            3,
            Some("+A"),
            NONE,
        ),
        // 横行 Side Mover
        ("M", "Side Mover", side_mover(), 4, Some("+M"), NONE),
        // 竪行 Vertical Mover
        ("V", "Vertical Mover", vertical_mover(), 4, Some("+V"), NONE),
        // 角行 Bishop
        ("B", "Bishop", bishop(), 5, Some("+B"), NONE),
        // 飛車 Rook
        ("R", "Rook", rook(), 6, Some("+R"), NONE),
        // 龍馬 Dragon Horse
        ("H", "Dragon Horse", dragon_horse(), 7, Some("+H"), NONE),
        // 龍王 Dragon King
        ("D", "Dragon King", dragon_king(), 8, Some("+D"), NONE),
        // 奔王 Free King
        ("Q", "Free King", free_king(), 12, None, NONE),
        // 獅子 Lion
        ("N", "Lion", vec![Atom::Lion], 20, None, lion),
        // 歩兵 Pawn
        ("P", "Pawn", steps(&[F]), 1, Some("+P"), pawn),
        // 仲人 Go-Between
        (
            "I",
            "Go-Between",
            steps(&VERTICAL),
            1,
            Some("+I"),
            go_between,
        ),
        // 太子 Crown Prince (promoted Drunk Elephant)
        ("+E", "Crown Prince", king(), 4, None, royal),
        // 飛車 Rook (promoted Gold)
        ("+G", "Rook", rook(), 6, None, NONE),
        // 竪行 Vertical Mover (promoted Silver)
        ("+S", "Vertical Mover", vertical_mover(), 4, None, NONE),
        // 横行 Side Mover (promoted Copper)
        ("+C", "Side Mover", side_mover(), 4, None, NONE),
        // 角行 Bishop (promoted Ferocious Leopard)
        ("+F", "Bishop", bishop(), 5, None, NONE),
        // 飛鹿 Flying Stag (promoted Blind Tiger)
        (
            "+T",
            "Flying Stag",
            cat(&[slides(&VERTICAL), steps(&[FL, FR, L, R, BL, BR])]),
            6,
            None,
            NONE,
        ),
        // 獅子 Lion (promoted Kirin)
        ("+O", "Lion", vec![Atom::Lion], 20, None, lion),
        // 奔王 Free King (promoted Phoenix)
        ("+X", "Free King", free_king(), 12, None, NONE),
        // 白駒 White Horse (promoted Lance)
        ("+L", "White Horse", slides(&[F, B, FL, FR]), 7, None, NONE),
        // 鯨鯢 Whale (promoted Reverse Chariot)
        ("+A", "Whale", slides(&[F, B, BL, BR]), 5, None, NONE),
        // 奔猪 Free Boar (promoted Side Mover)
        (
            "+M",
            "Free Boar",
            slides(&[FL, FR, L, R, BL, BR]),
            8,
            None,
            NONE,
        ),
        // 飛牛 Flying Ox (promoted Vertical Mover)
        (
            "+V",
            "Flying Ox",
            slides(&[F, B, FL, FR, BL, BR]),
            8,
            None,
            NONE,
        ),
        // 龍馬 Dragon Horse (promoted Bishop)
        ("+B", "Dragon Horse", dragon_horse(), 7, None, NONE),
        // 龍王 Dragon King (promoted Rook)
        ("+R", "Dragon King", dragon_king(), 8, None, NONE),
        // 角鷹 Horned Falcon: Lion power straight forward, slides elsewhere
        (
            "+H",
            "Horned Falcon",
            cat(&[lion_lines(&[F]), slides(&[FR, R, BR, B, BL, L, FL])]),
            10,
            None,
            NONE,
        ),
        // 飛鷲 Soaring Eagle: Lion power on the forward diagonals, slides elsewhere
        (
            "+D",
            "Soaring Eagle",
            cat(&[lion_lines(&[FL, FR]), slides(&[F, R, BR, B, BL, L])]),
            11,
            None,
            NONE,
        ),
        // 金将 Gold (promoted Pawn, "tokin")
        ("+P", "Gold General", gold(), 3, None, NONE),
        // 酔象 Drunk Elephant (promoted Go-Between; not royal, never promotes)
        ("+I", "Drunk Elephant", drunk_elephant(), 3, None, NONE),
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
            lion: flags.lion,
            pawnlike: flags.pawnlike,
            last_rank_piece: flags.last_rank_piece,
            extra: PieceExtra::default(),
        })
        .collect();
    Variant::build_with(
        VariantSpec {
            name: "chu",
            files: 12,
            ranks: 12,
            pieces,
            start_sfen: START_SFEN,
            bench_sfens: BENCH_SFENS,
            zone_depth: 4,
            lion_trading: true,
            default_rules: Rules::default(),
        },
        VariantOptions {
            xboard_native: true,
            qboard_start: Some(QBOARD_START),
            ..VariantOptions::default()
        },
    )
}
