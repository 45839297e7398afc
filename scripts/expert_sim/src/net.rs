//! The learned evaluation's weights: one table per base n-tuple, shared by every placement
//! the board's 8 symmetries map it to ("symmetric sampling", as for 2048), and a learned
//! offset by powers used and empty cells. Expanded into one table per placement for play.

use crate::rules::EMPTY;
use crate::search::{placements, Eval};

pub const BASES: [(&str, [usize; 4]); 5] = [
    ("outer_line", [0, 1, 2, 3]),
    ("inner_line", [4, 5, 6, 7]),
    ("corner_square", [0, 1, 4, 5]),
    ("edge_square", [1, 2, 5, 6]),
    ("centre_square", [5, 6, 9, 10]),
];

fn symmetry(g: usize, cell: usize) -> usize {
    let (mut r, mut c) = (cell / 4, cell % 4);
    if g & 1 == 1 {
        c = 3 - c;
    }
    if g & 2 == 2 {
        r = 3 - r;
    }
    if g & 4 == 4 {
        std::mem::swap(&mut r, &mut c);
    }
    4 * r + c
}

pub fn digit(code: usize, i: usize) -> usize {
    (code >> (3 * (3 - i))) & 7
}

pub fn is_complete(code: usize) -> bool {
    (0..4).all(|i| digit(code, i) != EMPTY as usize)
}

pub struct Net {
    pub squares: bool,
    pub weights: Vec<Vec<f64>>,   // per base in use
    pub bias: Vec<Vec<f64>>,      // [powers_used][empties]
    /// per placement: its views (base, perm): base code digit i = placement digit perm[i]
    pub views: Vec<Vec<(usize, [usize; 4])>>,
    pub frozen: Vec<Vec<bool>>,   // per base: entries that never learn (complete tuples)
}

pub fn permute(code: usize, perm: &[usize; 4]) -> usize {
    (digit(code, perm[0]) << 9) | (digit(code, perm[1]) << 6) | (digit(code, perm[2]) << 3) | digit(code, perm[3])
}

impl Net {
    pub fn new(squares: bool, power_count: usize) -> Net {
        let cells_of = placements(squares);
        let bases = if squares { 5 } else { 2 };
        let mut views = vec![vec![]; cells_of.len()];
        for b in 0..bases {
            for g in 0..8 {
                let image: Vec<usize> = BASES[b].1.iter().map(|&c| symmetry(g, c)).collect();
                for (p, cells) in cells_of.iter().enumerate() {
                    let mut set_p = cells.to_vec();
                    set_p.sort();
                    let mut set_i = image.clone();
                    set_i.sort();
                    if set_p == set_i {
                        let mut perm = [0usize; 4];
                        for i in 0..4 {
                            perm[i] = cells.iter().position(|&c| c == image[i]).unwrap();
                        }
                        views[p].push((b, perm));
                    }
                }
            }
        }
        let mut weights = vec![vec![0.0; 4096]; bases];
        let mut frozen = vec![vec![false; 4096]; bases];
        for b in 0..bases {
            for code in 0..4096 {
                if is_complete(code) {
                    frozen[b][code] = true;
                    if b < 2 {
                        // a complete line is worth its score exactly, shared by its two views
                        let v: Vec<u8> = (0..4).map(|i| digit(code, i) as u8).collect();
                        let sum: i64 = v.iter().filter(|&&x| x != 7).map(|&x| x as i64).sum();
                        weights[b][code] = (sum + crate::rules::line_bonus(v[0], v[1], v[2], v[3])) as f64 / 2.0;
                    }
                }
            }
        }
        Net { squares, weights, bias: vec![vec![0.0; 17]; power_count + 1], views, frozen }
    }

    /// Lines from the old tables (a symmetric table per line kind: each view holds half).
    pub fn from_old(outer: &[f64], inner: &[f64], squares: bool, power_count: usize) -> Net {
        let mut net = Net::new(squares, power_count);
        for code in 0..4096 {
            net.weights[0][code] = outer[code] / 2.0;
            net.weights[1][code] = inner[code] / 2.0;
        }
        net
    }

    pub fn expand(&self, with_bias: bool) -> Eval {
        let cells_of = placements(self.squares);
        let mut tabs = vec![vec![0.0; 4096]; cells_of.len()];
        for p in 0..cells_of.len() {
            for code in 0..4096 {
                let mut t = 0.0;
                for (b, perm) in &self.views[p] {
                    t += self.weights[*b][permute(code, perm)];
                }
                tabs[p][code] = t;
            }
        }
        Eval::new(cells_of, tabs, if with_bias { Some(self.bias.clone()) } else { None })
    }

    pub fn save(&self, path: &str) {
        let mut out = String::new();
        out.push_str(&format!("net {} {}\n", if self.squares { 1 } else { 0 }, self.bias.len()));
        for w in &self.weights {
            out.push_str(&w.iter().map(|x| format!("{}", x)).collect::<Vec<_>>().join(" "));
            out.push('\n');
        }
        for b in &self.bias {
            out.push_str(&b.iter().map(|x| format!("{}", x)).collect::<Vec<_>>().join(" "));
            out.push('\n');
        }
        std::fs::write(path, out).unwrap();
    }

    pub fn load(path: &str) -> Net {
        let text = std::fs::read_to_string(path).unwrap();
        let mut lines = text.lines();
        let head: Vec<usize> = lines.next().unwrap().split_whitespace().skip(1).map(|x| x.parse().unwrap()).collect();
        let squares = head[0] == 1;
        let mut net = Net::new(squares, head[1] - 1);
        for b in 0..net.weights.len() {
            net.weights[b] = lines.next().unwrap().split_whitespace().map(|x| x.parse().unwrap()).collect();
        }
        for p in 0..net.bias.len() {
            net.bias[p] = lines.next().unwrap().split_whitespace().map(|x| x.parse().unwrap()).collect();
        }
        net
    }
}
