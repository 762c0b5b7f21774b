//! A slot that threads read and write without locks (the transposition table, the
//! evaluation cache): two atomic words, the data and the key xor-ed with it. An entry torn
//! by two writes at once (key from one store, data from another) names no key it was
//! stored under, so it reads as a miss, never as a wrong answer.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

pub struct KeyedSlot {
    check: AtomicU64,
    data: AtomicU64,
}

impl KeyedSlot {
    /// A slot holding `data` under `key`.
    pub fn new(key: u64, data: u64) -> KeyedSlot {
        KeyedSlot {
            check: AtomicU64::new(key ^ data),
            data: AtomicU64::new(data),
        }
    }

    /// The key the slot's data was stored under, and the data.
    #[inline]
    pub fn load(&self) -> (u64, u64) {
        let data = self.data.load(Relaxed);
        (self.check.load(Relaxed) ^ data, data)
    }

    #[inline]
    pub fn store(&self, key: u64, data: u64) {
        self.data.store(data, Relaxed);
        self.check.store(key ^ data, Relaxed);
    }
}
