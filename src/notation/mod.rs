//! Text forms: SFEN positions, USI square and move names, XBoard square and move names.
//! Parsing is syntax first (`MoveText`), legality second (`Position::parse_move`).

pub mod qboard;
pub mod sfen;
pub mod usi;
pub mod xboard;

pub use sfen::SfenError;
pub use usi::{MoveError, MoveText};
