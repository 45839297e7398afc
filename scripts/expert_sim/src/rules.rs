//! The rules the twin needs, written to match magdagdon/engine bit for bit (RULES.md §4, §5, §8).

pub const EMPTY: u8 = 0;
pub const RUIN: u8 = 7;
pub type Cells = [u8; 16];

const FULL: u32 = 0xFFFF;
const COL0: u32 = 0x1111;
const COL3: u32 = 0x8888;
const NOT_COL0: u32 = FULL & !COL0;
const NOT_COL3: u32 = FULL & !COL3;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Difficulty {
    Peaceful,
    Survival,
    Nightmare,
}

impl Difficulty {
    pub fn parse(name: &str) -> Difficulty {
        match name.to_ascii_uppercase().as_str() {
            "PEACEFUL" => Difficulty::Peaceful,
            "SURVIVAL" => Difficulty::Survival,
            "NIGHTMARE" => Difficulty::Nightmare,
            other => panic!("unknown difficulty {other}"),
        }
    }
    pub fn min_dice(self) -> usize {
        if self == Difficulty::Nightmare { 3 } else { 2 }
    }
    pub fn penalties(self) -> &'static [i64] {
        match self {
            Difficulty::Peaceful => &[10, 20, 40],
            Difficulty::Survival => &[70],
            Difficulty::Nightmare => &[],
        }
    }
    pub fn power_count(self) -> usize {
        self.penalties().len()
    }
    pub fn penalty_for(self, used: usize) -> i64 {
        self.penalties()[..used].iter().sum()
    }
    pub fn required(self, empties: usize) -> usize {
        self.min_dice().min(empties)
    }
}

#[inline]
pub fn adjacent(m: u32) -> u32 {
    ((m << 1) & NOT_COL0) | ((m >> 1) & NOT_COL3) | ((m << 4) & FULL) | (m >> 4)
}

/// masks[0] empty, masks[1..=6] that number, masks[7] ruins; and the numbers mask.
pub fn cell_masks(cells: &Cells) -> ([u32; 8], u32) {
    let mut masks = [0u32; 8];
    for (c, &x) in cells.iter().enumerate() {
        masks[x as usize] |= 1 << c;
    }
    let numbers = FULL & !(masks[0] | masks[7]);
    (masks, numbers)
}

/// legality.legal_masks_from for every value 1..=6 in ``values`` (a bit set of values).
#[inline]
pub fn legal_masks(masks: &[u32; 8], numbers: u32, values: u32) -> [u32; 8] {
    let mut legal = [0u32; 8];
    let empty = masks[0];
    if numbers == 0 {
        for v in 1..=6 {
            if values >> v & 1 == 1 {
                legal[v] = empty;
            }
        }
        return legal;
    }
    let touching = empty & adjacent(numbers);
    for v in 1..=6usize {
        if values >> v & 1 == 0 {
            continue;
        }
        let mut near = masks[v];
        if v > 1 {
            near |= masks[v - 1];
        }
        if v < 6 {
            near |= masks[v + 1];
        }
        let conflicting = numbers & !near;
        legal[v] = touching & !adjacent(conflicting);
    }
    legal
}

/// RULES.md §5: can ``need`` of the dice (counts per value) be placed in some order?
pub fn can_place(cells: &Cells, dice: &[u8], need: usize) -> bool {
    if need == 0 {
        return true;
    }
    let (mut masks, numbers) = cell_masks(cells);
    if need > dice.len() || need > masks[0].count_ones() as usize {
        return false;
    }
    let mut counts = [0u8; 7];
    for &d in dice {
        counts[d as usize] += 1;
    }
    fn search(masks: &mut [u32; 8], numbers: u32, counts: &mut [u8; 7], need: usize) -> bool {
        if need == 0 {
            return true;
        }
        let mut values = 0u32;
        for v in 1..=6 {
            if counts[v] > 0 {
                values |= 1 << v;
            }
        }
        let legal = legal_masks(masks, numbers, values);
        for v in 1..=6usize {
            let mut l = legal[v];
            if l == 0 {
                continue;
            }
            if need == 1 {
                return true;
            }
            counts[v] -= 1;
            while l != 0 {
                let bit = l & l.wrapping_neg();
                l ^= bit;
                masks[0] ^= bit;
                masks[v] |= bit;
                let ok = search(masks, numbers | bit, counts, need - 1);
                masks[v] ^= bit;
                masks[0] |= bit;
                if ok {
                    counts[v] += 1;
                    return true;
                }
            }
            counts[v] += 1;
        }
        false
    }
    search(&mut masks, numbers, &mut counts, need)
}

pub fn line_bonus(a: u8, b: u8, c: u8, d: u8) -> i64 {
    for x in [a, b, c, d] {
        if !(1..=6).contains(&x) {
            return 0;
        }
    }
    let (a, b, c, d) = (a as i64, b as i64, c as i64, d as i64);
    if b - a == c - b && c - b == d - c && (b - a).abs() == 1 {
        return 60;
    }
    if a == b && b == c && c == d {
        return 40;
    }
    let mut vals = vec![a, b, c, d];
    vals.sort();
    vals.dedup();
    if vals.len() == 2 && [a, b, c, d].iter().filter(|&&x| x == a).count() == 2 {
        return 20;
    }
    0
}

pub const LINES: [[usize; 4]; 8] = [
    [0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15],
    [0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15],
];

/// engine.scoring.score_total
pub fn score_total(cells: &Cells, difficulty: Difficulty, powers_used: usize) -> i64 {
    let mut total = 0i64;
    for line in LINES.iter() {
        let v = [cells[line[0]], cells[line[1]], cells[line[2]], cells[line[3]]];
        total += v.iter().filter(|&&x| x != RUIN).map(|&x| x as i64).sum::<i64>();
        total += line_bonus(v[0], v[1], v[2], v[3]);
    }
    let ruins = cells.iter().filter(|&&x| x == RUIN).count() as i64;
    total - 15 * ruins - difficulty.penalty_for(powers_used)
}

pub fn parse_board(text: &str) -> Cells {
    let mut cells = [0u8; 16];
    let chars: Vec<char> = text.chars().filter(|&c| c != '/').collect();
    assert_eq!(chars.len(), 16, "bad board {text}");
    for (i, ch) in chars.iter().enumerate() {
        cells[i] = match ch {
            '.' => EMPTY,
            'X' => RUIN,
            d => d.to_digit(10).expect("bad board") as u8,
        };
    }
    cells
}

pub fn board_text(cells: &Cells) -> String {
    let mut out = String::new();
    for (i, &x) in cells.iter().enumerate() {
        if i > 0 && i % 4 == 0 {
            out.push('/');
        }
        out.push(match x {
            EMPTY => '.',
            RUIN => 'X',
            d => (b'0' + d) as char,
        });
    }
    out
}
