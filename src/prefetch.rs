//! A cache prefetch hint for the hash tables the search probes right after making a move
//! (the transposition table, the evaluation cache): started as soon as the child's key is
//! known, the load overlaps the child's first tests instead of stalling its probe.

/// Starts loading the cache line holding `r`. Only a hint: nothing is read.
#[inline]
pub fn prefetch<T>(r: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch reads nothing and cannot fault, and SSE is part of every
        // x86_64 target.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((r as *const T).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = r;
}
