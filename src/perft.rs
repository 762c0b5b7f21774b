//! Perft: the number of leaf nodes of the legal move tree, counting canonical moves
//! (chu.md 8.19). Bulk-counts at the last ply; one reusable move buffer per ply.

use crate::position::Position;
use crate::types::Move;

/// Move buffers, one per ply, reused for the whole run.
fn buffers(depth: u32) -> Vec<Vec<Move>> {
    (0..depth.max(1)).map(|_| Vec::with_capacity(512)).collect()
}

fn perft_rec(pos: &mut Position, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((buf, rest)) = bufs.split_first_mut() else {
        return 1;
    };
    pos.generate(buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut n = 0;
    for &mv in buf.iter() {
        pos.make(mv);
        n += perft_rec(pos, depth - 1, rest);
        pos.unmake();
    }
    n
}

/// Number of leaves at `depth`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut bufs = buffers(depth);
    perft_rec(pos, depth, &mut bufs)
}

/// Leaves below each root move, in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    let mut bufs = buffers(depth);
    moves
        .into_iter()
        .map(|m| {
            pos.make(m);
            let n = if depth <= 1 {
                1
            } else {
                perft_rec(pos, depth - 1, &mut bufs)
            };
            pos.unmake();
            (m, n)
        })
        .collect()
}

/// Root-parallel perft with rayon: each root move on its own copy of the position.
pub fn perft_parallel(pos: &Position, depth: u32) -> u64 {
    use rayon::prelude::*;
    if depth <= 1 {
        return perft(&mut pos.clone(), depth);
    }
    pos.legal_moves()
        .par_iter()
        .map_init(
            || (pos.clone(), buffers(depth)),
            |(p, bufs), &m| {
                p.make(m);
                let n = perft_rec(p, depth - 1, bufs);
                p.unmake();
                n
            },
        )
        .sum()
}
