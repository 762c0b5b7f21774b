//! Agreement with the independent oracle: shogiops (lishogi's rules library) reduced to
//! canonical moves (scripts/oracle), on the chu.md test positions and on random playout
//! positions. The data is checked in (tests/data); run with the lishogi rule preset.

mod support;
use largeshogi::perft::perft;
use largeshogi::types::Move;
use largeshogi::variant::Rules;
use std::collections::BTreeSet;
use support::*;

struct Case {
    sfen: String,
    counts: [u64; 3],
    moves: Vec<String>,
}

fn load(text: &str) -> Vec<Case> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').collect();
            assert_eq!(f.len(), 5, "bad oracle line: {l}");
            let n = |s: &str| s.parse::<u64>().expect("count");
            Case {
                sfen: f[0].to_string(),
                counts: [n(f[1]), n(f[2]), n(f[3])],
                moves: f[4].split_whitespace().map(String::from).collect(),
            }
        })
        .collect()
}

fn check(cases: &[Case], max_depth: usize) {
    assert!(!cases.is_empty());
    for c in cases {
        let mut pos = chu_with(&c.sfen, Rules::lishogi());
        // Move sets: every oracle move parses to one of ours (passes may name another
        // empty square), and the sets have the same size.
        let ours: BTreeSet<Move> = pos.legal_moves().into_iter().collect();
        let theirs: BTreeSet<Move> = c
            .moves
            .iter()
            .map(|m| {
                pos.parse_move(m)
                    .unwrap_or_else(|e| panic!("{}: oracle move {m}: {e}", c.sfen))
            })
            .collect();
        if ours != theirs {
            let show =
                |s: &BTreeSet<Move>| s.iter().map(|m| pos.move_to_usi(m)).collect::<Vec<_>>();
            let extra: BTreeSet<Move> = ours.difference(&theirs).copied().collect();
            let missing: BTreeSet<Move> = theirs.difference(&ours).copied().collect();
            panic!(
                "{}: we have extra {:?}, miss {:?}",
                c.sfen,
                show(&extra),
                show(&missing)
            );
        }
        for d in 1..=max_depth {
            assert_eq!(
                perft(&mut pos, d as u32),
                c.counts[d - 1],
                "{} depth {d}",
                c.sfen
            );
        }
    }
}

#[test]
fn chu_md_positions_match_shogiops() {
    check(&load(include_str!("data/chu_oracle_fixed.txt")), 3);
}

#[test]
fn random_playout_positions_match_shogiops() {
    let cases = load(include_str!("data/chu_oracle.txt"));
    assert!(cases.len() >= 50);
    check(&cases, 3);
}
