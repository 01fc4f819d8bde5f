//! The automata the misère quotient is computed with: a hypothesis or
//! candidate on states with transitions per heap (`Automaton`), a proved
//! quotient of the heaps so far (`Known`), and sets of states.

/// A certified quotient for heaps `1..=m`, used to evaluate sub-positions.
#[derive(Clone)]
pub(super) struct Known {
    pub m: usize,
    /// `phi[k]` for `k` in `0..=m` (`phi[0]` the identity).
    pub phi: Vec<u32>,
    pub order: usize,
    pub table: Vec<u32>,
    pub identity: u32,
    pub p: Vec<bool>,
    /// Per element `x`: `⋂ good_k` over the heaps `k` with `Φ(k) = x`, the data
    /// check (B) depends on (`stuck.rs`, `extend.rs`).
    pub inter: Intersections,
}

/// A hypothesis or candidate: states, transitions, P.
#[derive(Clone)]
pub(super) struct Automaton {
    /// `delta[q·(n+1) + k]`, heaps `k` in `1..=n` (column 0 unused).
    pub delta: Vec<u32>,
    pub p: Vec<bool>,
    pub n: usize,
    /// Each state's access word (heaps along its creation path).
    pub access: Vec<Vec<u32>>,
}

impl Automaton {
    pub fn states(&self) -> usize {
        self.p.len()
    }
    pub fn step(&self, q: u32, k: u32) -> u32 {
        self.delta[q as usize * (self.n + 1) + k as usize]
    }
    /// The bytes it holds (transitions, outcomes, access words), about.
    pub fn bytes(&self) -> u64 {
        let words: usize = self.access.iter().map(|w| 24 + 4 * w.len()).sum();
        (4 * self.delta.len() + self.p.len() + words) as u64
    }
    pub fn run(&self, mut q: u32, word: &[u32]) -> u32 {
        for &k in word {
            q = self.step(q, k);
        }
        q
    }
}

/// Bitsets over the automaton's states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct StateSet(Vec<u64>);

impl StateSet {
    pub fn new(states: usize) -> Self {
        StateSet(vec![0; states.div_ceil(64)])
    }
    pub fn full(states: usize) -> Self {
        StateSet(vec![u64::MAX; states.div_ceil(64)])
    }
    pub fn insert(&mut self, y: u32) {
        self.0[y as usize / 64] |= 1 << (y % 64);
    }
    pub fn contains(&self, y: u32) -> bool {
        self.0[y as usize / 64] >> (y % 64) & 1 == 1
    }
    pub fn is_subset(&self, other: &StateSet) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }
    pub fn intersect(&mut self, other: &StateSet) {
        self.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a &= b);
    }
}

/// Per element `x` of a quotient, `I_x = ⋂ good_k` over the heaps `k` with
/// `Φ(k) = x` (`None`: no heap has class `x`).
pub(super) type Intersections = Vec<Option<StateSet>>;
