//! A game: a position with its history, the repetition rule and the result (chu.md 7).
//! Protocols and the match runner play through `Game`; search works on `Position`.

use crate::position::Position;
use crate::types::{Color, Move, Sq};
use crate::variant::{Perpetual, Repetition};
use std::fmt;

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    RoyalCaptured,
    BareKing,
    NoLegalMove,
    Repetition,
    PerpetualAttack,
    RepeatedPosition,
    InsufficientMaterial,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Color, Reason),
    Draw(Reason),
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::RoyalCaptured => "royals captured",
            Reason::BareKing => "bare king",
            Reason::NoLegalMove => "no legal move",
            Reason::Repetition => "four-fold repetition",
            Reason::PerpetualAttack => "perpetual attack",
            Reason::RepeatedPosition => "repeated position",
            Reason::InsufficientMaterial => "only the two royals left",
        })
    }
}

/// One move of the game with what the repetition rule needs to know about it.
#[derive(Clone, Copy, Debug)]
struct Played {
    mover: Color,
    /// After the move the opponent's royal, or some enemy piece, is attacked by the mover
    /// (with `Perpetual::Check`: a royal is threatened, yanxin.md 7).
    attacking: bool,
    /// The mover's royal was attacked before the move (for `Repetition::Lose`).
    was_in_check: bool,
}

#[derive(Clone)]
pub struct Game {
    pos: Position,
    played: Vec<Played>,
}

impl Game {
    pub fn new(mut pos: Position) -> Game {
        pos.clear_history();
        Game {
            pos,
            played: Vec::new(),
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Moves played so far.
    pub fn moves(&self) -> usize {
        self.played.len()
    }

    /// Legal moves, with the repetition rule applied where it forbids moves.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = self.pos.legal_moves();
        if self.pos.rules.repetition == Repetition::Forbid {
            let mut p = self.pos.clone();
            moves.retain(|&m| {
                p.make(m);
                let repeats = p.history().contains(&p.key());
                p.unmake();
                !repeats
            });
        }
        moves
    }

    pub fn is_legal(&self, mv: &Move) -> bool {
        self.legal_moves().contains(mv)
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) {
        let mover = self.pos.side_to_move();
        let was_in_check = self.pos.attacks_royal(mover.flip());
        self.pos.make(mv);
        let attacking = attacking_after(&self.pos, &mv, mover);
        self.played.push(Played {
            mover,
            attacking,
            was_in_check,
        });
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> bool {
        if self.played.pop().is_some() {
            self.pos.unmake();
            true
        } else {
            false
        }
    }

    /// The result, if the game is over, tested in the order of chu.md 7.5.
    pub fn outcome(&self) -> Option<Outcome> {
        let p = &self.pos;
        let stm = p.side_to_move();
        if p.royal_count(stm) == 0 {
            return Some(Outcome::Win(stm.flip(), Reason::RoyalCaptured));
        }
        // With automatic captures the mover can lose its own last royal (yanxin.md 4.6).
        if p.royal_count(stm.flip()) == 0 {
            return Some(Outcome::Win(stm, Reason::RoyalCaptured));
        }
        if p.rules.bare_king {
            for x in [stm, stm.flip()] {
                if bared(p, x) {
                    return Some(Outcome::Win(x.flip(), Reason::BareKing));
                }
            }
        }
        if self.legal_moves().is_empty() {
            if p.variant.stages.no_moves_draw {
                return Some(Outcome::Draw(Reason::NoLegalMove));
            }
            return Some(Outcome::Win(stm.flip(), Reason::NoLegalMove));
        }
        if let Some(o) = self.repetition_outcome() {
            return Some(o);
        }
        if p.rules.bare_king && only_two_royals(p) {
            return Some(Outcome::Draw(Reason::InsufficientMaterial));
        }
        None
    }

    fn repetition_outcome(&self) -> Option<Outcome> {
        let p = &self.pos;
        let hist = p.history();
        let key = p.key();
        match p.rules.repetition {
            Repetition::Forbid => None,
            Repetition::Lose => {
                let last = self.played.last()?;
                if !hist.contains(&key) {
                    None
                } else if last.was_in_check {
                    Some(Outcome::Win(last.mover, Reason::PerpetualAttack))
                } else {
                    Some(Outcome::Win(last.mover.flip(), Reason::RepeatedPosition))
                }
            }
            Repetition::Fourfold => {
                let count = hist.iter().filter(|&&k| k == key).count() + 1;
                if count < 4 {
                    return None;
                }
                let first = hist.iter().position(|&k| k == key)?;
                // History and played moves are aligned: `Game::new` clears the history.
                let since = &self.played[first.min(self.played.len())..];
                let all_attacking = |c: Color| {
                    let mut moves = since.iter().filter(|m| m.mover == c).peekable();
                    moves.peek().is_some() && moves.all(|m| m.attacking)
                };
                Some(
                    match (all_attacking(Color::Black), all_attacking(Color::White)) {
                        (true, false) => Outcome::Win(Color::White, Reason::PerpetualAttack),
                        (false, true) => Outcome::Win(Color::Black, Reason::PerpetualAttack),
                        _ => Outcome::Draw(Reason::Repetition),
                    },
                )
            }
        }
    }
}

/// Whether `mv`, just made by `mover` in `p`, counts as an attack for the variant's
/// perpetual rule (`Perpetual`): a side all of whose moves in a four-fold repetition
/// attack loses it. The referee and the search both ask this.
pub fn attacking_after(p: &Position, mv: &Move, mover: Color) -> bool {
    match p.variant.perpetual {
        Perpetual::Threat => threatens_all_royals(p, mover),
        // yanxin.md 7: a threat through an automatic capture counts too (the opponent's
        // null ply activates a pending Moon Fairy; a moving one captures around it).
        Perpetual::Check if p.variant.has_auto_capture => p.royal_threatened(),
        Perpetual::Check => p.attacks_royal(mover),
        Perpetual::Attack => p.attacks_royal(mover) || moved_piece_attacks(p, mv.to, mover),
    }
}

/// The piece that moved to `at` attacks some enemy piece.
fn moved_piece_attacks(p: &Position, at: Sq, mover: Color) -> bool {
    let cell = p.cell(at);
    if !cell.is_color(mover) {
        return false;
    }
    let o = crate::movegen::attack::Overlay::NONE;
    p.pieces(mover.flip())
        .iter()
        .any(|&s| p.piece_attacks(cell, at, s, &o))
}

/// `mover`, were it to move again in `p`, has a legal move after which the opponent has
/// no royal left (`Perpetual::Threat`).
fn threatens_all_royals(p: &Position, mover: Color) -> bool {
    let mut q = p.clone();
    if q.side_to_move() != mover {
        q.make_null();
    }
    let victim = mover.flip();
    let mut moves = Vec::new();
    // Generation stops when a side has no royal; a move that removes the last ones wins.
    q.generate(&mut moves);
    moves.into_iter().any(|m| {
        q.make(m);
        let gone = q.royal_count(victim) == 0;
        q.unmake();
        gone
    })
}

/// Pieces of `c` that count for material rules: dead Pawns/Lances on the last rank never
/// count; pawn-like pieces are skipped when `skip_pawnlike`.
fn counted(p: &Position, c: Color, skip_pawnlike: bool) -> Vec<Sq> {
    let v = p.variant;
    p.pieces(c)
        .iter()
        .copied()
        .filter(|&s| {
            let d = v.piece(p.cell(s).ptype());
            let dead = d.last_rank_piece && v.last_rank[c.index()][s.idx()];
            !(dead || (skip_pawnlike && d.pawnlike))
        })
        .collect()
}

/// chu.md 7.3: side `x` is bared.
fn bared(p: &Position, x: Color) -> bool {
    let v = p.variant;
    let y = x.flip();
    let xs = counted(p, x, false);
    if xs.len() != 1 || !v.piece(p.cell(xs[0]).ptype()).royal {
        return false;
    }
    let ys = counted(p, y, true);
    if p.royal_count(y) == 0 || ys.len() <= 1 || p.attacks_royal(x) {
        return false;
    }
    ys.len() > 2 || !ys.iter().any(|&s| v.distance(xs[0], s) == 1)
}

/// Only one royal per side remains (besides dead pieces) and neither attacks the other.
fn only_two_royals(p: &Position) -> bool {
    let v = p.variant;
    let b = counted(p, Color::Black, false);
    let w = counted(p, Color::White, false);
    b.len() == 1
        && w.len() == 1
        && v.piece(p.cell(b[0]).ptype()).royal
        && v.piece(p.cell(w[0]).ptype()).royal
        && !p.attacks_royal(Color::Black)
        && !p.attacks_royal(Color::White)
}
