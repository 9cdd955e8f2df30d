// The model check of Syringe's lock-free protocols under the C11 memory model (Scripts/memory-model.sh runs it).
//
// Relacy (Debian's relacy-dev) runs these tests' threads under every interleaving its scheduler explores, and every
// value each atomic load may read under the C11/C++11 memory model, not only those x86 hardware produces: a relaxed or
// release/acquire load may read an older store, as ARM64 allows. It fails a test on an assertion, a data race on a
// `rl::var` (a plain variable), an access to freed memory, a leak or a livelock.
//
// The protocol steps are not copied here: this file includes the runtime's own header,
// Sources/CSyringeRuntime/include/CSyringeAtomics.h, the functions the library calls (Runtime/Reclamation.swift,
// ResolvingThread.swift, RegistryStore.swift, RegistrationCore.swift), compiled as C++ with the C11 names mapped onto
// Relacy's (below). What this file adds is what the Swift code does around those calls, in the order it does it: the
// readers' loads and uses, the writers' lists of retired objects under their lock, the choice of what to free.
//
// The mapping, one line per C11 name the header uses:
// - `_Atomic(T)` is `rl::atomic<T>`: the header's `SYRINGE_ATOMIC(word)` casts a `uintptr_t *` to it, so the
//   harness keeps its words as `rl::atomic<uintptr_t>` and passes their address as `uintptr_t *` (`word(...)`);
// - `atomic_load_explicit(o, order)` is `o->load(order)`, and so on for store, strong compare-exchange (success and
//   failure orders), fetch-add and fetch-sub: Relacy's member functions of the same meaning;
// - the `memory_order_*` names are Relacy's own macros (`memory_order_acquire` is `mo_acquire, $`: the order and the
//   place in the source, for Relacy's history), so every ordering the header writes reaches Relacy unchanged;
// - `_Nonnull`, clang's nullability, is nothing; `SYRINGE_SPIN_YIELD()` is `rl::yield`, which tells Relacy's
//   scheduler that the thread spins (the library calls `sched_yield`).
// `Scripts/memory-model.sh --weakened` defines one `SYRINGE_ORDER_*` to a weaker order; the header uses it in place
// of the one the argument needs, and the check must then fail.
#include <relacy/relacy.hpp>

using rl::mo_acq_rel;
using rl::mo_acquire;
using rl::mo_consume;
using rl::mo_relaxed;
using rl::mo_release;
using rl::mo_seq_cst;

#define _Nonnull
#define _Nullable
#define _Atomic(T) rl::atomic<T>
#define atomic_load_explicit(object, order) ((object)->load(order))
#define atomic_store_explicit(object, value, order) ((object)->store((value), order))
#define atomic_compare_exchange_strong_explicit(object, expected, desired, success, failure) \
    ((object)->compare_exchange_strong(*(expected), (desired), success, failure))
#define atomic_fetch_add_explicit(object, delta, order) ((object)->fetch_add((delta), order))
#define atomic_fetch_sub_explicit(object, delta, order) ((object)->fetch_sub((delta), order))
#define SYRINGE_SPIN_YIELD() rl::yield(1, $)
#define SYRINGE_MODEL_CHECK 1
#include "CSyringeAtomics.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

typedef rl::atomic<uintptr_t> Word;

/// The address of a model word as the header's functions take it.
static uintptr_t *word(Word &w) { return (uintptr_t *)&w; }

static void initialize(Word &w, uintptr_t value) { w.store(value, rl::mo_relaxed, $); }

/// An object readers load from a published word without retaining it: a registry table, a configuration, a kept
/// instance's box. Its contents are a plain variable, written when it is made and again when it is freed (as a
/// deinitializer writes what it destroys), so Relacy reports a reader's read that does not happen before the free
/// (a data race), one that does not happen after the initialization, and any access after the free.
struct Published {
    rl::var<int> contents;
    explicit Published(int value) { contents($) = value; }
    ~Published() { contents($) = -1; }
};

static Published *object(uintptr_t bits) { return (Published *)bits; }
static uintptr_t bits(Published *object) { return (uintptr_t)object; }

// MARK: Reclamation (Runtime/Reclamation.swift)

/// The process's reclamation state: the epoch word (`ProcessWord.reclamationEpoch`), the pending count, each
/// reader's slot (`ReaderSlot`), and the retired list behind its lock.
template <int Readers> struct Reclamation {
    Word epoch, pending;
    Word slots[Readers];
    rl::mutex lock;
    struct Retired {
        uintptr_t tag;
        Published *object;
    };
    Retired retired[8];
    int retiredCount;

    void before() {
        initialize(epoch, 0);
        initialize(pending, 0);
        for (int i = 0; i < Readers; i++) initialize(slots[i], 0);
        retiredCount = 0;
    }

    /// `Reclamation.retire(_:)`: the caller has unpublished `object`.
    void retire(Published *object) {
        uintptr_t tag = syringe_reclamation_tag(word(epoch));
        lock.lock($);
        RL_ASSERT(retiredCount < 8);
        retired[retiredCount++] = Retired{tag, object};
        syringe_atomic_add(word(pending), 1);
        lock.unlock($);
        syringe_reclamation_advance(word(epoch));
        reclaim();
    }

    /// `Reclamation.reclaim()`: frees what was retired before the scan and no announced epoch can hold.
    void reclaim() {
        uintptr_t now = syringe_reclamation_tag(word(epoch));
        uintptr_t oldest = now;
        for (int i = 0; i < Readers; i++) {
            uintptr_t announced = syringe_reclamation_announced_epoch(word(slots[i]));
            if (announced != 0 && announced < oldest) oldest = announced;
        }
        Published *freed[8];
        int freedCount = 0;
        lock.lock($);
        int kept = 0;
        for (int i = 0; i < retiredCount; i++) {
            RL_ASSERT(retired[i].tag <= now);  // the invariant Reclamation.checkInvariants checks
            if (retired[i].tag < oldest) freed[freedCount++] = retired[i].object;
            else retired[kept++] = retired[i];
        }
        retiredCount = kept;
        if (freedCount != 0) syringe_atomic_subtract(word(pending), (uintptr_t)freedCount);
        lock.unlock($);
        for (int i = 0; i < freedCount; i++) delete freed[i];
    }

    /// `Reclamation.waitForQuickReads()`: the caller has unpublished what only quick reads load.
    void waitForQuickReads() {
        syringe_reclamation_advance(word(epoch));
        uintptr_t reading[Readers];
        for (int i = 0; i < Readers; i++) reading[i] = syringe_reclamation_quick_read(word(slots[i]));
        for (int i = 0; i < Readers; i++) {
            if (reading[i] != 0) syringe_reclamation_wait_for_quick_read(word(slots[i]), reading[i]);
        }
    }

    /// After the test's threads: what is still retired is freed (the container's release, with no reader left).
    void releaseAll() {
        for (int i = 0; i < retiredCount; i++) delete retired[i].object;
        retiredCount = 0;
    }

    // A reader (ResolvingThread): `enterReading()` / `enterReadingWithQuickRead()`, `endQuickRead()`, `leaveReading()`.
    uintptr_t enter(int reader, bool quick) { return syringe_reclamation_announce(word(slots[reader]), word(epoch), quick); }
    void endQuickRead(int reader, uintptr_t announcement) {
        syringe_atomic_store_releasing(word(slots[reader]), announcement & ~(uintptr_t)1);
    }
    /// `syringe_atomic_store_releasing_after_retains`, whose body this is.
    void leave(int reader) { syringe_atomic_store_releasing(word(slots[reader]), 0); }
};

/// A reader's use of a table or configuration it loaded: it must be the old one or the new one, alive.
static void use(uintptr_t loaded, int old, int replacement) {
    if (loaded == 0) return;  // unpublished: the resolve path builds a table under the registry's lock
    int contents = object(loaded)->contents($);
    RL_ASSERT(contents == old || contents == replacement);
}

/// Two readers resolve (a reading section each: announce, load the published table, read it, leave; the second
/// reader twice) while a writer replaces the table twice (RegistryStore.withLock unpublishes and retires it,
/// RegistryStore.buildTable publishes the next), reclaiming as it retires.
struct TablePublication : rl::test_suite<TablePublication, 3> {
    Reclamation<2> reclamation;
    Word published;
    Published *first, *second;

    void before() {
        reclamation.before();
        first = new Published(1);
        second = new Published(2);
        initialize(published, bits(first));
    }

    void thread(unsigned index) {
        if (index < 2) {
            int reader = (int)index;
            for (unsigned section = 0; section <= index; section++) {
                reclamation.enter(reader, false);
                uintptr_t table = syringe_atomic_load(word(published));
                use(table, 1, 2);
                use(table, 1, 2);  // still valid later in the section
                reclamation.leave(reader);
            }
        } else {
            syringe_atomic_store(word(published), 0);  // a registration: the table is unpublished
            reclamation.retire(first);
            syringe_atomic_store(word(published), bits(second));  // the next resolve builds and publishes one
            syringe_atomic_store(word(published), 0);  // another registration
            reclamation.retire(second);
        }
    }

    void after() { reclamation.releaseAll(); }
};

/// A reader resolves twice while two writers change two containers: one replaces the table the reader reads, the
/// other retires an object of its own, so the epoch also advances between the first writer's steps, as it does when
/// other containers change (a writer's tag and a reader's epoch then come from different writers' advances).
struct TwoWriters : rl::test_suite<TwoWriters, 3> {
    Reclamation<1> reclamation;
    Word published;
    Published *first, *other;

    void before() {
        reclamation.before();
        first = new Published(1);
        other = new Published(3);
        initialize(published, bits(first));
    }

    void thread(unsigned index) {
        if (index == 0) {
            for (int section = 0; section < 2; section++) {
                reclamation.enter(0, false);
                use(syringe_atomic_load(word(published)), 1, 1);
                reclamation.leave(0);
            }
        } else if (index == 1) {
            syringe_atomic_store(word(published), 0);
            reclamation.retire(first);
        } else {
            reclamation.retire(other);  // never published to this reader
        }
    }

    void after() { reclamation.releaseAll(); }
};

/// Two readers quick-read a kept singleton (announce a quick read, load the published box, read it, end the quick
/// read, leave) while a writer keeps one (RegistrationCore.keepStrongly: made, then published), forgets it
/// (forgetShared: unpublished), waits for the quick reads and frees it (Reclamation.waitForQuickReads, then the
/// release of the box).
struct QuickRead : rl::test_suite<QuickRead, 3> {
    Reclamation<2> reclamation;
    Word shared;

    void before() {
        reclamation.before();
        initialize(shared, 0);
    }

    void thread(unsigned index) {
        if (index < 2) {
            int reader = (int)index;
            uintptr_t announcement = reclamation.enter(reader, true);
            uintptr_t box = syringe_atomic_load(word(shared));
            if (box != 0) RL_ASSERT(object(box)->contents($) == 42);  // made before it was published, alive
            reclamation.endQuickRead(reader, announcement);
            reclamation.leave(reader);
        } else {
            Published *box = new Published(42);
            syringe_atomic_store(word(shared), bits(box));
            syringe_atomic_store(word(shared), 0);
            reclamation.waitForQuickReads();
            delete box;
        }
    }
};

/// Two threads make a word's object on first need and race to publish it once (RegistryStore.injectionStore() and
/// its registry, RegistrationCore.makeState(), ClassAnswers' first table, a table's first list of bindings): the
/// loser frees its own and uses the winner's, which both read fully made.
struct PublishOnce : rl::test_suite<PublishOnce, 2> {
    Word once;

    void before() { initialize(once, 0); }

    void thread(unsigned) {
        uintptr_t found = syringe_atomic_load_acquiring(word(once));
        if (found == 0) {
            Published *made = new Published(7);
            uintptr_t expected = 0;
            if (syringe_atomic_compare_exchange(word(once), &expected, bits(made))) {
                found = bits(made);
            } else {
                delete made;  // never published
                found = expected;
            }
        }
        RL_ASSERT(object(found)->contents($) == 7);
    }

    void after() { delete object(once.load(rl::mo_relaxed, $)); }
};

/// Runs `Test` twice: Relacy's context-bound search (every interleaving with at most `bound` preemptions, each load
/// reading any value the memory model allows), then `iterations` random interleavings (any number of preemptions).
template <typename Test> static bool check(const char *name, unsigned bound, unsigned long iterations) {
    static std::ostringstream progress;  // Relacy's progress lines: not shown
    std::printf("== %s: every schedule with at most %u preemptions, then %lu random ones\n", name, bound, iterations);
    std::fflush(stdout);
    rl::test_params params;
    params.progress_stream = &progress;
    params.search_type = rl::fair_context_bound_scheduler_type;
    params.context_bound = bound;
    if (!rl::simulate<Test>(params)) return false;
    rl::test_params random;
    random.progress_stream = &progress;
    random.search_type = rl::random_scheduler_type;
    random.iteration_count = iterations;
    return rl::simulate<Test>(random);
}

int main(int argc, char **argv) {
    // Usage: MemoryModelHarness [BOUND [ITERATIONS]] (defaults 2 and 200000).
    unsigned bound = argc > 1 ? (unsigned)std::strtoul(argv[1], 0, 10) : 2;
    unsigned long iterations = argc > 2 ? std::strtoul(argv[2], 0, 10) : 200000;
    bool passed = true;
    passed = check<PublishOnce>("publish once", bound + 2, iterations) && passed;
    passed = check<QuickRead>("quick read", bound, iterations) && passed;
    passed = check<TablePublication>("table publication and reclamation", bound, iterations) && passed;
    passed = check<TwoWriters>("two writers", bound, iterations) && passed;
    std::printf("%s\n", passed ? "memory model: every check passed" : "memory model: a check FAILED");
    return passed ? 0 : 1;
}
