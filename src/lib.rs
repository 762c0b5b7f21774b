//! largeshogi: an engine for the large shogi variants (Chu, Yanxin, Ko, Tai).
//!
//! Layers, bottom up: `types` and `movement` (plain data), `variant` (piece tables and
//! rules), `position` (board and make/unmake), `movegen` (legal moves), `notation` (SFEN,
//! USI, XBoard text), `game` (history and results), `perft`.

pub mod analysis;
pub mod bench;
pub mod eval;
pub mod game;
pub mod movegen;
pub mod movement;
pub mod notation;
pub mod perft;
pub mod position;
pub mod protocol;
pub mod search;
pub mod tournament;
pub mod types;
pub mod variant;
