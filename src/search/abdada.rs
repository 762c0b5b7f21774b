//! Simplified ABDADA: the table of positions some thread is searching right now. A thread
//! that meets a non-first move whose position another thread is busy with puts it off
//! until its other moves are done, by which time the answer is usually in the shared
//! transposition table.

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

    /// Another thread is searching this position.
    pub fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Relaxed) == key
    }

    /// Marks the position as being searched by this thread.
    pub fn enter(&self, key: u64) {
        self.slot(key).store(key, Relaxed);
    }

    /// Clears the mark (unless another position has taken the slot since).
    pub fn leave(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Relaxed, Relaxed);
    }
}
