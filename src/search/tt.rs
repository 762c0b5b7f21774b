//! Transposition table: lock-free, shared by all search threads. Each entry is a
//! `KeyedSlot`: a torn write fails its key check and reads as a miss.
//!
//! data = move:32 | score:16 | depth:8 | generation:6 | bound:2

use crate::lockless::KeyedSlot;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact = 1,
    Lower = 2,
    Upper = 3,
}

#[derive(Copy, Clone, Debug)]
pub struct Entry {
    pub mv: u32,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// Entries per bucket; a probe looks at both.
const BUCKET: usize = 2;

pub struct TranspositionTable {
    slots: Vec<KeyedSlot>,
    buckets: usize,
    generation: AtomicU8,
}

fn pack(mv: u32, score: i32, depth: i32, generation: u8, bound: Bound) -> u64 {
    (mv as u64) << 32
        | ((score as i16 as u16) as u64) << 16
        | ((depth.clamp(0, 255) as u64) << 8)
        | (((generation & 63) as u64) << 2)
        | bound as u64
}

fn unpack(d: u64) -> Option<(Entry, u8)> {
    let bound = match d & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some((
        Entry {
            mv: (d >> 32) as u32,
            score: (d >> 16) as u16 as i16 as i32,
            depth: ((d >> 8) & 255) as i32,
            bound,
        },
        ((d >> 2) & 63) as u8,
    ))
}

/// A `/proc/meminfo` field in MB (Linux); None elsewhere or when unreadable.
fn meminfo_mb(field: &str) -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with(field))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// The largest table the engine offers: half the machine's memory (at most 64 GB), so
/// that the advertised maximum is one the machine can give. 4 GB where memory is unknown.
pub fn max_hash_mb() -> usize {
    static MAX: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *MAX.get_or_init(|| meminfo_mb("MemTotal:").map_or(4096, |mb| (mb / 2).clamp(1, 64 * 1024)))
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one bucket); aborts if memory runs out
    /// (`try_new` is the fallible form for sizes a user chose).
    pub fn new(mb: usize) -> TranspositionTable {
        TranspositionTable::try_new(mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of about `mb` megabytes, or a one-line reason why not: above
    /// `max_hash_mb`, more than the memory now available (touching it would get the
    /// process killed), or the allocation failed.
    pub fn try_new(mb: usize) -> Result<TranspositionTable, String> {
        let mb = mb.max(1);
        if mb > max_hash_mb() {
            return Err(format!(
                "hash of {mb} MB is more than this machine offers (at most {} MB)",
                max_hash_mb()
            ));
        }
        if let Some(free) = meminfo_mb("MemAvailable:") {
            if mb > free {
                return Err(format!(
                    "hash of {mb} MB does not fit in the {free} MB of memory available now"
                ));
            }
        }
        let bytes = mb * 1024 * 1024;
        let buckets = (bytes / (BUCKET * std::mem::size_of::<KeyedSlot>())).max(1);
        let mut slots: Vec<KeyedSlot> = Vec::new();
        slots
            .try_reserve_exact(buckets * BUCKET)
            .map_err(|e| format!("cannot allocate a hash of {mb} MB: {e}"))?;
        slots.extend((0..buckets * BUCKET).map(|_| KeyedSlot::new(0, 0)));
        // Writing the empty slots above touched every page once, now rather than during a
        // multi-threaded search (where faulting them in is slow); no second pass needed.
        Ok(TranspositionTable {
            slots,
            buckets,
            generation: AtomicU8::new(0),
        })
    }

    pub fn clear(&self) {
        for s in &self.slots {
            s.store(0, 0);
        }
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        let g = self.generation.load(Relaxed).wrapping_add(1) & 63;
        self.generation.store(g, Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key as u128 * self.buckets as u128) >> 64) as usize * BUCKET
    }

    /// Starts loading the bucket of `key`: at 64 MB nearly every probe misses the cache.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::prefetch::prefetch(&self.slots[self.bucket(key)]);
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        for s in &self.slots[b..b + BUCKET] {
            let (stored, data) = s.load();
            if stored == key {
                return unpack(data).map(|(e, _)| e);
            }
        }
        None
    }

    pub fn store(&self, key: u64, mv: u32, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation.load(Relaxed);
        let b = self.bucket(key);
        let bucket = &self.slots[b..b + BUCKET];
        // Same key: replace unless the old entry is deeper and not exact-over-bound.
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, s) in bucket.iter().enumerate() {
            let (stored, data) = s.load();
            let old = unpack(data);
            if stored == key {
                if let Some((e, _)) = old {
                    if e.depth > depth + 2 && bound != Bound::Exact {
                        return;
                    }
                    // Keep the old move if the new result has none.
                    let mv = if mv == 0 { e.mv } else { mv };
                    let d = pack(mv, score, depth, generation, bound);
                    s.store(key, d);
                    return;
                }
            }
            // Replacement value: empty < old generation < shallow.
            let value = match old {
                None => i32::MIN,
                Some((e, g)) => {
                    let age = (generation.wrapping_sub(g) & 63) as i32;
                    e.depth - 8 * age
                }
            };
            if value < worst {
                worst = value;
                victim = i;
            }
        }
        let d = pack(mv, score, depth, generation, bound);
        bucket[victim].store(key, d);
    }

    /// Per mille of sampled entries written in the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed);
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| unpack(s.load().1).is_some_and(|(_, g)| g == generation))
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        tt.store(0xDEAD_BEEF_1234_5678, 0x00AB_CDEF, -1234, 7, Bound::Lower);
        let e = tt.probe(0xDEAD_BEEF_1234_5678).expect("hit");
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (0x00AB_CDEF, -1234, 7, Bound::Lower)
        );
        assert!(tt.probe(0x1234).is_none());
    }
}
