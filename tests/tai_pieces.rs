//! Tai shogi: every kind alone on an empty board, from the centre and from a corner, for
//! both colours. The expected counts come from a small counter written here from the
//! rules' cell legend (tai.md 3, 4): it works in board coordinates on sets of destination
//! squares and shares nothing with the engine's generator.

mod support;
use largeshogi::types::Color;
use largeshogi::variant::Variant;
use std::collections::BTreeSet;
use support::*;

/// tai.md section 3: code, cells for F FL FR L R B BL BR, promotes to.
#[rustfmt::skip]
const TABLE: &[(&str, [&str; 8], &str)] = &[
    ("E", ["U", "U", "U", "U", "U", "U", "U", "U"], "-"),
    ("CP", ["1", "1", "1", "1", "1", "1", "1", "1"], "-"),
    ("DH", ["1", "*", "*", "1", "1", "1", "*", "*"], "-"),
    ("DK", ["*", "1", "1", "*", "*", "*", "1", "1"], "-"),
    ("FK", ["*", "*", "*", "*", "*", "*", "*", "*"], "-"),
    ("P", ["1", "-", "-", "-", "-", "-", "-", "-"], "G"),
    ("LG", ["1", "1", "1", "-", "1", "1", "1", "1"], "G"),
    ("RG", ["1", "1", "1", "1", "-", "1", "1", "1"], "G"),
    ("WO", ["-", "2", "2", "-", "-", "-", "-", "-"], "G"),
    ("FD", ["-", "2", "2", "-", "-", "-", "2", "2"], "G"),
    ("VO", ["2", "-", "-", "2", "2", "2", "-", "-"], "G"),
    ("VBE", ["-", "2", "2", "1", "1", "-", "-", "-"], "G"),
    ("FE", ["1", "1", "1", "2", "2", "-", "2", "2"], "G"),
    ("N", ["N", "-", "-", "-", "-", "-", "-", "-"], "G"),
    ("DO", ["1+J2", "-", "-", "1", "1", "1+J2", "-", "-"], "G"),
    ("L", ["*", "-", "-", "-", "-", "-", "-", "-"], "G"),
    ("RC", ["*", "-", "-", "-", "-", "*", "-", "-"], "G"),
    ("HD", ["*", "-", "-", "-", "-", "1", "-", "-"], "G"),
    ("RS", ["-", "*", "*", "-", "-", "-", "-", "-"], "G"),
    ("GDE", ["-", "*", "*", "-", "-", "-", "2", "2"], "G"),
    ("SDE", ["-", "2", "2", "-", "-", "-", "*", "*"], "G"),
    ("SM", ["1", "-", "-", "*", "*", "1", "-", "-"], "G"),
    ("VM", ["*", "-", "-", "1", "1", "*", "-", "-"], "G"),
    ("BD", ["2", "1", "*", "*", "*", "2", "-", "-"], "G"),
    ("WT", ["*", "*", "1", "2", "2", "*", "-", "-"], "G"),
    ("VS", ["1", "*", "*", "-", "-", "*", "2", "2"], "G"),
    ("TS", ["*", "*", "*", "-", "-", "1", "2", "2"], "G"),
    ("WE", ["2", "2", "2", "2", "2", "2", "*", "*"], "G"),
    ("SBR", ["*", "*", "*", "2", "2", "2", "2", "2"], "G"),
    ("LCH", ["*", "*", "-", "-", "-", "1", "-", "*"], "G"),
    ("RCH", ["*", "-", "*", "-", "-", "1", "*", "-"], "G"),
    ("B", ["-", "*", "*", "-", "-", "-", "*", "*"], "G"),
    ("R", ["*", "-", "-", "*", "*", "*", "-", "-"], "G"),
    ("SDR", ["*", "-", "-", "*", "*", "1", "-", "-"], "G"),
    ("SCH", ["*", "-", "-", "*", "*", "*", "1", "1"], "G"),
    ("W", ["*", "-", "-", "-", "-", "*", "*", "*"], "G"),
    ("WH", ["*", "*", "*", "-", "-", "*", "-", "-"], "G"),
    ("FO", ["*", "*", "*", "-", "-", "*", "*", "*"], "G"),
    ("SO", ["*", "-", "-", "*", "*", "*", "*", "*"], "G"),
    ("BDE", ["-", "3", "3", "1", "1", "1", "-", "-"], "G"),
    ("WR", ["-", "3", "3", "1", "1", "-", "3", "3"], "G"),
    ("GG", ["3", "1", "1", "3", "3", "3", "-", "-"], "G"),
    ("GD", ["2", "3", "3", "*", "*", "2", "3", "3"], "G"),
    ("GBD", ["*", "3", "3", "2", "2", "*", "3", "3"], "G"),
    ("D", ["2", "5", "5", "2", "2", "2", "5", "5"], "G"),
    ("SD", ["5", "2", "2", "5", "5", "5", "2", "2"], "G"),
    ("FDE", ["5", "*", "*", "*", "*", "5", "-", "-"], "G"),
    ("FTP", ["*", "*", "*", "5", "5", "*", "-", "-"], "G"),
    ("HF", ["L2", "*", "*", "*", "*", "*", "*", "*"], "G"),
    ("SE", ["*", "L2", "L2", "*", "*", "*", "*", "*"], "G"),
    ("PC", ["-", "H", "H", "-", "-", "-", "2", "2"], "G"),
    ("CA", ["-", "H", "H", "-", "-", "-", "H", "H"], "G"),
    ("LGN", ["1", "H", "H", "1", "1", "1", "H", "H"], "G"),
    ("HM", ["H", "-", "-", "H", "H", "H", "-", "-"], "G"),
    ("G", ["1", "1", "1", "1", "1", "1", "-", "-"], "FGO"),
    ("S", ["1", "1", "1", "-", "-", "-", "1", "1"], "FSI"),
    ("C", ["1", "1", "1", "-", "-", "1", "-", "-"], "FCO"),
    ("I", ["1", "1", "1", "-", "-", "-", "-", "-"], "FIR"),
    ("T", ["-", "1", "1", "-", "-", "1", "-", "-"], "FTI"),
    ("ST", ["-", "1", "1", "-", "-", "-", "-", "-"], "FST"),
    ("EA", ["1", "-", "-", "-", "-", "1", "-", "-"], "FEA"),
    ("GB", ["1", "-", "-", "-", "-", "1", "-", "-"], "FG"),
    ("BT", ["-", "1", "1", "1", "1", "1", "1", "1"], "FT"),
    ("FL", ["1", "1", "1", "-", "-", "1", "1", "1"], "FLP"),
    ("CS", ["1", "-", "-", "-", "-", "1", "1", "1"], "FSE"),
    ("CC", ["-", "1", "1", "1", "1", "1", "-", "-"], "WS"),
    ("CSW", ["-", "1", "1", "-", "-", "-", "1", "1"], "FC"),
    ("BM", ["-", "1", "1", "1", "1", "-", "1", "1"], "MW"),
    ("OM", ["-", "1", "1", "-", "-", "1", "1", "1"], "MW"),
    ("RD", ["1", "-", "-", "1", "1", "1", "1", "1"], "FDR"),
    ("OR", ["-", "2", "2", "-", "-", "2", "-", "-"], "BAT"),
    ("AB", ["1", "-", "-", "1", "1", "1", "-", "-"], "FBO"),
    ("BB", ["-", "1", "1", "-", "-", "*", "1", "1"], "FBE"),
    ("EW", ["1", "1", "1", "1", "1", "-", "-", "-"], "FW"),
    ("KY", ["J2", "1", "1", "J2", "J2", "J2", "1", "1"], "GD"),
    ("PH", ["1", "J2", "J2", "1", "1", "1", "J2", "J2"], "GBD"),
    ("EB", ["2", "-", "-", "-", "1", "2", "-", "-"], "LN"),
    ("WB", ["1", "-", "-", "2", "2", "1", "-", "-"], "LD"),
    ("SB", ["-", "-", "-", "1", "-", "-", "2", "2"], "WE"),
    ("NB", ["-", "2", "2", "1", "1", "-", "1", "1"], "FEL"),
    ("NK", ["1", "1", "1", "1", "1", "1", "1", "1"], "SBR"),
    ("PST", ["1", "1", "1", "2", "2", "-", "1", "1"], "SMO"),
    ("FH", ["2", "1", "1", "2", "2", "2", "-", "-"], "FK"),
    ("EBA", ["2", "-", "-", "2", "2", "-", "-", "-"], "D"),
    ("WBF", ["2", "*", "*", "*", "*", "2", "*", "*"], "FTP"),
    ("RB", ["*", "*", "*", "*", "*", "-", "*", "*"], "FDE"),
    ("OK", ["2", "1", "1", "2", "2", "2", "-", "-"], "LGN"),
    ("PS", ["J2", "-", "-", "1", "1", "-", "J2", "J2"], "HM"),
    ("LN", ["Ln", "Ln", "Ln", "Ln", "Ln", "Ln", "Ln", "Ln"], "FF"),
    ("LD", ["LD", "LD", "LD", "LD", "LD", "LD", "LD", "LD"], "GE"),
    ("DSP", ["-", "1", "1", "-", "1", "-", "1", "-"], "BSP"),
    ("DV", ["-", "1", "1", "1", "-", "-", "-", "1"], "TK"),
    ("DE", ["1", "1", "1", "1", "1", "-", "1", "1"], "CP"),
    ("FGO", ["*", "*", "*", "*", "*", "*", "-", "-"], "-"),
    ("FSI", ["*", "*", "*", "-", "-", "-", "*", "*"], "-"),
    ("FCO", ["*", "*", "*", "-", "-", "*", "-", "-"], "-"),
    ("FIR", ["*", "*", "*", "-", "-", "-", "-", "-"], "-"),
    ("FTI", ["-", "*", "*", "-", "-", "*", "-", "-"], "-"),
    ("FST", ["-", "*", "*", "-", "-", "-", "-", "-"], "-"),
    ("FEA", ["*", "-", "-", "-", "-", "*", "-", "-"], "-"),
    ("FG", ["*", "-", "-", "-", "-", "*", "-", "-"], "-"),
    ("FT", ["-", "*", "*", "*", "*", "*", "*", "*"], "-"),
    ("FLP", ["*", "*", "*", "-", "-", "*", "*", "*"], "-"),
    ("FSE", ["*", "-", "-", "-", "-", "*", "*", "*"], "-"),
    ("WS", ["-", "*", "*", "*", "*", "*", "-", "-"], "-"),
    ("FC", ["-", "*", "*", "-", "-", "-", "*", "*"], "-"),
    ("MW", ["1", "*", "*", "-", "-", "*", "*", "*"], "-"),
    ("FDR", ["*", "*", "*", "-", "-", "1", "1", "1"], "-"),
    ("BAT", ["*", "-", "-", "-", "-", "-", "*", "*"], "-"),
    ("FBO", ["-", "*", "*", "*", "*", "-", "*", "*"], "-"),
    ("FBE", ["-", "*+J2", "*+J2", "*", "*", "-", "*", "*"], "-"),
    ("FW", ["*", "*", "*", "5", "5", "*", "*", "*"], "-"),
    ("FEL", ["2", "*", "*", "2", "2", "2", "2", "2"], "-"),
    ("SMO", ["*", "1", "1", "*", "*", "*", "-", "-"], "-"),
    ("FF", ["Ln+LD", "Ln+LD", "Ln+LD", "Ln+LD", "Ln+LD", "Ln+LD", "Ln+LD", "Ln+LD"], "-"),
    ("GE", ["*+LD", "2", "2", "*+LD", "*+LD", "*+LD", "*+LD", "*+LD"], "-"),
    ("BSP", ["*+Ln", "*+Ln", "*+Ln", "*+Ln", "*+Ln", "*+Ln", "*+Ln", "*+Ln"], "-"),
    ("TK", ["*+LD", "*+LD", "*+LD", "*+LD", "*+LD", "*+LD", "*+LD", "*+LD"], "-"),
];

const SIZE: i32 = 25;

/// Direction (right, forward) of each table column, relative to the mover.
const COLUMNS: [(i32, i32); 8] = [
    (0, 1),
    (-1, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (0, -1),
    (-1, -1),
    (1, -1),
];

fn on(p: (i32, i32)) -> bool {
    (0..SIZE).contains(&p.0) && (0..SIZE).contains(&p.1)
}

/// Moves of a piece with `cells` alone on (x, y) (x from Black's left, y from the top):
/// distinct destinations plus one pass if it has any.
fn expected(cells: &[&str; 8], black: bool, x: i32, y: i32) -> usize {
    // Board vector of a relative direction: Black's forward is up (y - 1).
    let board = |(r, f): (i32, i32)| if black { (r, -f) } else { (-r, f) };
    let at = |v: (i32, i32), k: i32| (x + k * v.0, y + k * v.1);
    let mut dest: BTreeSet<(i32, i32)> = BTreeSet::new();
    let mut pass = false;
    let line = |dest: &mut BTreeSet<(i32, i32)>, v, n: i32| {
        for k in 1..=n {
            if !on(at(v, k)) {
                break;
            }
            dest.insert(at(v, k));
        }
    };
    for (cell, &rel) in cells.iter().zip(&COLUMNS) {
        let v = board(rel);
        for part in cell.split('+') {
            match part {
                "-" => {}
                "*" => line(&mut dest, v, SIZE),
                "J2" => {
                    if on(at(v, 2)) {
                        dest.insert(at(v, 2));
                    }
                }
                "N" => {
                    for side in [-1, 1] {
                        let p = (x + board((side, 2)).0, y + board((side, 2)).1);
                        if on(p) {
                            dest.insert(p);
                        }
                    }
                }
                "H" => {
                    // Leg one along v; a turn to either perpendicular on any square of it.
                    for k in 1..SIZE {
                        let turn = at(v, k);
                        if !on(turn) {
                            break;
                        }
                        dest.insert(turn);
                        for w in [(-v.1, v.0), (v.1, -v.0)] {
                            for j in 1..SIZE {
                                let p = (turn.0 + j * w.0, turn.1 + j * w.1);
                                if !on(p) {
                                    break;
                                }
                                dest.insert(p);
                            }
                        }
                    }
                }
                "L2" | "LD" => {
                    line(&mut dest, v, if part == "L2" { 2 } else { 3 });
                    pass |= on(at(v, 1));
                }
                "Ln" => {
                    for dy in -2..=2 {
                        for dx in -2..=2 {
                            if (dx, dy) != (0, 0) && on((x + dx, y + dy)) {
                                dest.insert((x + dx, y + dy));
                            }
                        }
                    }
                    pass = true;
                }
                "U" => {
                    for yy in 0..SIZE {
                        for xx in 0..SIZE {
                            if (xx, yy) != (x, y) {
                                dest.insert((xx, yy));
                            }
                        }
                    }
                }
                n => line(&mut dest, v, n.parse().expect("range")),
            }
        }
    }
    dest.len() + pass as usize
}

/// USI square of (x, y).
fn name(x: i32, y: i32) -> String {
    format!("{}{}", SIZE - x, (b'a' + y as u8) as char)
}

/// The engine's state that moves as `code`: the kind itself where it starts on the board,
/// otherwise the promoted state of a kind that promotes to it.
fn state_for(code: &str) -> String {
    let v = Variant::tai();
    if v.piece_by_code(code).is_some() {
        return code.to_string();
    }
    let origin = TABLE
        .iter()
        .find(|r| r.2 == code && v.piece_by_code(r.0).is_some())
        .unwrap_or_else(|| panic!("nothing promotes to {code}"));
    format!("+{}", origin.0)
}

#[test]
fn table_has_118_kinds_and_93_start() {
    assert_eq!(TABLE.len(), 118);
    let v = Variant::tai();
    let starting = TABLE
        .iter()
        .filter(|r| v.piece_by_code(r.0).is_some())
        .count();
    assert_eq!(starting, 93);
    assert_eq!(largeshogi::variant::tai::kinds().count(), 118);
    // 93 kinds plus a promoted state for each of the 88 that promote.
    assert_eq!(v.pieces.len(), 181);
}

#[test]
fn every_kind_alone_from_centre_and_corner_both_colours() {
    let mut checked = 0;
    for (code, cells, _) in TABLE {
        let state = state_for(code);
        for (black, x, y) in [
            (true, 12, 12),
            (true, 0, 24),
            (false, 12, 12),
            (false, 24, 0),
        ] {
            let square = name(x, y);
            let (b, w) = if black {
                (vec![(state.as_str(), square.as_str())], vec![])
            } else {
                (vec![], vec![(state.as_str(), square.as_str())])
            };
            let color = if black { Color::Black } else { Color::White };
            let pos = tai_board(&b, &w, color);
            let got = moves_from(&pos, &square).len();
            let want = expected(cells, black, x, y);
            assert_eq!(got, want, "{code} ({state}) {color} on {square}");
            checked += 1;
        }
    }
    assert_eq!(checked, 4 * 118);
}

#[test]
fn the_counter_agrees_with_the_spec_figures() {
    let cells = |code: &str| TABLE.iter().find(|r| r.0 == code).expect("kind").1;
    for (code, centre, corner) in [
        ("HM", 624, 624),
        ("CA", 312, 312),
        ("LGN", 316, 314),
        ("PC", 226, 312),
    ] {
        assert_eq!(expected(&cells(code), true, 12, 12), centre, "{code}");
        assert_eq!(expected(&cells(code), true, 0, 24), corner, "{code}");
    }
    for (code, n) in [
        ("LN", 25),
        ("FF", 33),
        ("BSP", 105),
        ("TK", 97),
        ("GE", 77),
        ("HF", 87),
        ("SE", 77),
        ("LD", 25),
    ] {
        assert_eq!(expected(&cells(code), true, 12, 12), n, "{code}");
    }
    assert_eq!(expected(&cells("LD"), true, 24, 24), 10);
}
