//! magdagdon/ai/expert_policy.py's planning, step for step (same order of floats and ties).

use crate::rules::{Cells, Difficulty, EMPTY, RUIN};
use crate::search::{counts_of, roll_value, Eval, Keep, Multisets, Path, Walk};
use std::collections::HashMap;

#[derive(Clone, Debug, PartialEq)]
pub enum Power {
    Adjust(usize, i8),
    Reroll(Vec<usize>),
}

#[derive(Clone, Debug)]
pub struct Plan {
    pub value: f64,
    pub power: Option<Power>,
    pub path: Path,
    pub ruin: Option<usize>,
}

#[derive(Clone)]
pub struct Params {
    pub lookahead: bool,
    pub top: usize,
    pub margin: f64,
    pub max_empties: usize,
    pub reserve: Vec<f64>,
    pub reserve_full_empties: f64,
    pub open_board_empties: usize,
    /// a wider look-ahead once the board is small (cheap): at most this many empty after the turn
    pub wide_empties: usize,
    pub wide_top: usize,
    pub wide_margin: f64,
}

impl Params {
    pub fn today(difficulty: Difficulty) -> Params {
        Params {
            lookahead: true,
            top: 5,
            margin: 20.0,
            max_empties: 10,
            reserve: match difficulty {
                Difficulty::Peaceful => vec![40.0, 30.0, 15.0],
                Difficulty::Survival => vec![0.0],
                Difficulty::Nightmare => vec![],
            },
            reserve_full_empties: 4.0,
            open_board_empties: 12,
            wide_empties: 0,
            wide_top: 5,
            wide_margin: 20.0,
        }
    }
}

pub struct Expert<'a> {
    pub eval: &'a Eval,
    pub ms: &'a Multisets,
    pub difficulty: Difficulty,
    pub params: Params,
    deep: HashMap<(Cells, usize), f64>,
}

fn empties(cells: &Cells) -> usize {
    cells.iter().filter(|&&x| x == EMPTY).count()
}

impl<'a> Expert<'a> {
    pub fn new(eval: &'a Eval, ms: &'a Multisets, difficulty: Difficulty, params: Params) -> Expert<'a> {
        Expert { eval, ms, difficulty, params, deep: HashMap::new() }
    }

    pub fn best_by_placed(&self, cells: &Cells, pu: usize) -> Vec<f64> {
        let most = 4.min(empties(cells));
        Walk::run(self.eval, self.ms, cells, pu, [most as u8; 7], most, 0, Keep::ByPlaced).by_placed
    }

    pub fn best_value(&self, cells: &Cells, pu: usize, dice: &[u8], need: usize) -> Option<f64> {
        Walk::run(self.eval, self.ms, cells, pu, counts_of(dice), dice.len(), need, Keep::Best).best
    }

    pub fn plan(&mut self, cells: &Cells, dice: &[u8], powers_used: usize) -> Plan {
        let need = self.difficulty.required(empties(cells));
        let spent = self.difficulty.penalty_for(powers_used);
        let mut best = self.play_roll(cells, powers_used, dice, need);
        best.value -= spent as f64;
        for (power, value) in self.power_options(cells, dice, powers_used) {
            if value > best.value + 1e-9 {
                best = Plan { value, power: Some(power), path: vec![], ruin: None };
            }
        }
        best
    }

    pub fn power_options(&mut self, cells: &Cells, dice: &[u8], powers_used: usize) -> Vec<(Power, f64)> {
        let d = self.difficulty;
        let mut out = vec![];
        if powers_used >= d.power_count() {
            return out;
        }
        if !cells.iter().any(|&x| (1..=6).contains(&x)) {
            return out;
        }
        let e = empties(cells);
        let need = d.required(e);
        let reserve = self.params.reserve[powers_used] * 1.0f64.min(e as f64 / self.params.reserve_full_empties);
        let cost = d.penalty_for(powers_used + 1) as f64 + reserve;
        let after = powers_used + 1;
        let ruin_value = self.ruin_choice(cells, after).0; // as play_roll values a ruin
        let rerolls = e < self.params.open_board_empties || self.best_value(cells, powers_used, dice, need).is_none();
        let table = if rerolls { Some(self.best_by_placed(cells, after)) } else { None };
        let value_of = |s: &Expert, values: &[u8]| -> f64 {
            let v = match &table {
                Some(t) => roll_value(s.ms, t, values, need),
                None => s.best_value(cells, after, values, need),
            };
            v.unwrap_or(ruin_value)
        };
        for die in 0..dice.len() {
            for delta in [-1i8, 1] {
                let nv = dice[die] as i8 + delta;
                if (1..=6).contains(&nv) {
                    let mut changed = dice.to_vec();
                    changed[die] = nv as u8;
                    out.push((Power::Adjust(die, delta), value_of(self, &changed) - cost));
                }
            }
        }
        if rerolls {
            for size in 1..=dice.len() {
                for chosen in combinations(dice.len(), size) {
                    let kept: Vec<u8> = (0..dice.len()).filter(|i| !chosen.contains(i)).map(|i| dice[i]).collect();
                    let mut value = -cost;
                    for (outcome, weight) in &self.ms.outcomes[size] {
                        let mut all = kept.clone();
                        all.extend_from_slice(outcome);
                        value += weight * value_of(self, &all);
                    }
                    out.push((Power::Reroll(chosen), value));
                }
            }
        }
        out
    }

    fn play_roll(&mut self, cells: &Cells, pu: usize, dice: &[u8], need: usize) -> Plan {
        let mut boards = Walk::run(self.eval, self.ms, cells, pu, counts_of(dice), dice.len(), need, Keep::Boards).boards;
        if boards.is_empty() {
            let (value, cell) = self.ruin_choice(cells, pu);
            return Plan { value, power: None, path: vec![], ruin: Some(cell) };
        }
        boards.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
        if !self.params.lookahead || empties(cells) as i64 - need as i64 > self.params.max_empties as i64 {
            let (value, path) = boards.swap_remove(0);
            return Plan { value, power: None, path, ruin: None };
        }
        let top = boards[0].0;
        let (width, margin) = self.width(empties(cells) - need);
        let mut best: Option<Plan> = None;
        for (value, path) in boards.iter().take(width) {
            if *value < top - margin {
                break;
            }
            let mut after = *cells;
            for &(v, c) in path {
                after[c as usize] = v;
            }
            let deep = self.deep_value(&after, pu);
            if best.as_ref().map_or(true, |b| deep > b.value) {
                best = Some(Plan { value: deep, power: None, path: path.clone(), ruin: None });
            }
        }
        best.unwrap()
    }

    pub fn ruin_choice(&mut self, cells: &Cells, pu: usize) -> (f64, usize) {
        let mut options: Vec<(f64, usize, Cells)> = vec![];
        for c in 0..16 {
            if cells[c] == EMPTY {
                let mut after = *cells;
                after[c] = RUIN;
                options.push((self.eval.value(&after, pu), c, after));
            }
        }
        options.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
        if !self.params.lookahead || empties(cells) as i64 - 1 > self.params.max_empties as i64 {
            return (options[0].0, options[0].1);
        }
        let top = options[0].0;
        let (width, margin) = self.width(empties(cells) - 1);
        let mut best: Option<(f64, usize)> = None;
        for (value, cell, after) in options.iter().take(width) {
            if *value < top - margin {
                break;
            }
            let deep = self.deep_value(after, pu);
            if best.map_or(true, |b| deep > b.0) {
                best = Some((deep, *cell));
            }
        }
        best.unwrap()
    }

    /// How many candidates the look-ahead re-ranks, and within how many points of the best.
    fn width(&self, empties_after: usize) -> (usize, f64) {
        if empties_after <= self.params.wide_empties {
            (self.params.wide_top, self.params.wide_margin)
        } else {
            (self.params.top, self.params.margin)
        }
    }

    /// planner.Planner.board_value: a board between turns as a turn placing the required dice values it.
    pub fn board_value(&mut self, cells: &Cells, pu: usize) -> f64 {
        if self.params.lookahead && empties(cells) <= self.params.max_empties {
            self.deep_value(cells, pu)
        } else {
            self.eval.value(cells, pu)
        }
    }

    pub fn deep_value(&mut self, cells: &Cells, pu: usize) -> f64 {
        if let Some(&v) = self.deep.get(&(*cells, pu)) {
            return v;
        }
        let e = empties(cells);
        if e == 0 {
            return self.eval.value(cells, pu);
        }
        let need = self.difficulty.required(e);
        let table = self.best_by_placed(cells, pu);
        let ruin = self.eval.best_ruin(cells, pu).unwrap().0;
        let mut total = 0.0;
        for (values, weight) in &self.ms.outcomes[4] {
            let v = roll_value(self.ms, &table, values, need);
            total += weight * v.unwrap_or(ruin);
        }
        if self.deep.len() > 4096 {
            self.deep.clear();
        }
        self.deep.insert((*cells, pu), total);
        total
    }
}

pub fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    fn rec(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            cur.push(i);
            rec(i + 1, n, k, cur, out);
            cur.pop();
        }
    }
    let mut out = vec![];
    rec(0, n, k, &mut vec![], &mut out);
    out
}
