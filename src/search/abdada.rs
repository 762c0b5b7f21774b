//! Simplified ABDADA: the table of positions some thread is searching right now. A thread
//! that meets a non-first move whose position another thread is busy with puts it off
//! until its other moves are done, by which time the answer is usually in the shared
//! transposition table.

use crate::types::Move;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// What `BusyTable::claim` found.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Claim {
    /// Not marked before: this search set the mark and clears it when done.
    Owned,
    /// Marked, on a move's first try: the move is put off.
    Busy,
    /// Marked, on a put-off move's retry: searched anyway, the mark not ours.
    Joined,
    /// No mark asked for (a first move, or a single thread).
    Unclaimed,
}

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

    /// Marks the position as being searched by this thread. A position already marked
    /// is `Busy` on a move's first try (the move is put off) and `Joined` on its retry.
    pub fn claim(&self, key: u64, retry: bool) -> Claim {
        let slot = self.slot(key);
        if slot.load(Relaxed) == key {
            return if retry { Claim::Joined } else { Claim::Busy };
        }
        slot.store(key, Relaxed);
        Claim::Owned
    }

    /// Clears the mark of an `Owned` claim (unless another position has taken the slot
    /// since). Only the search that set a mark clears it: a joined search ending first,
    /// or a line repeating a position further up its own path (the repetition is a
    /// leaf, marked as already there), would otherwise unmark a position another
    /// search is still in, and the next thread to meet it would search it again.
    pub fn leave(&self, key: u64, claim: Claim) {
        if claim == Claim::Owned {
            let _ = self.slot(key).compare_exchange(key, 0, Relaxed, Relaxed);
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_owner_of_a_mark_clears_it() {
        let busy = BusyTable::new();
        let key = 0x1234_5678_9abc_def1;
        assert_eq!(busy.claim(key, false), Claim::Owned);
        // Another search meeting it: put off first, then joined on the retry.
        assert_eq!(busy.claim(key, false), Claim::Busy);
        assert_eq!(busy.claim(key, true), Claim::Joined);
        // The joined search ends first: the position stays marked for its owner.
        busy.leave(key, Claim::Joined);
        assert_eq!(busy.claim(key, false), Claim::Busy);
        // The owner ends: the mark goes.
        busy.leave(key, Claim::Owned);
        assert_eq!(busy.claim(key, false), Claim::Owned);
    }
}
