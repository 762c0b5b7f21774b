//! Criterion benchmarks: Chu move generation (perft) and a fixed-depth search.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use largeshogi::position::Position;
use largeshogi::variant::{Rules, Variant};

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("chu_perft");
    let cases = [
        ("start_d3", Variant::chu().start_sfen, 3u32),
        (
            "lion_melee_d3",
            "11k/12/12/12/12/12/6ps4/6N5/12/12/12/K11 b - 1",
            3,
        ),
    ];
    for (name, sfen, depth) in cases {
        let mut pos =
            Position::from_sfen(Variant::chu(), sfen, Rules::default()).expect("valid SFEN");
        let nodes = largeshogi::perft::perft(&mut pos, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| largeshogi::perft::perft(&mut pos, depth))
        });
    }
    group.finish();
}

fn movegen_bench(c: &mut Criterion) {
    let pos = Position::start(Variant::chu(), Rules::default());
    let mut buf = Vec::with_capacity(512);
    c.bench_function("chu_generate_start", |b| {
        b.iter(|| {
            pos.generate(&mut buf);
            buf.len()
        })
    });
}

criterion_group!(benches, perft_bench, movegen_bench);
criterion_main!(benches);
