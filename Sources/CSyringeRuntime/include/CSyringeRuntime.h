// The C half of Syringe's runtime (Sources/Syringe/Runtime/): atomic operations on machine words, a mutex and a
// condition variable, a thread-specific slot, the calling thread's identity and stack bounds, and the process
// environment. One implementation for every platform: C11 <stdatomic.h> and POSIX threads, the same on Linux and
// on Apple's systems, so the code CI tests on Linux is the code an iPhone runs. Nothing here branches by platform.
//
// The header includes only the compiler's own headers (C11 atomics and integer types), never the C library's, so
// that it parses for any target, Apple's included, wherever it is compiled or type-checked; what needs the C
// library (POSIX threads, the environment, the dynamic linker) is a function of `CSyringeRuntime.c`.
//
// The atomic operations are in CSyringeAtomics.h, included below: `static inline` C11 atomics on plain words, so
// Swift's calls compile to single instructions, as `Synchronization.Atomic` does (which needs macOS 15 / iOS 18).
#ifndef C_SYRINGE_RUNTIME_H
#define C_SYRINGE_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// MARK: Atomic words

// The atomic operations and the steps of the reclamation protocol, each with its ordering and what it pairs with: a
// header of their own, which the model checker (Scripts/memory-model.sh) compiles too.
#include "CSyringeAtomics.h"

/// The words the whole process shares (word 0 the reclamation epoch), each on a cache line of its own, at fixed
/// addresses: word `i` is `syringe_process_words[i * SYRINGE_WORDS_PER_LINE]`.
#define SYRINGE_PROCESS_WORD_COUNT 1
#define SYRINGE_WORDS_PER_LINE 16
extern uintptr_t syringe_process_words[SYRINGE_PROCESS_WORD_COUNT * SYRINGE_WORDS_PER_LINE];

/// The address of process word `index` (below `SYRINGE_PROCESS_WORD_COUNT`).
static inline uintptr_t *_Nonnull syringe_process_word(int index) {
    return &syringe_process_words[index * SYRINGE_WORDS_PER_LINE];
}

// MARK: Word buffers

/// `count` words (at least 1), all 0, from the C library's allocator; NULL when memory runs out.
uintptr_t *_Nullable syringe_words_allocate(size_t count);
/// One word, 0, alone on a 128-byte line (the largest cache line of the processors Syringe runs on), for a word
/// one thread writes often and others read; NULL when memory runs out.
uintptr_t *_Nullable syringe_words_allocate_line(void);
/// Frees words made by `syringe_words_allocate` or `syringe_words_allocate_line`.
void syringe_words_free(uintptr_t *_Nonnull words);

// MARK: Locks

/// Room for the C library's mutex (`pthread_mutex_t`: 40 bytes in glibc on x86_64, 64 in Apple's libc), kept by the
/// caller at a stable address (Runtime/Locked.swift tail-allocates it). `CSyringeRuntime.c` checks at compile time
/// that the C library's mutex fits. Aligned to 8, the alignment of both C libraries' mutex and condition types:
/// with 16, Swift allocated every lock's buffer through `posix_memalign` on Linux, whose `malloc` it trusts only to 8.
typedef struct {
    _Alignas(8) unsigned char storage[96];
} syringe_mutex;

void syringe_mutex_initialize(syringe_mutex *_Nonnull lock);
void syringe_mutex_destroy(syringe_mutex *_Nonnull lock);
void syringe_mutex_lock(syringe_mutex *_Nonnull lock);
void syringe_mutex_unlock(syringe_mutex *_Nonnull lock);

/// Room for the C library's condition variable (`pthread_cond_t`), used with a `syringe_mutex`.
typedef struct {
    _Alignas(8) unsigned char storage[96];
} syringe_condition;

void syringe_condition_initialize(syringe_condition *_Nonnull condition);
void syringe_condition_destroy(syringe_condition *_Nonnull condition);
/// Releases `lock`, sleeps until a broadcast, and takes `lock` again.
void syringe_condition_wait(syringe_condition *_Nonnull condition, syringe_mutex *_Nonnull lock);
void syringe_condition_broadcast(syringe_condition *_Nonnull condition);

// MARK: Threads

/// The calling thread's resolution state (Runtime/ResolvingThread.swift), NULL until it has one. A C11
/// thread-local variable: one load, inlined into the resolve path.
extern _Thread_local void *_Nullable syringe_current_thread_state;

static inline void *_Nullable syringe_thread_state(void) {
    return syringe_current_thread_state;
}

/// Makes `state` the calling thread's state; `release` receives it when the thread exits (the variable is NULL by
/// then, so a resolve from a later destructor on that thread makes a new state). `release` must be the same
/// function on every call. Returns false, and installs nothing, when the C library has no thread-specific slot left.
bool syringe_thread_state_install(void *_Nonnull state, void (*_Nonnull release)(void *_Nullable));

/// A number that identifies the calling thread for as long as it runs.
uintptr_t syringe_thread_identity(void);

/// A number that identifies the calling thread and no other thread of the process, ever: unlike
/// `syringe_thread_identity`, never given again to a thread started after this one exits (from 1, counted).
uintptr_t syringe_thread_serial(void);

/// Gives the processor to another thread.
void syringe_thread_yield(void);

/// A thread-specific slot of the C library (`pthread_key_t`), for values read off the hot path.
typedef struct {
    uintptr_t key;
    bool is_made;
} syringe_thread_slot;

/// Makes a slot whose non-null values are passed to `destructor` when their thread exits; its `is_made` is false
/// when the process has run out of slots (then reads give NULL and writes fail).
syringe_thread_slot syringe_thread_slot_make(void (*_Nullable destructor)(void *_Nullable));
/// The calling thread's value in `slot`, NULL when it has none.
void *_Nullable syringe_thread_slot_value(syringe_thread_slot slot);
/// Sets the calling thread's value in `slot`; returns false when it could not.
bool syringe_thread_slot_set(syringe_thread_slot slot, const void *_Nullable value);

/// The lowest address and the size of the calling thread's stack; false when they cannot be found.
bool syringe_thread_stack_bounds(uintptr_t *_Nonnull lowest, uintptr_t *_Nonnull size);

// MARK: Process

/// Nanoseconds of the monotonic clock (`CLOCK_MONOTONIC`) since an unspecified fixed point; 0 if it cannot be read.
uint64_t syringe_monotonic_nanoseconds(void);

/// The value of the environment variable `name`, NULL when it is not set.
const char *_Nullable syringe_environment_value(const char *_Nonnull name);

/// Writes the `length` bytes of `text` to standard error (file descriptor 2) at once, unbuffered, retrying a
/// partial write; a write that fails is dropped.
void syringe_write_standard_error(const char *_Nonnull text, size_t length);

#endif
