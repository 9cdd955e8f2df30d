// The atomic half of Syringe's runtime: C11 atomic operations on machine words, and the steps of the reclamation
// protocol (Runtime/Reclamation.swift) that are more than one operation. Every ordering is stated beside its
// operation with the operation it pairs with; Runtime/README.md ("Memory ordering") has the table and the argument.
//
// Two compilers read this header:
// - the library's (clang, from Swift and from CSyringeRuntime.c): C11 <stdatomic.h>, the code that ships;
// - the model checker's (Scripts/memory-model.sh, Tests/MemoryModel/MemoryModelHarness.cpp, C++ with Relacy), with
//   SYRINGE_MODEL_CHECK defined. The harness then defines, before including this header, the C11 names used below:
//   `_Atomic(T)` as Relacy's `rl::atomic<T>`, `atomic_load_explicit` and the other `atomic_*_explicit` operations as
//   calls of its member functions, the `memory_order_*` names (Relacy's own macros), `_Nonnull`, and
//   SYRINGE_SPIN_YIELD(); and `SYRINGE_ORDER(step, order)` (below), to weaken one step's ordering in a run and show
//   that the check then fails (`Scripts/memory-model.sh --weakened`). Nothing else changes: the functions below,
//   and the orderings they ship with, are compiled unchanged into both. The library refuses to build with
//   `SYRINGE_ORDER` defined.
//
// Swift cannot name C11 `_Atomic` types, so the operations take a plain `uintptr_t *`: the address of a word the
// caller keeps at a stable address (Runtime/AtomicWord.swift says where), accessed only through these functions once
// it is shared. The functions are `static inline`, so Swift's calls compile to single instructions.
#ifndef C_SYRINGE_ATOMICS_H
#define C_SYRINGE_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef SYRINGE_MODEL_CHECK
#if !defined(SYRINGE_SPIN_YIELD) || !defined(SYRINGE_ORDER)
#error "the model checker's harness defines SYRINGE_SPIN_YIELD(), SYRINGE_ORDER() and the C11 atomic names (see above)"
#endif
#else
#include <stdatomic.h>
#ifdef SYRINGE_ORDER
#error "the protocol's orderings are fixed; only the model checker may weaken one"
#endif
/// The ordering of the protocol step `step`: exactly `memory_order_<order>`.
#define SYRINGE_ORDER(step, order) memory_order_##order
/// Gives the processor to another thread (CSyringeRuntime.c).
void syringe_thread_yield(void);
#define SYRINGE_SPIN_YIELD() syringe_thread_yield()
#endif

// MARK: The reclamation protocol's orderings
//
// Each named by its step, so that the model checker can weaken one (and must then fail); in the library they are
// exactly the orderings written here.

/// Reader: the load of the epoch it announces. Pairs with the writers' epoch advances (seq_cst RMWs), whose value it
/// reads. Acquire would suffice (it then synchronizes with the advance it reads, which follows the writer's
/// unpublishing store); relaxed would not (in the C11 model the announcement could then be ordered before the epoch
/// it reads: a load reading "from the future", which Relacy does not explore). Seq_cst costs the same on x86 and one
/// LDAR instead of LDAPR on ARM64.
#define SYRINGE_ORDER_READER_EPOCH SYRINGE_ORDER(READER_EPOCH, seq_cst)
/// Reader: the store of its announcement. Needed: seq_cst. With the reader's later load of the published word
/// (seq_cst) and the writer's unpublishing store and scan load (seq_cst), it forms the store-buffering pattern: only
/// seq_cst on all four guarantees that the writer sees the announcement or the reader sees the unpublished word.
#define SYRINGE_ORDER_ANNOUNCE SYRINGE_ORDER(ANNOUNCE, seq_cst)
/// Writer: the loads of reader slots when it scans them (the oldest reading epoch, the quick-read wait). Needed:
/// seq_cst, the other half of the store-buffering pattern above; it also acquires a reader's leaving store (release).
#define SYRINGE_ORDER_SCAN SYRINGE_ORDER(SCAN, seq_cst)
/// Writer: the load of the epoch that tags a retired object, after unpublishing it. Needed: seq_cst, so that it
/// follows the unpublishing store in the single total order, and a reader that announced a later epoch (read from
/// any writer's advance after it) loads the published word after the unpublishing.
#define SYRINGE_ORDER_RETIRE_TAG SYRINGE_ORDER(RETIRE_TAG, seq_cst)
/// Writer: the epoch's advance (an atomic add) after the tag load. Needed in the C11 model: seq_cst. A reader's epoch
/// load may read another writer's advance, made after this writer's tag load read an older epoch; only a seq_cst
/// advance puts that advance, and so the reader's announcement, after the tag load in the total order (C++20's
/// revised rules order them through coherence for any atomic add, but the model checked is C11's). The same
/// `lock xadd` on x86, `LDADDAL` on ARM64.
#define SYRINGE_ORDER_ADVANCE SYRINGE_ORDER(ADVANCE, seq_cst)
/// Reader: the store that leaves a reading section or ends a quick read. Needed: release, so that every read of what
/// the section loaded happens before a writer's scan that sees the new word (acquire, by its seq_cst load) frees it.
#define SYRINGE_ORDER_LEAVE SYRINGE_ORDER(LEAVE, release)

// MARK: Atomic words

/// The word at `word` viewed as the atomic it is used as. `uintptr_t` and `_Atomic(uintptr_t)` have the same size,
/// alignment and representation with every compiler Swift uses (clang), so the view is exact.
#define SYRINGE_ATOMIC(word) ((_Atomic(uintptr_t) *)(word))

/// The current value, sequentially consistent. Pairs with the stores and exchanges that publish what the word points
/// to (acquire is what reading the object needs); seq_cst where the word is a reader's load of a published word
/// (`SYRINGE_ORDER_ANNOUNCE` says why).
static inline uintptr_t syringe_atomic_load(uintptr_t *_Nonnull word) {
    return atomic_load_explicit(SYRINGE_ATOMIC(word), memory_order_seq_cst);
}

/// The current value, with acquire ordering: for reading an object published with a store or an exchange (release
/// or stronger), never for a load the reclamation protocol orders after an announcement.
static inline uintptr_t syringe_atomic_load_acquiring(uintptr_t *_Nonnull word) {
    return atomic_load_explicit(SYRINGE_ATOMIC(word), memory_order_acquire);
}

/// Replaces the value, sequentially consistent. Release is what publishing an object needs (pairs with the
/// readers' loads); seq_cst where it unpublishes an object the reclamation protocol protects (the writer's half of
/// `SYRINGE_ORDER_ANNOUNCE`).
static inline void syringe_atomic_store(uintptr_t *_Nonnull word, uintptr_t value) {
    atomic_store_explicit(SYRINGE_ATOMIC(word), value, memory_order_seq_cst);
}

/// Replaces the value with release ordering: the store that ends a quick read (`SYRINGE_ORDER_LEAVE`), pairing with
/// the writer's seq_cst loads of the reader's slot.
static inline void syringe_atomic_store_releasing(uintptr_t *_Nonnull word, uintptr_t value) {
    atomic_store_explicit(SYRINGE_ATOMIC(word), value, SYRINGE_ORDER_LEAVE);
}

/// Replaces the value with release ordering, out of line on purpose: for the store that ends a reader's
/// protection (Runtime/ResolvingThread.swift). To the Swift optimizer a call into C is opaque and may release any
/// object, so it moves no retain of an object the reader loaded to after this store; an inline store (a plain move
/// on x86) is no such barrier, and a retain sunk past it would run after a writer may have freed the object.
/// Its body is `syringe_atomic_store_releasing` (CSyringeRuntime.c), which the model checker runs in its place.
void syringe_atomic_store_releasing_after_retains(uintptr_t *_Nonnull word, uintptr_t value);

/// Stores `desired` if the word holds `*expected`, sequentially consistent; otherwise writes the value it holds to
/// `*expected`. Returns whether it stored. Publishes an object once (release on success pairs with the readers'
/// acquire loads; acquire on failure reads the winner's object); seq_cst is stronger than that needs, and the
/// same `lock cmpxchg` on x86.
static inline bool syringe_atomic_compare_exchange(
    uintptr_t *_Nonnull word, uintptr_t *_Nonnull expected, uintptr_t desired) {
    return atomic_compare_exchange_strong_explicit(
        SYRINGE_ATOMIC(word), expected, desired, memory_order_seq_cst, memory_order_seq_cst);
}

/// Adds `delta` (wrapping), sequentially consistent; returns the new value. Counters (stronger than they need).
static inline uintptr_t syringe_atomic_add(uintptr_t *_Nonnull word, uintptr_t delta) {
    return atomic_fetch_add_explicit(SYRINGE_ATOMIC(word), delta, memory_order_seq_cst) + delta;
}

/// Subtracts `delta` (wrapping), sequentially consistent; returns the new value. Counters (stronger than they need).
static inline uintptr_t syringe_atomic_subtract(uintptr_t *_Nonnull word, uintptr_t delta) {
    return atomic_fetch_sub_explicit(SYRINGE_ATOMIC(word), delta, memory_order_seq_cst) - delta;
}

// MARK: The reclamation protocol
//
// The steps of Runtime/Reclamation.swift that are more than one operation, or whose ordering the argument names.
// A reader (ResolvingThread): `syringe_reclamation_announce`, then loads of published words (`syringe_atomic_load`),
// then the leaving store (`syringe_atomic_store_releasing_after_retains`, or `syringe_atomic_store_releasing` to end
// a quick read). It never frees anything.
// A writer, under its container's registry lock (RegistryStore.withLock): unpublishes the table (`syringe_atomic_store`
// of 0), tags what it retires (`syringe_reclamation_tag_retirement`: reads the epoch, then advances it) and keeps it
// in the container's retired list; then, with the lock taken again, reads the epoch (`syringe_reclamation_epoch`),
// scans the slots (`syringe_reclamation_announced_epoch`) and takes out what has a tag below every announced epoch,
// which it releases after leaving the lock. For an object only quick reads load (a kept instance's box,
// Reclamation.waitForQuickReads): unpublishes it, advances the epoch (`syringe_reclamation_advance`), notes the slots
// in a quick read (`syringe_reclamation_quick_read`), waits until each changes
// (`syringe_reclamation_wait_for_quick_read`), then releases it.

/// Reader: announces in `slot` the current epoch (`*epoch` plus one), shifted left by one, with the low bit set for a
/// quick read; returns the announcement. The epoch load is `SYRINGE_ORDER_READER_EPOCH`, the store
/// `SYRINGE_ORDER_ANNOUNCE` (seq_cst; pairs with the writer's unpublishing store and its scan of the slots).
static inline uintptr_t syringe_reclamation_announce(
    uintptr_t *_Nonnull slot, uintptr_t *_Nonnull epoch, bool quick) {
    uintptr_t current = atomic_load_explicit(SYRINGE_ATOMIC(epoch), SYRINGE_ORDER_READER_EPOCH) + 1;
    uintptr_t announcement = current << 1 | (quick ? 1 : 0);
    atomic_store_explicit(SYRINGE_ATOMIC(slot), announcement, SYRINGE_ORDER_ANNOUNCE);
    return announcement;
}

/// Writer: the tag of what it has just unpublished, returned, and the epoch advanced past it. The tag is the current
/// epoch (`*epoch` plus one), read after the unpublishing store (`SYRINGE_ORDER_RETIRE_TAG`, seq_cst: after that store
/// in the total order); the advance (`SYRINGE_ORDER_ADVANCE`) makes every reader that announces from then on announce
/// a later epoch than the tag, and load what was published after the unpublishing.
static inline uintptr_t syringe_reclamation_tag_retirement(uintptr_t *_Nonnull epoch) {
    uintptr_t tag = atomic_load_explicit(SYRINGE_ATOMIC(epoch), SYRINGE_ORDER_RETIRE_TAG) + 1;
    (void)atomic_fetch_add_explicit(SYRINGE_ATOMIC(epoch), 1, SYRINGE_ORDER_ADVANCE);
    return tag;
}

/// Writer: the current epoch (`*epoch` plus one), read before it scans the slots, as the bound when no reader reads;
/// also the debug check of the tags. Seq_cst (relaxed would do: every tag in a retired list was read before an
/// advance that happens before this load, through the registry's lock, so coherence alone makes the bound exceed it).
static inline uintptr_t syringe_reclamation_epoch(uintptr_t *_Nonnull epoch) {
    return atomic_load_explicit(SYRINGE_ATOMIC(epoch), memory_order_seq_cst) + 1;
}

/// Writer: advances the epoch (`SYRINGE_ORDER_ADVANCE`) before it waits for quick reads, so that a thread's next
/// quick read announces a different word than the one the writer waits to see change (progress, not safety).
static inline void syringe_reclamation_advance(uintptr_t *_Nonnull epoch) {
    (void)atomic_fetch_add_explicit(SYRINGE_ATOMIC(epoch), 1, SYRINGE_ORDER_ADVANCE);
}

/// Writer: the epoch a reader announced in `slot`, 0 when it does not read (`SYRINGE_ORDER_SCAN`, seq_cst: pairs
/// with the reader's announcement, and acquires its leaving store).
static inline uintptr_t syringe_reclamation_announced_epoch(uintptr_t *_Nonnull slot) {
    return atomic_load_explicit(SYRINGE_ATOMIC(slot), SYRINGE_ORDER_SCAN) >> 1;
}

/// Writer: the announcement in `slot` if it is a quick read's (low bit set), else 0 (`SYRINGE_ORDER_SCAN`).
static inline uintptr_t syringe_reclamation_quick_read(uintptr_t *_Nonnull slot) {
    uintptr_t announced = atomic_load_explicit(SYRINGE_ATOMIC(slot), SYRINGE_ORDER_SCAN);
    return (announced & 1) == 1 ? announced : 0;
}

/// Writer: returns once `slot` no longer holds `announced` (what `syringe_reclamation_quick_read` gave). Each load is
/// `SYRINGE_ORDER_SCAN` (acquire would suffice: it pairs with the reader's release store that ends the quick read or
/// leaves the section, or with a later announcement, seq_cst, all sequenced after the quick read's reads).
static inline void syringe_reclamation_wait_for_quick_read(uintptr_t *_Nonnull slot, uintptr_t announced) {
    while (atomic_load_explicit(SYRINGE_ATOMIC(slot), SYRINGE_ORDER_SCAN) == announced) SYRINGE_SPIN_YIELD();
}

#endif
