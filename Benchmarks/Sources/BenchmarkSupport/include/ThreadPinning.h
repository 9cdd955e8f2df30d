#ifndef SYRINGE_THREAD_PINNING_H
#define SYRINGE_THREAD_PINNING_H

/// Runs the calling thread on CPU `cpu` only (Linux); returns 0 on success, -1 where it is not supported.
int benchmark_pin_thread(int cpu);

#endif
