//! A proven upper bound on the best score of a seed when every die is known in advance.
//!
//! Relaxation (each step only widens what is allowed, so the bound is never below the
//! true best): placement order and the legality of each placement are ignored, only the
//! final board must respect adjacency (RULES.md §4: touching numbers differ by at most 1);
//! a power lets one turn take any values ("wildcard turn", which covers any −1/+1 or
//! re-roll of that turn, and several powers spent in one turn); a board's numbers must be
//! drawn turn by turn from the known first rolls, each turn taking between the required
//! count and four of its dice (RULES.md §2, §3). Boards with ruins are bounded apart:
//! exactly, for one ruin, over every board (whatever the dice); for two or more ruins by
//! boards with one or two ruins like the others (their numbers drawn, a turn spent on each
//! ruin); with three ruins or more by counting line by line: a line free of ruins scores
//! at most 78 (3-4-5-6), one with a ruin at most 18, and three ruins spoil at least four
//! lines: 4 * 78 + 4 * 18 - 45 = 339.

use crate::blake2b::roll_dice;
use crate::rules::{line_bonus, Difficulty, LINES, RUIN};
use std::collections::{HashMap, HashSet};

pub type Counts = [u8; 7];

fn key(c: &Counts) -> u64 {
    let mut k = 0u64;
    for v in 1..=6 {
        k = k * 17 + c[v] as u64;
    }
    k
}

fn board_score(cells: &[u8; 16]) -> i64 {
    let mut total = 0i64;
    for line in LINES.iter() {
        let v = [cells[line[0]], cells[line[1]], cells[line[2]], cells[line[3]]];
        total += v.iter().filter(|&&x| x != RUIN).map(|&x| x as i64).sum::<i64>();
        total += line_bonus(v[0], v[1], v[2], v[3]);
    }
    total - 15 * cells.iter().filter(|&&x| x == RUIN).count() as i64
}

/// Every board of numbers whose touching cells differ by at most 1 (with ``ruin`` a ruin
/// cell, which touches nothing): calls ``visit`` with each.
fn boards(ruins: u32, visit: &mut dyn FnMut(&[u8; 16])) {
    fn rec(cell: usize, cells: &mut [u8; 16], ruins: u32, visit: &mut dyn FnMut(&[u8; 16])) {
        if cell == 16 {
            visit(cells);
            return;
        }
        if ruins >> cell & 1 == 1 {
            cells[cell] = RUIN;
            rec(cell + 1, cells, ruins, visit);
            return;
        }
        for v in 1..=6u8 {
            let left_ok = cell % 4 == 0 || cells[cell - 1] == RUIN || (cells[cell - 1] as i8 - v as i8).abs() <= 1;
            let up_ok = cell < 4 || cells[cell - 4] == RUIN || (cells[cell - 4] as i8 - v as i8).abs() <= 1;
            if left_ok && up_ok {
                cells[cell] = v;
                rec(cell + 1, cells, ruins, visit);
            }
        }
    }
    let mut cells = [0u8; 16];
    rec(0, &mut cells, ruins, visit);
}

pub struct Tables {
    /// (score, counts) of the best board for each multiset of 16 numbers, best first
    pub by_multiset: Vec<(i64, Counts)>,
    /// the same for boards with one ruin (15 numbers) and with two (14 numbers)
    pub one_ruin: Vec<(i64, Counts)>,
    pub two_ruins: Vec<(i64, Counts)>,
    pub boards: u64,
}

pub fn tables() -> Tables {
    let mut best: HashMap<u64, (i64, Counts)> = HashMap::new();
    let mut count = 0u64;
    boards(0, &mut |cells| {
        count += 1;
        let mut c = [0u8; 7];
        for &x in cells {
            c[x as usize] += 1;
        }
        let s = board_score(cells);
        let e = best.entry(key(&c)).or_insert((i64::MIN, c));
        if s > e.0 {
            *e = (s, c);
        }
    });
    let ruined = |count: u32| {
        let mut best: HashMap<u64, (i64, Counts)> = HashMap::new();
        for mask in canonical_masks(count) {
            boards(mask, &mut |cells| {
                let mut c = [0u8; 7];
                for &x in cells {
                    if x != RUIN {
                        c[x as usize] += 1;
                    }
                }
                let s = board_score(cells);
                let e = best.entry(key(&c)).or_insert((i64::MIN, c));
                if s > e.0 {
                    *e = (s, c);
                }
            });
        }
        best
    };
    let sorted = |m: HashMap<u64, (i64, Counts)>| {
        let mut v: Vec<(i64, Counts)> = m.into_values().collect();
        v.sort_by(|a, b| b.0.cmp(&a.0).then(key(&a.1).cmp(&key(&b.1))));
        v
    };
    Tables { by_multiset: sorted(best), one_ruin: sorted(ruined(1)), two_ruins: sorted(ruined(2)), boards: count }
}

/// One set of ``count`` ruin cells per class of the square's symmetries (scores and
/// multisets do not change under them).
fn canonical_masks(count: u32) -> Vec<u32> {
    let image = |g: usize, mask: u32| -> u32 {
        let mut out = 0u32;
        for cell in 0..16 {
            if mask >> cell & 1 == 1 {
                let (mut r, mut c) = (cell / 4, cell % 4);
                if g & 1 == 1 { c = 3 - c; }
                if g & 2 == 2 { r = 3 - r; }
                if g & 4 == 4 { std::mem::swap(&mut r, &mut c); }
                out |= 1 << (4 * r + c);
            }
        }
        out
    };
    (0u32..1 << 16)
        .filter(|m| m.count_ones() == count && (0..8).all(|g| image(g, *m) >= *m))
        .collect()
}

/// Can the numbers ``left`` be drawn from the seed's rolls from ``turn`` on, with
/// ``wild`` wildcard turns? (failures remembered in ``failed``)
fn supplies(rolls: &[Counts], turn: usize, left: Counts, wild: usize, ruins: usize, min_dice: usize, failed: &mut HashSet<(usize, u64, usize, usize)>) -> bool {
    let numbers: usize = left[1..].iter().map(|&x| x as usize).sum();
    let m = numbers + ruins; // cells still empty
    if m == 0 {
        return true;
    }
    if turn >= rolls.len() || failed.contains(&(turn, key(&left), wild, ruins)) {
        return false;
    }
    if ruins > 0 && supplies(rolls, turn + 1, left, wild, ruins - 1, min_dice, failed) {
        return true; // this turn is the MAGDAGDON that makes the ruin
    }
    let need = min_dice.min(m);
    let most = 4.min(numbers);
    // sub-multisets of ``pool`` (within ``left``) of sizes need..=most
    fn subs(pool: &Counts, left: &Counts, v: usize, size: usize, cur: &mut Counts, out: &mut Vec<(Counts, usize)>, most: usize) {
        if v == 7 {
            out.push((*cur, size));
            return;
        }
        let top = pool[v].min(left[v]) as usize;
        for k in 0..=top {
            if size + k > most {
                break;
            }
            cur[v] = k as u8;
            subs(pool, left, v + 1, size + k, cur, out, most);
        }
        cur[v] = 0;
    }
    let mut options = vec![];
    subs(&rolls[turn], &left, 1, 0, &mut [0u8; 7], &mut options, most);
    for (take, size) in options.iter().rev() {
        if *size >= need {
            let mut rest = left;
            for v in 1..=6 {
                rest[v] -= take[v];
            }
            if supplies(rolls, turn + 1, rest, wild, ruins, min_dice, failed) {
                return true;
            }
        }
    }
    if wild > 0 {
        let any = [0u8, 4, 4, 4, 4, 4, 4];
        let mut options = vec![];
        subs(&any, &left, 1, 0, &mut [0u8; 7], &mut options, most);
        for (take, size) in options.iter().rev() {
            if *size >= need {
                let mut rest = left;
                for v in 1..=6 {
                    rest[v] -= take[v];
                }
                if supplies(rolls, turn + 1, rest, wild - 1, ruins, min_dice, failed) {
                    return true;
                }
            }
        }
    }
    failed.insert((turn, key(&left), wild, ruins));
    false
}

/// (bound, how: "k powers" or "ruins") for one seed.
pub fn seed_bound(t: &Tables, seed: u64, difficulty: Difficulty) -> (i64, String) {
    let rolls: Vec<Counts> = (1..=16u32)
        .map(|turn| {
            let mut c = [0u8; 7];
            for d in roll_dice(seed, turn, 0, 4) {
                c[d as usize] += 1;
            }
            c
        })
        .collect();
    let mut best = (339, "three ruins or more".to_string());
    for (ruins, list) in [(0usize, &t.by_multiset), (1, &t.one_ruin), (2, &t.two_ruins)] {
        for k in 0..=difficulty.power_count() {
            let penalty = difficulty.penalty_for(k);
            let mut failed = HashSet::new();
            for (score, counts) in list.iter() {
                if score - penalty <= best.0 {
                    break;
                }
                if supplies(&rolls, 0, *counts, k, ruins, difficulty.min_dice(), &mut failed) {
                    best = (score - penalty, format!("{} ruins {} powers", ruins, k));
                    break;
                }
            }
        }
    }
    best
}
