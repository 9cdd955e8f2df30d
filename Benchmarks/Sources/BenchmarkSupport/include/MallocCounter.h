#ifndef SYRINGE_MALLOC_COUNTER_H
#define SYRINGE_MALLOC_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/// Whether this build counts allocations (glibc only).
bool malloc_counter_available(void);

/// The number of allocations (malloc, calloc, realloc of NULL, aligned allocations) made by the calling thread
/// so far.
uint64_t malloc_counter_thread_allocations(void);

#endif
