//! Render + PNG encode of a full mid-game board (800 x 600), release build.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use engine::{Ruleset, Side, Step, Xgid};
use render::{LastPlay, Scene, encode, render_image, render_png};

/// A contact position with men on the bar, borne off, a stack of seven, an owned cube,
/// dice and a last play with a hit.
pub fn mid_game() -> Scene {
    let x: Xgid = "XGID=-b--A-G-B---dC---d-caa--AA:1:-1:1:63:2:3:0:7:10"
        .parse()
        .expect("XGID");
    let mut scene = Scene::from_xgid(&x, Ruleset::Standard, Some(Side::X));
    scene.names = ["alice".into(), "bob".into()];
    scene.last_play = Some(LastPlay {
        side: Side::O,
        steps: vec![Step { from: 13, to: 8 }, Step { from: 6, to: 4 }],
        hits: vec![4],
        text: "13/8 6/4*".into(),
    });
    scene
}

fn bench(c: &mut Criterion) {
    let scene = mid_game();
    let img = render_image(&scene);
    println!("PNG size: {} bytes", render_png(&scene).expect("png").len());
    let mut group = c.benchmark_group("render");
    group.bench_function("draw", |b| b.iter(|| render_image(black_box(&scene))));
    group.bench_function("encode", |b| b.iter(|| encode(black_box(&img))));
    group.bench_function("draw+encode", |b| b.iter(|| render_png(black_box(&scene))));
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
