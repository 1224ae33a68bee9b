#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "CBoxOfficeSystem.h"

int boxoffice_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    /* A pidfd is close-on-exec from its making. */
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

int boxoffice_pipe_cloexec(int ends[2]) {
    return pipe2(ends, O_CLOEXEC);
}
