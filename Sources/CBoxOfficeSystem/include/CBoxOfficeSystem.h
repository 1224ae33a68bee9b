#ifndef CBOXOFFICESYSTEM_H
#define CBOXOFFICESYSTEM_H

#include <sys/types.h>

/// A descriptor for process `pid` that polls readable once the process has ended (Linux's
/// pidfd_open, 5.3 and later), close-on-exec; -1 with errno set where the kernel has none.
/// glibc declares no wrapper before 2.36, and Swift cannot call the variadic syscall().
int boxoffice_pidfd_open(pid_t pid);

/// A pipe whose two ends are close-on-exec from their making (pipe2 with O_CLOEXEC, which
/// glibc declares only under _GNU_SOURCE): a program another thread starts meanwhile never
/// holds them. 0, or -1 with errno set.
int boxoffice_pipe_cloexec(int ends[2]);

#endif
