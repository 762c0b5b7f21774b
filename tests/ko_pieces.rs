//! Ko shogi: per-piece move counts on an empty board (only the piece; Black; centre 10j and
//! corner 19s) from an independent model written from ko.md section 3-4's text, compared
//! with the generator for all 65 piece states. On an empty board every move is a distinct
//! destination (no captures, no shot targets), plus `pass` for the pieces that can go out
//! and back, and each destination in the zone (ranks a-f) counts twice for a piece that
//! can still promote (optional promotion). Pawns have no Drum here: no forward step; the
//! Drum and Banner have no Taoist priest: no promotion. A piece that can pass from a
//! square in the zone and may promote also promotes in place (out and back).

use largeshogi::position::Position;
use largeshogi::types::Color;
use largeshogi::variant::Variant;
use std::collections::BTreeSet;

/// Directions relative to Black: (right, forward).
type D = (i32, i32);
const F: D = (0, 1);
const B: D = (0, -1);
const L: D = (-1, 0);
const R: D = (1, 0);
const FL: D = (-1, 1);
const FR: D = (1, 1);
const BL: D = (-1, -1);
const BR: D = (1, -1);
const K8: [D; 8] = [F, B, L, R, FL, FR, BL, BR];
const W4: [D; 4] = [F, B, L, R];
const F4: [D; 4] = [FL, FR, BL, BR];
const N8: [D; 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

/// One power of the model.
enum P {
    Step(&'static [D]),
    Slide(&'static [D]),
    Range(&'static [D], i32),
    Jump(Vec<D>),
    /// One or two elementary moves; `same`: the Cavalry's straight continuation.
    Double(Vec<D>, bool),
    Priest(u8),
    Walk5,
    Sweep5,
}

fn scaled(ds: &[D], k: i32) -> Vec<D> {
    ds.iter().map(|&(x, y)| (x * k, y * k)).collect()
}

fn cat(a: &[D], b: &[D]) -> Vec<D> {
    a.iter().chain(b).copied().collect()
}

/// The model of each effective kind, from ko.md 3.1-3.2 and 4.1-4.5.
fn model(kind: &str) -> Vec<P> {
    use P::*;
    match kind {
        "G" | "MA" | "GV" => vec![Step(&K8)],
        "SC" => vec![Step(&F4), Jump(scaled(&W4, 2))],
        "SO" => vec![Step(&W4), Jump(scaled(&F4, 2))],
        "A" => vec![Step(&[F, FL, FR, L, R, BL, BR])],
        "WR" => vec![Double(K8.to_vec(), false)],
        "SR" => vec![Step(&[F, B, L, R, FL, FR])],
        "ST" => vec![Step(&[FL, FR, BL, BR, F])],
        "CS" => vec![Step(&[FL, FR, BL, BR, F, B])],
        "EN" | "PF" => vec![Step(&[F, FL, FR, B])],
        "TB" | "SM" => vec![Priest(1)],
        "FF" | "LT" => vec![Priest(2)],
        "FD" => vec![Slide(&[F]), Step(&[B])],
        "D" | "B" => vec![Step(&[FL, FR, BL, BR, L, R])],
        "SN" => vec![Step(&[FL, FR, BL, BR, L, R, B])],
        "MI" => vec![Slide(&K8)],
        "Q" => vec![Slide(&W4), Step(&F4)],
        "FH" => vec![Slide(&F4), Step(&W4)],
        "R" => vec![Slide(&[B]), Step(&[F])],
        "FW" | "LB" | "SB" | "CN" | "SP" => vec![Step(&F4)],
        "EL" => vec![Slide(&F4)],
        "HS" | "LC" | "XC" => vec![Jump(N8.to_vec())],
        "CA" => vec![Double(N8.to_vec(), true)],
        "WG" => vec![Double(N8.to_vec(), false)],
        "P" => vec![Step(&[L, R, B])],
        "HO" => vec![Slide(&[F, B]), Step(&[L, R])],
        "SU" => vec![Slide(&[L, R]), Step(&F4)],
        "CH" | "CC" | "DV" => vec![Range(&W4, 5)],
        "CU" => vec![Slide(&W4)],
        "VA" => vec![Range(&[F], 5)],
        "MM" => vec![Double(cat(&F4, &scaled(&W4, 2)), false)],
        "BD" => vec![Double(cat(&W4, &scaled(&F4, 2)), false)],
        "TN" => vec![Slide(&[F, B]), Step(&[FL, FR, L, R, BL, BR])],
        "VB" => vec![Slide(&[L, R]), Step(&[F, B, FL, FR, BL, BR])],
        "DC" => vec![Slide(&[FL, FR, BL, BR, F])],
        "SK" => vec![Slide(&[L, R, FL, FR]), Step(&[B])],
        "EA" => vec![Slide(&[L, R, BL, BR]), Step(&[F])],
        "TC" => vec![Walk5],
        "BW" => vec![Sweep5],
        "DA" => vec![Slide(&K8), Double(K8.to_vec(), false)],
        "TW" => vec![Slide(&W4), Double(F4.to_vec(), false)],
        "WH" => vec![Slide(&F4), Double(W4.to_vec(), false)],
        "CM" => vec![Slide(&[FL, FR, BL, BR, F, B])],
        "HF" => vec![Slide(&[L, R, FL, FR, BL, BR])],
        _ => panic!("no model for {kind}"),
    }
}

/// What each state moves as (ko.md 3.1-3.2: promotions).
fn effective(code: &str) -> &str {
    match code {
        "+SC" => "MM",
        "+SO" => "BD",
        "+A" => "Q",
        "+SR" => "TN",
        "+ST" => "VB",
        "+CS" => "DC",
        "+EN" => "PF",
        "+TB" => "FF",
        "+SM" => "LT",
        "+FD" => "SK",
        "+MA" => "GV",
        "+D" => "TC",
        "+B" => "BW",
        "+SN" => "FH",
        "+MI" => "DA",
        "+Q" => "TW",
        "+FH" => "WH",
        "+R" => "EA",
        "+FW" => "DV",
        "+LB" => "LC",
        "+SB" => "XC",
        "+CN" => "CC",
        "+HS" => "CA",
        "+CA" => "WG",
        "+P" => "HO",
        "+HO" | "+VA" => "CM",
        "+SP" => "SU",
        "+SU" => "HF",
        "+CH" => "CU",
        "+CU" => "MI",
        c => c,
    }
}

/// (move count) of a Black piece of `code` alone on (x, y) (x = 0 on file 19, y = 0 on
/// rank a), from the model.
fn model_count(code: &str, x: i32, y: i32) -> usize {
    let on = |(a, b): (i32, i32)| (0..19).contains(&a) && (0..19).contains(&b);
    // Black: forward is y - 1.
    let go = |(a, b): (i32, i32), (dx, df): D| (a + dx, b - df);
    let start = (x, y);
    let mut dest: BTreeSet<(i32, i32)> = BTreeSet::new();
    let mut pass = false;
    for p in model(effective(code)) {
        match p {
            P::Step(ds) => ds
                .iter()
                .map(|&d| go(start, d))
                .filter(|&s| on(s))
                .for_each(|s| {
                    dest.insert(s);
                }),
            P::Slide(ds) | P::Range(ds, _) => {
                let n = if let P::Range(_, n) = p { n } else { 18 };
                for &d in ds {
                    let mut s = start;
                    for _ in 0..n {
                        s = go(s, d);
                        if !on(s) {
                            break;
                        }
                        dest.insert(s);
                    }
                }
            }
            P::Jump(vs) => vs
                .iter()
                .map(|&d| go(start, d))
                .filter(|&s| on(s))
                .for_each(|s| {
                    dest.insert(s);
                }),
            P::Double(vs, same) => {
                for &v1 in &vs {
                    let m = go(start, v1);
                    if !on(m) {
                        continue;
                    }
                    dest.insert(m);
                    for &v2 in &vs {
                        let straight = if v1.1.abs() == 2 {
                            v2.1 == v1.1
                        } else {
                            v2.0 == v1.0
                        };
                        if same && !straight && v2 != (-v1.0, -v1.1) {
                            continue;
                        }
                        let t = go(m, v2);
                        if t == start {
                            pass = true;
                        } else if on(t) {
                            dest.insert(t);
                        }
                    }
                }
            }
            P::Priest(n) => {
                let jumps = cat(&scaled(&W4, 2), &scaled(&F4, 2));
                let mut frontier = vec![start];
                for _ in 0..n {
                    let mut next = Vec::new();
                    for &a in &frontier {
                        for &j in &jumps {
                            let t = go(a, j);
                            if t == start {
                                pass = true;
                            } else if on(t) {
                                dest.insert(t);
                                next.push(t);
                            }
                        }
                    }
                    frontier = next;
                }
            }
            P::Walk5 => {
                let mut at: BTreeSet<(i32, i32)> = [start].into();
                for _ in 0..5 {
                    at = at
                        .iter()
                        .flat_map(|&a| W4.iter().map(move |&d| go(a, d)))
                        .filter(|&s| on(s))
                        .collect();
                }
                at.remove(&start);
                dest.extend(at);
            }
            P::Sweep5 => {
                for &d in &W4 {
                    let mut s = start;
                    for _ in 0..5 {
                        s = go(s, d);
                        if !on(s) {
                            break;
                        }
                        dest.insert(s);
                    }
                }
            }
        }
    }
    dest.remove(&start);
    // Optional promotion: start or end in the zone (ranks a-f), for unpromoted kinds that
    // promote (all but G, WR, EL); the Drum and Banner not without their side's Taoist
    // priest (ko.md 6.7), which an empty board lacks.
    let promotable = !code.starts_with('+') && !matches!(code, "G" | "WR" | "EL" | "D" | "B");
    let doubled = dest
        .iter()
        .filter(|&&(_, b)| promotable && (b <= 5 || y <= 5))
        .count();
    // A piece that can go out and back and may promote from its start square (in the
    // zone) also has the promotion in place: the board changes, so it is not the pass
    // (ko.md 4.11, 6.2).
    let in_place = pass && promotable && y <= 5;
    dest.len() + doubled + pass as usize + in_place as usize
}

#[test]
fn every_piece_state_on_an_empty_board_centre_and_corner() {
    let v = Variant::ko();
    for (t, def) in v.pieces.iter().enumerate() {
        for (square, x, y) in [("10j", 9, 9), ("19s", 0, 18), ("1a", 18, 0)] {
            let mut pos = Position::empty(v, v.default_rules);
            let s = pos.parse_square(square).unwrap();
            pos.put(s, t as u8, Color::Black).unwrap();
            let mut moves = Vec::new();
            pos.generate_from(s, &mut moves);
            assert_eq!(
                moves.len(),
                model_count(def.code, x, y),
                "{} ({}) on {square}",
                def.code,
                def.name
            );
        }
    }
}
