//! The line-table evaluation and the walk over one turn's boards, in the order and with the
//! float operations of magdagdon/ai/turn_search.py, so that every value is bit-identical.

use crate::rules::{cell_masks, legal_masks, Cells, EMPTY, RUIN};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

#[derive(Default)]
pub struct FastHasher(u64);
impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unimplemented!()
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (x ^ (x >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}
pub type FastSet = HashSet<u64, BuildHasherDefault<FastHasher>>;

pub const ROW_SHIFT: [u32; 16] = {
    let mut s = [0u32; 16];
    let mut c = 0;
    while c < 16 {
        s[c] = 3 * (3 - (c as u32 & 3));
        c += 1;
    }
    s
};
pub const COL_SHIFT: [u32; 16] = {
    let mut s = [0u32; 16];
    let mut c = 0;
    while c < 16 {
        s[c] = 3 * (3 - (c as u32 >> 2));
        c += 1;
    }
    s
};
pub const KEY_SHIFT: [u32; 16] = {
    let mut s = [0u32; 16];
    let mut c = 0;
    while c < 16 {
        s[c] = 3 * (15 - c as u32);
        c += 1;
    }
    s
};

/// Multisets of up to 4 die values: code (3 bits of count per value) <-> dense index.
pub struct Multisets {
    pub index_of: Vec<u16>, // by code, u16::MAX if not a multiset of <= 4 values
    pub count: usize,
    /// For each sorted roll of 4 (as in ROLL_OUTCOMES[4] order... any sorted 0..4 dice):
    /// its sub-multisets (index, size), in turn_search._sub_multisets order.
    pub subs: std::collections::HashMap<Vec<u8>, Vec<(usize, usize)>>,
    /// ROLL_OUTCOMES[size]: sorted values and probability, combinations_with_replacement order
    pub outcomes: Vec<Vec<(Vec<u8>, f64)>>,
}

pub fn unit(v: u8) -> u32 {
    if v == 0 { 0 } else { 1 << (3 * (v as u32 - 1)) }
}

fn combos_with_replacement(size: usize) -> Vec<Vec<u8>> {
    fn rec(start: u8, left: usize, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if left == 0 {
            out.push(cur.clone());
            return;
        }
        for v in start..=6 {
            cur.push(v);
            rec(v, left - 1, cur, out);
            cur.pop();
        }
    }
    let mut out = vec![];
    rec(1, size, &mut vec![], &mut out);
    out
}

fn factorial(n: usize) -> u64 {
    (1..=n as u64).product()
}

impl Multisets {
    pub fn new() -> Multisets {
        let mut index_of = vec![u16::MAX; 1 << 18];
        let mut count = 0;
        let mut outcomes = vec![];
        for size in 0..=4 {
            let mut list = vec![];
            let total = 6u64.pow(size as u32);
            for values in combos_with_replacement(size) {
                let mut ways = factorial(size);
                let mut seen = vec![];
                for &v in &values {
                    if !seen.contains(&v) {
                        seen.push(v);
                        ways /= factorial(values.iter().filter(|&&x| x == v).count());
                    }
                }
                let code: u32 = values.iter().map(|&v| unit(v)).sum();
                index_of[code as usize] = count as u16;
                count += 1;
                list.push((values, ways as f64 / total as f64));
            }
            outcomes.push(list);
        }
        let mut subs = std::collections::HashMap::new();
        for size in 0..=4 {
            for (values, _) in &outcomes[size] {
                let mut counts = [0usize; 7];
                for &v in values {
                    counts[v as usize] += 1;
                }
                let mut list: Vec<(u32, usize)> = vec![(0, 0)];
                for v in 1..=6u8 {
                    let mut next = vec![];
                    for &(code, sz) in &list {
                        for k in 0..=counts[v as usize] {
                            next.push((code + k as u32 * unit(v), sz + k));
                        }
                    }
                    list = next;
                }
                let list = list.into_iter().map(|(code, sz)| (index_of[code as usize] as usize, sz)).collect();
                subs.insert(values.clone(), list);
            }
        }
        Multisets { index_of, count, subs, outcomes }
    }
}

/// Placements of the n-tuples: the 8 lines (rows left to right, columns top to bottom),
/// then optionally the 9 2x2 squares (top-left, top-right, bottom-left, bottom-right).
pub fn placements(squares: bool) -> Vec<[usize; 4]> {
    let mut out: Vec<[usize; 4]> = vec![];
    for r in 0..4 {
        out.push([4 * r, 4 * r + 1, 4 * r + 2, 4 * r + 3]);
    }
    for c in 0..4 {
        out.push([c, 4 + c, 8 + c, 12 + c]);
    }
    if squares {
        for r in 0..3 {
            for c in 0..3 {
                let a = 4 * r + c;
                out.push([a, a + 1, a + 4, a + 5]);
            }
        }
    }
    out
}

/// An n-tuple evaluation: one 4096-entry table per placement, and optionally a learned
/// offset by powers used and empty cells (``bias[powers_used][empties]``).
#[derive(Clone)]
pub struct Eval {
    pub cells_of: Vec<[usize; 4]>,
    pub tabs: Vec<Vec<f64>>,
    pub of_cell: Vec<Vec<(usize, u32)>>, // per cell: (placement, shift of its 3 bits)
    pub bias: Option<Vec<Vec<f64>>>,
}

impl Eval {
    pub fn new(cells_of: Vec<[usize; 4]>, tabs: Vec<Vec<f64>>, bias: Option<Vec<Vec<f64>>>) -> Eval {
        let mut of_cell = vec![vec![]; 16];
        for (p, cells) in cells_of.iter().enumerate() {
            for (i, &c) in cells.iter().enumerate() {
                of_cell[c].push((p, 3 * (3 - i as u32)));
            }
        }
        Eval { cells_of, tabs, of_cell, bias }
    }

    pub fn from_tables(outer: Vec<f64>, inner: Vec<f64>) -> Eval {
        let kinds = [&outer, &inner, &inner, &outer, &outer, &inner, &inner, &outer];
        Eval::new(placements(false), kinds.iter().map(|t| (*t).clone()).collect(), None)
    }

    pub fn codes(&self, cells: &Cells) -> Vec<usize> {
        self.cells_of
            .iter()
            .map(|p| ((cells[p[0]] as usize) << 9) | ((cells[p[1]] as usize) << 6) | ((cells[p[2]] as usize) << 3) | cells[p[3]] as usize)
            .collect()
    }

    /// The table part (no bias): rows and columns summed in pairs as turn_search.value does.
    pub fn tuples(&self, cells: &Cells) -> f64 {
        let codes = self.codes(cells);
        let mut total = 0.0f64;
        for r in 0..4 {
            total += self.tabs[r][codes[r]] + self.tabs[4 + r][codes[4 + r]];
        }
        for p in 8..codes.len() {
            total += self.tabs[p][codes[p]];
        }
        let ruins = cells.iter().filter(|&&x| x == RUIN).count() as i64;
        total - (15 * ruins) as f64
    }

    pub fn bias_of(&self, powers_used: usize, empties: usize) -> f64 {
        match &self.bias {
            Some(b) => b[powers_used][empties],
            None => 0.0,
        }
    }

    pub fn value(&self, cells: &Cells, powers_used: usize) -> f64 {
        let e = cells.iter().filter(|&&x| x == EMPTY).count();
        self.tuples(cells) + self.bias_of(powers_used, e)
    }

    /// (value, cell) of the best empty cell to ruin; None on a full board.
    pub fn best_ruin(&self, cells: &Cells, powers_used: usize) -> Option<(f64, usize)> {
        let mut best: Option<(f64, usize)> = None;
        for c in 0..16 {
            if cells[c] == EMPTY {
                let mut after = *cells;
                after[c] = RUIN;
                let v = self.value(&after, powers_used);
                if best.map_or(true, |b| v > b.0) {
                    best = Some((v, c));
                }
            }
        }
        best
    }
}

pub type Path = Vec<(u8, u8)>; // (value, cell)

#[derive(PartialEq, Clone, Copy)]
pub enum Keep {
    Boards,
    Best,
    ByPlaced,
}

pub struct Walk<'a> {
    eval: &'a Eval,
    ms: &'a Multisets,
    masks: [u32; 8],
    codes: Vec<usize>,
    bias: Vec<f64>, // by empty cells after the turn (zeros without a learned bias)
    counts: [u8; 7],
    most: usize,
    need: usize,
    keep: Keep,
    seen: FastSet,
    pub boards: Vec<(f64, Path)>,
    pub best: Option<f64>,
    pub by_placed: Vec<f64>, // by multiset index; NEG_INFINITY when not placeable
    empties: usize,
}

impl<'a> Walk<'a> {
    /// turn_search.TurnSearch._walk
    pub fn run(eval: &'a Eval, ms: &'a Multisets, cells: &Cells, powers_used: usize, counts: [u8; 7], most: usize, need: usize, keep: Keep) -> Walk<'a> {
        let (masks, numbers) = cell_masks(cells);
        let codes = eval.codes(cells);
        let bias = (0..17).map(|e| if e <= 16 && eval.bias.is_some() { eval.bias_of(powers_used, e.min(16)) } else { 0.0 }).collect();
        let mut key = 0u64;
        for c in 0..16 {
            key |= (cells[c] as u64) << KEY_SHIFT[c];
        }
        let mut w = Walk {
            eval, ms, masks, codes, bias, counts, most, need, keep,
            seen: FastSet::default(),
            boards: vec![],
            best: None,
            by_placed: if keep == Keep::ByPlaced { vec![f64::NEG_INFINITY; ms.count] } else { vec![] },
            empties: 0,
        };
        let start = eval.tuples(cells);
        let empties = masks[0].count_ones() as usize;
        w.empties = empties;
        if need == 0 {
            let start = start + w.bias[empties];
            match keep {
                Keep::Best => w.best = Some(start),
                Keep::Boards => w.boards.push((start, vec![])),
                Keep::ByPlaced => w.by_placed[0] = start,
            }
        }
        let mut values = 0u32;
        for v in 1..=6 {
            if counts[v] > 0 {
                values |= 1 << v;
            }
        }
        if most > 0 && values != 0 {
            let mut path = vec![];
            w.dfs(0, numbers, key, start, 0, &mut path, values);
        }
        w
    }

    fn dfs(&mut self, depth: usize, numbers: u32, key: u64, total: f64, placed: u32, path: &mut Path, values: u32) {
        let keeps = depth + 1 >= self.need;
        let deeper = depth + 1 < self.most;
        let legal_by_value = legal_masks(&self.masks, numbers, values);
        for v in 1..=6usize {
            if values >> v & 1 == 0 {
                continue;
            }
            let mut legal = legal_by_value[v];
            if legal == 0 {
                continue;
            }
            self.counts[v] -= 1;
            let below = if self.counts[v] > 0 { values } else { values & !(1 << v) };
            let u = unit(v as u8);
            while legal != 0 {
                let bit = legal & legal.wrapping_neg();
                legal ^= bit;
                let cell = bit.trailing_zeros() as usize;
                let nkey = key | ((v as u64) << KEY_SHIFT[cell]);
                if !self.seen.insert(nkey) {
                    continue;
                }
                let mut ntotal = total;
                let mut olds = [0usize; 6];
                for (i, &(p, shift)) in self.eval.of_cell[cell].iter().enumerate() {
                    let old = self.codes[p];
                    let new = old | (v << shift);
                    let t = &self.eval.tabs[p];
                    ntotal = ntotal - t[old] + t[new];
                    olds[i] = old;
                }
                if self.keep == Keep::Boards {
                    path.push((v as u8, cell as u8));
                }
                if keeps {
                    let ntotal = ntotal + self.bias[self.empties - depth - 1];
                    match self.keep {
                        Keep::Best => {
                            if self.best.map_or(true, |b| ntotal > b) {
                                self.best = Some(ntotal);
                            }
                        }
                        Keep::Boards => self.boards.push((ntotal, path.clone())),
                        Keep::ByPlaced => {
                            let i = self.ms.index_of[(placed + u) as usize] as usize;
                            if ntotal > self.by_placed[i] {
                                self.by_placed[i] = ntotal;
                            }
                        }
                    }
                }
                if deeper && below != 0 {
                    self.masks[0] ^= bit;
                    self.masks[v] |= bit;
                    for &(p, shift) in self.eval.of_cell[cell].iter() {
                        self.codes[p] |= v << shift;
                    }
                    self.dfs(depth + 1, numbers | bit as u32, nkey, ntotal, placed + u, path, below);
                    for (i, &(p, _)) in self.eval.of_cell[cell].iter().enumerate() {
                        self.codes[p] = olds[i];
                    }
                    self.masks[v] ^= bit;
                    self.masks[0] |= bit;
                }
                if self.keep == Keep::Boards {
                    path.pop();
                }
            }
            self.counts[v] += 1;
        }
    }
}

pub fn counts_of(dice: &[u8]) -> [u8; 7] {
    let mut c = [0u8; 7];
    for &d in dice {
        c[d as usize] += 1;
    }
    c
}

/// turn_search.roll_value: the best turn for ``dice`` from a by-placed table.
pub fn roll_value(ms: &Multisets, table: &[f64], dice: &[u8], need: usize) -> Option<f64> {
    let mut sorted = dice.to_vec();
    sorted.sort();
    let mut best: Option<f64> = None;
    for &(i, size) in &ms.subs[&sorted] {
        if size >= need {
            let v = table[i];
            if v != f64::NEG_INFINITY && best.map_or(true, |b| v > b) {
                best = Some(v);
            }
        }
    }
    best
}
