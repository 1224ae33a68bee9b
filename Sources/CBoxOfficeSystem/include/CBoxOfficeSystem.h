#ifndef CBOXOFFICESYSTEM_H
#define CBOXOFFICESYSTEM_H

#include <sys/types.h>

/// A descriptor for process `pid` that polls readable once the process has ended (Linux's
/// pidfd_open, 5.3 and later), close-on-exec; -1 with errno set where the kernel has none.
/// glibc declares no wrapper before 2.36, and Swift cannot call the variadic syscall().
int boxoffice_pidfd_open(pid_t pid);

#endif
