#ifndef CBOXOFFICECURL_H
#define CBOXOFFICECURL_H

#include <stddef.h>

/// One HTTP GET made with libcurl's easy interface, which waits for the network in poll(2) and
/// so costs no CPU while a server takes its time. The network helper's transport: the system's
/// libcurl (libcurl4, which Foundation's URLSession uses too) is called through the few functions
/// of its stable ABI declared in the source file, so no development headers are needed.
typedef struct boxoffice_transfer boxoffice_transfer;

/// Starts libcurl for the process; call once, before any transfer. Returns 0, or libcurl's error.
int boxoffice_curl_start(void);

/// A connection handle (libcurl's easy handle), kept between transfers for its open connections;
/// NULL when libcurl cannot make one.
void *boxoffice_curl_handle(void);
/// Closes a handle and its connections.
void boxoffice_curl_handle_free(void *handle);

/// A transfer that keeps at most `limit` bytes of body: a longer one is cut off as it arrives.
boxoffice_transfer *boxoffice_transfer_new(size_t limit);
void boxoffice_transfer_free(boxoffice_transfer *transfer);

/// Asks a transfer in progress to stop (from any thread): it ends within about a second.
void boxoffice_transfer_cancel(boxoffice_transfer *transfer);

/// Performs a GET of `url` on `handle` with the `header_count` request headers (`Name: value`),
/// within `timeout_ms`, never following a redirect; blocks until it ends. `ca_file` and
/// `ca_path`, when not NULL, are the certificate authorities to trust instead of the system's
/// (OpenSSL's `SSL_CERT_FILE` and `SSL_CERT_DIR`). Returns libcurl's result (0 when an answer
/// came whole, whatever its status).
int boxoffice_transfer_perform(boxoffice_transfer *transfer, void *handle, const char *url,
                               const char *const *headers, size_t header_count, long timeout_ms,
                               const char *ca_file, const char *ca_path);

/// The answer's status (0 when none came).
long boxoffice_transfer_status(const boxoffice_transfer *transfer);
/// The body, and its length.
const unsigned char *boxoffice_transfer_body(const boxoffice_transfer *transfer, size_t *length);
/// The last answer's header lines as they came (`Name: value\r\n` each), and their length.
const char *boxoffice_transfer_headers(const boxoffice_transfer *transfer, size_t *length);
/// Whether the body was cut off at the limit.
int boxoffice_transfer_too_large(const boxoffice_transfer *transfer);
/// Whether the transfer stopped because it was cancelled.
int boxoffice_transfer_cancelled(const boxoffice_transfer *transfer);
/// The system's error number of a failed connection (ECONNREFUSED …), 0 when none.
long boxoffice_transfer_os_errno(const boxoffice_transfer *transfer);
/// libcurl's words for a failure ("OpenSSL/3.0: error:… wrong version number"), empty when none.
const char *boxoffice_transfer_error(const boxoffice_transfer *transfer);

#endif
