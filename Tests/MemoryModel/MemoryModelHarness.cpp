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
// readers' sections, loads and uses; the writers' registry lock, retired list, choice of what to free and release
// after the lock; the reader slots' lock.
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
// The header names the orderings the argument needs `SYRINGE_ORDER_*`; the library cannot change them, the harness
// defines each as "the header's ordering, unless this run weakens it" (`--weakened=NAME`, below), so one build runs
// the check as shipped and with any one ordering weakened, when it must fail (`Scripts/memory-model.sh --weakened`).
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

/// The step whose ordering one run weakens (`--weakened=NAME`), and to what: a step the header names
/// `SYRINGE_ORDER_<STEP>`. (Prefixed names: the header's functions have locals such as `tag`.)
enum Step { step_NONE, step_ANNOUNCE, step_SCAN, step_LEAVE, step_RETIRE_TAG, step_ADVANCE, step_READER_EPOCH };
static Step weakened = step_NONE;
static rl::memory_order weakenedTo = rl::mo_seq_cst;
static const struct {
    const char *name;
    Step step;
    rl::memory_order to;
    const char *what;
} weakenings[] = {
    {"announce", step_ANNOUNCE, rl::mo_release, "the reader's announcement store, to release"},
    {"scan", step_SCAN, rl::mo_acquire, "the writer's loads of the reader slots, to acquire"},
    {"leave", step_LEAVE, rl::mo_relaxed, "the reader's store that leaves a section or ends a quick read, to relaxed"},
    {"tag", step_RETIRE_TAG, rl::mo_acquire, "the writer's load of the epoch as a retirement's tag, to acquire"},
    {"advance", step_ADVANCE, rl::mo_acq_rel, "the writer's advance of the epoch, to acq_rel"},
    // Not detected (see Runtime/README.md, "What it does not check"); acquire, which the argument allows, passes.
    {"reader-epoch", step_READER_EPOCH, rl::mo_relaxed, "the reader's load of the epoch it announces, to relaxed"},
    {"reader-epoch-acquire", step_READER_EPOCH, rl::mo_acquire,
        "the reader's load of the epoch it announces, to acquire (allowed: must pass)"},
};
/// The header's ordering for `step`, `order` (what the library ships), unless this run weakens that step.
#define SYRINGE_ORDER(step, order) (weakened == step_##step ? weakenedTo : rl::mo_##order), $

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

/// An object readers load from a published word without retaining it: a registry table, a kept instance's box. Its
/// contents are a plain variable, written when it is made and again when it is freed (as a deinitializer writes what
/// it destroys), so Relacy reports a reader's read that does not happen after the initialization or before the free
/// (a data race), and any access after the free (its `delete` is Relacy's, which tracks freed memory).
struct Published {
    rl::var<int> contents;
    explicit Published(int value) { contents($) = value; }
    ~Published() { contents($) = -1; }
};

static Published *object(uintptr_t bits) { return (Published *)bits; }
static uintptr_t bits(Published *object) { return (uintptr_t)object; }

/// A reader's use of an object it loaded: made (contents set), not freed.
static void use(Published *loaded) {
    int contents = loaded->contents($);
    RL_ASSERT(contents > 0);
}

// MARK: Reclamation (Runtime/Reclamation.swift, ResolvingThread.swift)

/// The process's reclamation state: the epoch word (`ProcessWord.reclamationEpoch`), each reader's slot
/// (`ReaderSlot`), and the lock the writers scan the slots under (`Reclamation.slots`).
template <int Readers> struct Reclamation {
    Word epoch;
    Word slots[Readers];
    rl::mutex slotsLock;

    void before() {
        initialize(epoch, 0);
        for (int i = 0; i < Readers; i++) initialize(slots[i], 0);
    }

    // A reader (ResolvingThread): `enterReading()` / `enterReadingWithQuickRead()`, `endQuickRead()`, `leaveReading()`.
    uintptr_t enter(int reader, bool quick) {
        return syringe_reclamation_announce(word(slots[reader]), word(epoch), quick);
    }
    void endQuickRead(int reader, uintptr_t announcement) {
        syringe_atomic_store_releasing(word(slots[reader]), announcement & ~(uintptr_t)1);
    }
    /// `syringe_atomic_store_releasing_after_retains`, whose body this is.
    void leave(int reader) { syringe_atomic_store_releasing(word(slots[reader]), 0); }

    /// `Reclamation.tagRetirement()`: the caller has unpublished what it retires.
    uintptr_t tagRetirement() { return syringe_reclamation_tag_retirement(word(epoch)); }

    /// `Reclamation.oldestReadingEpoch()`: the epoch, then the oldest announced one, the slots scanned under their lock.
    uintptr_t oldestReadingEpoch() {
        uintptr_t oldest = syringe_reclamation_epoch(word(epoch));
        slotsLock.lock($);
        for (int i = 0; i < Readers; i++) {
            uintptr_t announced = syringe_reclamation_announced_epoch(word(slots[i]));
            if (announced != 0 && announced < oldest) oldest = announced;
        }
        slotsLock.unlock($);
        return oldest;
    }

    /// `Reclamation.waitForQuickReads()`: the caller has unpublished what only quick reads load.
    void waitForQuickReads() {
        syringe_reclamation_advance(word(epoch));
        uintptr_t reading[Readers];
        slotsLock.lock($);
        for (int i = 0; i < Readers; i++) reading[i] = syringe_reclamation_quick_read(word(slots[i]));
        slotsLock.unlock($);
        for (int i = 0; i < Readers; i++) {
            if (reading[i] != 0) syringe_reclamation_wait_for_quick_read(word(slots[i]), reading[i]);
        }
    }
};

// MARK: A container's registry (Runtime/RegistryStore.swift, Reclamation.swift's RetiredObjects)

/// One container's published table word (`RegistryStore.published`) and, behind the registry's lock, the table it
/// keeps (`registry.table`) and its retired list (`registry.retired`, `RetiredObjects`). The registry's other state
/// (bindings, registrations) is not modeled: a retired table stands for everything a write retires with one tag.
template <int Readers> struct Registry {
    static const int capacity = 8;
    struct Entry {
        uintptr_t tag;
        Published *object;
    };

    Reclamation<Readers> *reclamation;
    Word published;
    rl::mutex lock;
    Published *table;  // under `lock`
    Entry retired[capacity];  // under `lock`
    int retiredCount;  // under `lock`
    int tablesMade;  // under `lock`

    void before(Reclamation<Readers> *shared) {
        reclamation = shared;
        tablesMade = 1;
        table = new Published(tablesMade);
        initialize(published, bits(table));
        retiredCount = 0;
    }

    /// `RegistryStore.currentTable()`, inside the caller's reading section: the published table (a seq_cst load,
    /// ordered after the section's announcement), or `buildTable()`'s.
    Published *currentTable() {
        uintptr_t loaded = syringe_atomic_load(word(published));
        return loaded != 0 ? object(loaded) : buildTable();
    }

    /// `RegistryStore.buildTable()`: under the lock, the kept table, or a new one, made and then published.
    Published *buildTable() {
        lock.lock($);
        if (table == 0) {
            table = new Published(++tablesMade);
            syringe_atomic_store(word(published), bits(table));
        }
        Published *built = table;
        lock.unlock($);
        return built;
    }

    /// `RegistryStore.withLock(_:)` after a change of the bindings: under the lock, unpublishes the kept table and
    /// retires it (tagged after the unpublishing); then, under the lock again, takes out what no reader can hold
    /// (`RetiredObjects.takeReclaimable()`), and frees it after leaving the lock, on this (the writing) thread.
    void write() {
        lock.lock($);
        if (table != 0) {
            Published *old = table;
            table = 0;
            syringe_atomic_store(word(published), 0);
            uintptr_t tag = reclamation->tagRetirement();
            RL_ASSERT(retiredCount < capacity);
            retired[retiredCount++] = Entry{tag, old};
        }
        bool waiting = retiredCount != 0;
        lock.unlock($);
        if (!waiting) return;
        Published *freed[capacity];
        int freedCount = 0;
        lock.lock($);
        uintptr_t oldest = reclamation->oldestReadingEpoch();
        uintptr_t now = syringe_reclamation_epoch(word(reclamation->epoch));
        int kept = 0;
        for (int i = 0; i < retiredCount; i++) {
            RL_ASSERT(retired[i].tag < now);  // RetiredObjects.checkInvariants(): every tag is an epoch that ended
            if (retired[i].tag < oldest) freed[freedCount++] = retired[i].object;
            else retired[kept++] = retired[i];
        }
        retiredCount = kept;
        lock.unlock($);
        for (int i = 0; i < freedCount; i++) delete freed[i];
    }

    /// The container's release, once no thread reaches it: its table and what is still retired.
    void release() {
        delete table;
        for (int i = 0; i < retiredCount; i++) delete retired[i].object;
        retiredCount = 0;
    }
};

/// A reading section of `reader` that resolves from `registry`: announce, load (or build) the table, read it, read
/// it again later in the section, leave.
template <int Readers> static void resolve(Reclamation<Readers> &reclamation, Registry<Readers> &registry, int reader) {
    reclamation.enter(reader, false);
    Published *table = registry.currentTable();
    use(table);
    use(table);  // still valid later in the section
    reclamation.leave(reader);
}

/// Two readers resolve from a container (one section, and two) while a writer changes its bindings twice. Each write
/// unpublishes and retires the table, and frees what no reader holds; a reader that finds no table builds and
/// publishes one, which the next write retires.
struct TablePublication : rl::test_suite<TablePublication, 3> {
    Reclamation<2> reclamation;
    Registry<2> registry;

    void before() {
        reclamation.before();
        registry.before(&reclamation);
    }

    void thread(unsigned index) {
        if (index < 2) {
            for (unsigned section = 0; section <= index; section++) resolve(reclamation, registry, (int)index);
        } else {
            registry.write();
            registry.write();
        }
    }

    void after() { registry.release(); }
};

/// A reader resolves twice from one container while two writers each change a container: one the container the
/// reader reads, the other a container of its own, so that the epoch also advances between the first writer's steps,
/// as it does when other containers change (a writer's tag and a reader's announced epoch then come from different
/// writers' advances).
struct TwoWriters : rl::test_suite<TwoWriters, 3> {
    Reclamation<1> reclamation;
    Registry<1> read, other;

    void before() {
        reclamation.before();
        read.before(&reclamation);
        other.before(&reclamation);
    }

    void thread(unsigned index) {
        if (index == 0) {
            resolve(reclamation, read, 0);
            resolve(reclamation, read, 0);
        } else if (index == 1) {
            read.write();
        } else {
            other.write();
        }
    }

    void after() {
        read.release();
        other.release();
    }
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
            if (box != 0) use(object(box));
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

/// Whether the publishing writers of `QuickReadLastReference` keep their own reference to what they publish until
/// after the exchange returns (`--weakened=maker`; not an ordering), as the writers of the stress test
/// `quickReadsEndBeforeTheWriterReleases` did (a temporary released at the end of the statement): the check must
/// then fail, since the other writer may unpublish the object and release the word's reference first.
static bool makerKeepsReference = false;

/// A reference-counted object (a Swift class instance): `swift_retain` is a relaxed increment, `swift_release` a
/// release decrement, and the one that drops the count to 0 acquires (a fence) and deinitializes, writing the
/// contents, on its own thread. Its `released` flag, set by its deinitializer, is the stress test's `ReleaseFlags`.
struct Counted {
    rl::atomic<int> references;
    rl::var<int> contents;
    rl::atomic<int> *released;
    Counted(int value, int owners, rl::atomic<int> *flag) : released(flag) {
        references.store(owners, rl::mo_relaxed, $);
        contents($) = value;
    }
    ~Counted() {
        contents($) = -1;
        released->fetch_add(1, rl::mo_seq_cst, $);
    }
};

static void retain(Counted *counted) { counted->references.fetch_add(1, rl::mo_relaxed, $); }

/// Releases one reference; returns whether it was the last (the object is then deinitialized and freed here).
static bool release(Counted *counted) {
    if (counted->references.fetch_sub(1, rl::mo_release, $) != 1) return false;
    rl::atomic_thread_fence(rl::mo_acquire, $);
    delete counted;
    return true;
}

/// The stress test "After waitForQuickReads returns, no quick read holds the unpublished object: the writer releases
/// it at once" (Tests/SyringeTests/Runtime/ReclamationStressTests.swift), step for step. A word (`PublishedSlot`) owns
/// one reference to the object it publishes. A reader quick-reads twice: announces a quick read, loads the word,
/// and if it holds an object retains it, reads it, releases it (what a debug build's `Unretained.with` may do), then
/// ends the quick read and leaves. Two writers each make an object and publish it by the slot's load and
/// compare-exchange loop (`PublishedSlot.replace(with:)`), taking the word's reference to the object it held (the
/// first one, or the other writer's); then `waitForQuickReads()`, then the release of that reference, which must be
/// the last: the object is released on the writer's thread, when the release returns.
struct QuickReadLastReference : rl::test_suite<QuickReadLastReference, 3> {
    Reclamation<1> reclamation;
    Word slot;
    rl::atomic<int> released[3];  // the first object's, then each writer's

    void before() {
        reclamation.before();
        for (int i = 0; i < 3; i++) released[i].store(0, rl::mo_relaxed, $);
        Counted *first = new Counted(1, 1, &released[0]);
        initialize(slot, (uintptr_t)first);
    }

    /// `PublishedSlot.replace(with:)`: publishes `made` (whose word reference is counted), returns what it replaced.
    Counted *replace(Counted *made) {
        uintptr_t current = syringe_atomic_load(word(slot));
        while (!syringe_atomic_compare_exchange(word(slot), &current, (uintptr_t)made)) {
        }
        return (Counted *)current;
    }

    void thread(unsigned index) {
        if (index == 0) {
            for (int round = 0; round < 2; round++) {
                uintptr_t announcement = reclamation.enter(0, true);
                Counted *held = (Counted *)syringe_atomic_load(word(slot));
                if (held != 0) {
                    retain(held);
                    RL_ASSERT(held->contents($) > 0);
                    RL_ASSERT(!release(held));  // a reader's release is never the last one
                }
                reclamation.endQuickRead(0, announcement);
                reclamation.leave(0);
            }
        } else {
            int serial = (int)index + 1;
            // The writer's reference to what it made (a temporary): dropped before the publication when the word's is
            // the only one, else after the exchange returns.
            Counted *made = new Counted(serial, makerKeepsReference ? 2 : 1, &released[index]);
            Counted *old = replace(made);
            if (makerKeepsReference) release(made);
            reclamation.waitForQuickReads();
            rl::atomic<int> *flag = old->released;
            // The test's check, `flags.releases(of: oldSerial) == 1`: this release was the last.
            RL_ASSERT(release(old));
            RL_ASSERT(flag->load(rl::mo_seq_cst, $) == 1);
        }
    }

    void after() {
        Counted *last = (Counted *)slot.load(rl::mo_relaxed, $);
        release(last);
        for (int i = 0; i < 3; i++) RL_ASSERT(released[i].load(rl::mo_relaxed, $) == 1);
    }
};

/// Two threads make a word's object on first need and race to publish it once (RegistryStore.injectionStore() and
/// its registry, RegistrationCore.makeState(), a table's first list of bindings): the
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
        use(object(found));
    }

    void after() { delete object(once.load(rl::mo_relaxed, $)); }
};

/// Runs `Test` twice: Relacy's context-bound search (every interleaving with at most `bound` preemptions, each load
/// reading any value the memory model allows), then `iterations` random interleavings (any number of preemptions).
/// Prints what each search explored.
template <typename Test> static bool check(const char *name, unsigned bound, unsigned long iterations) {
    static std::ostringstream progress;  // Relacy's progress lines: not shown
    std::printf("== %s (%u threads): every schedule with at most %u preemptions, then %lu random ones\n", name,
        (unsigned)Test::params::thread_count, bound, iterations);
    std::fflush(stdout);
    rl::test_params params;
    params.progress_stream = &progress;
    params.search_type = rl::fair_context_bound_scheduler_type;
    params.context_bound = bound;
    bool passed = rl::simulate<Test>(params);
    std::printf("   %s: bounded search, %s at execution %llu\n", name, passed ? "passed" : "FAILED",
        (unsigned long long)params.stop_iteration);
    if (passed) {
        rl::test_params random;
        random.progress_stream = &progress;
        random.search_type = rl::random_scheduler_type;
        random.iteration_count = iterations;
        passed = rl::simulate<Test>(random);
        std::printf("   %s: random search, %s at execution %llu\n", name, passed ? "passed" : "FAILED",
            (unsigned long long)random.stop_iteration);
    }
    std::fflush(stdout);
    return passed;
}

int main(int argc, char **argv) {
    // Usage: MemoryModelHarness [--weakened=NAME] [BOUND [ITERATIONS]] (defaults 3 and 200000). Exits 0 when every
    // test passes, 1 when one fails.
    int argument = 1;
    if (argc > 1 && std::strncmp(argv[1], "--weakened=", 11) == 0) {
        const char *name = argv[1] + 11;
        if (std::strcmp(name, "maker") == 0) {
            // Not an ordering: the test's former flaw (see `makerKeepsReference`).
            makerKeepsReference = true;
            std::printf("memory model: the publishing writer keeps its reference past the publication\n");
        }
        for (unsigned i = 0; i < sizeof weakenings / sizeof weakenings[0]; i++) {
            if (std::strcmp(name, weakenings[i].name) != 0) continue;
            weakened = weakenings[i].step;
            weakenedTo = weakenings[i].to;
            std::printf("memory model: weakened %s\n", weakenings[i].what);
        }
        if (weakened == step_NONE && !makerKeepsReference) {
            std::fprintf(stderr, "no ordering named '%s' to weaken\n", name);
            return 2;
        }
        argument++;
    }
    unsigned bound = argc > argument ? (unsigned)std::strtoul(argv[argument], 0, 10) : 3;
    unsigned long iterations = argc > argument + 1 ? std::strtoul(argv[argument + 1], 0, 10) : 200000;
    // Every test runs, so that a run reports each test that fails (a weakened run: each test that sees the weakening).
    struct {
        bool (*run)(const char *, unsigned, unsigned long);
        const char *name;
        unsigned bound;
    } const tests[] = {
        {check<PublishOnce>, "publish once", bound + 2},
        {check<QuickRead>, "quick read", bound},
        {check<QuickReadLastReference>, "quick read, last reference", bound},
        {check<TwoWriters>, "two writers", bound},
        {check<TablePublication>, "table publication and reclamation", bound},
    };
    bool passed = true;
    for (unsigned i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        passed = tests[i].run(tests[i].name, tests[i].bound, iterations) && passed;
    }
    std::printf("%s\n", passed ? "memory model: every check passed" : "memory model: a check FAILED");
    return passed ? 0 : 1;
}
