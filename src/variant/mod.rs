//! Variants as data: board size, piece table, setup, promotion zone and a few rule switches.
//! Search, evaluation and protocols read this struct; none of them tests a variant's name.

pub mod chu;
pub mod ko;
mod placement;
mod rules;
pub mod tai;
pub mod yanxin;
pub mod zobrist;

pub use rules::{EmperorGuard, KoRules, LastRank, NetReach, Repetition, Rules, ThunderclapWalk};

use crate::movement::{Atom, Dir, Special, KING_DIRS};
use crate::types::{Cell, Color, PieceType, Sq, MAX_CELLS, OCC_WORDS, PAD};
use std::sync::OnceLock;
use zobrist::Zobrist;

/// Most piece kinds a hand can hold (the unpromoted kinds of a variant with drops).
pub const MAX_HAND_KINDS: usize = 32;
/// Most pieces of one kind in one hand (Zobrist tables are sized for it).
pub const MAX_HAND_COUNT: usize = 127;

/// One piece kind as the rules describe it.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// English name.
    pub name: &'static str,
    /// SFEN code as written for Black, including a leading `+` for promoted states.
    pub code: &'static str,
    pub atoms: Vec<Atom>,
    /// Value in centipawns (the rules' value table x 100).
    pub value: i32,
    pub promotes_to: Option<PieceType>,
    /// Losing every royal loses the game (King, Crown Prince).
    pub royal: bool,
    /// A Lion for the Lion-trading rules (Chu: Lion and promoted Kirin).
    pub lion: bool,
    /// Pawn-like: no bridge for a Lion capture, never counts for the baring side.
    pub pawnlike: bool,
    /// Pawn and Lance: may (or must) promote on reaching the last rank; dead there otherwise.
    pub last_rank_piece: bool,
    /// Rules beyond plain movement (Ko): special generator, capture classes, tags.
    pub extra: PieceExtra,
}

/// A piece's part in rules beyond its movement atoms. The default (`PieceExtra::default()`)
/// is an ordinary piece of Chu or Tai: no special generator, captures and is captured by
/// everything, counted for nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceExtra {
    /// Generator run after the atoms (multi-leg moves, shots, conditional steps).
    pub special: Special,
    /// Displacement classes this piece belongs to as a victim (bits).
    pub guard: u8,
    /// Displacement classes this piece may capture by moving onto them.
    pub takes: u8,
    /// Classes this piece belongs to as a shooting target (`Special::Shooter::immune`).
    pub shot_guard: u8,
    /// Counted classes (`Position::tag_count`), e.g. "a Drum of this side is on the board".
    pub tags: u8,
    /// Classes this piece belongs to as a victim for capture promotions.
    pub trophy: u8,
    /// Victim classes whose capture (by any means) lets this piece promote anywhere.
    pub promote_on: u8,
    /// Promotion is possible only while this side has a piece of these tags (0: always).
    pub promote_needs: u8,
    /// After every move of this piece it removes every piece on the 8 adjacent squares.
    pub burns: bool,
    /// When this piece promotes, every friendly piece with one of these tags promotes too.
    pub on_promote: u8,
    /// When this piece promotes, every enemy piece that `burns` is removed.
    pub on_promote_kills_burners: bool,
    /// Enemy pieces on this piece's unlimited rides, up to the first piece of its own side,
    /// cannot move (Ko nets, ko.md 4.7, K9).
    pub immobilises: bool,
    /// Under `KoRules::tigerwing_zh` the atoms are dropped and only the special generator
    /// moves the piece (Ko Tiger wing, K23).
    pub atoms_off_in_zh: bool,
}

impl Default for PieceExtra {
    fn default() -> PieceExtra {
        PieceExtra {
            special: Special::None,
            guard: 1,
            takes: u8::MAX,
            shot_guard: 0,
            tags: 0,
            trophy: 0,
            promote_on: 0,
            promote_needs: 0,
            burns: false,
            on_promote: 0,
            on_promote_kills_burners: false,
            immobilises: false,
            atoms_off_in_zh: false,
        }
    }
}

/// The eight unit vectors of the board (dx, dy), dy = 1 towards the last row; the index
/// order of `PieceMoves::ride_reach`.
pub const BOARD_DIRS: [(i8, i8); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// A board vector (dx, dy).
pub type BoardVec = (i8, i8);

/// Half-width of the box of `PieceMoves::near_mask` (the longest unconditional reach).
pub const NEAR: i8 = 3;

/// Bit of vector (dx, dy) in a `near_mask`, if inside the 7x7 box.
#[inline]
pub fn near_bit(dx: i8, dy: i8) -> Option<u64> {
    // A piece never attacks its own square.
    ((dx, dy) != (0, 0) && dx.abs() <= NEAR && dy.abs() <= NEAR)
        .then(|| 1u64 << ((dy + NEAR) as u32 * 7 + (dx + NEAR) as u32))
}

/// Board offsets of one piece kind for one colour, derived from its atoms.
#[derive(Clone, Debug, Default)]
pub struct PieceMoves {
    /// (offset, range) of every ride; range 1 is a step.
    pub rides: Vec<(i16, u8)>,
    /// Has Lion-Dog, hook, Emperor, leaping-ride or bent-Lion power (generated off the
    /// common path).
    pub uncommon: bool,
    /// (offset, range) of every leaping ride (`Atom::LeapRide`).
    pub leap_rides: Vec<(i16, u8)>,
    pub leap_ride_vecs: Vec<(i8, i8, u8)>,
    /// First-step offsets of a bent Lion (`Atom::BentLion`), and the distinct squares two
    /// such steps reach (its direct leaps).
    pub bent_lion: Vec<i16>,
    pub bent_lion_leaps: Vec<i16>,
    /// Every square a bent Lion reaches in board coordinates, for attack tests.
    pub bent_lion_vecs: Vec<(i8, i8)>,
    pub jumps: Vec<i16>,
    pub lion: bool,
    /// First-step offset of each one-line Lion power.
    pub lion_lines: Vec<i16>,
    /// The same in board coordinates (dx, dy), for attack tests.
    pub ride_vecs: Vec<(i8, i8, u8)>,
    pub jump_vecs: Vec<(i8, i8)>,
    pub lion_line_vecs: Vec<(i8, i8)>,
    /// Rides whose near squares another power of the same piece already reaches (Lion,
    /// Lion Dog, an exact leap along the line): (offset, range, mask of the distances the
    /// ride must not produce, bit k = distance k). Kept apart so that each (from, to,
    /// captures) triple is generated once while plain rides stay on the fast path.
    pub far_rides: Vec<(i16, u8, u8)>,
    pub far_ride_vecs: Vec<(i8, i8, u8)>,
    /// First-step offset of each Lion-Dog line.
    pub lion_dogs: Vec<i16>,
    pub lion_dog_vecs: Vec<(i8, i8)>,
    /// Hook moves: first-leg offset and the two perpendicular second-leg offsets.
    pub hooks: Vec<(i16, [i16; 2])>,
    pub hook_vecs: Vec<(BoardVec, [BoardVec; 2])>,
    /// The Tai Emperor's power.
    pub emperor: bool,
    /// Has any power beyond `rides` and `jumps` (generated out of line).
    pub special: bool,
    /// Longest ride (far rides included) along each of `BOARD_DIRS`, for reverse attack
    /// lookups; 0 if none.
    pub ride_reach: [u8; 8],
    /// Vectors (`near_bit`) the piece attacks whatever stands in between: first squares of
    /// rides and hooks, leaps, Lion, one-line Lion and Lion-Dog squares.
    pub near_mask: u64,
}

impl PieceMoves {
    /// Has any Lion power (full or on a line): such a piece can pass.
    pub fn has_lion_power(&self) -> bool {
        self.lion || !self.lion_lines.is_empty() || !self.bent_lion.is_empty()
    }
}

/// When pieces promote.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum PromotionRule {
    /// Chu: optionally on entering the zone or capturing in it (chu.md 6).
    #[default]
    Zone,
    /// Tai: at once and compulsorily after any move that captures (tai.md 5).
    OnCapture,
    /// yanxin.md 5: decided after the whole move. The final square must be in the zone, and
    /// the move must enter it or capture a piece standing in it; a `last_rank_piece` (the
    /// Pawn) promotes only on entering or on reaching the last rank. Never forced: a piece
    /// left without moves is a dead piece.
    EndInZone,
    /// Ko: optionally when the move starts or ends in the zone, or when it captures a piece
    /// of a class in the mover's `PieceExtra::promote_on` (ko.md 6.2-6.5).
    StartOrEnd,
}

/// Variant-level switches with the Chu behaviour as default, so that `Variant::build`
/// callers that need none of them stay unchanged. Pieces are named by their SFEN codes (as
/// written for Black).
#[derive(Clone, Debug, Default)]
pub struct VariantOptions {
    pub promotion: PromotionRule,
    /// Captured pieces go to the captor's hand unpromoted and may be dropped.
    pub drops: bool,
    /// Pieces that freeze the enemy pieces adjacent to them (Yanxin 妍欣, yanxin.md 4.5).
    pub freezers: Vec<&'static str>,
    /// Pieces that capture the enemy pieces adjacent to them automatically (Moon Fairy
    /// 月光仙子, yanxin.md 4.6); one made by promotion waits one ply ("pending").
    pub auto_capturers: Vec<&'static str>,
    /// The piece with the Pawn-drop restrictions (nifu 二歩, uchifuzume 打歩詰; yanxin.md 6).
    pub drop_pawn: Option<&'static str>,
    /// XBoard knows this variant by our name (no `setup` command needed).
    pub xboard_native: bool,
    /// What makes a move count for the perpetual exception of four-fold repetition.
    pub perpetual: Perpetual,
    /// Two tags (`PieceExtra::tags`) whose pieces together stand for one royal (Ko: the
    /// Middle troop with the Banner, ko.md 7.1).
    pub royal_pair: Option<(u8, u8)>,
    /// All board-preserving moves are one move, written `pass` (Ko, ko.md 4.11).
    pub single_pass: bool,
    /// The QBoard GUI reads this variant's multi-leg moves from one `move a,b` line
    /// (it does so for Ko; for the others it reads one `move` line per leg).
    pub qboard_one_line: bool,
    /// QBoard's start position board in its own piece letters; compared square by square
    /// with ours it names every kind (`notation::qboard`). None: QBoard lacks the variant.
    pub qboard_start: Option<&'static str>,
    /// (letter, meaning) for letters QBoard writes for promoted pieces instead of `+` and
    /// the base letter, the meaning in its letters (`("F'", "+U'")`).
    pub qboard_aliases: &'static [(&'static str, &'static str)],
    /// (needed, bound): after every move, pieces tagged `bound` of a side with no piece
    /// tagged `needed` are demoted (Ko: Thunderclap and Banner-waver without the priest).
    pub demote_without: Option<(u8, u8)>,
    /// (victim, enemy, distance): after every move, pieces tagged `victim` within
    /// `distance` on a line of an enemy piece tagged `enemy` are demoted (Ko: the fog near
    /// a Pure light).
    pub demote_near: Option<(u8, u8, u8)>,
    /// The variant's own rule switches as engine options (name, values with the default
    /// first), set through `Rules::set_option`; the protocols announce only these.
    pub rule_options: &'static [RuleOption],
}

/// An engine option of a variant's rules: its name and its values, the default first.
pub type RuleOption = (&'static str, &'static [&'static str]);

/// Moves that make a perpetual side lose a four-fold repetition.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Perpetual {
    /// Chu (chu.md 7.4): the move attacks a royal, or the moved piece attacks any enemy.
    #[default]
    Attack,
    /// Tai (tai.md 6), Yanxin (yanxin.md 7): the move gives check, i.e. the mover could then
    /// capture a royal (with automatic captures: remove one, after the opponent's null ply).
    Check,
    /// Ko (ko.md 7.3, K22): the mover, were it to move again, has a legal move after which
    /// the opponent has no royal left (found by trying every move; shots, multi-captures,
    /// burning and the Middle-troop pair included).
    Threat,
}

/// What a variant module supplies; `Variant::build` derives the rest.
pub struct VariantSpec {
    pub name: &'static str,
    pub files: usize,
    pub ranks: usize,
    pub pieces: Vec<PieceDef>,
    pub start_sfen: &'static str,
    /// Positions for `largeshogi bench`.
    pub bench_sfens: &'static [&'static str],
    pub zone_depth: usize,
    pub lion_trading: bool,
    pub default_rules: Rules,
}

/// A variant: everything the generic code needs to know.
pub struct Variant {
    pub name: &'static str,
    pub files: usize,
    pub ranks: usize,
    pub stride: usize,
    pub cells: usize,
    pub pieces: Vec<PieceDef>,
    /// Indexed `[colour][piece type]`.
    pub moves: [Vec<PieceMoves>; 2],
    pub start_sfen: &'static str,
    pub bench_sfens: &'static [&'static str],
    /// Ranks of the promotion zone, counted from the far edge.
    pub zone_depth: usize,
    /// Chu's Lion-trading rules (sections 5.1-5.4 of chu.md) apply.
    pub lion_trading: bool,
    pub default_rules: Rules,
    pub promotion: PromotionRule,
    /// XBoard knows this variant by our name (see `VariantOptions`).
    pub xboard_native: bool,
    pub perpetual: Perpetual,
    /// See `VariantOptions::royal_pair`.
    pub royal_pair: Option<(u8, u8)>,
    /// See `VariantOptions::single_pass`.
    pub single_pass: bool,
    /// See `VariantOptions::qboard_one_line`.
    pub qboard_one_line: bool,
    /// See `VariantOptions::qboard_start`.
    pub qboard_start: Option<&'static str>,
    /// See `VariantOptions::qboard_aliases`.
    pub qboard_aliases: &'static [(&'static str, &'static str)],
    /// See `VariantOptions::demote_without`.
    pub demote_without: Option<(u8, u8)>,
    /// See `VariantOptions::demote_near`.
    pub demote_near: Option<(u8, u8, u8)>,
    /// See `VariantOptions::rule_options`.
    pub rule_options: &'static [RuleOption],
    /// Some piece type immobilises enemy pieces (`PieceExtra::immobilises`).
    pub immobilisers: bool,
    /// Some piece type has a special generator, capture restrictions or tags (Ko).
    pub extras: bool,
    /// `may_take[mover * n + victim]` when `extras` (displacement restrictions).
    pub may_take: Vec<bool>,
    /// Some piece code is a prefix of another, so SFEN separates adjacent pieces with ','.
    pub sfen_separator: bool,
    /// Reverse attack lookups (`attack::attacked_near`) are exact for this variant: every
    /// ride is along one of `BOARD_DIRS`.
    pub fast_attacks: bool,
    /// The geometric attack tests (`movegen/attack.rs`) equal "some generated move
    /// captures there" (the Lion-trading rules aside): no special generators, capture
    /// classes or automatic captures.
    pub exact_attacks: bool,
    /// Some move removes enemy pieces beyond its own squares (burning, the Clerk's
    /// promotion, Moon Fairies): `Position::captures` looks at the end-of-move effects.
    pub capture_effects: bool,
    /// `attacked_by` looks outwards from the target (large boards and armies, where
    /// asking every piece costs too much).
    pub reverse_attacks: bool,
    /// Piece types with hook moves (reverse lookups test them one by one).
    pub hook_types: Vec<bool>,
    /// Some piece type is a hook mover or an Emperor: reverse lookups need the army scan.
    pub special_attackers: bool,
    /// On-board cells as bits of the mailbox index (for the occupancy set).
    pub board_bits: [u64; OCC_WORDS],
    /// Union per colour of every type's `near_mask`, as (dx, dy, bit): the box vectors a
    /// reverse lookup must visit.
    pub near_vecs: [Vec<(i16, u64)>; 2],
    /// Column (0 = Black's left) and row (0 = White's back rank) of each cell, -1 off board.
    pub col: Vec<i8>,
    pub row: Vec<i8>,
    /// `zone[colour][cell]`, `last_rank[colour][cell]`.
    pub zone: [Vec<bool>; 2],
    pub last_rank: [Vec<bool>; 2],
    /// Board offsets of `KING_DIRS` per colour.
    pub king_offsets: [[i16; 8]; 2],
    /// Offsets of the 16 squares at distance exactly 2.
    pub ring2_offsets: [i16; 16],
    pub zobrist: Zobrist,
    /// Captures go to hands and pieces in hand may be dropped.
    pub drops: bool,
    /// Per piece type: freezes adjacent enemies / captures adjacent enemies automatically.
    pub freezes: Vec<bool>,
    pub auto_captures: Vec<bool>,
    /// Some piece type freezes / captures automatically (fast-path switches).
    pub has_freezers: bool,
    pub has_auto_capture: bool,
    /// Per piece type, the unpromoted type it returns to when captured.
    pub demoted: Vec<PieceType>,
    /// Piece types below this may be held in hand (all unpromoted types come first).
    pub hand_kinds: usize,
    pub drop_pawn: Option<PieceType>,
    /// Piece-square values for the evaluation, `[cell code * cells + square]`, filled by
    /// `placement::placement_table` from this data.
    placement: Vec<i32>,
}

impl Variant {
    /// Builds the derived tables from the rules' data.
    pub fn build(spec: VariantSpec) -> Variant {
        Variant::build_with(spec, VariantOptions::default())
    }

    /// `build` with variant-level switches.
    pub fn build_with(spec: VariantSpec, options: VariantOptions) -> Variant {
        let VariantSpec {
            name,
            files,
            ranks,
            pieces,
            start_sfen,
            bench_sfens,
            zone_depth,
            lion_trading,
            default_rules,
        } = spec;
        let stride = files + 2 * PAD;
        let cells = stride * (ranks + 2 * PAD);
        assert!(cells <= MAX_CELLS && pieces.len() <= PieceType::MAX as usize);
        let mut col = vec![-1i8; cells];
        let mut row = vec![-1i8; cells];
        for y in 0..ranks {
            for x in 0..files {
                let s = (y + PAD) * stride + x + PAD;
                col[s] = x as i8;
                row[s] = y as i8;
            }
        }
        // Black moves towards row 0, White towards the last row; White's right is Black's left.
        let to_board = |c: Color, (dx, fwd): Dir| -> (i8, i8) {
            match c {
                Color::Black => (dx, -fwd),
                Color::White => (-dx, fwd),
            }
        };
        let offset = |(dx, dy): (i8, i8)| dy as i16 * stride as i16 + dx as i16;
        let compile = |c: Color, p: &PieceDef| {
            let mut m = PieceMoves::default();
            let mut near = |v: (i8, i8)| {
                if let Some(b) = near_bit(v.0, v.1) {
                    m.near_mask |= b;
                }
            };
            let mut rides = Vec::new();
            for atom in &p.atoms {
                match *atom {
                    Atom::Ride { dir, range } => {
                        rides.push((to_board(c, dir), range));
                    }
                    Atom::Jump { dir } => near(to_board(c, dir)),
                    Atom::Lion => {
                        for dy in -2..=2 {
                            for dx in -2..=2 {
                                near((dx, dy));
                            }
                        }
                    }
                    Atom::LionLine { dir } => {
                        let v = to_board(c, dir);
                        near(v);
                        near((2 * v.0, 2 * v.1));
                    }
                    Atom::LionDog { dir } => {
                        let v = to_board(c, dir);
                        for k in 1..=3 {
                            near((k * v.0, k * v.1));
                        }
                    }
                    Atom::Hook { dir } => near(to_board(c, dir)),
                    Atom::Emperor => {}
                    Atom::LeapRide { dir, range } => {
                        let v = to_board(c, dir);
                        for k in 1..=range.min(NEAR as u8) as i8 {
                            near((k * v.0, k * v.1));
                        }
                    }
                    Atom::BentLion { dirs } => {
                        for &a in dirs {
                            let a = to_board(c, a);
                            near(a);
                            for &b in dirs {
                                let b = to_board(c, b);
                                if (a.0 + b.0, a.1 + b.1) != (0, 0) {
                                    near((a.0 + b.0, a.1 + b.1));
                                }
                            }
                        }
                    }
                }
                // The first square of a ride is reached whatever stands anywhere.
                if let Atom::Ride { dir, .. } = *atom {
                    near(to_board(c, dir));
                }
            }
            for atom in &p.atoms {
                match *atom {
                    Atom::Ride { .. } => {}
                    Atom::Jump { dir } => {
                        let v = to_board(c, dir);
                        m.jumps.push(offset(v));
                        m.jump_vecs.push(v);
                    }
                    Atom::Lion => m.lion = true,
                    Atom::LionLine { dir } => {
                        let v = to_board(c, dir);
                        m.lion_lines.push(offset(v));
                        m.lion_line_vecs.push(v);
                    }
                    Atom::LionDog { dir } => {
                        let v = to_board(c, dir);
                        m.lion_dogs.push(offset(v));
                        m.lion_dog_vecs.push(v);
                    }
                    Atom::Hook { dir } => {
                        let v = to_board(c, dir);
                        let (p1, p2) = ((-v.1, v.0), (v.1, -v.0));
                        m.hooks.push((offset(v), [offset(p1), offset(p2)]));
                        m.hook_vecs.push((v, [p1, p2]));
                    }
                    Atom::Emperor => m.emperor = true,
                    Atom::LeapRide { dir, range } => {
                        let v = to_board(c, dir);
                        m.leap_rides.push((offset(v), range));
                        m.leap_ride_vecs.push((v.0, v.1, range));
                    }
                    Atom::BentLion { dirs } => {
                        let vs: Vec<(i8, i8)> = dirs.iter().map(|&d| to_board(c, d)).collect();
                        m.bent_lion = vs.iter().map(|&v| offset(v)).collect();
                        m.bent_lion_vecs = vs.clone();
                        for a in &vs {
                            for b in &vs {
                                let w = (a.0 + b.0, a.1 + b.1);
                                if w != (0, 0) && !vs.contains(&w) && !m.bent_lion_vecs.contains(&w)
                                {
                                    m.bent_lion_vecs.push(w);
                                    m.bent_lion_leaps.push(offset(w));
                                }
                            }
                        }
                    }
                }
            }
            for (v, range) in rides {
                // Distances along this ride that another power of the piece produces.
                let mut skip = 0u8;
                if m.lion {
                    skip |= 0b110;
                }
                if m.lion_dog_vecs.contains(&v) {
                    skip |= 0b1110;
                }
                for k in 1..=2i8 {
                    if m.bent_lion_vecs.contains(&(k * v.0, k * v.1)) {
                        skip |= 1 << k;
                    }
                }
                for k in 2..=3i8 {
                    if m.jump_vecs.contains(&(k * v.0, k * v.1)) && k as u8 <= range {
                        skip |= 1 << k;
                    }
                }
                if let Some(i) = BOARD_DIRS.iter().position(|&d| d == v) {
                    m.ride_reach[i] = m.ride_reach[i].max(range);
                }
                if skip == 0 {
                    m.rides.push((offset(v), range));
                    m.ride_vecs.push((v.0, v.1, range));
                } else {
                    m.far_rides.push((offset(v), range, skip));
                    m.far_ride_vecs.push((v.0, v.1, range));
                }
            }
            m.uncommon = !m.leap_rides.is_empty()
                || !m.bent_lion.is_empty()
                || !m.lion_dogs.is_empty()
                || !m.hooks.is_empty()
                || m.emperor;
            m.special = m.lion || m.uncommon || !m.lion_lines.is_empty() || !m.far_rides.is_empty();
            m
        };
        let moves: [Vec<PieceMoves>; 2] = [
            pieces.iter().map(|p| compile(Color::Black, p)).collect(),
            pieces.iter().map(|p| compile(Color::White, p)).collect(),
        ];
        let mut zone = [vec![false; cells], vec![false; cells]];
        let mut last_rank = [vec![false; cells], vec![false; cells]];
        for s in 0..cells {
            if row[s] < 0 {
                continue;
            }
            let y = row[s] as usize;
            zone[0][s] = y < zone_depth;
            zone[1][s] = y >= ranks - zone_depth;
            last_rank[0][s] = y == 0;
            last_rank[1][s] = y == ranks - 1;
        }
        let mut king_offsets = [[0i16; 8]; 2];
        for c in Color::BOTH {
            for (i, &d) in KING_DIRS.iter().enumerate() {
                king_offsets[c.index()][i] = offset(to_board(c, d));
            }
        }
        let mut ring2_offsets = [0i16; 16];
        let mut n = 0;
        for dy in -2i8..=2 {
            for dx in -2i8..=2 {
                if dx.abs().max(dy.abs()) == 2 {
                    ring2_offsets[n] = offset((dx, dy));
                    n += 1;
                }
            }
        }
        let code_of = |code: &str| -> PieceType {
            pieces
                .iter()
                .position(|p| p.code == code)
                .unwrap_or_else(|| panic!("{name}: no piece '{code}'")) as PieceType
        };
        let mut freezes = vec![false; pieces.len()];
        for code in &options.freezers {
            freezes[code_of(code) as usize] = true;
        }
        let mut auto_captures = vec![false; pieces.len()];
        for code in &options.auto_capturers {
            auto_captures[code_of(code) as usize] = true;
        }
        let demoted: Vec<PieceType> = (0..pieces.len())
            .map(|t| {
                pieces
                    .iter()
                    .position(|p| p.promotes_to == Some(t as PieceType))
                    .unwrap_or(t) as PieceType
            })
            .collect();
        let hand_kinds = if options.drops {
            demoted.iter().map(|&t| t as usize + 1).max().unwrap_or(0)
        } else {
            0
        };
        assert!(
            hand_kinds <= MAX_HAND_KINDS,
            "{name}: unpromoted pieces must come first in the table"
        );
        let drop_pawn = options.drop_pawn.map(code_of);
        let zobrist = Zobrist::new(2 + 2 * pieces.len(), cells, hand_kinds);
        // Reverse lookups know nothing of freezing either.
        let fast_attacks = !freezes.iter().any(|&f| f)
            && moves.iter().flatten().all(|m: &PieceMoves| {
                m.ride_vecs
                .iter()
                .chain(&m.far_ride_vecs)
                .all(|&(x, y, _)| BOARD_DIRS.contains(&(x, y)))
                // Leaping rides and bent Lions are not in the reverse lookup tables.
                && m.leap_rides.is_empty()
                && m.bent_lion.is_empty()
            });
        let hook_types: Vec<bool> = moves[0].iter().map(|m| !m.hooks.is_empty()).collect();
        let special_attackers = hook_types.iter().any(|&h| h) || moves[0].iter().any(|m| m.emperor);
        let mut board_bits = [0u64; OCC_WORDS];
        for s in 0..cells {
            if row[s] >= 0 {
                board_bits[s / 64] |= 1 << (s % 64);
            }
        }
        let near_vecs = [0, 1].map(|c: usize| {
            let union = moves[c].iter().fold(0u64, |a, m| a | m.near_mask);
            let mut list = Vec::new();
            for dy in -NEAR..=NEAR {
                for dx in -NEAR..=NEAR {
                    if let Some(b) = near_bit(dx, dy).filter(|b| union & b != 0) {
                        list.push((offset((dx, dy)), b));
                    }
                }
            }
            list
        });
        let codes: Vec<&str> = pieces
            .iter()
            .map(|p| p.code.trim_start_matches('+'))
            .collect();
        let sfen_separator = codes
            .iter()
            .any(|a| codes.iter().any(|b| a != b && b.starts_with(a)));
        let extras = pieces.iter().any(|p| p.extra != PieceExtra::default());
        let immobilisers = pieces.iter().any(|p| p.extra.immobilises);
        let capture_effects = auto_captures.iter().any(|&f| f)
            || pieces
                .iter()
                .any(|p| p.extra.burns || p.extra.on_promote_kills_burners);
        let n = pieces.len();
        let mut may_take = vec![true; n * n];
        for (a, pa) in pieces.iter().enumerate() {
            for (b, pb) in pieces.iter().enumerate() {
                may_take[a * n + b] = pa.extra.takes & pb.extra.guard != 0;
            }
        }
        let mut v = Variant {
            name,
            files,
            ranks,
            stride,
            cells,
            pieces,
            moves,
            start_sfen,
            bench_sfens,
            zone_depth,
            lion_trading,
            default_rules,
            promotion: options.promotion,
            xboard_native: options.xboard_native,
            perpetual: options.perpetual,
            royal_pair: options.royal_pair,
            single_pass: options.single_pass,
            qboard_one_line: options.qboard_one_line,
            qboard_start: options.qboard_start,
            qboard_aliases: options.qboard_aliases,
            demote_without: options.demote_without,
            demote_near: options.demote_near,
            rule_options: options.rule_options,
            immobilisers,
            extras,
            may_take,
            sfen_separator,
            fast_attacks,
            exact_attacks: !extras && !auto_captures.iter().any(|&f| f),
            capture_effects,
            // Looking outwards from the target beats asking every piece once the walks
            // are exact (Chu: about 8x fewer instructions per test).
            reverse_attacks: fast_attacks,
            special_attackers,
            hook_types,
            board_bits,
            near_vecs,
            col,
            row,
            zone,
            last_rank,
            king_offsets,
            ring2_offsets,
            zobrist,
            drops: options.drops,
            has_freezers: freezes.iter().any(|&f| f),
            has_auto_capture: auto_captures.iter().any(|&f| f),
            freezes,
            auto_captures,
            demoted,
            hand_kinds,
            drop_pawn,
            placement: Vec::new(),
        };
        v.placement = placement::placement_table(&v);
        v
    }

    /// Piece-square value of a piece cell on a square.
    #[inline]
    pub fn placement(&self, cell: Cell, s: Sq) -> i32 {
        self.placement[cell.0 as usize * self.cells + s.idx()]
    }

    /// The cell of column `x` (0 = Black's left) and row `y` (0 = top), if on the board.
    pub fn square(&self, x: usize, y: usize) -> Option<Sq> {
        if x < self.files && y < self.ranks {
            Some(Sq(((y + PAD) * self.stride + x + PAD) as u16))
        } else {
            None
        }
    }

    #[inline]
    pub fn on_board(&self, s: Sq) -> bool {
        s.idx() < self.cells && self.row[s.idx()] >= 0
    }

    /// Board offset of a direction relative to a piece of colour `c`.
    #[inline]
    pub fn dir_offset(&self, c: Color, (dx, fwd): Dir) -> i16 {
        let (x, y) = match c {
            Color::Black => (dx, -fwd),
            Color::White => (-dx, fwd),
        };
        y as i16 * self.stride as i16 + x as i16
    }

    /// Board offset of a board vector (dx, dy), dy towards the last row.
    #[inline]
    pub fn vec_offset(&self, (dx, dy): (i8, i8)) -> i16 {
        dy as i16 * self.stride as i16 + dx as i16
    }

    /// Chebyshev distance between two board squares.
    #[inline]
    pub fn distance(&self, a: Sq, b: Sq) -> i8 {
        let dx = (self.col[a.idx()] - self.col[b.idx()]).abs();
        let dy = (self.row[a.idx()] - self.row[b.idx()]).abs();
        dx.max(dy)
    }

    /// Every board square, row by row from the top.
    pub fn squares(&self) -> impl Iterator<Item = Sq> + '_ {
        (0..self.ranks).flat_map(move |y| (0..self.files).filter_map(move |x| self.square(x, y)))
    }

    /// Piece type with this SFEN code (as written for Black, e.g. `"+P"`).
    pub fn piece_by_code(&self, code: &str) -> Option<PieceType> {
        self.pieces
            .iter()
            .position(|p| p.code == code)
            .map(|i| i as PieceType)
    }

    pub fn piece(&self, t: PieceType) -> &PieceDef {
        &self.pieces[t as usize]
    }

    /// Variant by name (`chu`, ...).
    pub fn by_name(name: &str) -> Option<&'static Variant> {
        match name.to_ascii_lowercase().as_str() {
            "chu" | "chushogi" => Some(Variant::chu()),
            "tai" | "taishogi" => Some(Variant::tai()),
            "yanxin" | "yanxinshogi" => Some(Variant::yanxin()),
            "ko" | "koshogi" => Some(Variant::ko()),
            _ => None,
        }
    }

    /// Names of every supported variant.
    pub fn names() -> &'static [&'static str] {
        &["chu", "yanxin", "ko", "tai"]
    }

    /// Number of distinct cell codes (empty, wall and every piece of both colours).
    pub fn cell_codes(&self) -> usize {
        2 + 2 * self.pieces.len()
    }

    /// Ko shogi (廣将棋).
    pub fn ko() -> &'static Variant {
        static KO: OnceLock<Variant> = OnceLock::new();
        KO.get_or_init(ko::build)
    }

    /// A piece of type `mover` may capture a piece of type `victim` by moving onto it.
    #[inline]
    pub fn may_take(&self, mover: PieceType, victim: PieceType) -> bool {
        !self.extras || self.may_take[mover as usize * self.pieces.len() + victim as usize]
    }

    pub fn tai() -> &'static Variant {
        static TAI: OnceLock<Variant> = OnceLock::new();
        TAI.get_or_init(tai::build)
    }

    pub fn chu() -> &'static Variant {
        static CHU: OnceLock<Variant> = OnceLock::new();
        CHU.get_or_init(chu::build)
    }

    pub fn yanxin() -> &'static Variant {
        static YANXIN: OnceLock<Variant> = OnceLock::new();
        YANXIN.get_or_init(yanxin::build)
    }
}
