//! The values of a position's choices, for the coach's benchmark: each choice (powers, then
//! a board to end the turn on, or the expert carrying on) played out many times by the
//! expert on common dice, so that two choices' difference is measured playout by playout.

use crate::expert::{Expert, Power};
use crate::rules::{parse_board, Cells};
use crate::{play, DiceSource, Outcome};

/// Dice indexed like the game's own (turn, k-th throw of the turn), from a seed, a stream
/// and the playout's number: every choice of one position meets the same rolls.
pub struct Keyed {
    pub seed: u64,
    pub stream: u64,
    pub playout: u64,
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E3779B97F4A7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
    z ^ (z >> 31)
}

impl DiceSource for Keyed {
    fn roll(&mut self, turn: u32, k: u32, count: usize) -> Vec<u8> {
        let mut state = mix(mix(mix(self.seed ^ mix(self.stream)) ^ self.playout) ^ ((turn as u64) << 8 | k as u64));
        (0..count)
            .map(|_| {
                state = mix(state);
                (state % 6) as u8 + 1
            })
            .collect()
    }
}

/// A step of a choice: a power, or the board the turn ends on.
pub enum Step {
    Power(Power),
    End(Cells),
}

/// "a1-" adjust die 1 by -1, "a0+" by +1, "r02" re-roll dice 0 and 2, "e<board>" end the turn there.
pub fn parse_steps(spec: &str) -> Vec<Step> {
    spec.split(',')
        .filter(|s| !s.is_empty() && *s != "x")
        .map(|s| match &s[..1] {
            "a" => Step::Power(Power::Adjust(s[1..2].parse().unwrap(), if &s[2..3] == "+" { 1 } else { -1 })),
            "r" => Step::Power(Power::Reroll(s[1..].chars().map(|c| c.to_digit(10).unwrap() as usize).collect())),
            "e" => Step::End(parse_board(&s[1..])),
            _ => panic!("unknown step {}", s),
        })
        .collect()
}

/// One playout of a choice from (cells, dice, powers used) on the turn under way (turn 0).
pub fn play_choice(expert: &mut Expert, source: &mut dyn DiceSource, mut cells: Cells, mut dice: Vec<u8>,
                   mut used: usize, steps: &[Step]) -> Outcome {
    let mut rerolls = 0;
    let mut ended = false;
    let mut apply = |power: &Power, dice: &mut Vec<u8>, used: &mut usize, source: &mut dyn DiceSource| {
        *used += 1;
        match power {
            Power::Adjust(die, delta) => dice[*die] = (dice[*die] as i8 + delta) as u8,
            Power::Reroll(chosen) => {
                rerolls += 1;
                let fresh = source.roll(0, rerolls, chosen.len());
                for (i, &d) in chosen.iter().enumerate() {
                    dice[d] = fresh[i];
                }
            }
        }
    };
    for step in steps {
        match step {
            Step::Power(power) => apply(power, &mut dice, &mut used, source),
            Step::End(board) => {
                cells = *board;
                ended = true;
            }
        }
    }
    while !ended {
        let plan = expert.plan(&cells, &dice, used);
        match &plan.power {
            Some(power) => apply(power, &mut dice, &mut used, source),
            None => {
                if let Some(c) = plan.ruin {
                    cells[c] = crate::rules::RUIN;
                } else {
                    for &(v, c) in &plan.path {
                        cells[c as usize] = v;
                    }
                }
                ended = true;
            }
        }
    }
    play(expert, source, cells, 0, used, false)
}
