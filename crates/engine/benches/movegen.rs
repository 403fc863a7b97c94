//! Move generation speed: the contact set x 21 rolls, plays kept with their steps (enough
//! to print the notation), one thread.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::{Board, Dice, LegalPlay, board_from_position_id, legal_plays_into};

fn boards(file: &str) -> Vec<Board> {
    std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR")))
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty())
        .map(|id| board_from_position_id(id).unwrap())
        .collect()
}

fn bench(c: &mut Criterion) {
    let rolls = Dice::all_rolls();
    let mut group = c.benchmark_group("movegen");
    for file in ["contact.txt", "race.txt"] {
        let set = boards(file);
        group.throughput(Throughput::Elements((set.len() * rolls.len()) as u64));
        group.bench_function(file.trim_end_matches(".txt"), |b| {
            let mut out: Vec<LegalPlay> = Vec::with_capacity(512);
            b.iter(|| {
                let mut n = 0usize;
                for board in &set {
                    for &dice in &rolls {
                        legal_plays_into(black_box(board), dice, &mut out);
                        n += out.len();
                    }
                }
                black_box(n)
            });
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
