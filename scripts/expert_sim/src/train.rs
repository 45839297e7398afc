//! TD(lambda) on afterstates for the n-tuple net, with exploring starts: some games begin
//! with a few turns of random, greedy or careless play (boards people make), then the
//! expert (one-turn planner on the current net) plays on and only its part is learned.

use crate::expert::{Expert, Params, Power};
use crate::net::{is_complete, permute, Net};
use crate::rules::{score_total, Cells, Difficulty, EMPTY, RUIN};
use crate::search::{counts_of, Eval, Keep, Multisets, Walk};
use crate::{DiceSource, Fair};

pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E3779B97F4A7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Style {
    Random,
    Greedy,
    Careless, // greedy, but a random turn one time in three
}

/// A turn by a non-expert player; returns the new cells (a ruin when MAGDAGDON).
pub fn other_turn(style: Style, eval: &Eval, ms: &Multisets, difficulty: Difficulty, cells: &Cells, dice: &[u8], rng: &mut Rng) -> Cells {
    let e = cells.iter().filter(|&&x| x == EMPTY).count();
    let need = difficulty.required(e);
    let boards = Walk::run(eval, ms, cells, 0, counts_of(dice), dice.len(), need, Keep::Boards).boards;
    let mut after = *cells;
    if boards.is_empty() {
        let empties: Vec<usize> = (0..16).filter(|&c| cells[c] == EMPTY).collect();
        let c = match style {
            Style::Random => empties[rng.below(empties.len())],
            _ => *empties.iter().max_by_key(|&&c| { let mut a = *cells; a[c] = RUIN; score_total(&a, difficulty, 0) }).unwrap(),
        };
        after[c] = RUIN;
        return after;
    }
    let random = style == Style::Random || (style == Style::Careless && rng.below(3) == 0);
    let path = if random {
        // people mostly place what is required, sometimes more
        let k = if rng.below(4) == 0 { boards.len() } else { boards.iter().filter(|(_, p)| p.len() == need).count().max(1) };
        let list: Vec<_> = if k == boards.len() { boards.iter().collect() } else { boards.iter().filter(|(_, p)| p.len() == need).collect() };
        list[rng.below(list.len())].1.clone()
    } else {
        let mut best = (i64::MIN, vec![]);
        for (_, path) in &boards {
            let mut a = *cells;
            for &(v, c) in path {
                a[c as usize] = v;
            }
            let s = score_total(&a, difficulty, 0);
            if s > best.0 {
                best = (s, path.clone());
            }
        }
        best.1
    };
    for &(v, c) in &path {
        after[c as usize] = v;
    }
    after
}

/// The expert's turn: returns the afterstate and the powers used after it.
pub fn expert_turn(expert: &mut Expert, source: &mut dyn DiceSource, turn: u32, cells: &Cells, mut pu: usize) -> (Cells, usize) {
    let mut dice = source.roll(turn, 0, 4);
    let mut rerolls = 0;
    let mut cells = *cells;
    loop {
        let plan = expert.plan(&cells, &dice, pu);
        match &plan.power {
            Some(Power::Adjust(die, delta)) => {
                pu += 1;
                dice[*die] = (dice[*die] as i8 + delta) as u8;
            }
            Some(Power::Reroll(chosen)) => {
                pu += 1;
                rerolls += 1;
                let fresh = source.roll(turn, rerolls, chosen.len());
                for (i, &d) in chosen.iter().enumerate() {
                    dice[d] = fresh[i];
                }
            }
            None => {
                if let Some(c) = plan.ruin {
                    cells[c] = RUIN;
                } else {
                    for &(v, c) in &plan.path {
                        cells[c as usize] = v;
                    }
                }
                return (cells, pu);
            }
        }
    }
}

pub struct Trainer {
    pub net: Net,
    pub difficulty: Difficulty,
    inverse: Vec<Vec<Vec<(usize, usize)>>>, // [base][code] -> (placement, code) entries using it
}

impl Trainer {
    pub fn new(net: Net, difficulty: Difficulty) -> Trainer {
        let mut inverse = vec![vec![vec![]; 4096]; net.weights.len()];
        for (p, views) in net.views.iter().enumerate() {
            for code in 0..4096 {
                for (b, perm) in views {
                    inverse[*b][permute(code, perm)].push((p, code));
                }
            }
        }
        Trainer { net, difficulty, inverse }
    }

    /// Moves every afterstate's value toward its lambda-return; keeps ``eval`` in step.
    pub fn td_update(&mut self, eval: &mut Eval, states: &[(Cells, usize)], alpha: f64, alpha_bias: f64, lambda: f64) {
        let d = self.difficulty;
        let n = states.len();
        let values: Vec<f64> = states.iter().map(|(c, pu)| eval.value(c, *pu)).collect();
        // return of the last state: its exact score (plus the penalties it had already paid)
        let (last, last_pu) = states[n - 1];
        let mut target = score_total(&last, d, last_pu) as f64 + d.penalty_for(last_pu) as f64;
        let mut targets = vec![0.0; n];
        targets[n - 1] = target;
        for t in (0..n - 1).rev() {
            let cost = (d.penalty_for(states[t + 1].1) - d.penalty_for(states[t].1)) as f64;
            target = (1.0 - lambda) * (values[t + 1] - cost) + lambda * (target - cost);
            targets[t] = target;
        }
        let views_per_state: f64 = self.net.views.iter().map(|v| v.len()).sum::<usize>() as f64;
        for t in 0..n - 1 {
            let (cells, pu) = &states[t];
            let delta = targets[t] - eval.value(cells, *pu);
            let step = alpha * delta / views_per_state;
            let codes = eval.codes(cells);
            for (p, &code) in codes.iter().enumerate() {
                for (b, perm) in &self.net.views[p] {
                    let i = permute(code, perm);
                    if self.net.frozen[*b][i] {
                        continue;
                    }
                    self.net.weights[*b][i] += step;
                    for &(q, c) in &self.inverse[*b][i] {
                        eval.tabs[q][c] += step;
                    }
                }
            }
            let e = cells.iter().filter(|&&x| x == EMPTY).count();
            if e > 0 {
                self.net.bias[*pu][e] += alpha_bias * delta;
                if let Some(b) = eval.bias.as_mut() {
                    b[*pu][e] = self.net.bias[*pu][e];
                }
            }
        }
    }
}

/// A few turns (1 to ``longest``) of random, greedy or careless play from an empty board,
/// now and then with a careless power (a die changed at random): (cells, powers used, turn).
pub fn opening(eval: &Eval, ms: &Multisets, d: Difficulty, longest: usize, source: &mut dyn DiceSource, rng: &mut Rng) -> (Cells, usize, u32) {
    let (mut cells, mut pu, mut turn) = ([0; 16], 0usize, 0u32);
    let style = [Style::Random, Style::Greedy, Style::Careless][rng.below(3)];
    let prefix = 1 + rng.below(longest);
    while turn < prefix as u32 && cells.iter().any(|&x| x == EMPTY) {
        turn += 1;
        let mut dice = source.roll(turn, 0, 4);
        if pu < d.power_count() && rng.below(8) == 0 {
            pu += 1;
            let die = rng.below(4);
            dice[die] = 1 + rng.below(6) as u8;
        }
        cells = other_turn(style, eval, ms, d, &cells, &dice, rng);
    }
    (cells, pu, turn)
}

pub struct TrainOptions {
    pub games: u64,
    pub alpha: f64,
    pub alpha_bias: f64,
    pub lambda: f64,
    pub explore: f64,
    /// the longest opening by a non-expert player, in turns
    pub longest_opening: usize,
    pub seed: u64,
    pub params: Params,
}

/// The expert plays on a snapshot of the net being learned (control), from an empty board or
/// from wherever an opening by another player left it; only its part of a game is learned.
pub fn train_games(trainer: &mut Trainer, eval: &mut Eval, ms: &Multisets, o: &TrainOptions, first: u64) {
    let d = trainer.difficulty;
    let mut rng = Rng(o.seed.wrapping_mul(7919).wrapping_add(first));
    for g in first..first + o.games {
        let mut source = Fair(o.seed.wrapping_mul(1_000_000_007).wrapping_add(g));
        let (mut cells, mut pu, mut turn) = ([0; 16], 0usize, 0u32);
        if rng.chance(o.explore) {
            let frozen = eval.clone();
            (cells, pu, turn) = opening(&frozen, ms, d, o.longest_opening, &mut source, &mut rng);
        }
        let mut states = vec![(cells, pu)];
        if !cells.iter().any(|&x| x == EMPTY) {
            continue;
        }
        let snapshot = eval.clone();
        let mut expert = Expert::new(&snapshot, ms, d, o.params.clone());
        while cells.iter().any(|&x| x == EMPTY) {
            turn += 1;
            let (c, p) = expert_turn(&mut expert, &mut source, turn, &cells, pu);
            cells = c;
            pu = p;
            states.push((cells, pu));
        }
        drop(expert);
        if states.len() >= 2 {
            trainer.td_update(eval, &states, o.alpha, o.alpha_bias, o.lambda);
        }
    }
}

#[allow(dead_code)]
pub fn is_line_complete(code: usize) -> bool {
    is_complete(code)
}
