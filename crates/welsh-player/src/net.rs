//! The network: inputs ([`crate::features`]), one hidden layer of sigmoid units, five
//! sigmoid outputs, plain `f32`; trained by stochastic gradient on squared error, and
//! saved in a small binary format.
//!
//! The outputs, for the side about to throw: P(win), P(win a gammon or more), P(win a
//! backgammon), P(lose a gammon or more), P(lose a backgammon) (rules 3, 4).
//!
//! The file: the 8 bytes `WELSHNN\0`, then little-endian `u32`s: format version (1),
//! inputs, hidden units, outputs; `u64`s: games trained, training seed; then the `f32`s
//! (little-endian) of the hidden weights (input-major: for each input, one weight per
//! hidden unit), the hidden biases, the output weights (for each output, one per hidden
//! unit) and the output biases.

use crate::features::INPUTS;
use crate::rng::Rng;

/// Outputs of the network.
pub const OUTPUTS: usize = 5;
/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"WELSHNN\0";
/// The file format's version.
pub const FORMAT_VERSION: u32 = 1;

/// P(win), P(win gammon+), P(win backgammon), P(lose gammon+), P(lose backgammon).
pub type Probs = [f32; OUTPUTS];

/// The equity of `p` in games per doubling-die unit: a single game counts 1, a gammon 3,
/// a backgammon 6 (rules 3, 4).
#[must_use]
pub fn equity(p: &Probs) -> f32 {
    2.0 * p[0] - 1.0 + 2.0 * (p[1] - p[3]) + 3.0 * (p[2] - p[4])
}

/// `p` seen from the other side.
#[must_use]
pub fn flip(p: &Probs) -> Probs {
    [1.0 - p[0], p[3], p[4], p[1], p[2]]
}

/// A network with one hidden layer.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    hidden: usize,
    /// Input-major: `w1[i * hidden + h]`.
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// Output-major: `w2[k * hidden + h]`.
    w2: Vec<f32>,
    b2: [f32; OUTPUTS],
    /// Games trained so far.
    pub games: u64,
    /// The seed training started from.
    pub seed: u64,
}

/// Why a weights file was not read.
#[derive(Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not a weights file of ours.
    BadMagic,
    /// Another version of the format.
    Version(u32),
    /// Made for other inputs or outputs than this build's.
    Shape {
        /// Inputs in the file.
        inputs: u32,
        /// Outputs in the file.
        outputs: u32,
    },
    /// Shorter or longer than its header says.
    Length,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::BadMagic => f.write_str("not a Welsh evaluator weights file"),
            LoadError::Version(v) => {
                write!(f, "weights format version {v}, expected {FORMAT_VERSION}")
            }
            LoadError::Shape { inputs, outputs } => write!(
                f,
                "weights for {inputs} inputs and {outputs} outputs, this build has {INPUTS} and {OUTPUTS}"
            ),
            LoadError::Length => f.write_str("the weights file's length does not match its header"),
        }
    }
}

impl std::error::Error for LoadError {}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Net {
    /// A network of `hidden` units with small random weights from `seed`.
    #[must_use]
    pub fn new(hidden: usize, seed: u64) -> Net {
        let mut rng = Rng::new(seed ^ 0x005e_ed0f_4e75);
        let mut small = |scale: f32| (rng.unit() * 2.0 - 1.0) * scale;
        let s1 = 1.0 / (INPUTS as f32).sqrt();
        let s2 = 1.0 / (hidden as f32).sqrt();
        Net {
            hidden,
            w1: (0..INPUTS * hidden).map(|_| small(s1)).collect(),
            b1: vec![0.0; hidden],
            w2: (0..OUTPUTS * hidden).map(|_| small(s2)).collect(),
            b2: [0.0; OUTPUTS],
            games: 0,
            seed,
        }
    }

    /// Hidden units.
    #[must_use]
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The hidden layer's activations for inputs `x` (zero inputs are skipped).
    fn hidden_of(&self, x: &[f32; INPUTS], h: &mut Vec<f32>) {
        h.clear();
        h.extend_from_slice(&self.b1);
        for (i, &xi) in x.iter().enumerate() {
            if xi == 0.0 {
                continue;
            }
            let row = &self.w1[i * self.hidden..(i + 1) * self.hidden];
            for (a, w) in h.iter_mut().zip(row) {
                *a += xi * w;
            }
        }
        for a in h.iter_mut() {
            *a = sigmoid(*a);
        }
    }

    fn outputs_of(&self, h: &[f32]) -> Probs {
        let mut out = self.b2;
        for (k, o) in out.iter_mut().enumerate() {
            let row = &self.w2[k * self.hidden..(k + 1) * self.hidden];
            *o += row.iter().zip(h).map(|(w, a)| w * a).sum::<f32>();
            *o = sigmoid(*o);
        }
        out
    }

    /// The outputs for inputs `x`.
    #[must_use]
    pub fn forward(&self, x: &[f32; INPUTS]) -> Probs {
        let mut h = Vec::with_capacity(self.hidden);
        self.hidden_of(x, &mut h);
        self.outputs_of(&h)
    }

    /// One gradient step of rate `alpha` moving the outputs for `x` towards `target`
    /// (squared error); returns the squared error before the step, summed over outputs.
    pub fn learn(&mut self, x: &[f32; INPUTS], target: &Probs, alpha: f32) -> f32 {
        let mut h = Vec::with_capacity(self.hidden);
        self.hidden_of(x, &mut h);
        let out = self.outputs_of(&h);
        let mut err = 0.0;
        let mut d_out = [0.0f32; OUTPUTS];
        for k in 0..OUTPUTS {
            let e = target[k] - out[k];
            err += e * e;
            d_out[k] = e * out[k] * (1.0 - out[k]);
        }
        // Hidden deltas with the output weights before their step.
        let mut d_h = vec![0.0f32; self.hidden];
        for (j, d) in d_h.iter_mut().enumerate() {
            let back: f32 = (0..OUTPUTS)
                .map(|k| d_out[k] * self.w2[k * self.hidden + j])
                .sum();
            *d = back * h[j] * (1.0 - h[j]);
        }
        for (k, &d) in d_out.iter().enumerate() {
            let row = &mut self.w2[k * self.hidden..(k + 1) * self.hidden];
            for (w, a) in row.iter_mut().zip(&h) {
                *w += alpha * d * a;
            }
            self.b2[k] += alpha * d;
        }
        for (i, &xi) in x.iter().enumerate() {
            if xi == 0.0 {
                continue;
            }
            let row = &mut self.w1[i * self.hidden..(i + 1) * self.hidden];
            for (w, d) in row.iter_mut().zip(&d_h) {
                *w += alpha * d * xi;
            }
        }
        for (b, d) in self.b1.iter_mut().zip(&d_h) {
            *b += alpha * d;
        }
        err
    }

    /// The network in the file format described on the module.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(40 + 4 * (self.w1.len() + self.w2.len() + 64));
        out.extend_from_slice(MAGIC);
        for v in [
            FORMAT_VERSION,
            INPUTS as u32,
            self.hidden as u32,
            OUTPUTS as u32,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.games.to_le_bytes());
        out.extend_from_slice(&self.seed.to_le_bytes());
        for f in self
            .w1
            .iter()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(&self.b2)
        {
            out.extend_from_slice(&f.to_le_bytes());
        }
        out
    }

    /// Reads a network written by [`Net::to_bytes`].
    ///
    /// # Errors
    /// Another file, version or shape, or a wrong length.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, LoadError> {
        if bytes.len() < 40 || &bytes[..8] != MAGIC {
            return Err(LoadError::BadMagic);
        }
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
        let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(LoadError::Version(version));
        }
        let (inputs, hidden, outputs) = (u32_at(12), u32_at(16) as usize, u32_at(20));
        if inputs as usize != INPUTS || outputs as usize != OUTPUTS {
            return Err(LoadError::Shape { inputs, outputs });
        }
        let floats = INPUTS * hidden + hidden + OUTPUTS * hidden + OUTPUTS;
        if hidden == 0 || bytes.len() != 40 + 4 * floats {
            return Err(LoadError::Length);
        }
        let mut f = bytes[40..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")));
        let mut take = |n: usize| (&mut f).take(n).collect::<Vec<f32>>();
        let w1 = take(INPUTS * hidden);
        let b1 = take(hidden);
        let w2 = take(OUTPUTS * hidden);
        let b2: [f32; OUTPUTS] = take(OUTPUTS).try_into().expect("five biases");
        Ok(Net {
            hidden,
            w1,
            b1,
            w2,
            b2,
            games: u64_at(24),
            seed: u64_at(32),
        })
    }

    /// Writes the network to `path`.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save(&self, path: &std::path::Path) -> std::io::Result<()> {
        std::fs::write(path, self.to_bytes())
    }

    /// Reads a network from `path`.
    ///
    /// # Errors
    /// The file cannot be read, or is not a weights file for this build.
    pub fn load(path: &std::path::Path) -> std::io::Result<Net> {
        let bytes = std::fs::read(path)?;
        Net::from_bytes(&bytes).map_err(|e| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("{}: {e}", path.display()),
            )
        })
    }
}
