//! Ko shogi (廣将棋): 19x19, 90 pieces a side of 34 kinds, shooting pieces, multi-step
//! pieces and promotions triggered by captures. The table follows docs/rules/ko.md
//! section 3 with the defaults of its section 9 (K1-K28).
//!
//! A piece state is its origin kind plus a promoted flag (ko.md 3.0): `+CH` moves as a
//! Chariot unit but never promotes again. Movement, capture restrictions and shooting
//! immunities follow the *effective* kind (`Eff`); the tags that rules naming a piece use
//! (General, Middle troop, Banner, Drum, Taoist priest) follow the *origin* (K2).
//!
//! Special generators: `movegen/ko/` (`double.rs`, `shoot.rs`, `priest.rs`, `walk.rs`);
//! end-of-move effects: `position/effects.rs`; rule switches: `Rules::ko`, compiled into
//! the rows and stages by `build` (ARCHITECTURE.md "Ko").

use super::schema::{find, row, with_promoted_states, Row};
use super::{
    kanji, DemoteNear, KoRules, Perpetual, PieceExtra, PromotionRule, RuleStages, Rules,
    ThunderclapWalk, Variant, VariantSpec,
};
use crate::movement::*;

/// Start position (ko.md 2; K1 default: 6 Pawns and 3 Patrols).
pub const START_SFEN: &str = "fdtbencsstsrwrasogscawrsrstcsensmfd/rfh1q1mi1snbmadsn1mi1q1fhr/elcnsblbelcnsblbelfwellbsbcnellbsbcnel/ca1hs1hs1hs1hs1hs1hs1hs1hs1ca/1ho1p1p1p1ho1p1p1p1ho1/cusuchspchspchspchsuchspchspchspchsucu/9va9/19/19/19/19/19/9VA9/CUSUCHSPCHSPCHSPCHSUCHSPCHSPCHSPCHSUCU/1HO1P1P1P1HO1P1P1P1HO1/CA1HS1HS1HS1HS1HS1HS1HS1HS1CA/ELCNSBLBELCNSBLBELFWELLBSBCNELLBSBCNEL/RFH1Q1MI1SNDMABSN1MI1Q1FHR/FDSMENCSSTSRWRASCGSOAWRSRSTCSENTBFD b - 1";

/// The start position as the QBoard GUI writes it (its own piece letters), for reading
/// its `setboard` (`notation::qboard`).
pub const QBOARD_START: &str = "a't'cfsgnexkoengsfcs'a'/r'h1d1q1tlmut1q1d1hr'/bic'l'bic'l'bjbl'c'ibl'c'ib/w1y1y1y1y1y1y1y1y1w/1v1p1p1p1v1p1p1p1v1/ru'azazazau'azazazau'r/9v'9/19/19/19/19/19/9V'9/RU'AZAZAZAU'AZAZAZAU'R/1V1P1P1P1V1P1P1P1V1/W1Y1Y1Y1Y1Y1Y1Y1Y1W/BIC'L'BIC'L'BJBL'C'IBL'C'IB/R'H1D1Q1TUMLT1Q1D1HR'/A'S'CFSGNEOKXENGSFCT'A'";

/// K1 `ko_setup=zh`: the [zh] setup, 7 Pawns and 2 Patrols (Black 18o and White 2e hold a
/// Pawn); use it with `position sfen`.
pub const START_SFEN_ZH: &str = "fdtbencsstsrwrasogscawrsrstcsensmfd/rfh1q1mi1snbmadsn1mi1q1fhr/elcnsblbelcnsblbelfwellbsbcnellbsbcnel/ca1hs1hs1hs1hs1hs1hs1hs1hs1ca/1ho1p1p1p1ho1p1p1p1p1/cusuchspchspchspchsuchspchspchspchsucu/9va9/19/19/19/19/19/9VA9/CUSUCHSPCHSPCHSPCHSUCHSPCHSPCHSPCHSUCU/1P1P1P1P1HO1P1P1P1HO1/CA1HS1HS1HS1HS1HS1HS1HS1HS1CA/ELCNSBLBELCNSBLBELFWELLBSBCNELLBSBCNEL/RFH1Q1MI1SNDMABSN1MI1Q1FHR/FDSMENCSSTSRWRASCGSOAWRSRSTCSENTBFD b - 1";

/// Positions for `largeshogi bench`.
pub const BENCH_SFENS: &[&str] = &[START_SFEN];

/// Displacement classes (`PieceExtra::guard` / `takes`, ko.md 5.1).
pub const ORDINARY: u8 = 1;
pub const PRIEST: u8 = 2;
pub const FORTRESS: u8 = 4;

/// Shooting-target classes (`PieceExtra::shot_guard`, ko.md 5.2): Heavenly fortress,
/// Shield unit, Five-li fog, and the armoured kinds (SP, CH, CU, CC, DV).
pub const SHOT_HF: u8 = 1;
pub const SHOT_SU: u8 = 2;
pub const SHOT_FF: u8 = 4;
pub const SHOT_ARMOR: u8 = 8;
/// The Divine carriage: armoured in the [en] table, an ordinary target in [zh]'s (K14).
pub const SHOT_DV: u8 = 16;
/// A Shield unit or Heavenly fortress between a cannon and its target blocks the shot.
pub const SHOT_SCREEN: u8 = SHOT_HF | SHOT_SU;

/// Tags counted on the board (origin identity, K2).
pub const TAG_MIDDLE: u8 = 1;
pub const TAG_BANNER: u8 = 2;
pub const TAG_DRUM: u8 = 4;
pub const TAG_PRIEST: u8 = 8;
/// Unpromoted Advance guard and Rearguard: promoted by their Clerk's promotion (ko.md 6.6).
pub const TAG_GUARDS: u8 = 16;
/// Thunderclap and Banner-waver: demoted while their side has no Taoist priest (6.7).
pub const TAG_PRIEST_BOUND: u8 = 32;
/// Five-li fog and Pure light (effective kinds, 4.9).
pub const TAG_FOG: u8 = 64;
pub const TAG_LIGHT: u8 = 128;

/// Capture-promotion classes (ko.md 6.3-6.5).
pub const TROPHY_COMMAND: u8 = 1;
pub const TROPHY_GREAT: u8 = 2;
pub const TROPHY_FRANKISH: u8 = 4;

const K_VECS: &[(i8, i8)] = &KING_VECS;
const N_VECS: &[(i8, i8)] = &KNIGHT_VECS;
const F_VECS: &[(i8, i8)] = &[(1, 1), (1, -1), (-1, 1), (-1, -1)];
const W_VECS: &[(i8, i8)] = &[(0, 1), (1, 0), (0, -1), (-1, 0)];
/// Clerk move: F step or D jump.
const FD_VECS: &[(i8, i8)] = &[
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
    (0, 2),
    (2, 0),
    (0, -2),
    (-2, 0),
];
/// Staff-officer move: W step or A jump.
const WA_VECS: &[(i8, i8)] = &[
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (2, 2),
    (2, -2),
    (-2, 2),
    (-2, -2),
];

/// ko.md 5.2 ([en], default): what each shooter cannot shoot.
const BOW: u8 = SHOT_HF | SHOT_SU | SHOT_FF | SHOT_ARMOR | SHOT_DV;
const CANNON: u8 = SHOT_HF | SHOT_SU | SHOT_FF;
const FRANKISH: u8 = SHOT_HF | SHOT_SU;
/// [zh]'s table (K14): bows may shoot the Divine carriage; the carriages CC and DV only
/// spare the Heavenly fortress; the promoted bows LC and XC shoot everything.
const BOW_ZH: u8 = SHOT_HF | SHOT_SU | SHOT_FF | SHOT_ARMOR;
const CARRIAGE_ZH: u8 = SHOT_HF;

fn knight_jumps() -> Vec<Atom> {
    [
        (-1, 2),
        (1, 2),
        (-2, 1),
        (2, 1),
        (-2, -1),
        (2, -1),
        (-1, -2),
        (1, -2),
    ]
    .iter()
    .map(|&dir| Atom::Jump { dir })
    .collect()
}

fn eff(code: &'static str, name: &'static str, atoms: Vec<Atom>, value: i32) -> Row {
    row(code, name, atoms, value)
}

fn special(
    code: &'static str,
    name: &'static str,
    atoms: Vec<Atom>,
    special: Special,
    value: i32,
) -> Row {
    row(code, name, atoms, value).special(special)
}

fn double(vecs: &'static [(i8, i8)], same_line: bool) -> Special {
    Special::Double { vecs, same_line }
}

/// Every movement kind (ko.md 3.1-3.2). Values are derived (the spec has none): about a
/// Pawn per two squares of open-board mobility, more for shooting and multi-capture power.
/// The rules' roles (`PieceExtra` beyond the special power) are added per state by `extra`.
fn kinds(ko: &KoRules) -> Vec<Row> {
    let p = OptionPowers(ko);
    [setup_kinds(&p), promoted_only_kinds(&p)].concat()
}

/// The 34 kinds of the setup (ko.md 3.1).
#[rustfmt::skip]
fn setup_kinds(p: &OptionPowers) -> Vec<Row> { vec![
    eff("G", "General", steps(&KING_DIRS), 12).royal(), // 将
    eff("SC", "Clerk", cat(&[steps(&DIAG), jumps(&ORTHO, 2)]), 4), // 記室
    eff("SO", "Staff officer", cat(&[steps(&ORTHO), jumps(&DIAG, 2)]), 4), // 参謀
    eff("A", "Adjutant", steps(&[F, FL, FR, L, R, BL, BR]), 4), // 親兵
    special("WR", "Sumo wrestler", vec![], double(K_VECS, false), 8), // 力士
    eff("SR", "Aide", steps(&[F, R, B, L, FL, FR]), 4), // 舎人
    eff("ST", "Staff", steps(&[FR, BR, BL, FL, F]), 3), // 舎餘
    eff("CS", "Chief of staff", steps(&[FR, BR, BL, FL, F, B]), 4), // 軍吏
    eff("EN", "Engineer", steps(&[F, FL, FR, B]), 3), // 軍匠
    special("TB", "Taoist priest", vec![], p.priest(1), 10), // 高道
    special("SM", "Spiritual monk", vec![], p.priest(1), 9), // 神僧
    eff("FD", "Advance guard", cat(&[slides(&[F]), steps(&[B])]), 5), // 前衝
    eff("MA", "Middle troop", steps(&KING_DIRS), 6), // 中軍
    eff("D", "Drum", steps(&[FR, BR, BL, FL, L, R]), 4), // 鼓
    eff("B", "Banner", steps(&[FR, BR, BL, FL, L, R]), 4), // 旗
    eff("SN", "Sentry", steps(&[FR, BR, BL, FL, L, R, B]), 4), // 護兵
    eff("MI", "Millenary", slides(&KING_DIRS), 12), // 千総
    eff("Q", "Quartermaster", cat(&[slides(&ORTHO), steps(&DIAG)]), 10), // 把総
    eff("FH", "Centurion", cat(&[slides(&DIAG), steps(&ORTHO)]), 9), // 百総
    eff("R", "Rearguard", cat(&[slides(&[B]), steps(&[F])]), 4), // 後衝
    special("FW", "Frankish cannon", steps(&DIAG), p.shooter(7, 2, false, FRANKISH, FRANKISH), 9), // 佛狼機
    eff("EL", "Elephant", slides(&DIAG), 6), // 象
    special("LB", "Longbow", steps(&DIAG), p.shooter(3, 1, false, BOW, BOW_ZH), 4), // 弓
    special("SB", "Crossbow", steps(&DIAG), p.shooter(5, 1, false, BOW, BOW_ZH), 5), // 弩
    special("CN", "Cannon", steps(&DIAG), p.shooter(5, 1, true, CANNON, CANNON), 5), // 砲
    eff("HS", "Cavalier", knight_jumps(), 3), // 馬兵
    special("CA", "Cavalry", vec![], double(N_VECS, true), 7), // 騎総
    special("P", "Pawn", steps(&ORTHO), Special::NeedsTag { dir: F, tags: TAG_DRUM }, 1), // 歩兵
    eff("HO", "Patrol", cat(&[slides(&VERTICAL), steps(&SIDEWAYS)]), 5), // 歩総
    eff("SP", "Shield", steps(&DIAG), 2), // 牌
    eff("SU", "Shield unit", cat(&[slides(&SIDEWAYS), steps(&DIAG)]), 5), // 牌総
    eff("CH", "Chariot", rides(&ORTHO, 5), 6), // 車
    eff("CU", "Chariot unit", slides(&ORTHO), 9), // 車総
    eff("VA", "Vanguard", rides(&[F], 5), 4), // 先鋒
] }

/// The kinds reached only by promotion (ko.md 3.2).
#[rustfmt::skip]
fn promoted_only_kinds(p: &OptionPowers) -> Vec<Row> { vec![
    special("MM", "Martial master", vec![], double(FD_VECS, false), 9), // 軍師
    special("BD", "Banner and drum", vec![], double(WA_VECS, false), 10), // 旗鼓
    eff("TN", "Town brigade", cat(&[slides(&VERTICAL), steps(&[FL, FR, L, R, BL, BR])]), 9), // 千戸
    eff("VB", "Village brigade", cat(&[slides(&SIDEWAYS), steps(&[F, B, FL, FR, BL, BR])]), 8), // 百戸
    eff("DC", "Deputy commander", slides(&[FR, BR, BL, FL, F]), 9), // 副司
    eff("PF", "Poison flame", steps(&[F, FL, FR, B]), 8), // 毒火
    special("FF", "Five-li fog", vec![], p.priest(2), 14), // 五里霧
    special("LT", "Pure light", vec![], p.priest(2), 13), // 聖燈
    eff("SK", "Sky net", cat(&[slides(&[L, R, FL, FR]), steps(&[B])]), 10), // 天網
    eff("EA", "Earth net", cat(&[slides(&[L, R, BL, BR]), steps(&[F])]), 10), // 地網
    eff("GV", "Governor", steps(&KING_DIRS), 12).royal(), // 帥
    special("TC", "Thunderclap", vec![], p.thunderclap(), 14), // 霹靂
    special("BW", "Banner-waver", vec![], p.bannerwaver(), 12), // 招揺
    special("DA", "Dragon-ascending", slides(&KING_DIRS), double(K_VECS, false), 15), // 龍驤
    special("TW", "Tiger wing", p.tigerwing(), double(F_VECS, false), 12), // 虎翼
    special("WH", "War hawk", slides(&DIAG), double(W_VECS, false), 11), // 鷹揚
    special("DV", "Divine carriage", rides(&ORTHO, 5), p.shooter(7, 2, false, FRANKISH, CARRIAGE_ZH), 13), // 神機車
    special("LC", "Longbow cavalry", knight_jumps(), p.shooter(3, 1, false, BOW, 0), 7), // 彍騎
    special("XC", "Crossbow cavalry", knight_jumps(), p.shooter(5, 1, false, BOW, 0), 8), // 弩騎
    special("CC", "Cannon carriage", rides(&ORTHO, 5), p.shooter(5, 1, true, CANNON, CARRIAGE_ZH), 11), // 砲車
    special("WG", "Winged horse", vec![], double(N_VECS, false), 10), // 天馬
    eff("CM", "Commissar", slides(&[FR, BR, BL, FL, F, B]), 10), // 都司
    eff("HF", "Heavenly fortress", slides(&[FR, BR, BL, FL, L, R]), 10), // 天塁
] }

/// The powers Ko's rule options shape, chosen when the variant is built.
struct OptionPowers<'a>(&'a KoRules);

impl OptionPowers<'_> {
    /// K14 picks the shooting table, K8 stationary shots, K27 whether shots promote.
    fn shooter(&self, range: u8, shots: u8, cannon: bool, en: u8, zh: u8) -> Special {
        let ko = self.0;
        Special::Shooter {
            range,
            shots,
            cannon,
            immune: if ko.shoot_table_zh { zh } else { en },
            stationary: ko.stationary_shot,
            shots_promote: !ko.shots_do_not_promote,
            // K28 narrows this per state in `rows`.
            fog_silences: true,
        }
    }

    /// K8, K27 as for shooters; K24: with `ko_fogshots=end` a two-jump priest shoots after
    /// its last jump only.
    fn priest(&self, jumps: u8) -> Special {
        let ko = self.0;
        Special::Priest {
            jumps,
            stationary: ko.stationary_shot,
            shots_promote: !ko.shots_do_not_promote,
            end_shots: ko.fog_shots_at_end && jumps >= 2,
        }
    }

    /// K5: the Thunderclap's walk.
    fn thunderclap(&self) -> Special {
        let shape = match self.0.thunderclap {
            ThunderclapWalk::Exact => WalkShape::Exact,
            ThunderclapWalk::Gukai => WalkShape::Gukai,
            ThunderclapWalk::UpTo => WalkShape::UpTo,
        };
        Special::Walk { steps: 5, shape }
    }

    /// K6: the Banner-waver sweeps one line, or walks freely (`area`).
    fn bannerwaver(&self) -> Special {
        let shape = if self.0.bannerwaver_area {
            WalkShape::UpTo
        } else {
            WalkShape::Line
        };
        Special::Walk { steps: 5, shape }
    }

    /// K23 [zh]: the Tiger wing has only its double diagonal steps.
    fn tigerwing(&self) -> Vec<Atom> {
        if self.0.tigerwing_zh {
            vec![]
        } else {
            slides(&ORTHO)
        }
    }
}

/// The 34 setup kinds with the kind each promotes to (ko.md 3.1).
const ORIGINS: [(&str, Option<&str>); 34] = [
    ("G", None),
    ("SC", Some("MM")),
    ("SO", Some("BD")),
    ("A", Some("Q")),
    ("WR", None),
    ("SR", Some("TN")),
    ("ST", Some("VB")),
    ("CS", Some("DC")),
    ("EN", Some("PF")),
    ("TB", Some("FF")),
    ("SM", Some("LT")),
    ("FD", Some("SK")),
    ("MA", Some("GV")),
    ("D", Some("TC")),
    ("B", Some("BW")),
    ("SN", Some("FH")),
    ("MI", Some("DA")),
    ("Q", Some("TW")),
    ("FH", Some("WH")),
    ("R", Some("EA")),
    ("FW", Some("DV")),
    ("EL", None),
    ("LB", Some("LC")),
    ("SB", Some("XC")),
    ("CN", Some("CC")),
    ("HS", Some("CA")),
    ("CA", Some("WG")),
    ("P", Some("HO")),
    ("HO", Some("CM")),
    ("SP", Some("SU")),
    ("SU", Some("HF")),
    ("CH", Some("CU")),
    ("CU", Some("MI")),
    ("VA", Some("CM")),
];

/// Step movers (ko.md 6.4): promote on capturing a great piece.
const STEP_MOVERS: [&str; 15] = [
    "A", "SR", "ST", "CS", "EN", "MA", "D", "B", "SN", "FW", "LB", "SB", "CN", "P", "SP",
];

/// The rules' roles of a state, from its origin, promoted flag and effective kind.
fn extra(origin: &str, promoted: bool, effective: &str, ko: &KoRules) -> PieceExtra {
    let priest = matches!(effective, "TB" | "SM" | "FF" | "LT");
    let guard = if priest {
        PRIEST
    } else if effective == "HF" {
        FORTRESS
    } else {
        ORDINARY
    };
    let takes = if priest {
        PRIEST
    } else if matches!(effective, "CH" | "CU" | "CC" | "DV") {
        ORDINARY | PRIEST
    } else {
        ORDINARY | PRIEST | FORTRESS
    };
    let shot_guard = match effective {
        "HF" => SHOT_HF,
        "SU" => SHOT_SU,
        "FF" => SHOT_FF,
        "SP" | "CH" | "CU" | "CC" => SHOT_ARMOR,
        "DV" => SHOT_DV,
        _ => 0,
    };
    let tags = match (origin, promoted) {
        ("MA", false) => TAG_MIDDLE,
        ("B", false) => TAG_BANNER,
        ("B", true) => TAG_BANNER | TAG_PRIEST_BOUND,
        ("D", false) => TAG_DRUM,
        ("D", true) => TAG_DRUM | TAG_PRIEST_BOUND,
        ("TB", false) => TAG_PRIEST,
        ("TB", true) => TAG_PRIEST | TAG_FOG,
        ("SM", true) => TAG_LIGHT,
        ("FD" | "R", false) => TAG_GUARDS,
        _ => 0,
    };
    let mut trophy = 0;
    // K17 `ko_drum_promotes=off`: the Drum (either state) is no command trophy.
    if matches!(origin, "G" | "MA" | "B") || (origin == "D" && !ko.drum_does_not_promote) {
        trophy |= TROPHY_COMMAND;
    }
    if matches!(effective, "WR" | "DA" | "BW" | "TC") {
        trophy |= TROPHY_GREAT;
    }
    if origin == "FW" {
        trophy |= TROPHY_FRANKISH;
    }
    let promotable = !promoted && ORIGINS.iter().any(|&(o, p)| o == origin && p.is_some());
    let mut promote_on = 0;
    if promotable {
        promote_on = TROPHY_COMMAND;
        if STEP_MOVERS.contains(&origin) {
            promote_on |= TROPHY_GREAT;
        }
        if origin == "HS" {
            promote_on |= TROPHY_FRANKISH;
        }
    }
    PieceExtra {
        special: Special::None,
        guard,
        takes,
        shot_guard,
        tags,
        trophy,
        promote_on,
        promote_needs: if matches!(origin, "D" | "B") {
            TAG_PRIEST
        } else {
            0
        },
        burns: effective == "PF",
        on_promote: if origin == "SC" { TAG_GUARDS } else { 0 },
        on_promote_kills_burners: origin == "SC",
        immobilises: matches!(effective, "SK" | "EA"),
    }
}

/// The 65 piece states: the 34 setup kinds, then the promoted state of each that promotes,
/// each with its roles from its origin, promoted flag and effective kind.
pub fn rows(ko: &KoRules) -> Vec<Row> {
    let kinds = kinds(ko);
    let starting = ORIGINS
        .iter()
        .map(|&(origin, target)| Row {
            promotes_to: target,
            pawnlike: origin == "P",
            ..find(&kinds, origin).clone()
        })
        .collect();
    let mut states = with_promoted_states(starting, |code| find(&kinds, code).clone());
    for state in &mut states {
        let origin = state.code.trim_start_matches('+');
        let promoted = state.code.starts_with('+');
        let effective = match ORIGINS.iter().find(|&&(o, _)| o == origin) {
            Some(&(_, Some(target))) if promoted => target,
            _ => origin,
        };
        let mut special = state.extra.special;
        if let Special::Shooter { fog_silences, .. } = &mut special {
            // K28 `ko_aura=base`: the fog silences only the shooters that can still promote.
            *fog_silences = !ko.aura_base_only || state.promotes_to.is_some();
        }
        state.extra = PieceExtra {
            special,
            ..extra(origin, promoted, effective, ko)
        };
    }
    states
}

/// Ko's rule defaults: no bare-King rule (ko.md 7).
pub fn default_rules() -> Rules {
    Rules {
        bare_king: false,
        ..Rules::default()
    }
}

/// Ko under `rules`: its options (`KoRules`, ko.md 9) are compiled into the rows and the
/// rule stages here, so move generation never asks for them.
pub fn build(rules: &Rules) -> Variant {
    let ko = &rules.ko;
    Variant::build(VariantSpec {
        name: "ko",
        files: 19,
        ranks: 19,
        rows: rows(ko),
        start_sfen: START_SFEN,
        bench_sfens: BENCH_SFENS,
        zone_depth: 6,
        default_rules: default_rules(),
        kanji: kanji::KO,
        promotion: PromotionRule::StartOrEnd,
        royal_pair: Some((TAG_MIDDLE, TAG_BANNER)),
        single_pass: true,
        qboard_one_line: true,
        qboard_start: Some(QBOARD_START),
        // QBoard turns a promoted Shield captain into its Free boar.
        qboard_aliases: &[("F'", "+U'")],
        perpetual: Perpetual::Threat,
        demote_without: Some((TAG_PRIEST, TAG_PRIEST_BOUND)),
        demote_near: Some(DemoteNear {
            victim: TAG_FOG,
            enemy: TAG_LIGHT,
            distance: 5,
            any_side: ko.any_light,
            area: ko.within_area,
        }),
        stages: RuleStages {
            no_pass: ko.no_pass,
            selfburn_illegal: ko.selfburn_illegal,
            net_reach: ko.net,
            burn_spares_own: ko.burn_enemy_only,
            no_moves_draw: ko.no_moves_draw,
            zone_entry_only: ko.zone_entry_only,
            capture_promotion_forced: ko.capture_promotion_forced,
            ..RuleStages::default()
        },
        rule_options: &KoRules::OPTIONS,
        short_quiescence: true,
        ..VariantSpec::default()
    })
}
