// The system's SQLite (Debian's libsqlite3), as the history database reads and writes it.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast Swift cannot import: SQLite copies a bound value before the call returns.
static inline void (*boxoffice_sqlite_transient(void))(void *) { return SQLITE_TRANSIENT; }
