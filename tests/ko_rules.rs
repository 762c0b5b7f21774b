//! Ko shogi: the sanity cases of ko.md section 10 with their exact counts, the capture
//! restriction tables, promotion triggers, side effects, game end and the rule switches.

mod support;
use largeshogi::perft::perft;
use largeshogi::position::Position;
use largeshogi::types::{Color, Move, Sq};
use largeshogi::variant::{Rules, Variant};
use std::collections::BTreeMap;

fn ko() -> &'static Variant {
    Variant::ko()
}

fn start() -> Position {
    Position::start(ko(), ko().default_rules)
}

/// A position from piece placements: `("G", "10s")` is Black's General on 10s, a lower
/// case code is White's, `+` marks a promoted state.
fn setup(pieces: &[(&str, &str)], white_to_move: bool) -> Position {
    setup_with(pieces, white_to_move, ko().default_rules)
}

/// `setup` under other rules (Ko's options are compiled into the variant's data, so they
/// are given when the position is made).
fn setup_with(pieces: &[(&str, &str)], white_to_move: bool, rules: Rules) -> Position {
    let v = ko();
    let mut pos = Position::empty(v, rules);
    for &(code, square) in pieces {
        let color = if code.chars().any(|c| c.is_ascii_lowercase()) {
            Color::White
        } else {
            Color::Black
        };
        let t = v
            .piece_by_code(&code.to_ascii_uppercase())
            .unwrap_or_else(|| panic!("no piece {code}"));
        let s = pos.parse_square(square).expect("square");
        pos.put(s, t, color).expect("put");
    }
    if white_to_move {
        pos.set_side_to_move(Color::White);
    }
    pos
}

/// ko.md 10's "base": Black General 10s, White General 10a, plus `extra`.
fn base(extra: &[(&str, &str)]) -> Position {
    let mut all = vec![("G", "10s"), ("g", "10a")];
    all.extend_from_slice(extra);
    setup(&all, false)
}

fn sq(pos: &Position, name: &str) -> Sq {
    pos.parse_square(name).expect("square")
}

/// Moves of the piece on `name` (plus the position's pass if it is this piece's).
fn moves_of(pos: &Position, name: &str) -> Vec<Move> {
    let mut v = Vec::new();
    pos.generate_from(sq(pos, name), &mut v);
    v
}

fn texts(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| pos.move_to_usi(m)).collect();
    v.sort();
    v
}

#[test]
fn start_position_round_trips_and_has_90_pieces_a_side() {
    let pos = start();
    assert_eq!(pos.pieces(Color::Black).len(), 90);
    assert_eq!(pos.pieces(Color::White).len(), 90);
    assert_eq!(pos.to_sfen(), ko().start_sfen);
    pos.validate().unwrap();
    // Spot checks of ko.md 2's placements.
    let code = |n: &str| {
        let c = pos.cell(sq(&pos, n));
        let side = if c.color() == Color::Black { "" } else { "w" };
        format!("{side}{}", ko().piece(c.ptype()).code)
    };
    for (n, c) in [
        ("18s", "SM"),
        ("2s", "TB"),
        ("11s", "SC"),
        ("9s", "SO"),
        ("11r", "D"),
        ("9r", "B"),
        ("2a", "wSM"),
        ("18a", "wTB"),
        ("9a", "wSC"),
        ("11a", "wSO"),
        ("9b", "wD"),
        ("11b", "wB"),
        ("10m", "VA"),
        ("10g", "wVA"),
    ] {
        assert_eq!(code(n), c, "{n}");
    }
}

#[test]
fn start_position_perft_1_is_223_with_the_spec_breakdown() {
    let pos = start();
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 223);
    let mut by_code: BTreeMap<&str, usize> = BTreeMap::new();
    let mut passes = 0;
    for m in &moves {
        if m.to == m.from && pos.cell(m.mid[0]).is_empty() {
            passes += 1;
            continue;
        }
        *by_code
            .entry(ko().piece(pos.cell(m.from).ptype()).code)
            .or_default() += 1;
    }
    assert_eq!(passes, 1);
    let expected = [
        ("CH", 48),
        ("SP", 24),
        ("EL", 20),
        ("CU", 20),
        ("P", 18),
        ("HS", 16),
        ("SU", 12),
        ("HO", 9),
        ("SB", 8),
        ("CN", 6),
        ("LB", 6),
        ("VA", 5),
        ("MI", 4),
        ("Q", 4),
        ("CS", 4),
        ("SR", 4),
        ("A", 2),
        ("WR", 2),
        ("CA", 2),
        ("EN", 2),
        ("FH", 2),
        ("SN", 2),
        ("ST", 2),
    ];
    let want: BTreeMap<&str, usize> = expected.into_iter().collect();
    assert_eq!(by_code, want);
    // The two promotion choices of the Chariot unit capturing inside the zone.
    let t = texts(&pos, &moves);
    for m in ["19n19f", "19n19f+", "1n1f", "1n1f+"] {
        assert!(t.contains(&m.to_string()), "{m}");
    }
}

#[test]
fn start_position_perft_2_is_49593() {
    let mut pos = start();
    assert_eq!(perft(&mut pos, 2), 49_593);
}

fn assert_moves(pos: &Position, from: &str, want: &[&str]) {
    let got = texts(pos, &moves_of(pos, from));
    let mut want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(got, want, "moves of {from}");
}

#[test]
fn s10_1_crossbow_shoots_with_a_clear_line_and_not_the_chariot() {
    let pos = base(&[
        ("SB", "10j"),
        ("P", "12h"),
        ("p", "11e"),
        ("p", "6i"),
        ("p", "14f"),
        ("ch", "9f"),
    ]);
    assert_moves(
        &pos,
        "10j",
        &[
            "10j11i",
            "10j11ix11e",
            "10j11ix6i",
            "10j9i",
            "10j9ix6i",
            "10j11k",
            "10j9k",
        ],
    );
}

#[test]
fn s10_3_cavalry_and_winged_horse() {
    let pos = base(&[("CA", "10k")]);
    let m = texts(&pos, &moves_of(&pos, "10k"));
    assert_eq!(m.len(), 21);
    assert!(m.contains(&"pass".to_string()));
    for d in [
        "10g", "12g", "8g", "14k", "14i", "14m", "10o", "12o", "8o", "6k", "6i", "6m",
    ] {
        assert!(m.contains(&format!("10k{d}")), "{d}");
    }
    let pos = base(&[("CA", "10k"), ("p", "9i")]);
    let m = texts(&pos, &moves_of(&pos, "10k"));
    assert_eq!(m.len(), 23);
    for t in ["10k9i", "10k9i8g", "10k10g", "10k9i10g", "10k9i10k", "pass"] {
        assert!(m.contains(&t.to_string()), "{t}");
    }
    assert!(!m.contains(&"10k8g".to_string()));
    let pos = base(&[("+CA", "10k")]);
    assert_eq!(moves_of(&pos, "10k").len(), 41);
}

#[test]
fn s10_4_frankish_cannon_two_shots_and_the_fog_aura() {
    let extra = [
        ("FW", "10k"),
        ("p", "9e"),
        ("p", "9g"),
        ("p", "4j"),
        ("p", "12g"),
        ("su", "6j"),
    ];
    let pos = base(&extra);
    assert_moves(
        &pos,
        "10k",
        &[
            "10k11j",
            "10k11l",
            "10k9j",
            "10k9jx9g",
            "10k9jx12g",
            "10k9jx9gx9e",
            "10k9jx12gx9g",
            "10k9l",
            "10k9lx9g",
            "10k9lx9gx9e",
        ],
    );
    let mut with_fog = extra.to_vec();
    with_fog.push(("+tb", "4e"));
    let pos = base(&with_fog);
    assert_moves(
        &pos,
        "10k",
        &[
            "10k11j",
            "10k11l",
            "10k11lx4e",
            "10k9j",
            "10k9l",
            "10k9lx9g",
            "10k9lx9gx9e",
        ],
    );
}

#[test]
fn s10_7_cannon_shoots_over_pieces_but_not_a_shield_unit() {
    let pos = base(&[
        ("CN", "10k"),
        ("P", "9i"),
        ("p", "9h"),
        ("su", "9g"),
        ("p", "9f"),
    ]);
    assert_moves(
        &pos,
        "10k",
        &[
            "10k9j",
            "10k9jx9h",
            "10k9l",
            "10k9lx9h",
            "10k11j",
            "10k11jx9h",
            "10k11l",
        ],
    );
}

#[test]
fn s10_8_double_movers_on_an_open_board() {
    for (piece, square, extra, count) in [
        ("WR", "10j", None, 25),
        ("WR", "10j", Some(("p", "10i")), 33),
        ("+SC", "10k", None, 25),
        ("+SO", "10k", None, 41),
        ("+MI", "10j", None, 80),
        ("+Q", "10j", None, 44),
        ("+FH", "10j", None, 45),
    ] {
        let mut list = vec![(piece, square)];
        list.extend(extra);
        let pos = base(&list);
        let m = texts(&pos, &moves_of(&pos, square));
        assert_eq!(m.len(), count, "{piece} {extra:?}: {m:?}");
        assert!(m.contains(&"pass".to_string()), "{piece}");
    }
    // The wrestler's igui and double capture are written with the captured square.
    let pos = base(&[("WR", "10j"), ("p", "10i"), ("p", "10h")]);
    let m = texts(&pos, &moves_of(&pos, "10j"));
    assert!(m.contains(&"10j10i10j".to_string()));
    assert!(m.contains(&"10j10i10h".to_string()));
}

#[test]
fn s10_13_pawns_need_the_drum() {
    let pos = base(&[("P", "10l"), ("D", "12s")]);
    assert_moves(&pos, "10l", &["10l10k", "10l10m", "10l11l", "10l9l"]);
    let pos = base(&[("P", "10l")]);
    assert_moves(&pos, "10l", &["10l10m", "10l11l", "10l9l"]);
    let pos = base(&[("P", "10l"), ("+D", "12s"), ("TB", "2s")]);
    assert_eq!(moves_of(&pos, "10l").len(), 4);
}

#[test]
fn s10_14_command_predicate() {
    let alive = |pieces: &[(&str, &str)]| setup(pieces, false).royal_count(Color::Black) > 0;
    assert!(alive(&[("G", "10s")]));
    assert!(alive(&[("MA", "10s"), ("B", "9r")]));
    assert!(alive(&[("MA", "10s"), ("+B", "9r")]));
    assert!(alive(&[("+MA", "10s")]));
    assert!(alive(&[("+MA", "10s"), ("B", "9r")]));
    assert!(alive(&[("G", "10s"), ("B", "9r")]));
    assert!(!alive(&[("MA", "10s")]));
    assert!(!alive(&[("B", "9r")]));
    assert!(!alive(&[("MA", "10s"), ("D", "9r")]));
    assert!(!alive(&[("+B", "9r")]));
}

#[test]
fn chariots_and_carriages_cannot_take_the_heavenly_fortress() {
    for mover in ["CH", "CU", "+CH", "+CN", "+FW"] {
        let pos = base(&[(mover, "10j"), ("+su", "10h")]);
        let m = texts(&pos, &moves_of(&pos, "10j"));
        assert!(!m.iter().any(|t| t.starts_with("10j10h")), "{mover}: {m:?}");
        assert!(m.contains(&"10j10i".to_string()));
    }
    // Everything else may, a Millenary and a promoted Chariot unit included.
    for mover in ["MI", "+CU", "Q", "FD"] {
        let pos = base(&[(mover, "10j"), ("+su", "10h")]);
        let m = texts(&pos, &moves_of(&pos, "10j"));
        assert!(m.contains(&"10j10h".to_string()), "{mover}: {m:?}");
    }
}

/// Shot targets of the shooter on 10k stepping to 11j (or 10k for carriages on the
/// file), against each target class of ko.md 5.2, with `victim` on 11g (distance 3).
fn can_shoot(shooter: &str, victim: &str) -> bool {
    can_shoot_with(shooter, victim, false)
}

fn can_shoot_with(shooter: &str, victim: &str, zh: bool) -> bool {
    let (from, landing) = match shooter {
        "LC" | "XC" => ("12l", "11j"),
        "CC" | "DV" => ("11l", "11j"),
        _ => ("10k", "11j"),
    };
    let promoted = |s: &str| -> String {
        match s {
            "LC" => "+LB".into(),
            "XC" => "+SB".into(),
            "CC" => "+CN".into(),
            "DV" => "+FW".into(),
            "HF" => "+su".into(),
            "FF" => "+tb".into(),
            "CU" => "cu".into(),
            o => o.to_lowercase(),
        }
    };
    let victim_code = promoted(victim).to_lowercase();
    let shooter_code = match shooter {
        "LB" | "SB" | "CN" | "FW" => shooter.to_string(),
        s => promoted(s).to_uppercase(),
    };
    let mut rules = ko().default_rules;
    rules.ko.shoot_table_zh = zh;
    let pieces = [
        ("G", "10s"),
        ("g", "10a"),
        (shooter_code.as_str(), from),
        (victim_code.as_str(), "11g"),
    ];
    let pos = setup_with(&pieces, false, rules);
    let m = texts(&pos, &moves_of(&pos, from));
    m.contains(&format!("{from}{landing}x11g"))
}

#[test]
fn shooting_restriction_table_zh_k14() {
    // ko.md 5.2's [zh] table (targets at distance 3, so FF is always inside the aura).
    for s in ["LB", "SB"] {
        for v in ["HF", "SU", "FF", "SP", "CH", "CU", "CC"] {
            assert!(!can_shoot_with(s, v, true), "{s} must not shoot {v}");
        }
        assert!(can_shoot_with(s, "DV", true), "{s} shoots DV");
    }
    for v in ["HF", "SU", "FF"] {
        assert!(
            !can_shoot_with("CN", v, true) && !can_shoot_with("FW", v, true),
            "{v}"
        );
    }
    for s in ["CC", "DV"] {
        assert!(!can_shoot_with(s, "HF", true), "{s} must not shoot HF");
        for v in ["SU", "SP", "CH", "CU", "CC", "DV", "P"] {
            assert!(can_shoot_with(s, v, true), "{s} shoots {v}");
        }
        assert!(
            !can_shoot_with(s, "FF", true),
            "{s}: the aura still applies"
        );
    }
    for s in ["LC", "XC"] {
        for v in ["HF", "SU", "SP", "CH", "CU", "CC", "DV", "P"] {
            assert!(can_shoot_with(s, v, true), "{s} shoots {v}");
        }
    }
}

#[test]
fn shooting_restriction_table_default() {
    // ko.md 5.2: rows LB SB LC XC / CN CC / FW DV; columns HF SU FF armour other.
    for s in ["LB", "SB", "LC", "XC"] {
        for v in ["HF", "SU", "FF", "SP", "CH", "CU", "CC", "DV"] {
            assert!(!can_shoot(s, v), "{s} must not shoot {v}");
        }
        assert!(can_shoot(s, "P"), "{s} shoots a Pawn");
        assert!(can_shoot(s, "MI"), "{s} shoots a Millenary");
    }
    for s in ["CN", "CC"] {
        for v in ["HF", "SU", "FF"] {
            assert!(!can_shoot(s, v), "{s} must not shoot {v}");
        }
        for v in ["SP", "CH", "CU", "CC", "DV", "P"] {
            assert!(can_shoot(s, v), "{s} shoots {v}");
        }
    }
    for s in ["FW", "DV"] {
        for v in ["HF", "SU", "FF"] {
            // FF at distance 3 is inside the aura: no shot at all.
            assert!(!can_shoot(s, v), "{s} must not shoot {v}");
        }
        for v in ["SP", "CH", "CU", "CC", "DV", "P"] {
            assert!(can_shoot(s, v), "{s} shoots {v}");
        }
    }
}

#[test]
fn s10_2_thunderclap_walks_exactly_five_steps() {
    let pos = base(&[("+D", "10j"), ("TB", "2s")]);
    assert_eq!(moves_of(&pos, "10j").len(), 36);
    let pos = base(&[("+D", "1s"), ("TB", "18s")]);
    assert_eq!(moves_of(&pos, "1s").len(), 12);
    let pos = base(&[("+D", "10j"), ("TB", "2s"), ("p", "10i")]);
    let moves = moves_of(&pos, "10j");
    assert_eq!(moves.len(), 59);
    let quiet = moves
        .iter()
        .filter(|m| m.mid[0].is_none() && !pos.cell(m.to).is_piece());
    assert_eq!(quiet.count(), 34);
    let t = texts(&pos, &moves);
    assert!(t.contains(&"10j10i11h".to_string()));
    // Ending on the victim's square (distance 1 from the start) after walking on.
    assert!(t.contains(&"10j10i".to_string()));
    // Every move is distinct by effect, and each reads back.
    for m in &moves {
        assert_eq!(pos.parse_move(&pos.move_to_usi(m)), Ok(*m));
    }
}

#[test]
fn s10_5_banner_waver_sweeps_one_line() {
    let pos = base(&[
        ("+B", "10j"),
        ("TB", "2s"),
        ("p", "10h"),
        ("p", "10f"),
        ("P", "12j"),
    ]);
    assert_moves(
        &pos,
        "10j",
        &[
            "10j10i",
            "10j10h",
            "10j10h10g",
            "10j10h10f",
            "10j10h10f10e",
            "10j11j",
            "10j9j",
            "10j8j",
            "10j7j",
            "10j6j",
            "10j5j",
            "10j10k",
            "10j10l",
            "10j10m",
            "10j10n",
            "10j10o",
        ],
    );
    // Lenient input: the captures may be left out when the destination says it all.
    assert_eq!(
        pos.parse_move("10j10e").map(|m| pos.move_to_usi(&m)),
        Ok("10j10h10f10e".to_string())
    );
}

#[test]
fn s10_6_taoist_priest_jumps_takes_only_priests_and_shoots_adjacent() {
    let pos = base(&[
        ("TB", "10k"),
        ("sm", "10i"),
        ("p", "8i"),
        ("p", "11h"),
        ("p", "9n"),
        ("P", "12m"),
    ]);
    assert_moves(
        &pos,
        "10k",
        &[
            "10k10i",
            "10k10ix11h",
            "10k10m",
            "10k10mx9n",
            "10k12k",
            "10k8k",
            "10k12i",
            "10k12ix11h",
            "10k8m",
            "10k8mx9n",
        ],
    );
}

#[test]
fn s10_8_five_li_fog_double_jump_and_shots() {
    let pos = base(&[("+TB", "10k")]);
    let m = texts(&pos, &moves_of(&pos, "10k"));
    assert_eq!(m.len(), 25, "{m:?}");
    assert!(m.contains(&"pass".to_string()));
    let pos = base(&[("+TB", "10k"), ("p", "11h")]);
    let moves = moves_of(&pos, "10k");
    let m = texts(&pos, &moves);
    assert_eq!(m.len(), 37, "{m:?}");
    let mut shot_finals: Vec<String> = moves
        .iter()
        .filter(|mv| !mv.shots[0].is_none())
        .map(|mv| pos.square_name(mv.to))
        .collect();
    shot_finals.sort();
    let mut want: Vec<String> = [
        "10g", "12g", "8g", "14g", "10i", "12i", "8i", "14i", "12k", "8k", "14k", "10k",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    want.sort();
    assert_eq!(shot_finals, want);
    assert!(m.contains(&"10k10kx11h".to_string()));
    for mv in &moves {
        assert_eq!(pos.parse_move(&pos.move_to_usi(mv)), Ok(*mv));
    }
}

#[test]
fn s10_12_fog_facing_a_pure_light_has_25_moves() {
    let pos = base(&[("+TB", "10k"), ("+sm", "10e")]);
    assert_eq!(moves_of(&pos, "10k").len(), 25);
}

/// Plays `text`, checks the incremental state, and checks that unmake restores the SFEN.
fn play_and_check(pos: &mut Position, text: &str) {
    let before = pos.to_sfen();
    let key = pos.key();
    let m = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.make(m);
    pos.validate().unwrap();
    let after = pos.to_sfen();
    pos.unmake();
    assert_eq!(pos.to_sfen(), before);
    assert_eq!(pos.key(), key);
    pos.validate().unwrap();
    pos.make(m);
    assert_eq!(pos.to_sfen(), after);
}

fn code_on(pos: &Position, name: &str) -> String {
    let c = pos.cell(sq(pos, name));
    if !c.is_piece() {
        return ".".into();
    }
    let code = ko().piece(c.ptype()).code;
    if c.color() == Color::Black {
        code.to_string()
    } else {
        code.to_lowercase()
    }
}

#[test]
fn s10_9_sky_net_immobilises_enemies_up_to_its_own_pieces() {
    let mut pieces = vec![
        ("G", "10s"),
        ("g", "10a"),
        ("+FD", "10j"),
        ("P", "17j"),
        ("P", "8h"),
    ];
    let whites = ["12j", "15j", "18j", "12h", "12l", "10g", "7j", "4j", "7g"];
    for w in whites {
        pieces.push(("p", w));
    }
    let pos = setup(&pieces, true);
    let frozen: Vec<String> = {
        let mut v: Vec<String> = pos
            .immobilised(Color::White)
            .iter()
            .map(|&s| pos.square_name(s))
            .collect();
        v.sort();
        v
    };
    let mut want = vec!["12j", "15j", "7j", "4j", "12h"];
    want.sort();
    assert_eq!(frozen, want);
    for w in whites {
        let n = moves_of(&pos, w).len();
        assert_eq!(n == 0, want.contains(&w), "{w}: {n} moves");
    }
    // The generated moves skip them too.
    let all = pos.legal_moves();
    assert!(!all
        .iter()
        .any(|m| want.contains(&pos.square_name(m.from).as_str())));
    // An Earth net immobilises along its backward diagonals and sideways.
    let pos = setup(
        &[
            ("G", "10s"),
            ("g", "10a"),
            ("+R", "10j"),
            ("p", "8l"),
            ("p", "8h"),
            ("p", "10i"),
        ],
        true,
    );
    let frozen: Vec<String> = pos
        .immobilised(Color::White)
        .iter()
        .map(|&s| pos.square_name(s))
        .collect();
    assert_eq!(frozen, vec!["8l".to_string()]);
}

#[test]
fn s10_10_poison_flame_burns_friend_and_foe() {
    let mut pos = base(&[
        ("+EN", "10j"),
        ("TB", "2s"),
        ("p", "11h"),
        ("p", "10h"),
        ("P", "11i"),
        ("P", "9j"),
    ]);
    let (b, w) = (
        pos.pieces(Color::Black).len(),
        pos.pieces(Color::White).len(),
    );
    play_and_check(&mut pos, "10j10i");
    for s in ["11h", "10h", "11i", "9j"] {
        assert_eq!(code_on(&pos, s), ".", "{s}");
    }
    assert_eq!(code_on(&pos, "10i"), "+EN");
    assert_eq!(pos.pieces(Color::Black).len(), b - 2);
    assert_eq!(pos.pieces(Color::White).len(), w - 2);
    // An Engineer promoting on its move does not burn on that move.
    let mut pos = base(&[("EN", "10g"), ("p", "11e"), ("P", "9e")]);
    play_and_check(&mut pos, "10g10f+");
    assert_eq!(code_on(&pos, "10f"), "+EN");
    assert_eq!(code_on(&pos, "11e"), "p");
    assert_eq!(code_on(&pos, "9e"), "P");
}

#[test]
fn s10_11_clerk_promotion_promotes_guards_and_kills_enemy_flames() {
    let extra = [
        ("SC", "11g"),
        ("FD", "19s"),
        ("R", "1r"),
        ("+FD", "3s"),
        ("TB", "2s"),
        ("+en", "5c"),
        ("en", "6c"),
    ];
    let mut pos = base(&extra);
    play_and_check(&mut pos, "11g11e+");
    assert_eq!(code_on(&pos, "11e"), "+SC");
    assert_eq!(code_on(&pos, "19s"), "+FD");
    assert_eq!(code_on(&pos, "1r"), "+R");
    assert_eq!(code_on(&pos, "3s"), "+FD");
    assert_eq!(code_on(&pos, "5c"), ".");
    assert_eq!(code_on(&pos, "6c"), "en");
    let mut pos = base(&extra);
    play_and_check(&mut pos, "11g11e");
    assert_eq!(code_on(&pos, "11e"), "SC");
    assert_eq!(code_on(&pos, "19s"), "FD");
    assert_eq!(code_on(&pos, "1r"), "R");
    assert_eq!(code_on(&pos, "5c"), "+en");
}

#[test]
fn s10_12_pure_light_demotes_an_enemy_fog_within_five_on_a_line() {
    let mut pos = base(&[("+TB", "10k"), ("+sm", "10e")]);
    play_and_check(&mut pos, "10k10i");
    assert_eq!(code_on(&pos, "10i"), "TB");
    let mut pos = base(&[("+TB", "10k"), ("+sm", "10e")]);
    play_and_check(&mut pos, "10k10m");
    assert_eq!(code_on(&pos, "10m"), "+TB");
    // An own Pure light has no effect (K12).
    let mut pos = base(&[("+TB", "10k"), ("+SM", "10e")]);
    play_and_check(&mut pos, "10k10i");
    assert_eq!(code_on(&pos, "10i"), "+TB");
}

#[test]
fn s10_13_taoist_priest_lost_demotes_thunderclap_and_banner_waver_for_good() {
    let mut pos = setup(
        &[
            ("G", "10s"),
            ("g", "10a"),
            ("+D", "10j"),
            ("+B", "9j"),
            ("TB", "2s"),
            ("cu", "2k"),
        ],
        true,
    );
    play_and_check(&mut pos, "2k2s");
    assert_eq!(code_on(&pos, "10j"), "D");
    assert_eq!(code_on(&pos, "9j"), "B");
    // Neither can promote again, even in the zone.
    let pos = base(&[("D", "10g"), ("B", "5g")]);
    let t = texts(&pos, &moves_of(&pos, "10g"));
    assert!(t.contains(&"10g11f".to_string()));
    assert!(!t.iter().any(|m| m.ends_with('+')), "{t:?}");
    let t = texts(&pos, &moves_of(&pos, "5g"));
    assert!(!t.iter().any(|m| m.ends_with('+')), "{t:?}");
    // With the priest they can.
    let pos = base(&[("D", "10g"), ("TB", "2s")]);
    assert!(texts(&pos, &moves_of(&pos, "10g")).contains(&"10g11f+".to_string()));
}

#[test]
fn promotion_triggers_of_6_2_to_6_5() {
    let has = |pos: &Position, from: &str, m: &str| {
        texts(pos, &moves_of(pos, from)).contains(&m.to_string())
    };
    // 6.2: start or end in the zone, optional both ways; never forced (a Vanguard on the
    // last rank may stay).
    let pos = base(&[("VA", "10g")]);
    assert!(has(&pos, "10g", "10g10f") && has(&pos, "10g", "10g10f+"));
    let pos = base(&[("VA", "5b")]);
    assert!(has(&pos, "5b", "5b5a") && has(&pos, "5b", "5b5a+"));
    let pos = base(&[("FD", "5f")]);
    assert!(has(&pos, "5f", "5f5g+"), "moving out of the zone");
    let pos = base(&[("VA", "10i")]);
    assert!(!has(&pos, "10i", "10i10g+"));
    // 6.3: capturing a command piece or the Drum, by moving or by shooting, anywhere.
    for victim in ["ma", "+ma", "b", "+b", "d", "+d"] {
        let pos = base(&[("SP", "10k"), (victim, "11j")]);
        assert!(has(&pos, "10k", "10k11j+"), "{victim}");
    }
    let pos = base(&[("LB", "10k"), ("d", "11g")]);
    assert!(has(&pos, "10k", "10k11jx11g+"));
    assert!(!has(&pos, "10k", "10k11j+"));
    // 6.4: step movers capturing a great piece (effective kinds); others do not.
    for victim in ["wr", "+mi", "+b", "+d"] {
        let pos = base(&[("SP", "10k"), (victim, "11j")]);
        assert!(has(&pos, "10k", "10k11j+"), "{victim}");
    }
    let pos = base(&[("SP", "10k"), ("mi", "11j")]);
    assert!(!has(&pos, "10k", "10k11j+"));
    let pos = base(&[("CH", "10k"), ("wr", "10j")]);
    assert!(!has(&pos, "10k", "10k10j+"));
    // 6.5: the Cavalier (not the Cavalry) capturing the Frankish cannon.
    for victim in ["fw", "+fw"] {
        let pos = base(&[("HS", "10k"), (victim, "11i")]);
        assert!(has(&pos, "10k", "10k11i+"), "{victim}");
    }
    let pos = base(&[("CA", "10k"), ("fw", "11i")]);
    assert!(!has(&pos, "10k", "10k11i+"));
    // A promoted piece never promotes again.
    let pos = base(&[("+CH", "10g")]);
    assert!(!texts(&pos, &moves_of(&pos, "10g"))
        .iter()
        .any(|m| m.ends_with('+')));
}

mod game_end {
    use super::*;
    use largeshogi::game::{Game, Outcome, Reason};

    fn play(game: &mut Game, text: &str) {
        let m = game
            .position()
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(game.is_legal(&m), "{text}");
        game.play(m);
    }

    #[test]
    fn capturing_the_last_command_piece_wins_and_the_pair_survives_the_general() {
        // Black takes White's General, but White still has Middle troop + Banner.
        let pos = setup(
            &[
                ("G", "10s"),
                ("CU", "10k"),
                ("g", "10a"),
                ("ma", "15c"),
                ("b", "12a"),
            ],
            false,
        );
        let mut game = Game::new(pos);
        play(&mut game, "10k10a");
        assert_eq!(
            game.outcome(),
            None,
            "Middle troop and Banner still command"
        );
        play(&mut game, "15c15d");
        play(&mut game, "10a11a");
        play(&mut game, "15d15c");
        // Taking the Banner leaves the unpromoted Middle troop alone: not alive.
        play(&mut game, "11a12a");
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win(Color::Black, Reason::RoyalCaptured))
        );
    }

    #[test]
    fn k20_burning_ones_own_command_loses_unless_the_enemy_burns_too() {
        let pos = setup(
            &[("G", "10s"), ("+EN", "10q"), ("g", "10a"), ("TB", "2s")],
            false,
        );
        let mut game = Game::new(pos);
        play(&mut game, "10q10r");
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win(Color::White, Reason::RoyalCaptured))
        );
        let pos = setup(
            &[("G", "10s"), ("+EN", "10q"), ("g", "9q"), ("TB", "2s")],
            false,
        );
        let mut game = Game::new(pos);
        play(&mut game, "10q10r");
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win(Color::Black, Reason::RoyalCaptured))
        );
    }

    #[test]
    fn k21_no_legal_move_loses() {
        // White's only piece, its General on 1a, is caught in a Black Sky net's rank.
        let pos = setup(&[("G", "10s"), ("+FD", "5a"), ("g", "1a")], false);
        let mut game = Game::new(pos);
        play(&mut game, "10s10r");
        assert!(game.legal_moves().is_empty());
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win(Color::Black, Reason::NoLegalMove))
        );
    }

    #[test]
    fn k22_fourfold_repetition_perpetual_checker_loses_otherwise_draw() {
        let pos = setup(&[("G", "10s"), ("CU", "5c"), ("g", "1a")], false);
        let mut game = Game::new(pos);
        play(&mut game, "5c5a");
        for _ in 0..3 {
            assert_eq!(game.outcome(), None);
            for m in ["1a1b", "5a5b", "1b1a", "5b5a"] {
                play(&mut game, m);
            }
        }
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win(Color::White, Reason::PerpetualAttack))
        );
        // Without checks the fourth occurrence is a draw.
        let pos = setup(&[("G", "10s"), ("CU", "5c"), ("g", "1a")], false);
        let mut game = Game::new(pos);
        for _ in 0..3 {
            for m in ["5c5d", "1a1b", "5d5c", "1b1a"] {
                play(&mut game, m);
            }
        }
        assert_eq!(game.outcome(), Some(Outcome::Draw(Reason::Repetition)));
    }
}

mod options {
    use super::*;
    use largeshogi::game::{Game, Outcome, Reason};
    use largeshogi::variant::{KoRules, NetReach, ThunderclapWalk};

    /// `pos` re-read under other Ko switches.
    fn with(pos: &Position, ko: KoRules) -> Position {
        let mut rules = pos.rules;
        rules.ko = ko;
        Position::from_sfen(pos.variant, &pos.to_sfen(), rules)
            .or_else(|_| {
                // Boards without both commands: copy square by square.
                let mut p = Position::empty(pos.variant, rules);
                for s in pos.variant.squares() {
                    if let Some((t, c)) = pos.piece_at(s) {
                        p.put(s, t, c).unwrap();
                    }
                }
                p.set_side_to_move(pos.side_to_move());
                Ok::<Position, ()>(p)
            })
            .unwrap()
    }

    fn sorted(pos: &Position, c: Color) -> Vec<String> {
        let mut v: Vec<String> = pos
            .immobilised(c)
            .iter()
            .map(|&s| pos.square_name(s))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn options_are_compiled_into_the_variant_data() {
        let base = ko();
        let mut rules = base.default_rules;
        assert!(std::ptr::eq(Position::start(base, rules).variant, base));
        rules.set_option("ko_pass", "off").unwrap();
        rules.set_option("ko_tigerwing", "zh").unwrap();
        let p = Position::start(base, rules);
        assert!(!std::ptr::eq(p.variant, base));
        assert!(p.variant.stages.no_pass && !base.stages.no_pass);
        // The promoted Quartermaster moves as the Tiger wing: [zh] drops its slides.
        let tw = base.piece_by_code("+Q").unwrap();
        assert!(!base.piece(tw).atoms.is_empty());
        assert!(p.variant.piece(tw).atoms.is_empty());
        // The same option values give the same data, built once; the defaults the base.
        assert!(std::ptr::eq(
            Position::start(base, rules).variant,
            p.variant
        ));
        assert!(std::ptr::eq(
            Position::start(p.variant, base.default_rules).variant,
            base
        ));
    }

    #[test]
    fn k9_net_reach_first_and_line() {
        let mut pieces = vec![
            ("G", "10s"),
            ("g", "10a"),
            ("+FD", "10j"),
            ("P", "17j"),
            ("P", "8h"),
        ];
        for w in ["12j", "15j", "18j", "12h", "12l", "10g", "7j", "4j", "7g"] {
            pieces.push(("p", w));
        }
        let pos = setup(&pieces, true);
        let first = with(
            &pos,
            KoRules {
                net: NetReach::First,
                ..KoRules::default()
            },
        );
        assert_eq!(sorted(&first, Color::White), vec!["12h", "12j", "7j"]);
        let line = with(
            &pos,
            KoRules {
                net: NetReach::Line,
                ..KoRules::default()
            },
        );
        assert_eq!(
            sorted(&line, Color::White),
            vec!["12h", "12j", "15j", "18j", "4j", "7g", "7j"]
        );
    }

    #[test]
    fn k10_burn_enemy_only() {
        let pos = base(&[
            ("+EN", "10j"),
            ("TB", "2s"),
            ("p", "11h"),
            ("p", "10h"),
            ("P", "11i"),
            ("P", "9j"),
        ]);
        let mut pos = with(
            &pos,
            KoRules {
                burn_enemy_only: true,
                ..KoRules::default()
            },
        );
        let total = pos.pieces(Color::Black).len() + pos.pieces(Color::White).len();
        play_and_check(&mut pos, "10j10i");
        assert_eq!(
            pos.pieces(Color::Black).len() + pos.pieces(Color::White).len(),
            total - 2
        );
        assert_eq!(code_on(&pos, "11i"), "P");
        assert_eq!(code_on(&pos, "9j"), "P");
    }

    #[test]
    fn k11_within_area_and_k12_any_light() {
        let area = KoRules {
            within_area: true,
            ..KoRules::default()
        };
        // 10.12 under the area reading: the same.
        let mut pos = with(&base(&[("+TB", "10k"), ("+sm", "10e")]), area);
        play_and_check(&mut pos, "10k10i");
        assert_eq!(code_on(&pos, "10i"), "TB");
        // Off the lines but inside the 11x11 square: only the area reading demotes.
        let pos = base(&[("+TB", "10k"), ("+sm", "8e")]);
        let mut lines = pos.clone();
        play_and_check(&mut lines, "10k10i");
        assert_eq!(code_on(&lines, "10i"), "+TB");
        let mut pos = with(&pos, area);
        play_and_check(&mut pos, "10k10i");
        assert_eq!(code_on(&pos, "10i"), "TB");
        // K12: an own Pure light demotes too with `any`.
        let pos = base(&[("+TB", "10k"), ("+SM", "10e")]);
        let mut pos = with(
            &pos,
            KoRules {
                any_light: true,
                ..KoRules::default()
            },
        );
        play_and_check(&mut pos, "10k10i");
        assert_eq!(code_on(&pos, "10i"), "TB");
    }

    #[test]
    fn k13_no_pass() {
        let pos = with(
            &start(),
            KoRules {
                no_pass: true,
                ..KoRules::default()
            },
        );
        assert_eq!(pos.legal_moves().len(), 222);
        assert!(pos.parse_move("pass").is_err());
    }

    #[test]
    fn k15_forced_capture_promotion_and_k16_zone_entry_only() {
        let forced = KoRules {
            capture_promotion_forced: true,
            ..KoRules::default()
        };
        let pos = with(&base(&[("SP", "10k"), ("ma", "11j")]), forced);
        let t = texts(&pos, &moves_of(&pos, "10k"));
        assert!(t.contains(&"10k11j+".to_string()) && !t.contains(&"10k11j".to_string()));
        let enter = KoRules {
            zone_entry_only: true,
            ..KoRules::default()
        };
        let pos = with(&base(&[("FD", "5f")]), enter);
        assert!(!texts(&pos, &moves_of(&pos, "5f"))
            .iter()
            .any(|m| m.ends_with('+')));
        let pos = with(&base(&[("VA", "10g")]), enter);
        assert!(texts(&pos, &moves_of(&pos, "10g")).contains(&"10g10f+".to_string()));
        let pos = with(&base(&[("VA", "5b")]), enter);
        assert!(!texts(&pos, &moves_of(&pos, "5b"))
            .iter()
            .any(|m| m.ends_with('+')));
    }

    #[test]
    fn k21_no_moves_draw_and_k27_shots_do_not_promote() {
        let pos = setup(&[("G", "10s"), ("+FD", "5a"), ("g", "1a")], false);
        let pos = with(
            &pos,
            KoRules {
                no_moves_draw: true,
                ..KoRules::default()
            },
        );
        let mut game = Game::new(pos);
        let m = game.position().parse_move("10s10r").unwrap();
        game.play(m);
        assert_eq!(game.outcome(), Some(Outcome::Draw(Reason::NoLegalMove)));
        let pos = base(&[("LB", "10k"), ("d", "11g")]);
        let pos = with(
            &pos,
            KoRules {
                shots_do_not_promote: true,
                ..KoRules::default()
            },
        );
        let t = texts(&pos, &moves_of(&pos, "10k"));
        assert!(t.contains(&"10k11jx11g".to_string()));
        assert!(!t.contains(&"10k11jx11g+".to_string()));
    }

    #[test]
    fn k5_thunderclap_gukai_and_upto5_k6_banner_waver_area() {
        let gukai = KoRules {
            thunderclap: ThunderclapWalk::Gukai,
            ..KoRules::default()
        };
        let pos = with(&base(&[("+D", "10j"), ("TB", "2s")]), gukai);
        let t = texts(&pos, &moves_of(&pos, "10j"));
        assert_eq!(t.len(), 8, "{t:?}");
        // (2, 3) and (3, 2) offsets: e.g. 2 up, 2 right, 1 up = 8g; 2 up, 2 right, 1 right = 7h.
        assert!(t.contains(&"10j8g".to_string()) && t.contains(&"10j7h".to_string()));
        // A Pawn on 10i is captured by the walks that start upwards.
        let pos = with(&base(&[("+D", "10j"), ("TB", "2s"), ("p", "10i")]), gukai);
        let t = texts(&pos, &moves_of(&pos, "10j"));
        assert!(t.contains(&"10j10i8g".to_string()), "{t:?}");
        assert_eq!(t.len(), 8 + 4, "{t:?}");
        let upto = KoRules {
            thunderclap: ThunderclapWalk::UpTo,
            ..KoRules::default()
        };
        let pos = with(&base(&[("+D", "10j"), ("TB", "2s")]), upto);
        assert_eq!(moves_of(&pos, "10j").len(), 4 + 8 + 12 + 16 + 20);
        let area = KoRules {
            bannerwaver_area: true,
            ..KoRules::default()
        };
        let pos = with(&base(&[("+B", "10j"), ("TB", "2s")]), area);
        assert_eq!(moves_of(&pos, "10j").len(), 60);
        let pos = with(&base(&[("+B", "10j"), ("TB", "2s"), ("p", "10i")]), area);
        let t = texts(&pos, &moves_of(&pos, "10j"));
        assert!(t.contains(&"10j10i11i".to_string()), "{t:?}");
    }

    #[test]
    fn k1_zh_setup_has_seven_pawns_and_two_patrols_a_side() {
        let v = ko();
        let pos = Position::from_sfen(v, largeshogi::variant::ko::START_SFEN_ZH, v.default_rules)
            .unwrap();
        assert_eq!(pos.to_sfen(), largeshogi::variant::ko::START_SFEN_ZH);
        for c in Color::BOTH {
            let count = |code: &str| {
                pos.pieces(c)
                    .iter()
                    .filter(|&&s| v.piece(pos.cell(s).ptype()).code == code)
                    .count()
            };
            assert_eq!((count("P"), count("HO"), pos.pieces(c).len()), (7, 2, 90));
        }
        assert_eq!(code_on(&pos, "18o"), "P");
        assert_eq!(code_on(&pos, "2e"), "p");
        // A Pawn there has the Patrol's three moves (l, r, b): still 223.
        assert_eq!(pos.legal_moves().len(), 223);
    }

    #[test]
    fn k8_stationary_shots() {
        let on = KoRules {
            stationary_shot: true,
            ..KoRules::default()
        };
        // A Crossbow on 10j and a Pawn on 10e (distance 5 up the file): only a shot without
        // moving reaches it.
        let pos = base(&[("SB", "10j"), ("p", "10e")]);
        assert!(!texts(&pos, &moves_of(&pos, "10j")).contains(&"10j10jx10e".to_string()));
        let pos = with(&pos, on);
        let t = texts(&pos, &moves_of(&pos, "10j"));
        assert!(t.contains(&"10j10jx10e".to_string()), "{t:?}");
        let mut p = pos.clone();
        play_and_check(&mut p, "10j10jx10e");
        assert_eq!(code_on(&p, "10e"), ".");
        assert_eq!(code_on(&p, "10j"), "SB");
        // A Five-li fog shoots two adjacent pieces without moving.
        let pos = with(&base(&[("+TB", "10k"), ("p", "10j"), ("p", "11l")]), on);
        let t = texts(&pos, &moves_of(&pos, "10k"));
        let both: Vec<_> = t
            .iter()
            .filter(|m| m.starts_with("10k10kx") && m.matches('x').count() == 2)
            .collect();
        assert_eq!(both.len(), 1, "{t:?}");
    }

    #[test]
    fn k17_drum_capture_does_not_promote() {
        let off = KoRules {
            drum_does_not_promote: true,
            ..KoRules::default()
        };
        let pos = with(&base(&[("SP", "10k"), ("d", "11j")]), off);
        assert!(!texts(&pos, &moves_of(&pos, "10k")).contains(&"10k11j+".to_string()));
        // The Thunderclap is still a great piece for a step mover.
        let pos = with(&base(&[("SP", "10k"), ("+d", "11j"), ("tb", "2a")]), off);
        assert!(texts(&pos, &moves_of(&pos, "10k")).contains(&"10k11j+".to_string()));
        // The Banner still is a command trophy.
        let pos = with(&base(&[("SP", "10k"), ("b", "11j")]), off);
        assert!(texts(&pos, &moves_of(&pos, "10k")).contains(&"10k11j+".to_string()));
    }

    #[test]
    fn k20_self_burn_illegal() {
        let pos = setup(
            &[("G", "10s"), ("+EN", "10q"), ("g", "10a"), ("TB", "2s")],
            false,
        );
        assert!(pos.parse_move("10q10r").is_ok());
        let pos = with(
            &pos,
            KoRules {
                selfburn_illegal: true,
                ..KoRules::default()
            },
        );
        assert!(pos.parse_move("10q10r").is_err());
        assert!(pos.parse_move("10q10p").is_ok());
    }

    #[test]
    fn k24_fog_shoots_after_its_last_jump_only() {
        let end = KoRules {
            fog_shots_at_end: true,
            ..KoRules::default()
        };
        let pos = with(&base(&[("+TB", "10k"), ("p", "11h")]), end);
        let t = texts(&pos, &moves_of(&pos, "10k"));
        // 25 + shots from the four final squares next to 11h (10i 12i by one jump or two,
        // 10g 12g by two); no more out-shoot-and-back.
        assert_eq!(t.len(), 29, "{t:?}");
        assert!(!t.contains(&"10k10kx11h".to_string()));
        assert!(t.contains(&"10k10gx11h".to_string()));
        // Two shots at the end from one square.
        let pos = with(&base(&[("+TB", "10k"), ("p", "11h"), ("p", "11j")]), end);
        let t = texts(&pos, &moves_of(&pos, "10k"));
        assert!(
            t.iter()
                .any(|m| m.starts_with("10k10ix") && m.matches('x').count() == 2),
            "{t:?}"
        );
        for m in moves_of(&pos, "10k") {
            assert_eq!(pos.parse_move(&pos.move_to_usi(&m)), Ok(m));
        }
    }

    #[test]
    fn k23_tiger_wing_zh_has_only_double_diagonal_steps() {
        let pos = base(&[("+Q", "10j")]);
        assert_eq!(moves_of(&pos, "10j").len(), 44);
        let pos = with(
            &pos,
            KoRules {
                tigerwing_zh: true,
                ..KoRules::default()
            },
        );
        // 4 F steps, 4 squares at (2, 2), 4 orthogonal squares at distance 2 via a diagonal
        // step (F then F turning), and the pass.
        assert_eq!(moves_of(&pos, "10j").len(), 4 + 4 + 4 + 1);
    }

    #[test]
    fn k28_aura_silences_only_unpromoted_shooters() {
        // A Crossbow cavalry next to an enemy fog's aura shoots with `ko_aura=base`.
        let pos = base(&[("+SB", "12l"), ("+tb", "8j"), ("p", "11e")]);
        let t = texts(&pos, &moves_of(&pos, "12l"));
        assert!(!t.contains(&"12l11jx11e".to_string()), "{t:?}");
        let pos = with(
            &pos,
            KoRules {
                aura_base_only: true,
                ..KoRules::default()
            },
        );
        assert!(texts(&pos, &moves_of(&pos, "12l")).contains(&"12l11jx11e".to_string()));
        // The unpromoted Crossbow stays silenced.
        let pos = base(&[("SB", "12k"), ("+tb", "8j"), ("p", "11e")]);
        let pos = with(
            &pos,
            KoRules {
                aura_base_only: true,
                ..KoRules::default()
            },
        );
        assert!(!texts(&pos, &moves_of(&pos, "12k")).contains(&"12k11jx11e".to_string()));
    }
}

#[test]
fn ko_options_set_every_switch_and_refuse_bad_values() {
    use largeshogi::variant::KoRules;
    let mut seen = ahash::AHashSet::new();
    for (name, values) in KoRules::OPTIONS {
        let mut k = KoRules::default();
        k.set(name, values[0]).unwrap();
        assert_eq!(
            k,
            KoRules::default(),
            "{name}: the first value is the default"
        );
        for v in &values[1..] {
            let mut k = KoRules::default();
            k.set(name, v).unwrap();
            assert_ne!(k, KoRules::default(), "{name}={v}");
            assert!(
                seen.insert(format!("{k:?}")),
                "{name}={v} sets a switch of its own"
            );
        }
        assert!(KoRules::default().set(name, "nonsense").is_err());
    }
    assert!(KoRules::default().set("ko_nothing", "on").is_err());
}

/// ko.md 4.11 and 6.2: an unpromoted Cavalry whose start square is in the zone may jump
/// out and back and promote there. That is not the pass (the board changes): it is a move
/// of its own, written `10e10e+`, and accepted as text.
#[test]
fn cavalry_out_and_back_promotes_in_the_zone() {
    // In the zone (Black's zone: ranks a-f): 8 single and 12 double jumps, each with and
    // without promotion, the pass, and the promotion in place.
    let pos = base(&[("CA", "10e")]);
    let moves = moves_of(&pos, "10e");
    assert_eq!(moves.len(), 20 * 2 + 1 + 1, "{:?}", texts(&pos, &moves));
    let in_place: Vec<String> = moves
        .iter()
        .filter(|m| m.from == m.to && m.promotes())
        .map(|m| pos.move_to_usi(m))
        .collect();
    assert_eq!(in_place, ["10e10e+"]);
    assert!(moves.iter().any(|m| pos.move_to_usi(m) == "pass"));
    let played = pos.parse_move("10e10e+").expect("10e10e+ is legal");
    let mut after = pos.clone();
    after.make(played);
    assert_eq!(
        after.piece_at(sq(&pos, "10e")),
        Some((ko().piece_by_code("+CA").expect("+CA"), Color::Black))
    );
    after.unmake();
    assert!(after.same_position(&pos));
    // Outside the zone only the three double jumps ending on rank f (10f, 8f, 12f) may
    // promote: 20 moves, 3 promotions and the pass, and no promotion in place.
    let pos = base(&[("CA", "10j")]);
    let moves = moves_of(&pos, "10j");
    assert_eq!(moves.len(), 20 + 3 + 1, "{:?}", texts(&pos, &moves));
    assert!(pos.parse_move("10j10j+").is_err());
}
