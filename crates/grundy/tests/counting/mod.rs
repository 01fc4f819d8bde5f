//! An allocator that counts the bytes live and their peak, for the tests of
//! memory estimates: each such test is alone in its binary, and the count
//! covers every thread.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};

struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = NOW.fetch_add(layout.size(), SeqCst) + layout.size();
        PEAK.fetch_max(now, SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        NOW.fetch_sub(layout.size(), SeqCst);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // old and new both live while the block moves
        let now = NOW.fetch_add(new_size, SeqCst) + new_size;
        PEAK.fetch_max(now, SeqCst);
        NOW.fetch_sub(layout.size(), SeqCst);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// `f()` and the most bytes allocated while it ran beyond what was
/// allocated before.
pub fn peak_of<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = NOW.load(SeqCst);
    PEAK.store(before, SeqCst);
    let result = f();
    (result, PEAK.load(SeqCst) - before)
}
