// The functions of the runtime's C half that need the C library: POSIX threads, the environment, the dynamic
// linker. Nothing here branches by platform (see the header).

// For RTLD_DEFAULT in glibc's <dlfcn.h>; other C libraries define it without.
#define _GNU_SOURCE 1

#include "CSyringeRuntime.h"

#include <dlfcn.h>
#include <string.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

// MARK: Process words

_Alignas(128) uintptr_t syringe_process_words[SYRINGE_PROCESS_WORD_COUNT * SYRINGE_WORDS_PER_LINE];

// MARK: Locks

_Static_assert(sizeof(pthread_mutex_t) <= sizeof(syringe_mutex), "pthread_mutex_t does not fit in syringe_mutex");
_Static_assert(_Alignof(pthread_mutex_t) <= _Alignof(syringe_mutex), "pthread_mutex_t is aligned more strictly");
_Static_assert(sizeof(pthread_cond_t) <= sizeof(syringe_condition), "pthread_cond_t does not fit");
_Static_assert(_Alignof(pthread_cond_t) <= _Alignof(syringe_condition), "pthread_cond_t is aligned more strictly");

static pthread_mutex_t *mutex_of(syringe_mutex *lock) { return (pthread_mutex_t *)(void *)lock->storage; }
static pthread_cond_t *condition_of(syringe_condition *condition) {
    return (pthread_cond_t *)(void *)condition->storage;
}

// Release (`SYRINGE_ORDER_LEAVE`); pairs with a writer's seq_cst scan of the reader's slot. The model checker runs
// the inline body in its place.
void syringe_atomic_store_releasing_after_retains(uintptr_t *word, uintptr_t value) {
    syringe_atomic_store_releasing(word, value);
}

uintptr_t *syringe_words_allocate(size_t count) { return calloc(count, sizeof(uintptr_t)); }

uintptr_t *syringe_words_allocate_line(void) {
    void *line = NULL;
    if (posix_memalign(&line, 128, 128) != 0) return NULL;
    memset(line, 0, 128);
    return line;
}

void syringe_words_free(uintptr_t *words) { free(words); }

void syringe_mutex_initialize(syringe_mutex *lock) {
    // A fast, non-recursive mutex with the default attributes: the bytes of the C library's static initializer,
    // copied, as `pthread_mutex_init(lock, NULL)` would set them but without its call and attribute checks (~40
    // instructions a lock in glibc). Both C libraries define the initializer as the initialized state itself (glibc:
    // zeros and the kind; Apple's libc: a signature its `pthread_mutex_lock` completes on first use), and
    // `syringe_mutex_destroy` accepts a mutex made so.
    static const pthread_mutex_t initial = PTHREAD_MUTEX_INITIALIZER;
    memcpy(mutex_of(lock), &initial, sizeof initial);
}

void syringe_mutex_destroy(syringe_mutex *lock) { (void)pthread_mutex_destroy(mutex_of(lock)); }

void syringe_mutex_lock(syringe_mutex *lock) { (void)pthread_mutex_lock(mutex_of(lock)); }

void syringe_mutex_unlock(syringe_mutex *lock) { (void)pthread_mutex_unlock(mutex_of(lock)); }

void syringe_condition_initialize(syringe_condition *condition) {
    (void)pthread_cond_init(condition_of(condition), NULL);
}

void syringe_condition_destroy(syringe_condition *condition) {
    (void)pthread_cond_destroy(condition_of(condition));
}

void syringe_condition_wait(syringe_condition *condition, syringe_mutex *lock) {
    (void)pthread_cond_wait(condition_of(condition), mutex_of(lock));
}

void syringe_condition_broadcast(syringe_condition *condition) {
    (void)pthread_cond_broadcast(condition_of(condition));
}

// MARK: Threads

_Thread_local void *syringe_current_thread_state = NULL;

static pthread_key_t thread_state_key;
static bool thread_state_key_made = false;
static pthread_once_t thread_state_key_once = PTHREAD_ONCE_INIT;
static void (*thread_state_release)(void *) = NULL;
/// The `release` of the install call that makes the key, read by `make_thread_state_key` on the same thread.
static _Thread_local void (*release_being_installed)(void *) = NULL;

/// Runs when a thread with a state exits: the variable is cleared first, so a resolve from a later destructor on
/// the same thread never reads the state being released.
static void release_thread_state(void *state) {
    syringe_current_thread_state = NULL;
    if (state != NULL && thread_state_release != NULL) thread_state_release(state);
}

// Written once, inside `pthread_once`, which orders it before every other thread's return from `pthread_once`.
static void make_thread_state_key(void) {
    thread_state_release = release_being_installed;
    thread_state_key_made = pthread_key_create(&thread_state_key, release_thread_state) == 0;
}

bool syringe_thread_state_install(void *state, void (*release)(void *)) {
    release_being_installed = release;
    (void)pthread_once(&thread_state_key_once, make_thread_state_key);
    if (!thread_state_key_made) return false;
    if (pthread_setspecific(thread_state_key, state) != 0) return false;
    syringe_current_thread_state = state;
    return true;
}

uintptr_t syringe_thread_identity(void) { return (uintptr_t)pthread_self(); }

static uintptr_t thread_serials = 0;
static _Thread_local uintptr_t thread_serial = 0;

uintptr_t syringe_thread_serial(void) {
    // Seq_cst add (relaxed would do: a counter that publishes nothing; each thread gets a distinct value).
    if (thread_serial == 0) thread_serial = syringe_atomic_add(&thread_serials, 1);
    return thread_serial;
}

void syringe_thread_yield(void) { (void)sched_yield(); }

_Static_assert(sizeof(pthread_key_t) <= sizeof(uintptr_t), "pthread_key_t does not fit in a word");

syringe_thread_slot syringe_thread_slot_make(void (*destructor)(void *)) {
    pthread_key_t key;
    syringe_thread_slot slot = {0, false};
    if (pthread_key_create(&key, destructor) == 0) {
        slot.key = (uintptr_t)key;
        slot.is_made = true;
    }
    return slot;
}

void *syringe_thread_slot_value(syringe_thread_slot slot) {
    return slot.is_made ? pthread_getspecific((pthread_key_t)slot.key) : NULL;
}

bool syringe_thread_slot_set(syringe_thread_slot slot, const void *value) {
    return slot.is_made && pthread_setspecific((pthread_key_t)slot.key, value) == 0;
}

// MARK: Stack bounds

// How a thread's stack bounds are found differs between C libraries. Which calls exist is decided at run time, by
// looking them up, not at compile time: the same code runs everywhere, and the call the C library has is used.
// - glibc, musl and bionic: `pthread_getattr_np` fills attributes that `pthread_attr_getstack` (POSIX) reads.
// - Apple's libc: `pthread_get_stackaddr_np` gives the highest address, `pthread_get_stacksize_np` the size.
typedef int (*get_attributes_function)(pthread_t, pthread_attr_t *);
typedef void *(*get_stack_address_function)(pthread_t);
typedef size_t (*get_stack_size_function)(pthread_t);

bool syringe_thread_stack_bounds(uintptr_t *lowest, uintptr_t *size) {
    pthread_t thread = pthread_self();
    get_attributes_function get_attributes = (get_attributes_function)dlsym(RTLD_DEFAULT, "pthread_getattr_np");
    if (get_attributes != NULL) {
        pthread_attr_t attributes;
        if (get_attributes(thread, &attributes) != 0) return false;
        void *address = NULL;
        size_t stack_size = 0;
        int status = pthread_attr_getstack(&attributes, &address, &stack_size);
        (void)pthread_attr_destroy(&attributes);
        if (status != 0 || address == NULL) return false;
        *lowest = (uintptr_t)address;
        *size = (uintptr_t)stack_size;
        return true;
    }
    get_stack_address_function get_address =
        (get_stack_address_function)dlsym(RTLD_DEFAULT, "pthread_get_stackaddr_np");
    get_stack_size_function get_size = (get_stack_size_function)dlsym(RTLD_DEFAULT, "pthread_get_stacksize_np");
    if (get_address != NULL && get_size != NULL) {
        uintptr_t highest = (uintptr_t)get_address(thread);
        uintptr_t stack_size = (uintptr_t)get_size(thread);
        if (highest <= stack_size) return false;
        *lowest = highest - stack_size;
        *size = stack_size;
        return true;
    }
    return false;
}

// MARK: Process

uint64_t syringe_monotonic_nanoseconds(void) {
    struct timespec now;
    if (clock_gettime(CLOCK_MONOTONIC, &now) != 0) return 0;
    return (uint64_t)now.tv_sec * UINT64_C(1000000000) + (uint64_t)now.tv_nsec;
}

const char *syringe_environment_value(const char *name) { return getenv(name); }

void syringe_write_standard_error(const char *text, size_t length) {
    while (length > 0) {
        ssize_t written = write(2, text, length);
        if (written <= 0) return;
        text += written;
        length -= (size_t)written;
    }
}
