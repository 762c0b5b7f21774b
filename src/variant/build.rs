//! `Variant::build`: from a `VariantSpec` (board, rows, rule switches) to the tables the
//! generic code reads: board geometry, per-colour move offsets (`PieceMoves`), zones, rule
//! data per piece type, attack-test switches, Zobrist keys and the placement table.

use super::schema::compile_rows;
use super::zobrist::Zobrist;
use super::{
    near_bit, placement, BoardVec, Generation, PieceDef, PieceExtra, PieceMoves, Variant,
    VariantSpec, BOARD_DIRS, MAX_HAND_KINDS, NEAR, TRACK_SPECIAL, TRACK_TRAPS,
};
use crate::movement::{Atom, Dir, KING_DIRS};
use crate::types::{Color, PieceType, MAX_CELLS, OCC_WORDS, PAD};

/// The mailbox: stride, cell count, and the column and row of each cell (-1 off board).
struct Geometry {
    stride: usize,
    cells: usize,
    col: Vec<i8>,
    row: Vec<i8>,
}

impl Geometry {
    fn new(files: usize, ranks: usize) -> Geometry {
        let stride = files + 2 * PAD;
        let cells = stride * (ranks + 2 * PAD);
        assert!(cells <= MAX_CELLS, "board too large");
        let mut col = vec![-1i8; cells];
        let mut row = vec![-1i8; cells];
        for y in 0..ranks {
            for x in 0..files {
                let s = (y + PAD) * stride + x + PAD;
                col[s] = x as i8;
                row[s] = y as i8;
            }
        }
        Geometry {
            stride,
            cells,
            col,
            row,
        }
    }

    fn offset(&self, (dx, dy): BoardVec) -> i16 {
        dy as i16 * self.stride as i16 + dx as i16
    }

    fn on_board(&self, s: usize) -> bool {
        self.row[s] >= 0
    }
}

/// A direction relative to a piece of colour `c` as a board vector: Black moves towards
/// row 0, White towards the last row; White's right is Black's left.
fn to_board(c: Color, (dx, fwd): Dir) -> BoardVec {
    match c {
        Color::Black => (dx, -fwd),
        Color::White => (-dx, fwd),
    }
}

/// The vectors a piece reaches whatever stands anywhere (`PieceMoves::near_mask`).
fn near_mask(c: Color, atoms: &[Atom]) -> u64 {
    let mut mask = 0u64;
    let mut near = |v: BoardVec| {
        if let Some(b) = near_bit(v.0, v.1) {
            mask |= b;
        }
    };
    let mut line = |v: BoardVec, n: i8| {
        for k in 1..=n {
            near((k * v.0, k * v.1));
        }
    };
    for atom in atoms {
        match *atom {
            // The first square of a ride is reached whatever stands anywhere.
            Atom::Ride { dir, .. } | Atom::Jump { dir } | Atom::Hook { dir } => {
                line(to_board(c, dir), 1)
            }
            Atom::Lion => {
                for dy in -2..=2 {
                    for dx in -2..=2 {
                        line((dx, dy), 1);
                    }
                }
            }
            Atom::LionLine { dir } => line(to_board(c, dir), 2),
            Atom::LionDog { dir } => line(to_board(c, dir), 3),
            Atom::Emperor => {}
            Atom::LeapRide { dir, range } => line(to_board(c, dir), range.min(NEAR as u8) as i8),
            Atom::BentLion { dirs } => {
                for &a in dirs {
                    let a = to_board(c, a);
                    line(a, 1);
                    for &b in dirs {
                        let b = to_board(c, b);
                        if (a.0 + b.0, a.1 + b.1) != (0, 0) {
                            line((a.0 + b.0, a.1 + b.1), 1);
                        }
                    }
                }
            }
        }
    }
    mask
}

/// Adds one non-ride atom's offsets to `m` (rides are placed by `place_rides`, once every
/// other power is known).
fn add_power(m: &mut PieceMoves, g: &Geometry, c: Color, atom: Atom) {
    match atom {
        Atom::Ride { .. } => {}
        Atom::Jump { dir } => {
            let v = to_board(c, dir);
            m.jumps.push(g.offset(v));
            m.jump_vecs.push(v);
        }
        Atom::Lion => m.lion = true,
        Atom::LionLine { dir } => {
            let v = to_board(c, dir);
            m.lion_lines.push(g.offset(v));
            m.lion_line_vecs.push(v);
        }
        Atom::LionDog { dir } => {
            let v = to_board(c, dir);
            m.lion_dogs.push(g.offset(v));
            m.lion_dog_vecs.push(v);
        }
        Atom::Hook { dir } => {
            let v = to_board(c, dir);
            let (p1, p2) = ((-v.1, v.0), (v.1, -v.0));
            m.hooks.push((g.offset(v), [g.offset(p1), g.offset(p2)]));
            m.hook_vecs.push((v, [p1, p2]));
        }
        Atom::Emperor => m.emperor = true,
        Atom::LeapRide { dir, range } => {
            let v = to_board(c, dir);
            m.leap_rides.push((g.offset(v), range));
            m.leap_ride_vecs.push((v.0, v.1, range));
        }
        Atom::BentLion { dirs } => add_bent_lion(m, g, c, dirs),
    }
}

/// A bent Lion's first steps and the distinct squares two of them reach.
fn add_bent_lion(m: &mut PieceMoves, g: &Geometry, c: Color, dirs: &[Dir]) {
    let vs: Vec<BoardVec> = dirs.iter().map(|&d| to_board(c, d)).collect();
    m.bent_lion = vs.iter().map(|&v| g.offset(v)).collect();
    m.bent_lion_vecs = vs.clone();
    for a in &vs {
        for b in &vs {
            let w = (a.0 + b.0, a.1 + b.1);
            if w != (0, 0) && !vs.contains(&w) && !m.bent_lion_vecs.contains(&w) {
                m.bent_lion_vecs.push(w);
                m.bent_lion_leaps.push(g.offset(w));
            }
        }
    }
}

/// Files each ride as plain or far: a far ride skips the distances another power of the
/// same piece already produces (so every (from, to, captures) triple is generated once).
fn place_rides(m: &mut PieceMoves, g: &Geometry, rides: &[(BoardVec, u8)]) {
    for &(v, range) in rides {
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
            m.rides.push((g.offset(v), range));
            m.ride_vecs.push((v.0, v.1, range));
        } else {
            m.far_rides.push((g.offset(v), range, skip));
            m.far_ride_vecs.push((v.0, v.1, range));
        }
    }
}

/// The board offsets of one piece type for one colour.
fn compile_moves(g: &Geometry, c: Color, p: &PieceDef) -> PieceMoves {
    let mut m = PieceMoves {
        near_mask: near_mask(c, &p.atoms),
        ..PieceMoves::default()
    };
    let mut rides = Vec::new();
    for &atom in &p.atoms {
        if let Atom::Ride { dir, range } = atom {
            rides.push((to_board(c, dir), range));
        }
        add_power(&mut m, g, c, atom);
    }
    place_rides(&mut m, g, &rides);
    m.long_rides = m.rides.iter().copied().filter(|r| r.1 >= 2).collect();
    for (i, &d) in KING_DIRS.iter().enumerate() {
        let step = g.offset(to_board(Color::Black, d));
        if m.long_rides.iter().any(|r| r.0 == step) {
            m.long_ride_dirs |= 1 << i;
        }
    }
    m.uncommon = !m.leap_rides.is_empty()
        || !m.bent_lion.is_empty()
        || !m.lion_dogs.is_empty()
        || !m.hooks.is_empty()
        || m.emperor;
    m.special = m.lion || m.uncommon || !m.lion_lines.is_empty() || !m.far_rides.is_empty();
    m
}

/// `zone[colour][cell]` and `last_rank[colour][cell]`.
fn zones(g: &Geometry, ranks: usize, depth: usize) -> ([Vec<bool>; 2], [Vec<bool>; 2]) {
    let mut zone = [vec![false; g.cells], vec![false; g.cells]];
    let mut last_rank = [vec![false; g.cells], vec![false; g.cells]];
    for s in (0..g.cells).filter(|&s| g.on_board(s)) {
        let y = g.row[s] as usize;
        zone[0][s] = y < depth;
        zone[1][s] = y >= ranks - depth;
        last_rank[0][s] = y == 0;
        last_rank[1][s] = y == ranks - 1;
    }
    (zone, last_rank)
}

/// Offsets of `KING_DIRS` per colour, and of the 16 squares at distance exactly 2.
fn neighbourhood(g: &Geometry) -> ([[i16; 8]; 2], [i16; 16]) {
    let mut king_offsets = [[0i16; 8]; 2];
    for c in Color::BOTH {
        for (i, &d) in KING_DIRS.iter().enumerate() {
            king_offsets[c.index()][i] = g.offset(to_board(c, d));
        }
    }
    let mut ring2 = [0i16; 16];
    let ring = (-2i8..=2)
        .flat_map(|dy| (-2i8..=2).map(move |dx| (dx, dy)))
        .filter(|&(dx, dy)| dx.abs().max(dy.abs()) == 2);
    for (slot, v) in ring2.iter_mut().zip(ring) {
        *slot = g.offset(v);
    }
    (king_offsets, ring2)
}

/// Per piece type: whether its code is among `codes`.
fn marked(name: &str, pieces: &[PieceDef], codes: &[&str]) -> Vec<bool> {
    let mut marks = vec![false; pieces.len()];
    for &code in codes {
        marks[type_of(name, pieces, code) as usize] = true;
    }
    marks
}

fn type_of(name: &str, pieces: &[PieceDef], code: &str) -> PieceType {
    pieces
        .iter()
        .position(|p| p.code == code)
        .unwrap_or_else(|| panic!("{name}: no piece '{code}'")) as PieceType
}

/// Per piece type, the unpromoted type a capture turns it into.
fn demotions(pieces: &[PieceDef]) -> Vec<PieceType> {
    (0..pieces.len())
        .map(|t| {
            pieces
                .iter()
                .position(|p| p.promotes_to == Some(t as PieceType))
                .unwrap_or(t) as PieceType
        })
        .collect()
}

/// The attack-test switches of `Variant` derived from the compiled moves.
struct AttackData {
    fast_attacks: bool,
    hook_types: Vec<bool>,
    special_attackers: bool,
    near_vecs: [Vec<(i16, u64)>; 2],
}

fn attack_data(g: &Geometry, moves: &[Vec<PieceMoves>; 2], freezers: bool) -> AttackData {
    // Reverse lookups know nothing of freezing, leaping rides or bent Lions.
    let fast_attacks = !freezers
        && moves.iter().flatten().all(|m: &PieceMoves| {
            m.ride_vecs
                .iter()
                .chain(&m.far_ride_vecs)
                .all(|&(x, y, _)| BOARD_DIRS.contains(&(x, y)))
                && m.leap_rides.is_empty()
                && m.bent_lion.is_empty()
        });
    let hook_types: Vec<bool> = moves[0].iter().map(|m| !m.hooks.is_empty()).collect();
    let special_attackers = hook_types.iter().any(|&h| h) || moves[0].iter().any(|m| m.emperor);
    let near_vecs = [0, 1].map(|c: usize| {
        let union = moves[c].iter().fold(0u64, |a, m| a | m.near_mask);
        let mut list = Vec::new();
        for dy in -NEAR..=NEAR {
            for dx in -NEAR..=NEAR {
                if let Some(b) = near_bit(dx, dy).filter(|b| union & b != 0) {
                    list.push(((dx.abs().max(dy.abs())), g.offset((dx, dy)), b));
                }
            }
        }
        // Nearest first: a defender usually stands next to what it defends, and the
        // lookup stops at the first one (the Emperor's capture test asks for every
        // enemy piece).
        list.sort_by_key(|&(d, _, _)| d);
        list.into_iter().map(|(_, off, b)| (off, b)).collect()
    });
    AttackData {
        fast_attacks,
        hook_types,
        special_attackers,
        near_vecs,
    }
}

/// On-board cells as bits of the mailbox index.
fn board_bits(g: &Geometry) -> [u64; OCC_WORDS] {
    let mut bits = [0u64; OCC_WORDS];
    for s in (0..g.cells).filter(|&s| g.on_board(s)) {
        bits[s / 64] |= 1 << (s % 64);
    }
    bits
}

/// Some code is a prefix of another, so SFEN must separate adjacent pieces.
fn needs_sfen_separator(pieces: &[PieceDef]) -> bool {
    let codes: Vec<&str> = pieces
        .iter()
        .map(|p| p.code.trim_start_matches('+'))
        .collect();
    codes
        .iter()
        .any(|a| codes.iter().any(|b| a != b && b.starts_with(a)))
}

/// `may_take[mover * n + victim]` from the displacement classes.
fn displacement_table(pieces: &[PieceDef]) -> Vec<bool> {
    let n = pieces.len();
    let mut may_take = vec![true; n * n];
    for (a, pa) in pieces.iter().enumerate() {
        for (b, pb) in pieces.iter().enumerate() {
            may_take[a * n + b] = pa.extra.takes & pb.extra.guard != 0;
        }
    }
    may_take
}

/// The rule data of drops, freezing and automatic captures, per piece type.
struct HandData {
    freezes: Vec<bool>,
    auto_captures: Vec<bool>,
    demoted: Vec<PieceType>,
    hand_kinds: usize,
    drop_pawn: Option<PieceType>,
}

fn hand_data(spec: &VariantSpec, pieces: &[PieceDef]) -> HandData {
    let name = spec.name;
    let demoted = demotions(pieces);
    let hand_kinds = if spec.drops {
        demoted.iter().map(|&t| t as usize + 1).max().unwrap_or(0)
    } else {
        0
    };
    assert!(
        hand_kinds <= MAX_HAND_KINDS,
        "{name}: unpromoted pieces must come first in the table"
    );
    HandData {
        freezes: marked(name, pieces, &spec.freezers),
        auto_captures: marked(name, pieces, &spec.auto_capturers),
        demoted,
        hand_kinds,
        drop_pawn: spec.drop_pawn.map(|code| type_of(name, pieces, code)),
    }
}

/// The move-generation stage the data selects.
fn generation(freezing_or_drops: bool, extras: bool) -> Generation {
    if freezing_or_drops {
        Generation::FreezingAndDrops
    } else if extras {
        Generation::SpecialPowers
    } else {
        Generation::Plain
    }
}

/// A move of this piece can remove enemy pieces beyond its own squares (Ko burning, the
/// Clerk's promotion).
fn removes_beyond_its_move(p: &PieceDef) -> bool {
    p.extra.burns || p.extra.on_promote_kills_burners
}

impl Variant {
    /// Builds the derived tables from the rules' data.
    pub fn build(mut spec: VariantSpec) -> Variant {
        let g = Geometry::new(spec.files, spec.ranks);
        let pieces = compile_rows(spec.name, std::mem::take(&mut spec.rows));
        assert!(pieces.len() <= PieceType::MAX as usize);
        let moves: [Vec<PieceMoves>; 2] = Color::BOTH.map(|c| {
            pieces
                .iter()
                .map(|p| compile_moves(&g, c, p))
                .collect::<Vec<_>>()
        });
        let hand = hand_data(&spec, &pieces);
        let has_freezers = hand.freezes.iter().any(|&f| f);
        let has_auto_capture = hand.auto_captures.iter().any(|&f| f);
        let attacks = attack_data(&g, &moves, has_freezers);
        let trap_kind: Vec<u8> = pieces
            .iter()
            .zip(&moves[0])
            .map(|(d, m)| crate::eval::trap_kind(d, m))
            .collect();
        let tracked = pieces
            .iter()
            .zip(&moves[0])
            .zip(&attacks.hook_types)
            .zip(&trap_kind)
            .map(|(((p, m), &hook), &trap)| {
                let special = p.royal || m.emperor || hook;
                (special as u8 * TRACK_SPECIAL) | ((trap != 0) as u8 * TRACK_TRAPS)
            })
            .collect();
        let extras = pieces.iter().any(|p| p.extra != PieceExtra::default());
        let (zone, last_rank) = zones(&g, spec.ranks, spec.zone_depth);
        let (king_offsets, ring2_offsets) = neighbourhood(&g);
        let mut v = Variant {
            name: spec.name,
            files: spec.files,
            ranks: spec.ranks,
            stride: g.stride,
            cells: g.cells,
            moves,
            start_sfen: spec.start_sfen,
            bench_sfens: spec.bench_sfens,
            zone_depth: spec.zone_depth,
            lion_trading: spec.lion_trading,
            default_rules: spec.default_rules,
            kanji: spec.kanji,
            promotion: spec.promotion,
            xboard_native: spec.xboard_native,
            kif: spec.kif,
            short_quiescence: spec.short_quiescence,
            perpetual: spec.perpetual,
            royal_pair: spec.royal_pair,
            single_pass: spec.single_pass,
            qboard_one_line: spec.qboard_one_line,
            qboard_start: spec.qboard_start,
            qboard_aliases: spec.qboard_aliases,
            demote_without: spec.demote_without,
            demote_near: spec.demote_near,
            stages: spec.stages,
            generation: generation(has_freezers || spec.drops, extras),
            rule_options: spec.rule_options,
            immobilisers: pieces.iter().any(|p| p.extra.immobilises),
            extras,
            may_take: displacement_table(&pieces),
            sfen_separator: needs_sfen_separator(&pieces),
            fast_attacks: attacks.fast_attacks,
            exact_attacks: !extras && !has_auto_capture,
            capture_effects: has_auto_capture || pieces.iter().any(removes_beyond_its_move),
            // Looking outwards from the target beats asking every piece once the walks
            // are exact (Chu: about 8x fewer instructions per test).
            reverse_attacks: attacks.fast_attacks,
            special_attackers: attacks.special_attackers,
            tracked,
            hook_types: attacks.hook_types,
            board_bits: board_bits(&g),
            near_vecs: attacks.near_vecs,
            zobrist: Zobrist::new(2 + 2 * pieces.len(), g.cells, hand.hand_kinds),
            col: g.col,
            row: g.row,
            zone,
            last_rank,
            king_offsets,
            ring2_offsets,
            drops: spec.drops,
            has_freezers,
            has_auto_capture,
            freezes: hand.freezes,
            auto_captures: hand.auto_captures,
            demoted: hand.demoted,
            hand_kinds: hand.hand_kinds,
            drop_pawn: hand.drop_pawn,
            pieces,
            placement: Vec::new(),
            light_value: Vec::new(),
            light_start: std::sync::OnceLock::new(),
            quiet_promoters: std::sync::OnceLock::new(),
            trap_kind,
        };
        v.placement = placement::placement_table(&v);
        v.light_value = v
            .pieces
            .iter()
            .map(|d| {
                let light = !d.royal && d.value < crate::eval::LIGHT_BELOW;
                if light {
                    d.value
                } else {
                    0
                }
            })
            .collect();
        v
    }
}
