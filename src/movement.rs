//! Movement atoms: how a piece moves, as data. Directions are written relative to the
//! mover as `(dx, forward)`: `forward = 1` points at the opponent's side, `dx = 1` to the
//! mover's right. The variant turns them into board offsets for each colour.

/// A direction or leap relative to the mover: (sideways to the right, forward).
pub type Dir = (i8, i8);

pub const F: Dir = (0, 1);
pub const B: Dir = (0, -1);
pub const L: Dir = (-1, 0);
pub const R: Dir = (1, 0);
pub const FL: Dir = (-1, 1);
pub const FR: Dir = (1, 1);
pub const BL: Dir = (-1, -1);
pub const BR: Dir = (1, -1);

/// The eight King directions in the fixed order used wherever an order matters
/// (e.g. the middle square written for a Lion pass).
pub const KING_DIRS: [Dir; 8] = [F, FR, R, BR, B, BL, L, FL];
pub const ORTHO: [Dir; 4] = [F, R, B, L];
pub const DIAG: [Dir; 4] = [FR, BR, BL, FL];
pub const FORWARD_DIAG: [Dir; 2] = [FL, FR];
pub const BACKWARD_DIAG: [Dir; 2] = [BL, BR];
pub const SIDEWAYS: [Dir; 2] = [L, R];
pub const VERTICAL: [Dir; 2] = [F, B];

/// Unlimited range for a slide.
pub const UNLIMITED: u8 = u8::MAX;

/// One movement atom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Atom {
    /// Move up to `range` squares along `dir` over empty squares; may capture on the first
    /// occupied square. `range = 1` is a step, `UNLIMITED` a slide.
    Ride { dir: Dir, range: u8 },
    /// Leap exactly to `dir` (a multiple or any vector), ignoring the squares in between.
    Jump { dir: Dir },
    /// Full Lion power (獅子): every square within distance 2, and the two-step moves
    /// (igui, capture and continue, pass). See `movegen::lion`.
    Lion,
    /// Lion power restricted to one line (Horned Falcon forward, Soaring Eagle forward
    /// diagonals): step, jump to two squares, igui, capture and continue on the line, pass.
    LionLine { dir: Dir },
    /// Lion-Dog power (狛犬) along one line: up to three squares, leaping any prefix and
    /// capturing every enemy on the walked rest, out-and-back, igui and pass. See
    /// `movegen::lion_dog`.
    LionDog { dir: Dir },
    /// Hook move (鉤行): slide along `dir`, then optionally turn 90 degrees (either way) on
    /// an empty square and slide again; one capture at most, which ends the move. See
    /// `movegen::hook`.
    Hook { dir: Dir },
    /// The Tai Emperor (自在天王): to any empty square, or onto any unprotected enemy piece.
    /// See `movegen::emperor`.
    Emperor,
    /// Leap to each of the first `range` squares along `dir`, whatever stands in between
    /// (Yanxin 妍欣 `range = 3`, Moon Fairy 月光仙子 `UNLIMITED`). Stops at the board edge.
    LeapRide { dir: Dir, range: u8 },
    /// Lion power whose steps use only `dirs` (Free Eagle 奔鷲: the four diagonals): a step
    /// or a leap to any square two such steps reach (bending allowed), igui, capture and
    /// continue with a second step in `dirs`, and one pass. See `movegen::lion`.
    BentLion { dirs: &'static [Dir] },
}

/// Steps (range 1) in each direction.
pub fn steps(dirs: &[Dir]) -> Vec<Atom> {
    dirs.iter()
        .map(|&dir| Atom::Ride { dir, range: 1 })
        .collect()
}

/// Unlimited slides in each direction.
pub fn slides(dirs: &[Dir]) -> Vec<Atom> {
    dirs.iter()
        .map(|&dir| Atom::Ride {
            dir,
            range: UNLIMITED,
        })
        .collect()
}

/// Exact leaps of `n` squares along each direction.
pub fn jumps(dirs: &[Dir], n: i8) -> Vec<Atom> {
    dirs.iter()
        .map(|&(dx, df)| Atom::Jump {
            dir: (dx * n, df * n),
        })
        .collect()
}

/// Leaps to the first `range` squares along each direction, ignoring pieces in between.
pub fn leap_rides(dirs: &[Dir], range: u8) -> Vec<Atom> {
    dirs.iter()
        .map(|&dir| Atom::LeapRide { dir, range })
        .collect()
}

/// Lion power on one line for each direction.
pub fn lion_lines(dirs: &[Dir]) -> Vec<Atom> {
    dirs.iter().map(|&dir| Atom::LionLine { dir }).collect()
}

/// Up to `n` squares in each direction.
pub fn rides(dirs: &[Dir], n: u8) -> Vec<Atom> {
    dirs.iter()
        .map(|&dir| Atom::Ride { dir, range: n })
        .collect()
}

/// Lion-Dog power along each direction.
pub fn lion_dogs(dirs: &[Dir]) -> Vec<Atom> {
    dirs.iter().map(|&dir| Atom::LionDog { dir }).collect()
}

/// Hook moves starting along each direction.
pub fn hooks(dirs: &[Dir]) -> Vec<Atom> {
    dirs.iter().map(|&dir| Atom::Hook { dir }).collect()
}

/// A generator beyond the atoms, for pieces whose moves are not a set of independent
/// single legs (Ko shogi). Board vectors here are (dx, dy) sets that are symmetric, so
/// they need no orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    None,
    /// Two elementary moves from `vecs` (ko.md 4.2-4.3): the first to an empty or enemy
    /// square, optionally a second from there to an empty or enemy square or back to the
    /// start (igui, pass). With `same_line` (Cavalry) the second keeps the first's long
    /// component (or returns). The piece's atoms add its one-leg moves.
    Double {
        vecs: &'static [(i8, i8)],
        same_line: bool,
    },
    /// The atoms' moves, then optionally `shots` shots from the landing square along the 8
    /// lines at distance 1..=`range` (ko.md 4.6): over empty squares only, or with `cannon`
    /// over any pieces except a screen (`shot_guard & SCREEN`). Targets whose `shot_guard`
    /// meets `immune` cannot be shot. The rule options that shape it are chosen when the
    /// variant is built: `stationary` (may shoot without moving, Ko K8), `shots_promote`
    /// (shot victims count for capture promotions, K27), `fog_silences` (an enemy fog's
    /// aura stops it shooting, K28).
    Shooter {
        range: u8,
        shots: u8,
        cannon: bool,
        immune: u8,
        stationary: bool,
        shots_promote: bool,
        fog_silences: bool,
    },
    /// Orthogonal walks of `steps` steps shaped by `shape`, capturing every enemy entered
    /// (Ko Thunderclap K5 and Banner-waver K6). See `movegen::walk`.
    Walk {
        steps: u8,
        shape: WalkShape,
    },
    /// Up to `jumps` jumps to a square at distance 2 on a prime line, each followed by an
    /// optional shot at an adjacent enemy (Ko priest family, ko.md 4.5); `stationary`
    /// (K8), `shots_promote` (K27) as for `Shooter`, `end_shots`: shots only after the last
    /// jump (K24). See `movegen::priest`.
    Priest {
        jumps: u8,
        stationary: bool,
        shots_promote: bool,
        end_shots: bool,
    },
    /// The atoms' moves, except that a step in `dir` needs a friendly piece with one of
    /// `tags` on the board (Ko Pawn and Drum, ko.md 4.10).
    NeedsTag {
        dir: Dir,
        tags: u8,
    },
}

/// The walks of `Special::Walk`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkShape {
    /// Exactly `steps` steps, turning freely (Thunderclap, default).
    Exact,
    /// 1..=`steps` steps, turning freely (`ko_thunderclap=upto5`, `ko_bannerwaver=area`).
    UpTo,
    /// 2 steps straight, 2 perpendicular, 1 continuing either way (`ko_thunderclap=gukai`).
    Gukai,
    /// 1..=`steps` squares along one line (Banner-waver, default).
    Line,
}

/// Knight leaps as board vectors.
pub const KNIGHT_VECS: [(i8, i8); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];
/// King steps as board vectors.
pub const KING_VECS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Concatenates atom lists (a piece that combines several movements).
pub fn cat(parts: &[Vec<Atom>]) -> Vec<Atom> {
    parts.concat()
}

// Movements shared by the Chu-family tables (Chu and Yanxin).

/// King, Crown Prince: one step in every direction.
pub fn king() -> Vec<Atom> {
    steps(&KING_DIRS)
}
/// Drunk Elephant: a step in every direction but straight back.
pub fn drunk_elephant() -> Vec<Atom> {
    steps(&[F, FL, FR, L, R, BL, BR])
}
/// Gold General: a step in every direction but the backward diagonals.
pub fn gold() -> Vec<Atom> {
    steps(&[F, FL, FR, L, R, B])
}
pub fn rook() -> Vec<Atom> {
    slides(&ORTHO)
}
pub fn bishop() -> Vec<Atom> {
    slides(&DIAG)
}
/// Side Mover: slides sideways, steps forward and back.
pub fn side_mover() -> Vec<Atom> {
    cat(&[steps(&VERTICAL), slides(&SIDEWAYS)])
}
/// Vertical Mover: slides forward and back, steps sideways.
pub fn vertical_mover() -> Vec<Atom> {
    cat(&[slides(&VERTICAL), steps(&SIDEWAYS)])
}
/// Dragon Horse: Bishop plus orthogonal steps.
pub fn dragon_horse() -> Vec<Atom> {
    cat(&[slides(&DIAG), steps(&ORTHO)])
}
/// Dragon King: Rook plus diagonal steps.
pub fn dragon_king() -> Vec<Atom> {
    cat(&[slides(&ORTHO), steps(&DIAG)])
}
/// Free King: slides in every direction.
pub fn free_king() -> Vec<Atom> {
    slides(&KING_DIRS)
}
