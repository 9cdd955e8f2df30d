// The floor under a cached-singleton read (issue #24, item 2): what the synchronization a safe read needs costs on
// this machine, with nothing else around it. A read announces itself to writers with a sequentially consistent
// store (an exchange on x86), retains the instance, ends its announcement with a release store, and the caller
// later releases the instance: two locked read-modify-writes and one locked exchange per read.
//
// Build and run: bash Benchmarks/Scripts/atomic-floor.sh
#define _POSIX_C_SOURCE 199309L
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

static double nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1e9 + now.tv_nsec;
}

static _Atomic long announcement;
static _Atomic long reference_count;
static volatile long sink;

int main(void) {
    const long count = 100000000;
    for (int round = 0; round < 2; round++) {
        double start = nanoseconds();
        for (long i = 0; i < count; i++) {
            atomic_exchange(&announcement, i);
            sink += atomic_load_explicit(&reference_count, memory_order_relaxed);
        }
        double exchange = (nanoseconds() - start) / count;

        start = nanoseconds();
        for (long i = 0; i < count; i++) atomic_fetch_add_explicit(&reference_count, 1, memory_order_relaxed);
        double increment = (nanoseconds() - start) / count;

        start = nanoseconds();
        for (long i = 0; i < count; i++) {
            atomic_exchange(&announcement, i);                                          // announce
            atomic_fetch_add_explicit(&reference_count, 1, memory_order_relaxed);       // retain
            atomic_store_explicit(&announcement, 0, memory_order_release);              // end the announcement
            atomic_fetch_sub_explicit(&reference_count, 1, memory_order_release);       // the caller's release
        }
        double read = (nanoseconds() - start) / count;
        printf("exchange %.2f ns, locked increment %.2f ns, announce+retain+end+release %.2f ns\n", exchange,
               increment, read);
    }
    return 0;
}
