//! The smoke-train: a few hundred self-play games lower the TD error, the same seed gives
//! the same weights, and the weights file reads back equal.

use welsh_player::{Net, TrainConfig, Trainer};

fn mean(v: &[f32]) -> f32 {
    v.iter().sum::<f32>() / v.len() as f32
}

#[test]
fn a_few_hundred_games_lower_the_td_error_and_the_weights_load_back_equal() {
    let mut trainer = Trainer::new(TrainConfig::default(), 11);
    let errors: Vec<f32> = (0..300)
        .map(|_| trainer.train_game().unwrap().td_error)
        .collect();
    let (first, last) = (mean(&errors[..100]), mean(&errors[200..]));
    assert!(
        last < first,
        "TD error first 100 games {first}, last 100 {last}"
    );
    assert_eq!(trainer.net.games, 300);

    let dir = std::env::temp_dir().join(format!("welsh-player-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("weights.bin");
    trainer.net.save(&path).unwrap();
    let back = Net::load(&path).unwrap();
    assert_eq!(back, trainer.net);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_same_seed_trains_the_same_weights() {
    let run = |seed, explore| {
        let config = TrainConfig {
            explore,
            ..TrainConfig::default()
        };
        let mut t = Trainer::new(config, seed);
        for _ in 0..20 {
            t.train_game().unwrap();
        }
        t.net
    };
    assert_eq!(run(5, 0.0), run(5, 0.0));
    assert_ne!(run(5, 0.0), run(6, 0.0));
    // Exploring draws its random plays from the seed too.
    assert_eq!(run(5, 0.2), run(5, 0.2));
    assert_ne!(run(5, 0.2), run(5, 0.0));
}

#[test]
fn a_weights_file_says_its_version_and_shape_and_others_are_refused() {
    use welsh_player::net::{FORMAT_VERSION, LoadError, MAGIC};
    let net = Net::new(12, 1);
    let bytes = net.to_bytes();
    assert_eq!(&bytes[..8], MAGIC);
    assert_eq!(bytes[8..12], FORMAT_VERSION.to_le_bytes());
    assert_eq!(
        bytes[12..16],
        (welsh_player::features::INPUTS as u32).to_le_bytes()
    );
    assert_eq!(bytes[16..20], 12u32.to_le_bytes());
    assert_eq!(Net::from_bytes(&bytes).unwrap(), net);

    let mut other = bytes.clone();
    other[0] = b'X';
    assert_eq!(Net::from_bytes(&other), Err(LoadError::BadMagic));
    let mut other = bytes.clone();
    other[8] = 9;
    assert_eq!(Net::from_bytes(&other), Err(LoadError::Version(9)));
    let mut other = bytes.clone();
    other[12] = other[12].wrapping_add(1);
    assert!(matches!(
        Net::from_bytes(&other),
        Err(LoadError::Shape { .. })
    ));
    assert_eq!(
        Net::from_bytes(&bytes[..bytes.len() - 1]),
        Err(LoadError::Length)
    );
}

#[test]
fn mixed_games_with_a_random_side_are_drawn_from_the_seed() {
    let run = |mix| {
        let config = TrainConfig {
            mix,
            ..TrainConfig::default()
        };
        let mut t = Trainer::new(config, 5);
        for _ in 0..20 {
            t.train_game().unwrap();
        }
        t.net
    };
    assert_eq!(run(0.5), run(0.5));
    assert_ne!(run(0.5), run(0.0));
}
