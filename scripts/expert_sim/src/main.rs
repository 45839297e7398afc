//! expert_sim: a fast twin of the MAGDAGDON expert, for training and benchmarks only.
//! The game ships the pure-Python expert; this twin must make the same decisions
//! (scripts/expert_twin.py checks it on seeded games).

mod blake2b;
mod bound;
mod choices;
mod expert;
mod net;
mod rules;
mod search;
mod train;

use expert::{Expert, Params, Plan, Power};
use rules::{board_text, score_total, Cells, Difficulty, EMPTY, RUIN};
use search::{Eval, Multisets};
use std::io::{BufRead, Write};

/// The old two-table format, or a net file written by ``train``.
fn load_tables(path: &str) -> Eval {
    let text = std::fs::read_to_string(path).expect("tables file");
    if text.starts_with("net") {
        let net = net::Net::load(path);
        return net.expand(true);
    }
    let mut lines = text.lines();
    let mut read = || -> Vec<f64> {
        lines.next().expect("table line").split_whitespace().map(|x| x.parse::<f64>().unwrap()).collect()
    };
    let outer = read();
    let inner = read();
    assert_eq!(outer.len(), 4096);
    assert_eq!(inner.len(), 4096);
    Eval::from_tables(outer, inner)
}

pub struct Outcome {
    pub score: i64,
    pub ruins: usize,
    pub powers: usize,
}

/// Dice for a game: the engine's seeded ones, or fair ones from a generator.
pub trait DiceSource {
    fn roll(&mut self, turn: u32, k: u32, count: usize) -> Vec<u8>;
}

pub struct Seeded(pub u64);
impl DiceSource for Seeded {
    fn roll(&mut self, turn: u32, k: u32, count: usize) -> Vec<u8> {
        blake2b::roll_dice(self.0, turn, k, count)
    }
}

pub struct Fair(pub u64);
impl DiceSource for Fair {
    fn roll(&mut self, _turn: u32, _k: u32, count: usize) -> Vec<u8> {
        (0..count)
            .map(|_| {
                // splitmix64, rejection-free enough: 2^64 mod 6 bias is negligible (< 1e-18)
                self.0 = self.0.wrapping_add(0x9E3779B97F4A7C15);
                let mut z = self.0;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
                z ^= z >> 31;
                (z % 6) as u8 + 1
            })
            .collect()
    }
}

/// One game from ``cells`` after turn ``turn`` with ``powers_used``; ``trace`` prints decisions.
pub fn play(expert: &mut Expert, dice_source: &mut dyn DiceSource, mut cells: Cells, mut turn: u32, mut powers_used: usize, trace: bool) -> Outcome {
    while cells.iter().any(|&x| x == EMPTY) {
        turn += 1;
        let mut rerolls = 0;
        let mut dice = dice_source.roll(turn, 0, 4);
        loop {
            let plan: Plan = expert.plan(&cells, &dice, powers_used);
            if trace {
                println!("turn {} board {} dice {:?} used {} -> {:?} value {:.6}", turn, board_text(&cells), dice, powers_used, (&plan.power, &plan.path, plan.ruin), plan.value);
            }
            match &plan.power {
                Some(Power::Adjust(die, delta)) => {
                    powers_used += 1;
                    dice[*die] = (dice[*die] as i8 + delta) as u8;
                }
                Some(Power::Reroll(chosen)) => {
                    powers_used += 1;
                    rerolls += 1;
                    let fresh = dice_source.roll(turn, rerolls, chosen.len());
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
                    break;
                }
            }
        }
    }
    Outcome {
        score: score_total(&cells, expert.difficulty, powers_used),
        ruins: cells.iter().filter(|&&x| x == RUIN).count(),
        powers: powers_used,
    }
}

fn arg<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter().position(|a| a == name).map(|i| args[i + 1].as_str())
}

fn read_params(args: &[String], difficulty: Difficulty) -> Params {
    let mut params = Params::today(difficulty);
    params.lookahead = !args.iter().any(|a| a == "--quick");
    if let Some(x) = arg(args, "--max-empties") { params.max_empties = x.parse().unwrap(); }
    if let Some(x) = arg(args, "--top") { params.top = x.parse().unwrap(); }
    if let Some(x) = arg(args, "--margin") { params.margin = x.parse().unwrap(); }
    if let Some(x) = arg(args, "--open-board") { params.open_board_empties = x.parse().unwrap(); }
    if let Some(x) = arg(args, "--wide-empties") { params.wide_empties = x.parse().unwrap(); }
    if let Some(x) = arg(args, "--wide-top") { params.wide_top = x.parse().unwrap(); }
    if let Some(x) = arg(args, "--wide-margin") { params.wide_margin = x.parse().unwrap(); }
    if args.iter().any(|a| a == "--no-reserve") { params.reserve = vec![0.0; params.reserve.len()]; }
    if let Some(x) = arg(args, "--reserve") { params.reserve = x.split(',').map(|v| v.parse().unwrap()).collect(); }
    params
}

/// The training options, with defaults: (games per round, alpha, lambda, share of games opened
/// by other players, longest opening in turns).
fn read_train_options(args: &[String], params: Params, defaults: (u64, f64, f64, f64, usize)) -> train::TrainOptions {
    let (games, alpha, lambda, explore, longest) = defaults;
    train::TrainOptions {
        games: arg(args, "--games").map_or(games, |x| x.parse().unwrap()),
        alpha,
        alpha_bias: arg(args, "--alpha-bias").unwrap_or("0.002").parse().unwrap(),
        lambda: arg(args, "--lambda").map_or(lambda, |x| x.parse().unwrap()),
        explore: arg(args, "--explore").map_or(explore, |x| x.parse().unwrap()),
        longest_opening: arg(args, "--longest-opening").map_or(longest, |x| x.parse().unwrap()),
        seed: arg(args, "--seed").unwrap_or("1").parse().unwrap(),
        params,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let command = args.get(1).map(String::as_str).unwrap_or("help");
    let ms = Multisets::new();
    match command {
        "games" => {
            // games --tables F --difficulty D --first S --count N [--quick] [--trace]
            let eval = load_tables(arg(&args, "--tables").unwrap());
            let difficulty = Difficulty::parse(arg(&args, "--difficulty").unwrap());
            let first: u64 = arg(&args, "--first").unwrap_or("0").parse().unwrap();
            let count: u64 = arg(&args, "--count").unwrap_or("1").parse().unwrap();
            let params = read_params(&args, difficulty);
            let trace = args.iter().any(|a| a == "--trace");
            let mut expert = Expert::new(&eval, &ms, difficulty, params);
            let out = std::io::stdout();
            let mut out = out.lock();
            for seed in first..first + count {
                let o = play(&mut expert, &mut Seeded(seed), [0; 16], 0, 0, trace);
                writeln!(out, "{} {} {} {}", seed, o.score, o.ruins, o.powers).unwrap();
            }
        }
        "playouts" => {
            // playouts --tables F --difficulty D --count N --seed S < positions
            // each stdin line: BOARD TURN POWERS_USED ; prints: mean stderr
            let eval = load_tables(arg(&args, "--tables").unwrap());
            let difficulty = Difficulty::parse(arg(&args, "--difficulty").unwrap());
            let count: u64 = arg(&args, "--count").unwrap_or("100").parse().unwrap();
            let seed: u64 = arg(&args, "--seed").unwrap_or("1").parse().unwrap();
            let params = read_params(&args, difficulty);
            let mut expert = Expert::new(&eval, &ms, difficulty, params);
            let stdin = std::io::stdin();
            let out = std::io::stdout();
            let mut out = out.lock();
            for (index, line) in stdin.lock().lines().enumerate() {
                let line = line.unwrap();
                let parts: Vec<&str> = line.split_whitespace().collect();
                let cells = rules::parse_board(parts[0]);
                let turn: u32 = parts[1].parse().unwrap();
                let used: usize = parts[2].parse().unwrap();
                // lines with the same stream id get the same dice (common random numbers)
                let stream: u64 = parts.get(3).map_or(index as u64, |x| x.parse().unwrap());
                let mut scores = vec![];
                for k in 0..count {
                    let mut source = Fair(seed.wrapping_mul(1_000_003).wrapping_add(stream << 20).wrapping_add(k));
                    scores.push(play(&mut expert, &mut source, cells, turn, used, false).score as f64);
                }
                let n = scores.len() as f64;
                let mean = scores.iter().sum::<f64>() / n;
                let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0);
                writeln!(out, "{} {}", mean, (var / n).sqrt()).unwrap();
                out.flush().unwrap();
            }
        }
        "choices" => {
            // choices --tables F --difficulty D --count N --seed S < lines "STREAM BOARD USED DICE STEPS"
            // (choices.rs); prints each playout's final score, the same dice for one stream
            let eval = load_tables(arg(&args, "--tables").unwrap());
            let difficulty = Difficulty::parse(arg(&args, "--difficulty").unwrap());
            let count: u64 = arg(&args, "--count").unwrap_or("100").parse().unwrap();
            let first: u64 = arg(&args, "--first-playout").unwrap_or("0").parse().unwrap();
            let seed: u64 = arg(&args, "--seed").unwrap_or("1").parse().unwrap();
            let params = read_params(&args, difficulty);
            let mut expert = Expert::new(&eval, &ms, difficulty, params);
            let stdin = std::io::stdin();
            let out = std::io::stdout();
            let mut out = out.lock();
            for line in stdin.lock().lines() {
                let line = line.unwrap();
                let parts: Vec<&str> = line.split_whitespace().collect();
                let stream: u64 = parts[0].parse().unwrap();
                let cells = rules::parse_board(parts[1]);
                let used: usize = parts[2].parse().unwrap();
                let dice: Vec<u8> = parts[3].chars().map(|c| c.to_digit(10).unwrap() as u8).collect();
                let steps = choices::parse_steps(parts.get(4).copied().unwrap_or("x"));
                let scores: Vec<String> = (first..first + count)
                    .map(|k| {
                        let mut source = choices::Keyed { seed, stream, playout: k };
                        choices::play_choice(&mut expert, &mut source, cells, dice.clone(), used, &steps).score.to_string()
                    })
                    .collect();
                writeln!(out, "{}", scores.join(" ")).unwrap();
                out.flush().unwrap();
            }
        }
        "train" => {
            let difficulty = Difficulty::parse(arg(&args, "--difficulty").unwrap());
            let squares = args.iter().any(|a| a == "--squares");
            let init = arg(&args, "--init").unwrap();
            let text = std::fs::read_to_string(init).unwrap();
            let mut the_net = if text.starts_with("net") {
                net::Net::load(init)
            } else {
                let old = load_tables(init);
                net::Net::from_old(&old.tabs[0], &old.tabs[1], squares, difficulty.power_count())
            };
            if squares && !the_net.squares {
                let mut n2 = net::Net::new(true, difficulty.power_count());
                n2.weights[0] = the_net.weights[0].clone();
                n2.weights[1] = the_net.weights[1].clone();
                n2.bias = the_net.bias.clone();
                the_net = n2;
            }
            let rounds: u64 = arg(&args, "--rounds").unwrap_or("10").parse().unwrap();
            let mut alpha: f64 = arg(&args, "--alpha").unwrap_or("0.02").parse().unwrap();
            let decay: f64 = arg(&args, "--decay").unwrap_or("0.8").parse().unwrap();
            let eval_games: u64 = arg(&args, "--eval").unwrap_or("200").parse().unwrap();
            let out_path = arg(&args, "--out").unwrap().to_string();
            let mut params = read_params(&args, difficulty);
            params.lookahead = args.iter().any(|a| a == "--train-lookahead");
            let mut options = read_train_options(&args, params.clone(), (10_000, alpha, 0.5, 0.5, 12));
            let play_params = read_params(&args, difficulty);
            let mut trainer = train::Trainer::new(the_net, difficulty);
            let mut eval = trainer.net.expand(true);
            let bench = |eval: &Eval| -> f64 {
                let mut expert = Expert::new(eval, &ms, difficulty, play_params.clone());
                let mut total = 0;
                for seed in 5_000_000..5_000_000 + eval_games {
                    total += play(&mut expert, &mut Seeded(seed), [0; 16], 0, 0, false).score;
                }
                total as f64 / eval_games as f64
            };
            let mut best = bench(&eval);
            println!("start: {:.2}", best);
            trainer.net.save(&out_path);
            for r in 0..rounds {
                options.alpha = alpha;
                train::train_games(&mut trainer, &mut eval, &ms, &options, r * options.games);
                eval = trainer.net.expand(true); // no drift between the net and its expansion
                let score = bench(&eval);
                println!("round {} alpha {:.4}: {:.2}{}", r + 1, alpha, score, if score > best { " (best)" } else { "" });
                if score > best {
                    best = score;
                    trainer.net.save(&out_path);
                }
                trainer.net.save(&format!("{}.last", out_path));
                alpha *= decay;
            }
        }
        "estimate" => {
            // estimate --tables F --difficulty D < lines "BOARD POWERS_USED": the expert's
            // value of a board between turns (look-ahead where its search would), penalties in
            let eval = load_tables(arg(&args, "--tables").unwrap());
            let difficulty = Difficulty::parse(arg(&args, "--difficulty").unwrap());
            let params = read_params(&args, difficulty);
            let mut expert = Expert::new(&eval, &ms, difficulty, params);
            let stdin = std::io::stdin();
            for line in stdin.lock().lines() {
                let line = line.unwrap();
                let parts: Vec<&str> = line.split_whitespace().collect();
                let cells = rules::parse_board(parts[0]);
                let used: usize = parts[1].parse().unwrap();
                println!("{}", expert.board_value(&cells, used) - difficulty.penalty_for(used) as f64);
            }
        }
        "bound" => {
            // bound --difficulty D --first S --count N: "seed bound how" per line
            let difficulty = Difficulty::parse(arg(&args, "--difficulty").unwrap());
            let first: u64 = arg(&args, "--first").unwrap_or("0").parse().unwrap();
            let count: u64 = arg(&args, "--count").unwrap_or("100").parse().unwrap();
            let t = bound::tables();
            eprintln!("{} boards, {} multisets, {} with one ruin", t.boards, t.by_multiset.len(), t.one_ruin.len());
            for seed in first..first + count {
                let (b, how) = bound::seed_bound(&t, seed, difficulty);
                println!("{} {} {}", seed, b, how.replace(' ', "_"));
            }
        }
        "dice" => {
            let seed: u64 = args[2].parse().unwrap();
            let turn: u32 = args[3].parse().unwrap();
            let k: u32 = args[4].parse().unwrap();
            println!("{:?}", blake2b::roll_dice(seed, turn, k, 4));
        }
        _ => eprintln!("usage: expert_sim games|playouts|dice ..."),
    }
}
