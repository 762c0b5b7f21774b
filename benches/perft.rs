//! Criterion benchmarks: Chu and Tai move generation (perft).

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

fn tai_bench(c: &mut Criterion) {
    let v = Variant::tai();
    let mut pos = Position::start(v, v.default_rules);
    let mut group = c.benchmark_group("tai_perft");
    let nodes = largeshogi::perft::perft(&mut pos, 2);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("start_d2", |b| {
        b.iter(|| largeshogi::perft::perft(&mut pos, 2))
    });
    group.finish();
    let mut buf = Vec::with_capacity(1024);
    c.bench_function("tai_generate_start", |b| {
        b.iter(|| {
            pos.generate(&mut buf);
            buf.len()
        })
    });
}

criterion_group!(benches, perft_bench, movegen_bench, tai_bench);
criterion_main!(benches);
