//! Simplified ABDADA: the table of positions some thread is searching right now. A thread
//! that meets a non-first move whose position another thread is busy with puts it off
//! until its other moves are done, by which time the answer is usually in the shared
//! transposition table.

use crate::types::Move;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Slots indexed by the low bits of the Zobrist key; a slot holds the key being searched.
/// Collisions only make a thread defer or not defer a move: never a wrong result.
pub struct BusyTable {
    slots: Box<[AtomicU64]>,
}

const SLOTS: usize = 1 << 15;

impl BusyTable {
    pub fn new() -> BusyTable {
        BusyTable {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[key as usize & (SLOTS - 1)]
    }

    /// Marks the position as being searched by this thread, unless another thread is
    /// searching it and this is a move's first try: then false, and the move is put off.
    pub fn claim(&self, key: u64, retry: bool) -> bool {
        let slot = self.slot(key);
        if !retry && slot.load(Relaxed) == key {
            return false;
        }
        slot.store(key, Relaxed);
        true
    }

    /// Clears the mark (unless another position has taken the slot since).
    pub fn leave(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Relaxed, Relaxed);
    }
}

/// The next move of a node: the next fresh one while any are left, then the put-off ones
/// in order (`retried` counts those taken). The flag is true for a put-off move.
pub fn next_move(
    fresh: Option<Move>,
    deferred: &[Move],
    retried: &mut usize,
) -> Option<(Move, bool)> {
    if let Some(m) = fresh {
        return Some((m, false));
    }
    let m = *deferred.get(*retried)?;
    *retried += 1;
    Some((m, true))
}
