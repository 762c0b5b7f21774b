//! Ko perft speed beside Chu's (issue 8): `cargo test --release --test ko_perft -- --ignored
//! --nocapture`. Not run by default (debug builds are slow); the CLI has
//! `largeshogi perft --variant ko --depth 3`.

use largeshogi::perft::perft;
use largeshogi::position::Position;
use largeshogi::variant::Variant;
use std::time::Instant;

fn run(v: &'static Variant, depth: u32) -> (u64, f64) {
    let mut pos = Position::start(v, v.default_rules);
    let t = Instant::now();
    let n = perft(&mut pos, depth);
    (n, t.elapsed().as_secs_f64())
}

#[test]
#[ignore]
fn ko_perft_3_beside_chu_perft_4_and_5() {
    let (ko, ko_s) = run(Variant::ko(), 3);
    let (chu, chu_s) = run(Variant::chu(), 4);
    let (chu5, chu5_s) = run(Variant::chu(), 5);
    println!(
        "chu perft(5) = {chu5} in {chu5_s:.2} s ({:.0} nodes/s)",
        chu5 as f64 / chu5_s
    );
    println!(
        "ko perft(3) = {ko} in {ko_s:.2} s ({:.0} nodes/s); chu perft(4) = {chu} in {chu_s:.2} s ({:.0} nodes/s)",
        ko as f64 / ko_s,
        chu as f64 / chu_s
    );
    assert_eq!(chu, 1_801_639);
    assert!(ko > 49_593 * 200);
}
