//! Staged move generation for the main search: the TT move first, found among the moves of
//! its piece alone, and only then the full generation. A node that cuts off on its TT move
//! (most cut nodes of an iterative-deepening search) never generates or orders its other
//! moves; on big boards (Ko's 223 moves at the start, Tai's Emperor reaching every empty
//! square) that generation is most of a node's cost. A separate stage for captures before
//! the quiet moves was tried and lost in self-play (Chu, -89 +/- 68 Elo after 80 games).

use super::ordering::{History, MovePicker};
use crate::movegen::{code_origin, coded_among_own_moves};
use crate::position::Position;
use crate::types::Move;

/// The moves of one node (`next`), in the buffer of its ply.
pub struct StagedMoves {
    tt_code: u32,
    /// The TT move as a generated move of this position, once found.
    tt_move: Option<Move>,
    /// The full generation less the TT move, handed out by `picker`, once made.
    list: Vec<Move>,
    picker: Option<MovePicker>,
    tt_tried: bool,
    /// Moves handed out so far (0 at the end: the side to move has no move).
    pub handed_out: usize,
}

impl StagedMoves {
    /// Starts a node; `list` is the ply's buffer.
    pub fn new(tt_code: u32, mut list: Vec<Move>) -> StagedMoves {
        list.clear();
        StagedMoves {
            tt_code,
            tt_move: None,
            list,
            picker: None,
            tt_tried: false,
            handed_out: 0,
        }
    }

    /// The next move of the node: the TT move, then the rest best first.
    pub fn next(&mut self, pos: &Position, history: &mut History, ply: usize) -> Option<Move> {
        if !self.tt_tried {
            self.tt_tried = true;
            self.tt_move = self.find_tt_move(pos);
            if self.tt_move.is_some() {
                self.handed_out += 1;
                return self.tt_move;
            }
        }
        if self.picker.is_none() {
            pos.generate(&mut self.list);
            // A TT move its piece alone could not name is still first here.
            let tt = match self.tt_move {
                Some(tt) => {
                    self.list.retain(|m| *m != tt);
                    0
                }
                None => self.tt_code,
            };
            self.picker = Some(MovePicker::new(pos, &self.list, tt, history, ply, true));
        }
        let m = self.picker.as_mut()?.next(&mut self.list, history)?;
        self.handed_out += 1;
        Some(m)
    }

    /// The TT move, decoded among the moves of the piece on its from-square, when those
    /// name it as all moves do (`movegen::coded_among_own_moves`).
    fn find_tt_move(&mut self, pos: &Position) -> Option<Move> {
        if self.tt_code == 0 {
            return None;
        }
        pos.generate_from(code_origin(self.tt_code), &mut self.list);
        let m = pos.decode_move(self.tt_code, &self.list);
        self.list.clear();
        m.filter(coded_among_own_moves)
    }

    /// Every move still to come is quiet (no capture, promotion or TT move).
    pub fn only_quiet_left(&self) -> bool {
        self.picker.as_ref().is_some_and(|p| p.only_quiet_left())
    }

    /// The ply's buffer back.
    pub fn into_buffer(self) -> Vec<Move> {
        self.list
    }
}
