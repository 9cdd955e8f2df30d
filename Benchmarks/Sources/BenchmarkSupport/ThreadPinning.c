// Scenario 9 starts two threads for a few milliseconds each. Left to the scheduler, a new thread starts on
// its creator's CPU and may not be moved to the idle one before it finishes, which measures the scheduler,
// not the code: each benchmark thread is pinned to its own CPU.
#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#endif
#include "ThreadPinning.h"

int benchmark_pin_thread(int cpu) {
#if defined(__linux__)
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof(set), &set);
#else
    (void)cpu;
    return -1;
#endif
}
