//! The game graph of a [`crate::game::Game`] and its Grundy values, in Rust:
//! positions are numbered `0..len` as the search meets them, each with its
//! options, and each option a list of parts (one part, or with
//! `sum_of_parts` any number: the independent positions a move leaves).
//!
//! The Grundy value of a position is the mex (least excluded value) of the
//! values of its options, the value of an option the XOR of its parts' values
//! (Sprague–Grundy); a position without options has value 0. Values are
//! computed by an iterative depth-first search (no recursion: deep games do
//! not overflow the stack), which finds a cycle, if there is one, on the way.

use grundy::{Context, Error};

/// Positions numbered `0..len`, each with its options, each option with its parts.
#[derive(Default)]
pub struct Graph {
    /// Position `v`'s options are `option_start[v]..option_start[v + 1]`.
    option_start: Vec<u64>,
    /// Option `o`'s parts are `parts[part_start[o]..part_start[o + 1]]`.
    part_start: Vec<u64>,
    /// The positions of every option's parts.
    parts: Vec<u32>,
}

/// The Grundy values of a graph, or a cycle (positions in move order, the
/// first reachable from the last).
pub enum Solved {
    Values(Vec<u32>),
    Cycle(Vec<u32>),
}

impl Graph {
    /// The empty graph, ready for position 0's options.
    pub fn new() -> Self {
        Graph { option_start: vec![0], part_start: vec![0], parts: Vec::new() }
    }

    /// The number of positions whose options are recorded.
    pub fn len(&self) -> usize {
        self.option_start.len() - 1
    }

    /// Bytes held per recorded position, option and part (for the budget).
    pub fn bytes(&self) -> f64 {
        8.0 * self.option_start.capacity() as f64
            + 8.0 * self.part_start.capacity() as f64
            + 4.0 * self.parts.capacity() as f64
    }

    /// Records one option (of the position being recorded) with these parts.
    pub fn push_option(&mut self, parts: impl IntoIterator<Item = u32>) {
        self.parts.extend(parts);
        self.part_start.push(self.parts.len() as u64);
    }

    /// Ends the options of the next position (recorded since the last call).
    pub fn end_position(&mut self) {
        self.option_start.push((self.part_start.len() - 1) as u64);
    }

    /// The options of position `v`, each the slice of its parts.
    pub fn options(&self, v: u32) -> impl Iterator<Item = &[u32]> + '_ {
        let (a, b) = (self.option_start[v as usize] as usize, self.option_start[v as usize + 1] as usize);
        (a..b).map(move |o| &self.parts[self.part_start[o] as usize..self.part_start[o + 1] as usize])
    }

    /// Whether `v` has no option (a position every sum may drop: it adds nothing).
    pub fn is_terminal(&self, v: u32) -> bool {
        self.option_start[v as usize] == self.option_start[v as usize + 1]
    }

    /// Every part of every option of `v` (the positions one move from `v` reaches).
    fn children(&self, v: u32) -> &[u32] {
        let (a, b) = (self.option_start[v as usize] as usize, self.option_start[v as usize + 1] as usize);
        &self.parts[self.part_start[a] as usize..self.part_start[b] as usize]
    }

    /// The Grundy values of every position, by an iterative depth-first
    /// search; a cycle instead if one is reachable. Reports progress to `ctx`
    /// (stage "grundy values") and stops when it says so.
    pub fn solve(&self, ctx: &mut Context<'_>) -> Result<Solved, Error> {
        const OPEN: u32 = u32::MAX - 1; // on the search path
        const NEW: u32 = u32::MAX - 2;
        let n = self.len();
        let mut value = vec![NEW; n];
        let mut stack: Vec<(u32, u32)> = Vec::new();
        let mut seen: Vec<bool> = Vec::new();
        let mut finished = 0u64;
        for root in 0..n as u32 {
            if value[root as usize] != NEW {
                continue;
            }
            value[root as usize] = OPEN;
            stack.push((root, 0));
            while let Some(&mut (v, ref mut next)) = stack.last_mut() {
                let children = self.children(v);
                if let Some(&child) = children.get(*next as usize) {
                    *next += 1;
                    match value[child as usize] {
                        NEW => {
                            value[child as usize] = OPEN;
                            stack.push((child, 0));
                        }
                        OPEN => {
                            let from = stack.iter().position(|&(u, _)| u == child).unwrap_or(0);
                            return Ok(Solved::Cycle(stack[from..].iter().map(|&(u, _)| u).collect()));
                        }
                        _ => {}
                    }
                    continue;
                }
                // every part is valued: the mex of the options' XORs
                let degree = self.option_start[v as usize + 1] - self.option_start[v as usize];
                seen.clear();
                let degree = degree as usize;
                seen.resize(degree + 1, false);
                for option in self.options(v) {
                    let x = option.iter().fold(0u32, |x, &p| x ^ value[p as usize]);
                    if let Some(slot) = seen.get_mut(x as usize) {
                        *slot = true;
                    }
                }
                value[v as usize] = seen.iter().position(|&s| !s).unwrap_or(degree) as u32;
                stack.pop();
                finished += 1;
                if finished.is_multiple_of(1 << 16) {
                    ctx.progress("grundy values", finished, n as u64)?;
                }
            }
        }
        debug_assert!(value.iter().all(|&v| v < NEW));
        Ok(Solved::Values(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A subtraction game on heaps `0..n` (moves 1 and 2) as a graph.
    fn take_1_or_2(n: u32) -> Graph {
        let mut g = Graph::new();
        for v in 0..n {
            for k in [1, 2] {
                if k <= v {
                    g.push_option([v - k]);
                }
            }
            g.end_position();
        }
        g
    }

    #[test]
    fn values_are_the_mex_of_the_options() {
        let Solved::Values(values) = take_1_or_2(7).solve(&mut Context::default()).unwrap() else {
            panic!("no cycle here")
        };
        assert_eq!(values, [0, 1, 2, 0, 1, 2, 0]);
    }

    #[test]
    fn an_option_of_parts_is_worth_their_xor() {
        // position 2 moves to the sum {0, 1} (value 0 ^ 1) or to 1: values 1, so mex 0
        let mut g = Graph::new();
        g.end_position(); // 0: no option
        g.push_option([0]);
        g.end_position(); // 1: to 0, value 1
        g.push_option([0, 1]);
        g.push_option([1, 1]);
        g.end_position(); // 2: options of value 1 and 0: mex 2
        let Solved::Values(values) = g.solve(&mut Context::default()).unwrap() else { panic!() };
        assert_eq!(values, [0, 1, 2]);
    }

    #[test]
    fn a_cycle_is_found_with_its_positions() {
        let mut g = Graph::new();
        g.push_option([1]);
        g.end_position();
        g.push_option([2]);
        g.end_position();
        g.push_option([1]);
        g.end_position();
        let Solved::Cycle(cycle) = g.solve(&mut Context::default()).unwrap() else { panic!("a cycle") };
        assert_eq!(cycle, [1, 2]);
    }
}
