//! The `perft` subcommand as a user runs it: output format, divide, errors and exit codes.

use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_largeshogi"))
        .args(args)
        .output()
        .expect("binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn perft_prints_total_last() {
    let (code, out, _) = run(&["perft", "--variant", "chu", "--depth", "2"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("total 1296"));
}

#[test]
fn perft_divide_lists_moves_and_counts() {
    let t9 = "11k/12/12/12/12/12/6ps4/6N5/12/12/12/K11 b - 1";
    let (code, out, _) = run(&["perft", "--depth", "1", "--divide", "--sfen", t9]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"total 44"));
    assert_eq!(lines.len(), 45);
    assert!(lines.contains(&"6h6g5g 1"));
    assert!(lines.contains(&"6h6g6h 1"));
}

#[test]
fn perft_after_moves_and_with_threads() {
    let (code, out, _) = run(&["perft", "--depth", "2", "--moves", "7j7h", "--threads", "2"]);
    assert_eq!(code, 0);
    let (_, single, _) = run(&["perft", "--depth", "2", "--moves", "7j7h"]);
    assert_eq!(out.lines().last(), single.lines().last());
}

#[test]
fn bad_input_gives_one_line_error_and_exit_2() {
    for args in [
        vec!["perft", "--depth", "2", "--sfen", "not an sfen"],
        vec!["perft", "--depth", "2", "--moves", "7j7a"],
        vec!["perft", "--depth", "2", "--variant", "nosuch"],
        vec!["perft", "--depth", "2", "--rules", "nosuch"],
        vec!["perft", "--depth", "0"],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}
