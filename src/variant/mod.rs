//! Variants as data: board size, piece table, setup, promotion zone and a few rule switches.
//! Search, evaluation and protocols read this struct; none of them tests a variant's name.

mod build;
pub mod chu;
pub mod kanji;
pub mod ko;
mod placement;
pub use placement::{placement_terms, PlacementTerms};
pub mod registry;
mod rules;
pub mod schema;
pub mod tai;
pub mod yanxin;
pub mod zobrist;

pub use rules::{EmperorGuard, KoRules, LastRank, NetReach, Repetition, Rules, ThunderclapWalk};

use crate::movement::{Dir, Special};
use crate::types::{Cell, Color, PieceType, Sq, OCC_WORDS, PAD};
use schema::Row;
use zobrist::Zobrist;

/// Most piece kinds a hand can hold (the unpromoted kinds of a variant with drops).
pub const MAX_HAND_KINDS: usize = 32;
/// Most pieces of one kind in one hand (Zobrist tables are sized for it).
pub const MAX_HAND_COUNT: usize = 127;

/// One piece type as the engine indexes it: a table row (`schema::Row`) whose promotion
/// target is resolved to a type (`schema::compile_rows`).
pub type PieceDef = schema::Row<PieceType>;

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
    /// The rides of `rides` that reach two squares or more (the evaluation's mobility
    /// counts only these; most pieces have none).
    pub long_rides: Vec<(i16, u8)>,
    /// The directions of `long_rides`: bit `i` for the board direction of
    /// `Variant::king_offsets[0][i]` (opposite directions are four bits apart).
    pub long_ride_dirs: u8,
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

/// `Variant::tracked` bits: royals, the Emperor and the hook movers (`Position::tracked`),
/// and the pieces the evaluation's traps judge (`Position::trap_pieces`).
pub const TRACK_SPECIAL: u8 = 1;
pub const TRACK_TRAPS: u8 = 2;
/// Number of tracked sets.
pub const TRACK_SETS: usize = 2;

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
    /// of a class in the mover's `PieceExtra::promote_on` (ko.md 6.2-6.5); shaped by
    /// `RuleStages::zone_entry_only` and `capture_promotion_forced`.
    StartOrEnd,
}

/// The move-generation stage a variant's data selects (`Variant::generation`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Generation {
    /// Every piece's powers (Chu, Tai).
    #[default]
    Plain,
    /// Frozen pieces skipped, then drops (Yanxin).
    FreezingAndDrops,
    /// Powers beyond the atoms, capture classes, nets and one pass (Ko: `movegen::ko`).
    SpecialPowers,
}

/// Switches of the rules' stages, chosen when the variant is built: the preset's move
/// rules (`RuleStages::follow`) and the variant's own options (Ko's `build`). The defaults
/// are the rules spec's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleStages {
    /// Pawn and Lance on the last rank (chu.md 8.2).
    pub last_rank: LastRank,
    /// Lion trading P2: a Pawn/Go-Between taken as the first victim still protects (8.6).
    pub bridge_victim_protects: bool,
    /// Lion trading: a counter-strike on the square of the last Lion capture (8.8).
    pub counterstrike_same_square: bool,
    /// Lion trading: counter-strike against an unprotected Lion (8.9).
    pub okazaki: bool,
    /// Which pieces protect against the Tai Emperor (tai.md D1).
    pub emperor_guard: EmperorGuard,
    /// Lion, Lion-Dog and one-line Lion pieces may pass (tai.md D14).
    pub passing: bool,
    /// With `single_pass`: no board-preserving move at all (Ko K13 `ko_pass=off`).
    pub no_pass: bool,
    /// A move after which the mover's side has no royal left is illegal instead of losing
    /// (Ko K20 `ko_selfburn=illegal`).
    pub selfburn_illegal: bool,
    /// Which enemy pieces a net (`PieceExtra::immobilises`) holds (Ko K9).
    pub net_reach: NetReach,
    /// Burning spares the burner's own side (Ko K10 `ko_burn=enemy`).
    pub burn_spares_own: bool,
    /// A side without a legal move draws instead of losing (Ko K21 `ko_nomoves=draw`).
    pub no_moves_draw: bool,
    /// `StartOrEnd`: promotion by the zone only on moves entering it (Ko K16).
    pub zone_entry_only: bool,
    /// `StartOrEnd`: a capture-triggered promotion is compulsory (Ko K15).
    pub capture_promotion_forced: bool,
}

impl Default for RuleStages {
    fn default() -> RuleStages {
        let mut stages = RuleStages {
            last_rank: LastRank::Forced,
            bridge_victim_protects: true,
            counterstrike_same_square: false,
            okazaki: false,
            emperor_guard: EmperorGuard::LegalRecapture,
            passing: true,
            no_pass: false,
            selfburn_illegal: false,
            net_reach: NetReach::Through,
            burn_spares_own: false,
            no_moves_draw: false,
            zone_entry_only: false,
            capture_promotion_forced: false,
        };
        stages.follow(&Rules::default());
        stages
    }
}

impl RuleStages {
    /// Takes the move rules of a rule set (`--rules` preset): last rank, Lion trading,
    /// Emperor protection, passing.
    pub fn follow(&mut self, rules: &Rules) {
        self.last_rank = rules.last_rank;
        self.bridge_victim_protects = rules.bridge_victim_protects;
        self.counterstrike_same_square = rules.counterstrike_same_square;
        self.okazaki = rules.okazaki;
        self.emperor_guard = rules.emperor_guard;
        self.passing = rules.passing;
    }
}

/// `VariantSpec::demote_near`: after every move, pieces tagged `victim` within `distance`
/// of a piece tagged `enemy` are demoted (Ko: the fog near a Pure light, ko.md 4.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DemoteNear {
    pub victim: u8,
    pub enemy: u8,
    pub distance: u8,
    /// A demoter of either side counts, not only the enemy's (K12 `ko_light=any`).
    pub any_side: bool,
    /// "Within" is the square of that Chebyshev radius, not the 8 lines (K11).
    pub area: bool,
}

/// What a variant module supplies; `Variant::build` derives the rest. A variant is its
/// board, zone, setup and rows, then the switches of its rules: every switch defaults to
/// Chu's behaviour (`..VariantSpec::default()`), so a variant names only what differs.
/// Pieces are named by their SFEN codes (as written for Black).
#[derive(Clone, Debug, Default)]
pub struct VariantSpec {
    /// The name the CLI, the protocols and the registry know it by.
    pub name: &'static str,
    pub files: usize,
    pub ranks: usize,
    /// The piece table (`schema::Row`), one row per piece state; unpromoted kinds first
    /// when pieces go to hand.
    pub rows: Vec<Row>,
    pub start_sfen: &'static str,
    /// Positions for `largeshogi bench`.
    pub bench_sfens: &'static [&'static str],
    /// Ranks of the promotion zone, counted from the far edge.
    pub zone_depth: usize,
    /// Chu's Lion-trading rules apply (to rows flagged `lion`).
    pub lion_trading: bool,
    /// The rules' defaults for this variant (a preset's switches it lacks are off).
    pub default_rules: Rules,
    /// Kanji of the piece states by English name, for the board diagrams.
    pub kanji: &'static [(&'static str, &'static str)],
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
    /// Its games are also kept in lishogi's KIF (`gamefile::kif`, Chu only).
    pub kif: bool,
    /// Quiescence stops after two plies of captures and one of recaptures: with shooters,
    /// multi-captures and hundreds of pieces every capture opens new lines, and capture
    /// sequences searched to the end explode (Ko, Tai). Otherwise they are searched until
    /// quiet, as in chess.
    pub short_quiescence: bool,
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
    /// Pieces demoted near a piece of another kind (Ko: the fog near a Pure light).
    pub demote_near: Option<DemoteNear>,
    /// Switches of the special rules' stages (Ko's options).
    pub stages: RuleStages,
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
    /// See `VariantSpec::kanji`.
    pub kanji: &'static [(&'static str, &'static str)],
    pub promotion: PromotionRule,
    /// XBoard knows this variant by our name (see `VariantSpec`).
    pub xboard_native: bool,
    /// See `VariantSpec::kif`.
    pub kif: bool,
    /// See `VariantSpec::short_quiescence`.
    pub short_quiescence: bool,
    pub perpetual: Perpetual,
    /// See `VariantSpec::royal_pair`.
    pub royal_pair: Option<(u8, u8)>,
    /// See `VariantSpec::single_pass`.
    pub single_pass: bool,
    /// See `VariantSpec::qboard_one_line`.
    pub qboard_one_line: bool,
    /// See `VariantSpec::qboard_start`.
    pub qboard_start: Option<&'static str>,
    /// See `VariantSpec::qboard_aliases`.
    pub qboard_aliases: &'static [(&'static str, &'static str)],
    /// See `VariantSpec::demote_without`.
    pub demote_without: Option<(u8, u8)>,
    /// See `VariantSpec::demote_near`.
    pub demote_near: Option<DemoteNear>,
    /// See `VariantSpec::stages`.
    pub stages: RuleStages,
    /// The move-generation stage (derived from the data: freezers or drops, special
    /// powers and capture classes, or neither).
    pub generation: Generation,
    /// See `VariantSpec::rule_options`.
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
    /// Per piece type, the square sets the position keeps it in (bits `TRACK_SPECIAL`,
    /// `TRACK_TRAPS`): pieces that evaluation and the Emperor's tests look up at every
    /// node; a scan of Tai's 177 pieces a side for them cost more than the search.
    pub tracked: Vec<u8>,
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
    /// Per piece type, its value if it is a light piece for the evaluation's conversion
    /// terms (`eval::LIGHT_BELOW`), else 0; `Position` keeps the sums.
    pub light_value: Vec<i32>,
    /// One side's light material in the start position (`eval`'s conversion), found on
    /// first use.
    pub light_start: std::sync::OnceLock<i32>,
    /// Which pieces may promote by a quiet move where they stand (quiescence search's
    /// quiet promotions, `movegen::promotions`), found on first use.
    pub quiet_promoters: std::sync::OnceLock<Vec<bool>>,
    /// Per piece type, what the evaluation's traps judge it as (raider, Lion: bits of
    /// `eval::trap_kind`; 0 for the rest).
    pub trap_kind: Vec<u8>,
}

impl Variant {
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

    /// What promoting piece `t` gains in value (0 for a piece that does not promote).
    pub fn promotion_gain(&self, t: PieceType) -> i32 {
        let d = self.piece(t);
        d.promotes_to.map_or(0, |p| self.piece(p).value - d.value)
    }

    /// Variant by name or alias (`chu`, `chushogi`, ...), from the registry.
    pub fn by_name(name: &str) -> Option<&'static Variant> {
        registry::by_name(name)
    }

    /// This variant with `rules`' values of its rule options compiled in (`Position`
    /// asks for it whenever it is given rules).
    pub fn for_rules(&'static self, rules: &Rules) -> &'static Variant {
        registry::for_rules(self, rules)
    }

    /// Names of every registered variant, in registry order.
    pub fn names() -> &'static [&'static str] {
        registry::names()
    }

    /// Number of distinct cell codes (empty, wall and every piece of both colours).
    pub fn cell_codes(&self) -> usize {
        2 + 2 * self.pieces.len()
    }

    /// A piece of type `mover` may capture a piece of type `victim` by moving onto it.
    #[inline]
    pub fn may_take(&self, mover: PieceType, victim: PieceType) -> bool {
        !self.extras || self.may_take[mover as usize * self.pieces.len() + victim as usize]
    }

    /// Shorthands for the registered variants (tests and examples use them).
    pub fn chu() -> &'static Variant {
        registry::get("chu")
    }

    pub fn yanxin() -> &'static Variant {
        registry::get("yanxin")
    }

    /// Ko shogi (廣将棋).
    pub fn ko() -> &'static Variant {
        registry::get("ko")
    }

    pub fn tai() -> &'static Variant {
        registry::get("tai")
    }
}
