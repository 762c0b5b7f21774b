//! The piece-row schema every variant's table is written in: one `Row` per piece state
//! (a promoted piece is its own row), with codes naming the promotion target, so a table
//! reads like the rules' table. `compile_rows` turns a table into the `PieceDef`s the
//! engine indexes by piece type.

use super::{PieceDef, PieceExtra};
use crate::movement::{Atom, Special};
use crate::types::PieceType;

/// One piece state as the rules describe it. Write the kanji in the comment above the
/// row (`// 獅子 Lion`); `variant/kanji.rs` holds them for the board diagrams. A table
/// names promotion targets by code (`Row`); the variant's compiled table (`PieceDef`) is
/// the same rows with the targets resolved to piece types.
#[derive(Clone, Debug)]
pub struct Row<P = &'static str> {
    /// English name (a promoted state carries the name of what it moves as).
    pub name: &'static str,
    /// SFEN code as written for Black, with a leading `+` for promoted states.
    pub code: &'static str,
    /// Movement powers: rides (steps, ranging), jumps, Lion, one-line Lion, Lion Dog, hook,
    /// Emperor, leaping rides, bent Lion. Multi-step and shooting powers are `extra.special`.
    pub atoms: Vec<Atom>,
    /// Value in centipawns: the rules' value x 100 (`row` takes it with a Pawn being 1),
    /// unless the variant gives the engine its own (`with_values`).
    pub value: i32,
    /// The row this one promotes to: its code in a table, its type once compiled.
    pub promotes_to: Option<P>,
    /// Losing every royal loses the game (King, Crown Prince, Emperor).
    pub royal: bool,
    /// A Lion for Chu's Lion-trading rules.
    pub lion: bool,
    /// Pawn-like: no bridge for a Lion capture, never counts for the baring side.
    pub pawnlike: bool,
    /// May (or must) promote on reaching the last rank; dead there otherwise.
    pub last_rank_piece: bool,
    /// Rules beyond movement (Ko): special generator, capture classes, tags, effects.
    pub extra: PieceExtra,
}

/// A row with no flags that promotes to nothing: add them with the builder methods.
/// `value` is the rules' value (a Pawn is 1).
pub fn row(code: &'static str, name: &'static str, atoms: Vec<Atom>, value: i32) -> Row {
    Row {
        code,
        name,
        atoms,
        value: value * 100,
        promotes_to: None,
        royal: false,
        lion: false,
        pawnlike: false,
        last_rank_piece: false,
        extra: PieceExtra::default(),
    }
}

impl Row {
    pub fn promotes(mut self, code: &'static str) -> Row {
        self.promotes_to = Some(code);
        self
    }

    pub fn royal(mut self) -> Row {
        self.royal = true;
        self
    }

    pub fn lion(mut self) -> Row {
        self.lion = true;
        self
    }

    pub fn pawnlike(mut self) -> Row {
        self.pawnlike = true;
        self
    }

    pub fn last_rank(mut self) -> Row {
        self.last_rank_piece = true;
        self
    }

    /// A multi-step or shooting power run after the plain powers.
    pub fn special(mut self, special: Special) -> Row {
        self.extra.special = special;
        self
    }

    pub fn with_atoms(mut self, atoms: Vec<Atom>) -> Row {
        self.atoms = atoms;
        self
    }

    /// The same piece without the Chu-only flags (Lion trading, pawn-like, last rank), for
    /// variants that borrow a row without those rules.
    pub fn without_flags(mut self) -> Row {
        self.lion = false;
        self.pawnlike = false;
        self.last_rank_piece = false;
        self
    }
}

/// The row with `code` in `rows`.
pub fn find<'a>(rows: &'a [Row], code: &str) -> &'a Row {
    rows.iter()
        .find(|r| r.code == code)
        .unwrap_or_else(|| panic!("piece table: no row '{code}'"))
}

/// For variants whose kinds each promote at most once to another kind (Tai, Ko): the
/// starting kinds in table order, then for each one that promotes its promoted state,
/// written `+` and its own code, moving as (and valued, named and flagged as) the kind it
/// promotes to, promoting no further. `kind` looks a kind up by code.
pub fn with_promoted_states(starting: Vec<Row>, kind: impl Fn(&str) -> Row) -> Vec<Row> {
    let promoted: Vec<Row> = starting
        .iter()
        .filter_map(|origin| {
            origin.promotes_to.map(|target| Row {
                // Built once per variant build; the tables live for the whole process.
                code: Box::leak(format!("+{}", origin.code).into_boxed_str()),
                promotes_to: None,
                ..kind(target)
            })
        })
        .collect();
    let mut states: Vec<Row> = starting;
    for s in states.iter_mut() {
        if s.promotes_to.is_some() {
            s.promotes_to = promoted
                .iter()
                .find(|p| &p.code[1..] == s.code)
                .map(|p| p.code);
        }
    }
    states.extend(promoted);
    states
}

/// The rows with the engine's own values (centipawns) for the codes listed, in place of
/// the rules' values written in the table. Panics on a code the table lacks, like a
/// promotion to an unknown row: a data error of the variant, found by any test.
pub fn with_values(mut rows: Vec<Row>, values: &[(&str, i32)]) -> Vec<Row> {
    for &(code, value) in values {
        match rows.iter_mut().find(|r| r.code == code) {
            Some(r) => r.value = value,
            None => panic!("engine value for unknown row '{code}'"),
        }
    }
    rows
}

/// The engine's piece types: row i is type i; promotion codes become types.
pub fn compile_rows(variant: &str, rows: Vec<Row>) -> Vec<PieceDef> {
    let index = |code: &str| -> PieceType {
        rows.iter()
            .position(|r| r.code == code)
            .unwrap_or_else(|| panic!("{variant}: promotion to unknown row '{code}'"))
            as PieceType
    };
    let promotions: Vec<Option<PieceType>> =
        rows.iter().map(|r| r.promotes_to.map(index)).collect();
    rows.into_iter()
        .zip(promotions)
        .map(|(r, promotes_to)| PieceDef {
            name: r.name,
            code: r.code,
            atoms: r.atoms,
            value: r.value,
            promotes_to,
            royal: r.royal,
            lion: r.lion,
            pawnlike: r.pawnlike,
            last_rank_piece: r.last_rank_piece,
            extra: r.extra,
        })
        .collect()
}
