//! Welsh legal-play generation over positions from seeded Welsh self-play, 21 throws each.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::welsh::{Throw, welsh_legal_plays};

fn bench(c: &mut Criterion) {
    let mut rng = testkit::Rng::new(7);
    let boards: Vec<_> = testkit::welsh_self_play_boards(&mut rng, 20)
        .into_iter()
        .take(500)
        .collect();
    let mut throws = Vec::new();
    for a in 1..=6u8 {
        for b in 1..=a {
            throws.push(Throw::Two(a, b));
        }
    }
    let mut group = c.benchmark_group("welsh");
    group.throughput(Throughput::Elements((boards.len() * throws.len()) as u64));
    group.bench_function("movegen", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for board in &boards {
                for &t in &throws {
                    n += welsh_legal_plays(black_box(board), t).len();
                }
            }
            black_box(n)
        });
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
