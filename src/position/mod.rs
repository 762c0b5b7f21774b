//! The position: mailbox board with sentinels, piece lists, side to move, the Lion
//! counter-strike state, hands and the pending Moon Fairy (variants with drops), incremental
//! Zobrist key and material, and make/unmake.

mod effects;
mod side_effects;

pub use crate::variant::{MAX_HAND_COUNT, MAX_HAND_KINDS};

use crate::types::{Cell, Color, Move, PieceType, Sq, MAX_CELLS, OCC_WORDS};
use crate::variant::{Rules, Variant};
use crate::variant::{TRACK_SETS, TRACK_SPECIAL, TRACK_TRAPS};

/// Most pieces one side can have (Tai has 177 at the start).
pub const MAX_PIECES: usize = 256;

/// Most pieces one move can capture: every intermediate square and the destination
/// (a Lion-Dog move takes up to 3).
const MAX_CAPTURES: usize = 5;

/// What `make` changed, so that `unmake` restores the position exactly.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    /// The moving piece as it was before the move.
    moved: Cell,
    /// Captured (square, piece, index in the piece list), in capture order.
    captures: [(Sq, Cell, u8); MAX_CAPTURES],
    ncaptures: u8,
    /// Changes the special rules made after the move itself, on `Position::effects`.
    neffects: u8,
    lion_sq: Sq,
    pending: Sq,
    key: u64,
    /// `Position::repetition_floor` before the move.
    repetition_floor: u32,
}

/// One change a special rule made after the move itself, kept for `unmake`.
#[derive(Clone, Copy, Debug)]
enum Effect {
    /// A piece removed (automatic capture, burning): its square, the piece, its index in
    /// its side's piece list.
    Removed(Sq, Cell, u8),
    /// A piece changed in place (promoted with another, demoted): its square and the piece
    /// it was.
    Altered(Sq, Cell),
}

#[derive(Clone)]
pub struct Position {
    pub variant: &'static Variant,
    pub rules: Rules,
    board: [Cell; MAX_CELLS],
    plist: [[Sq; MAX_PIECES]; 2],
    plen: [usize; 2],
    /// Index of the piece on a square in its side's piece list.
    pidx: [u8; MAX_CELLS],
    /// Occupied cells as bits of the mailbox index (the Emperor's moves to every empty
    /// square are read from it without scanning the board).
    occ: [u64; OCC_WORDS],
    /// Squares of each side's pieces of the variant's tracked types, one set per bit of
    /// `Variant::tracked` (`TRACK_SPECIAL`, `TRACK_TRAPS`), found without scanning the
    /// piece lists: `[set][colour][word]`.
    tracked: [[[u64; OCC_WORDS]; 2]; TRACK_SETS],
    side: Color,
    /// Square where a Lion was just taken by a non-Lion (chu.md 5.4), or `Sq::NONE`.
    lion_sq: Sq,
    /// Square of the Moon Fairy promoted on the last ply, still waiting (yanxin.md 4.6).
    pending: Sq,
    /// Pieces in hand, `[colour][unpromoted type]`.
    hands: [[u8; MAX_HAND_KINDS]; 2],
    /// Sum of the values of the pieces in hand, per side.
    hand_value: [i32; 2],
    key: u64,
    move_number: u32,
    material: [i32; 2],
    /// Sum of the variant's piece-square values (evaluation), per side.
    placement: [i32; 2],
    /// Value of the light pieces on the board (`Variant::light_value`), per side.
    light: [i32; 2],
    royals: [u8; 2],
    /// Pieces on the board per side and per tag bit (`PieceExtra::tags`).
    tags: [[u8; 8]; 2],
    undo: Vec<Undo>,
    /// What the special rules changed after the moves of all plies on the undo stack
    /// (automatic captures, burning, promotions and demotions of other pieces), in order.
    effects: Vec<Effect>,
    /// Keys of the earlier positions of the game, oldest first (for repetition).
    history: Vec<u64>,
    /// Index into `history` of the first position that can still recur: without drops a
    /// piece removed never comes back, so the positions before the last removal cannot.
    repetition_floor: u32,
}

impl Position {
    /// An empty board of `variant`, Black to move.
    pub fn empty(variant: &'static Variant, mut rules: Rules) -> Position {
        // The variant's data under these rules' values of its options.
        let variant = variant.for_rules(&rules);
        // A rule the variant does not have stays off whatever preset was chosen (Tai has no
        // bare-King rule, tai.md D17).
        rules.bare_king &= variant.default_rules.bare_king;
        let mut board = [Cell::WALL; MAX_CELLS];
        for s in variant.squares() {
            board[s.idx()] = Cell::EMPTY;
        }
        Position {
            variant,
            rules,
            board,
            plist: [[Sq::NONE; MAX_PIECES]; 2],
            plen: [0; 2],
            pidx: [0; MAX_CELLS],
            occ: [0; OCC_WORDS],
            tracked: [[[0; OCC_WORDS]; 2]; TRACK_SETS],
            side: Color::Black,
            lion_sq: Sq::NONE,
            pending: Sq::NONE,
            hands: [[0; MAX_HAND_KINDS]; 2],
            hand_value: [0; 2],
            key: 0,
            move_number: 1,
            material: [0; 2],
            placement: [0; 2],
            light: [0; 2],
            royals: [0; 2],
            tags: [[0; 8]; 2],
            undo: Vec::with_capacity(256),
            effects: Vec::new(),
            history: Vec::with_capacity(256),
            repetition_floor: 0,
        }
    }

    /// The variant's start position under `rules`.
    pub fn start(variant: &'static Variant, rules: Rules) -> Position {
        Position::from_sfen(variant, variant.start_sfen, rules)
            .expect("the built-in start position parses")
    }

    #[inline]
    pub fn cell(&self, s: Sq) -> Cell {
        self.board[s.idx()]
    }
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }
    #[inline]
    pub fn lion_square(&self) -> Option<Sq> {
        (!self.lion_sq.is_none()).then_some(self.lion_sq)
    }
    /// Square of the pending Moon Fairy (promoted on the last ply), if any.
    #[inline]
    pub fn pending_square(&self) -> Option<Sq> {
        (!self.pending.is_none()).then_some(self.pending)
    }
    /// Number of pieces of unpromoted type `t` in `c`'s hand.
    #[inline]
    pub fn hand(&self, c: Color, t: PieceType) -> u8 {
        self.hands[c.index()][t as usize]
    }
    /// Sum of the values of `c`'s pieces in hand.
    #[inline]
    pub fn hand_value(&self, c: Color) -> i32 {
        self.hand_value[c.index()]
    }
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }
    #[inline]
    pub fn pieces(&self, c: Color) -> &[Sq] {
        &self.plist[c.index()][..self.plen[c.index()]]
    }
    #[inline]
    pub fn material(&self, c: Color) -> i32 {
        self.material[c.index()]
    }
    /// Value of `c`'s light pieces on the board (`Variant::light_value`).
    #[inline]
    pub fn light_material(&self, c: Color) -> i32 {
        self.light[c.index()]
    }
    /// Sum of the piece-square values (`Variant::placement`) of `c`'s pieces.
    #[inline]
    pub fn placement(&self, c: Color) -> i32 {
        self.placement[c.index()]
    }
    /// Royal pieces of `c`, counting a complete `Variant::royal_pair` as one.
    #[inline]
    pub fn royal_count(&self, c: Color) -> u8 {
        let r = self.royals[c.index()];
        match self.variant.royal_pair {
            Some((a, b)) if self.has_tag(c, a) && self.has_tag(c, b) => r + 1,
            _ => r,
        }
    }
    /// `c` has a piece on the board with one of the tag bits `mask` (`PieceExtra::tags`).
    #[inline]
    pub fn has_tag(&self, c: Color, mask: u8) -> bool {
        (0..8).any(|b| mask & (1 << b) != 0 && self.tags[c.index()][b] > 0)
    }
    #[inline]
    fn count_tags(&mut self, c: usize, tags: u8, add: bool) {
        if tags != 0 {
            for b in 0..8 {
                if tags & (1 << b) != 0 {
                    if add {
                        self.tags[c][b] += 1;
                    } else {
                        self.tags[c][b] -= 1;
                    }
                }
            }
        }
    }
    /// Keys of the positions before each move played so far, oldest first.
    pub fn history(&self) -> &[u64] {
        &self.history
    }
    /// The tail of `history` that can still hold the current position: since the last
    /// piece removed, in variants without drops.
    pub fn repetition_window(&self) -> &[u64] {
        &self.history[self.repetition_floor as usize..]
    }
    /// Number of moves made since the position was set up.
    pub fn plies_played(&self) -> usize {
        self.history.len()
    }
    /// The move made last, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.undo.last().map(|u| u.mv)
    }

    /// The occupied cells as a bit set over mailbox indices.
    #[inline]
    pub fn occupancy(&self) -> &[u64; OCC_WORDS] {
        &self.occ
    }

    #[inline]
    fn set_occ(&mut self, s: Sq) {
        self.occ[s.idx() / 64] |= 1 << (s.idx() % 64);
    }

    #[inline]
    fn clear_occ(&mut self, s: Sq) {
        self.occ[s.idx() / 64] &= !(1 << (s.idx() % 64));
    }

    /// Adds or removes `s` in the tracked sets of `cell`'s side that its type is in.
    #[inline]
    fn track(&mut self, s: Sq, cell: Cell, on: bool) {
        let sets = self.variant.tracked[cell.ptype() as usize];
        if sets == 0 {
            return;
        }
        let bit = 1 << (s.idx() % 64);
        for (set, words) in self.tracked.iter_mut().enumerate() {
            if sets & (1 << set) != 0 {
                let w = &mut words[cell.color().index()][s.idx() / 64];
                if on {
                    *w |= bit;
                } else {
                    *w &= !bit;
                }
            }
        }
    }

    /// The squares of `c`'s royals, Emperor and hook movers (`TRACK_SPECIAL`), in square
    /// order.
    #[inline]
    pub fn tracked(&self, c: Color) -> impl Iterator<Item = Sq> + '_ {
        self.tracked_in(TRACK_SPECIAL, c)
    }

    /// The squares of `c`'s raiders and Lions, the pieces the evaluation's traps judge
    /// (`TRACK_TRAPS`), in square order.
    #[inline]
    pub fn trap_pieces(&self, c: Color) -> impl Iterator<Item = Sq> + '_ {
        self.tracked_in(TRACK_TRAPS, c)
    }

    /// The squares of `c`'s pieces in the tracked set of bit `set`, in square order.
    #[inline]
    fn tracked_in(&self, set: u8, c: Color) -> impl Iterator<Item = Sq> + '_ {
        let set = set.trailing_zeros() as usize;
        // Only the words that hold the board's cells (Chu uses 6 of the 16).
        self.tracked[set][c.index()][..self.variant.cells.div_ceil(64)]
            .iter()
            .enumerate()
            .flat_map(|(w, &bits)| {
                let mut b = bits;
                std::iter::from_fn(move || {
                    (b != 0).then(|| {
                        let i = b.trailing_zeros() as usize;
                        b &= b - 1;
                        Sq((w * 64 + i) as u16)
                    })
                })
            })
    }

    /// The squares of `c`'s royal pieces.
    #[inline]
    pub fn royals(&self, c: Color) -> impl Iterator<Item = Sq> + '_ {
        let v = self.variant;
        self.tracked(c)
            .filter(move |&s| v.piece(self.cell(s).ptype()).royal)
    }

    /// Piece type and colour on a square, if any.
    pub fn piece_at(&self, s: Sq) -> Option<(PieceType, Color)> {
        let c = self.cell(s);
        c.is_piece().then(|| (c.ptype(), c.color()))
    }

    /// Puts a piece on an empty board square (set-up only, not for search).
    pub fn put(&mut self, s: Sq, t: PieceType, c: Color) -> Result<(), String> {
        if !self.variant.on_board(s) || !self.cell(s).is_empty() {
            return Err("square is off the board or occupied".into());
        }
        if self.plen[c.index()] >= MAX_PIECES {
            return Err(format!("more than {MAX_PIECES} pieces for {c}"));
        }
        self.add_piece(s, Cell::piece(t, c));
        // A piece added may make earlier positions reachable again.
        self.repetition_floor = 0;
        Ok(())
    }

    pub fn set_side_to_move(&mut self, c: Color) {
        if c != self.side {
            self.side = c;
            self.key ^= self.variant.zobrist.side;
        }
    }

    pub fn set_lion_square(&mut self, s: Option<Sq>) {
        self.toggle_lion_sq();
        self.lion_sq = s.unwrap_or(Sq::NONE);
        self.toggle_lion_sq();
    }

    /// Sets the pending Moon Fairy square (set-up only).
    pub fn set_pending_square(&mut self, s: Option<Sq>) {
        self.toggle_pending();
        self.pending = s.unwrap_or(Sq::NONE);
        self.toggle_pending();
    }

    /// Sets the number of pieces of unpromoted type `t` in `c`'s hand (set-up only).
    pub fn set_hand(&mut self, c: Color, t: PieceType, n: u8) -> Result<(), String> {
        let v = self.variant;
        if (t as usize) >= v.hand_kinds || v.demoted[t as usize] != t {
            return Err("this piece cannot be held in hand".into());
        }
        if n as usize > MAX_HAND_COUNT {
            return Err(format!(
                "more than {MAX_HAND_COUNT} pieces of a kind in hand"
            ));
        }
        let old = self.hand(c, t);
        self.hand_add(c, t, n as i32 - old as i32);
        Ok(())
    }

    pub fn set_move_number(&mut self, n: u32) {
        self.move_number = n;
    }

    #[inline]
    fn toggle_lion_sq(&mut self) {
        if !self.lion_sq.is_none() {
            self.key ^= self.variant.zobrist.lion_square(self.lion_sq.idx());
        }
    }

    #[inline]
    fn toggle_pending(&mut self) {
        if !self.pending.is_none() {
            self.key ^= self.variant.zobrist.pending_square(self.pending.idx());
        }
    }

    /// Changes `c`'s count of hand kind `t` by `delta`, with key and hand value.
    #[inline]
    fn hand_add(&mut self, c: Color, t: PieceType, delta: i32) {
        let n = &mut self.hands[c.index()][t as usize];
        let old = *n;
        *n = (old as i32 + delta) as u8;
        let new = *n;
        let z = &self.variant.zobrist;
        self.key ^= z.hand(c.index(), t as usize, old) ^ z.hand(c.index(), t as usize, new);
        self.hand_value[c.index()] += delta * self.variant.piece(t).value;
    }

    /// A piece captured from the board goes to its captor's hand, unpromoted.
    #[inline]
    fn put_in_hand(&mut self, victim: Cell) {
        let t = self.variant.demoted[victim.ptype() as usize];
        self.hand_add(victim.color().flip(), t, 1);
    }

    /// Undoes `put_in_hand` (the key is restored wholesale by `unmake`).
    #[inline]
    fn take_back_from_hand(&mut self, victim: Cell) {
        let t = self.variant.demoted[victim.ptype() as usize];
        self.hand_add(victim.color().flip(), t, -1);
    }

    #[inline]
    fn add_piece(&mut self, s: Sq, cell: Cell) {
        let c = cell.color().index();
        let n = self.plen[c];
        self.plist[c][n] = s;
        self.pidx[s.idx()] = n as u8;
        self.plen[c] = n + 1;
        self.board[s.idx()] = cell;
        self.set_occ(s);
        self.track(s, cell, true);
        self.key ^= self.variant.zobrist.piece(cell.0, s.idx());
        self.placement[c] += self.variant.placement(cell, s);
        let def = self.variant.piece(cell.ptype());
        self.material[c] += def.value;
        self.light[c] += self.variant.light_value[cell.ptype() as usize];
        self.royals[c] += def.royal as u8;
        let tags = def.extra.tags;
        self.count_tags(c, tags, true);
    }

    /// Removes the piece on `s` (swap-remove from its list); returns its list index.
    #[inline]
    fn remove_piece(&mut self, s: Sq) -> u8 {
        let cell = self.board[s.idx()];
        let c = cell.color().index();
        let i = self.pidx[s.idx()] as usize;
        let last = self.plen[c] - 1;
        let moved = self.plist[c][last];
        self.plist[c][i] = moved;
        self.pidx[moved.idx()] = i as u8;
        self.plen[c] = last;
        self.board[s.idx()] = Cell::EMPTY;
        self.clear_occ(s);
        self.track(s, cell, false);
        self.key ^= self.variant.zobrist.piece(cell.0, s.idx());
        self.placement[c] -= self.variant.placement(cell, s);
        let def = self.variant.piece(cell.ptype());
        self.material[c] -= def.value;
        self.light[c] -= self.variant.light_value[cell.ptype() as usize];
        self.royals[c] -= def.royal as u8;
        let tags = def.extra.tags;
        self.count_tags(c, tags, false);
        i as u8
    }

    /// Exact inverse of `remove_piece` when undone in reverse order.
    #[inline]
    fn restore_piece(&mut self, s: Sq, cell: Cell, i: u8) {
        let c = cell.color().index();
        let i = i as usize;
        let n = self.plen[c];
        // Slot n is past the end: with drops it may hold any stale square, never move it.
        if i < n {
            let displaced = self.plist[c][i];
            self.plist[c][n] = displaced;
            self.pidx[displaced.idx()] = n as u8;
        }
        self.plist[c][i] = s;
        self.pidx[s.idx()] = i as u8;
        self.plen[c] = n + 1;
        self.board[s.idx()] = cell;
        self.set_occ(s);
        self.track(s, cell, true);
        self.key ^= self.variant.zobrist.piece(cell.0, s.idx());
        self.placement[c] += self.variant.placement(cell, s);
        let def = self.variant.piece(cell.ptype());
        self.material[c] += def.value;
        self.light[c] += self.variant.light_value[cell.ptype() as usize];
        self.royals[c] += def.royal as u8;
        let tags = def.extra.tags;
        self.count_tags(c, tags, true);
    }

    /// Moves a piece between squares, keeping its list slot; may change its kind.
    #[inline]
    fn relocate(&mut self, from: Sq, to: Sq, new: Cell) {
        let old = self.board[from.idx()];
        let c = old.color().index();
        let i = self.pidx[from.idx()];
        self.plist[c][i as usize] = to;
        self.pidx[to.idx()] = i;
        self.board[from.idx()] = Cell::EMPTY;
        self.board[to.idx()] = new;
        self.clear_occ(from);
        self.set_occ(to);
        self.track(from, old, false);
        self.track(to, new, true);
        let z = &self.variant.zobrist;
        self.key ^= z.piece(old.0, from.idx()) ^ z.piece(new.0, to.idx());
        self.placement[c] += self.variant.placement(new, to) - self.variant.placement(old, from);
        if old != new {
            let (od, nd) = (
                self.variant.piece(old.ptype()),
                self.variant.piece(new.ptype()),
            );
            self.material[c] += nd.value - od.value;
            let light = &self.variant.light_value;
            self.light[c] += light[new.ptype() as usize] - light[old.ptype() as usize];
            self.royals[c] = self.royals[c] + nd.royal as u8 - od.royal as u8;
            let (ot, nt) = (od.extra.tags, nd.extra.tags);
            if ot != nt {
                self.count_tags(c, ot, false);
                self.count_tags(c, nt, true);
            }
        }
    }

    /// The cell a moving piece becomes at the end of `mv`.
    #[inline]
    fn arriving(&self, moved: Cell, mv: &Move) -> Cell {
        if mv.promotes() {
            match self.variant.piece(moved.ptype()).promotes_to {
                Some(p) => Cell::piece(p, moved.color()),
                None => moved,
            }
        } else {
            moved
        }
    }

    /// Plays a move generated for this position (or validated by the notation parser).
    pub fn make(&mut self, mv: Move) {
        if mv.drop != 0 {
            self.make_drop(mv);
            return;
        }
        let us = self.side;
        let them = us.flip();
        let moved = self.board[mv.from.idx()];
        debug_assert!(
            moved.is_color(us),
            "make: no piece of the side to move on from"
        );
        let mut u = Undo {
            mv,
            moved,
            captures: [(Sq::NONE, Cell::EMPTY, 0); MAX_CAPTURES],
            ncaptures: 0,
            neffects: 0,
            lion_sq: self.lion_sq,
            pending: self.pending,
            key: self.key,
            repetition_floor: self.repetition_floor,
        };
        self.history.push(self.key);
        let pieces_before = self.plen[0] + self.plen[1];
        let mut lion_taken = Sq::NONE;
        // Every enemy on an intermediate square is captured (Lion, Lion Dog); a pass
        // names an empty one.
        for m in mv.mid {
            if m.is_none() {
                break;
            }
            let victim = self.board[m.idx()];
            if victim.is_color(them) {
                let i = self.remove_piece(m);
                u.captures[u.ncaptures as usize] = (m, victim, i);
                u.ncaptures += 1;
                if lion_taken.is_none() && self.variant.piece(victim.ptype()).lion {
                    lion_taken = m;
                }
            }
        }
        if mv.to != mv.from {
            let victim = self.board[mv.to.idx()];
            if victim.is_color(them) {
                let i = self.remove_piece(mv.to);
                u.captures[u.ncaptures as usize] = (mv.to, victim, i);
                u.ncaptures += 1;
                if lion_taken.is_none() && self.variant.piece(victim.ptype()).lion {
                    lion_taken = mv.to;
                }
            }
        }
        // Shots (Ko) remove enemy pieces without moving.
        for s in mv.shots {
            if s.is_none() {
                break;
            }
            let victim = self.board[s.idx()];
            let i = self.remove_piece(s);
            u.captures[u.ncaptures as usize] = (s, victim, i);
            u.ncaptures += 1;
        }
        // Igui can promote in place (Tai, Yanxin), so relocate whenever the piece moves or
        // changes.
        if mv.to != mv.from || mv.promotes() {
            let new = self.arriving(moved, &mv);
            self.relocate(mv.from, mv.to, new);
        }
        if self.variant.drops {
            for k in 0..u.ncaptures as usize {
                self.put_in_hand(u.captures[k].1);
            }
        }
        // Every special rule records its changes on the one effect stack; `unmake` pops
        // them newest first.
        let effects_before = self.effects.len();
        if self.variant.has_auto_capture {
            self.resolve_auto_captures(mv.to, mv.promotes());
        }
        if self.variant.extras {
            self.end_of_move_effects(moved, &mv);
        }
        u.neffects = (self.effects.len() - effects_before) as u8;
        if !self.variant.drops && self.plen[0] + self.plen[1] < pieces_before {
            self.repetition_floor = self.history.len() as u32;
        }
        // Counter-strike state: set only when a non-Lion took a Lion (judged before promotion).
        self.toggle_lion_sq();
        self.lion_sq = if self.variant.lion_trading && !self.variant.piece(moved.ptype()).lion {
            lion_taken
        } else {
            Sq::NONE
        };
        self.toggle_lion_sq();
        self.side = them;
        self.key ^= self.variant.zobrist.side;
        self.move_number += 1;
        self.undo.push(u);
    }

    /// Takes back the last move made.
    pub fn unmake(&mut self) {
        let Some(u) = self.undo.pop() else {
            return;
        };
        self.history.pop();
        self.side = self.side.flip();
        self.move_number -= 1;
        let mv = u.mv;
        self.undo_effects(u.neffects);
        if mv.drop != 0 {
            let t = mv.drop - 1;
            self.remove_piece(mv.to);
            self.hand_add(self.side, t, 1);
        } else {
            if mv.to != mv.from || mv.promotes() {
                self.relocate(mv.to, mv.from, u.moved);
            }
            for k in (0..u.ncaptures as usize).rev() {
                let (s, cell, i) = u.captures[k];
                self.restore_piece(s, cell, i);
                if self.variant.drops {
                    self.take_back_from_hand(cell);
                }
            }
        }
        self.lion_sq = u.lion_sq;
        self.pending = u.pending;
        self.key = u.key;
        self.repetition_floor = u.repetition_floor;
    }

    /// Plays a drop: a piece from hand onto an empty square, then the automatic effects.
    fn make_drop(&mut self, mv: Move) {
        let us = self.side;
        let t = mv.drop - 1;
        debug_assert!(self.hand(us, t) > 0 && self.cell(mv.to).is_empty());
        let mut u = Undo {
            mv,
            moved: Cell::EMPTY,
            captures: [(Sq::NONE, Cell::EMPTY, 0); MAX_CAPTURES],
            ncaptures: 0,
            neffects: 0,
            lion_sq: self.lion_sq,
            pending: self.pending,
            key: self.key,
            repetition_floor: self.repetition_floor,
        };
        self.history.push(self.key);
        self.hand_add(us, t, -1);
        self.add_piece(mv.to, Cell::piece(t, us));
        self.toggle_lion_sq();
        self.lion_sq = Sq::NONE;
        if self.variant.has_auto_capture {
            u.neffects = self.resolve_auto_captures(mv.to, false);
        }
        self.side = us.flip();
        self.key ^= self.variant.zobrist.side;
        self.move_number += 1;
        self.undo.push(u);
    }

    /// Passes the turn without moving (null move for search pruning).
    pub fn make_null(&mut self) {
        let mut u = Undo {
            mv: Move::NULL,
            moved: Cell::EMPTY,
            captures: [(Sq::NONE, Cell::EMPTY, 0); MAX_CAPTURES],
            ncaptures: 0,
            neffects: 0,
            lion_sq: self.lion_sq,
            pending: self.pending,
            key: self.key,
            repetition_floor: self.repetition_floor,
        };
        self.history.push(self.key);
        self.toggle_lion_sq();
        self.lion_sq = Sq::NONE;
        if self.variant.has_auto_capture {
            // A pass is still a ply: the opponent's pending Moon Fairy activates (7, null ply).
            u.neffects = self.resolve_null_auto_captures();
        }
        self.side = self.side.flip();
        self.key ^= self.variant.zobrist.side;
        // `unmake` takes one off, as for any move.
        self.move_number += 1;
        self.undo.push(u);
    }

    /// Undoes the last `n` effects, newest first.
    fn undo_effects(&mut self, n: u8) {
        for _ in 0..n {
            match self.effects.pop() {
                Some(Effect::Removed(s, cell, i)) => {
                    self.restore_piece(s, cell, i);
                    if self.variant.drops {
                        self.take_back_from_hand(cell);
                    }
                }
                Some(Effect::Altered(s, old)) => self.relocate(s, s, old),
                None => return,
            }
        }
    }

    /// Forgets the game history (e.g. after setting up a new root), keeping the board.
    pub fn clear_history(&mut self) {
        self.history.clear();
        self.repetition_floor = 0;
        self.undo.clear();
        self.effects.clear();
    }

    /// The Zobrist key computed from scratch (for consistency checks).
    pub fn compute_key(&self) -> u64 {
        let z = &self.variant.zobrist;
        let mut k = 0;
        for s in self.variant.squares() {
            let c = self.cell(s);
            if c.is_piece() {
                k ^= z.piece(c.0, s.idx());
            }
        }
        if self.side == Color::White {
            k ^= z.side;
        }
        if !self.lion_sq.is_none() {
            k ^= z.lion_square(self.lion_sq.idx());
        }
        if !self.pending.is_none() {
            k ^= z.pending_square(self.pending.idx());
        }
        for c in Color::BOTH {
            for t in 0..self.variant.hand_kinds {
                k ^= z.hand(c.index(), t, self.hands[c.index()][t]);
            }
        }
        k
    }

    /// Checks the incremental state against the board (tests and debug builds).
    pub fn validate(&self) -> Result<(), String> {
        if self.key != self.compute_key() {
            return Err("incremental key differs from the recomputed key".into());
        }
        for c in Color::BOTH {
            let mut material = 0;
            let mut placement = 0;
            let mut light = 0;
            let mut royals = 0;
            let mut tags = [0u8; 8];
            for (i, &s) in self.pieces(c).iter().enumerate() {
                let cell = self.cell(s);
                if !cell.is_color(c) || self.pidx[s.idx()] as usize != i {
                    return Err(format!("piece list of {c} out of step at {s:?}"));
                }
                let d = self.variant.piece(cell.ptype());
                material += d.value;
                placement += self.variant.placement(cell, s);
                light += self.variant.light_value[cell.ptype() as usize];
                royals += d.royal as u8;
                for (b, n) in tags.iter_mut().enumerate() {
                    *n += (d.extra.tags >> b) & 1;
                }
            }
            if tags != self.tags[c.index()] {
                return Err(format!("tag counts of {c} out of step"));
            }
            let on_board = self
                .variant
                .squares()
                .filter(|&s| self.cell(s).is_color(c))
                .count();
            if on_board != self.pieces(c).len() {
                return Err(format!("piece list of {c} misses pieces"));
            }
            if on_board > 0
                && self
                    .pieces(c)
                    .iter()
                    .any(|&s| self.occ[s.idx() / 64] & (1 << (s.idx() % 64)) == 0)
            {
                return Err(format!("occupancy of {c} out of step"));
            }
            if material != self.material(c)
                || placement != self.placement(c)
                || light != self.light_material(c)
                || royals != self.royals[c.index()]
            {
                return Err(format!("material or royal count of {c} out of step"));
            }
            let in_hand: i32 = (0..self.variant.hand_kinds)
                .map(|t| self.hands[c.index()][t] as i32 * self.variant.pieces[t].value)
                .sum();
            if in_hand != self.hand_value(c) {
                return Err(format!("hand value of {c} out of step"));
            }
        }
        let occupied: u32 = self.occ.iter().map(|w| w.count_ones()).sum();
        if occupied as usize != self.pieces(Color::Black).len() + self.pieces(Color::White).len() {
            return Err("occupancy set holds stale squares".into());
        }
        for (set, words) in self.tracked.iter().enumerate() {
            for c in Color::BOTH {
                let mut expected = [0u64; OCC_WORDS];
                for &sq in self.pieces(c) {
                    if self.variant.tracked[self.cell(sq).ptype() as usize] & (1 << set) != 0 {
                        expected[sq.idx() / 64] |= 1 << (sq.idx() % 64);
                    }
                }
                if expected != words[c.index()] {
                    return Err(format!("tracked pieces of {c} out of step"));
                }
            }
        }
        Ok(())
    }

    /// Board, side, counter-strike square, hands and pending Moon Fairy equal (the
    /// repetition identity).
    pub fn same_position(&self, other: &Position) -> bool {
        self.side == other.side
            && self.lion_sq == other.lion_sq
            && self.pending == other.pending
            && self.hands == other.hands
            && self
                .variant
                .squares()
                .all(|s| self.cell(s) == other.cell(s))
    }
}
