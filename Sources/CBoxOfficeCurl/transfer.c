#include <errno.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "CBoxOfficeCurl.h"

/* libcurl's ABI, as its headers give it (curl/curl.h, easy.h); stable since 7.x. */
typedef void CURL;
struct curl_slist;
extern int curl_global_init(long flags);
extern CURL *curl_easy_init(void);
extern void curl_easy_reset(CURL *handle);
extern int curl_easy_setopt(CURL *handle, int option, ...);
extern int curl_easy_perform(CURL *handle);
extern int curl_easy_getinfo(CURL *handle, int info, ...);
extern void curl_easy_cleanup(CURL *handle);
extern struct curl_slist *curl_slist_append(struct curl_slist *list, const char *string);
extern void curl_slist_free_all(struct curl_slist *list);

enum {
    GLOBAL_DEFAULT = 3,
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_ERRORBUFFER = 10010, OPT_USERAGENT = 10018, OPT_HTTPHEADER = 10023,
    OPT_HEADERDATA = 10029, OPT_XFERINFODATA = 10057, OPT_CAINFO = 10065, OPT_CAPATH = 10097, OPT_ACCEPT_ENCODING = 10102,
    OPT_WRITEFUNCTION = 20011, OPT_HEADERFUNCTION = 20079, OPT_XFERINFOFUNCTION = 20219,
    OPT_NOPROGRESS = 43, OPT_FOLLOWLOCATION = 52, OPT_HTTPGET = 80, OPT_NOSIGNAL = 99, OPT_TIMEOUT_MS = 155,
    OPT_PROTOCOLS = 181, OPT_REDIR_PROTOCOLS = 182,
    PROTO_HTTP = 1, PROTO_HTTPS = 2,
    INFO_RESPONSE_CODE = 0x200002, INFO_OS_ERRNO = 0x200019,
    ERROR_SIZE = 256,
};

struct boxoffice_transfer {
    size_t limit;
    atomic_int cancelled;
    int stopped_by_cancel;
    int too_large;
    long status;
    long os_errno;
    unsigned char *body;
    size_t body_length;
    char *headers;
    size_t headers_length;
    size_t headers_capacity;
    char error[ERROR_SIZE];
};

int boxoffice_curl_start(void) { return curl_global_init(GLOBAL_DEFAULT); }

void *boxoffice_curl_handle(void) { return curl_easy_init(); }

void boxoffice_curl_handle_free(void *handle) {
    if (handle) curl_easy_cleanup(handle);
}

boxoffice_transfer *boxoffice_transfer_new(size_t limit) {
    boxoffice_transfer *transfer = calloc(1, sizeof(boxoffice_transfer));
    if (transfer) {
        transfer->limit = limit;
        atomic_init(&transfer->cancelled, 0);
    }
    return transfer;
}

void boxoffice_transfer_free(boxoffice_transfer *transfer) {
    if (!transfer) return;
    free(transfer->body);
    free(transfer->headers);
    free(transfer);
}

void boxoffice_transfer_cancel(boxoffice_transfer *transfer) { atomic_store(&transfer->cancelled, 1); }

/* The body, into one block of the limit's size reserved at its first byte: large enough that
   the allocator maps it apart (resident only where written) and gives it back when freed. A
   body past the limit is refused as it arrives (returning less than given ends the transfer). */
static size_t take_body(char *data, size_t size, size_t count, void *context) {
    boxoffice_transfer *transfer = context;
    size_t bytes = size * count;
    if (atomic_load(&transfer->cancelled)) return 0;
    if (bytes > transfer->limit - transfer->body_length) {
        transfer->too_large = 1;
        free(transfer->body);
        transfer->body = NULL;
        transfer->body_length = 0;
        return 0;
    }
    if (!transfer->body) {
        transfer->body = malloc(transfer->limit > 0 ? transfer->limit : 1);
        if (!transfer->body) return 0;
    }
    memcpy(transfer->body + transfer->body_length, data, bytes);
    transfer->body_length += bytes;
    return bytes;
}

/* The headers of the last answer (a status line starts a new one), at most 64 KiB of them; a
   declared length past the limit ends the transfer before its body. */
static size_t take_header(char *data, size_t size, size_t count, void *context) {
    boxoffice_transfer *transfer = context;
    size_t bytes = size * count;
    if (atomic_load(&transfer->cancelled)) return 0;
    if (bytes >= 5 && strncmp(data, "HTTP/", 5) == 0) transfer->headers_length = 0;
    if (bytes > 15 && strncasecmp(data, "content-length:", 15) == 0) {
        /* Read within the line (libcurl does not end it with a NUL): blanks, then digits. */
        size_t index = 15;
        while (index < bytes && (data[index] == ' ' || data[index] == '\t')) index++;
        unsigned long long declared = 0;
        int digits = 0, past = 0;
        for (; index < bytes && data[index] >= '0' && data[index] <= '9'; index++, digits++) {
            if (declared > (ULLONG_MAX - 9) / 10) past = 1;
            else declared = declared * 10 + (unsigned long long)(data[index] - '0');
        }
        if (digits > 0 && (past || declared > transfer->limit)) {
            transfer->too_large = 1;
            return 0;
        }
    }
    if (transfer->headers_length + bytes > 64 * 1024) return bytes;
    if (transfer->headers_length + bytes > transfer->headers_capacity) {
        size_t capacity = transfer->headers_capacity ? transfer->headers_capacity * 2 : 1024;
        while (capacity < transfer->headers_length + bytes) capacity *= 2;
        char *grown = realloc(transfer->headers, capacity);
        if (!grown) return 0;
        transfer->headers = grown;
        transfer->headers_capacity = capacity;
    }
    memcpy(transfer->headers + transfer->headers_length, data, bytes);
    transfer->headers_length += bytes;
    return bytes;
}

/* Called at least once a second while the transfer waits: a cancellation ends it. */
static int check_cancelled(void *context, int64_t down_total, int64_t down_now, int64_t up_total, int64_t up_now) {
    (void)down_total; (void)down_now; (void)up_total; (void)up_now;
    boxoffice_transfer *transfer = context;
    return atomic_load(&transfer->cancelled) ? 1 : 0;
}

int boxoffice_transfer_perform(boxoffice_transfer *transfer, void *handle, const char *url,
                               const char *const *headers, size_t header_count, long timeout_ms,
                               const char *ca_file, const char *ca_path) {
    struct curl_slist *list = NULL;
    for (size_t index = 0; index < header_count; index++) {
        struct curl_slist *longer = curl_slist_append(list, headers[index]);
        if (!longer) {
            curl_slist_free_all(list);
            return 27; /* CURLE_OUT_OF_MEMORY */
        }
        list = longer;
    }
    /* The handle keeps its connections; its options are set anew for each transfer. */
    curl_easy_reset(handle);
    curl_easy_setopt(handle, OPT_URL, url);
    curl_easy_setopt(handle, OPT_HTTPGET, 1L);
    curl_easy_setopt(handle, OPT_HTTPHEADER, list);
    curl_easy_setopt(handle, OPT_USERAGENT, "boxoffice");
    curl_easy_setopt(handle, OPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(handle, OPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(handle, OPT_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    curl_easy_setopt(handle, OPT_REDIR_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    curl_easy_setopt(handle, OPT_NOSIGNAL, 1L);
    curl_easy_setopt(handle, OPT_TIMEOUT_MS, timeout_ms);
    curl_easy_setopt(handle, OPT_WRITEFUNCTION, take_body);
    curl_easy_setopt(handle, OPT_WRITEDATA, transfer);
    curl_easy_setopt(handle, OPT_HEADERFUNCTION, take_header);
    curl_easy_setopt(handle, OPT_HEADERDATA, transfer);
    curl_easy_setopt(handle, OPT_NOPROGRESS, 0L);
    curl_easy_setopt(handle, OPT_XFERINFOFUNCTION, check_cancelled);
    curl_easy_setopt(handle, OPT_XFERINFODATA, transfer);
    curl_easy_setopt(handle, OPT_ERRORBUFFER, transfer->error);
    if (ca_file) curl_easy_setopt(handle, OPT_CAINFO, ca_file);
    if (ca_path) curl_easy_setopt(handle, OPT_CAPATH, ca_path);
    transfer->error[0] = 0;
    int result = curl_easy_perform(handle);
    transfer->stopped_by_cancel = atomic_load(&transfer->cancelled);
    long status = 0;
    if (curl_easy_getinfo(handle, INFO_RESPONSE_CODE, &status) == 0) transfer->status = status;
    long os_errno = 0;
    if (curl_easy_getinfo(handle, INFO_OS_ERRNO, &os_errno) == 0) transfer->os_errno = os_errno;
    /* The error buffer, the header list and the callbacks' data are the transfer's, freed before
       the handle's next use: the idle handle keeps none of them (only its connections). */
    curl_easy_reset(handle);
    curl_slist_free_all(list);
    return result;
}

long boxoffice_transfer_status(const boxoffice_transfer *transfer) { return transfer->status; }

const unsigned char *boxoffice_transfer_body(const boxoffice_transfer *transfer, size_t *length) {
    *length = transfer->body_length;
    return transfer->body;
}

const char *boxoffice_transfer_headers(const boxoffice_transfer *transfer, size_t *length) {
    *length = transfer->headers_length;
    return transfer->headers;
}

int boxoffice_transfer_too_large(const boxoffice_transfer *transfer) { return transfer->too_large; }

int boxoffice_transfer_cancelled(const boxoffice_transfer *transfer) { return transfer->stopped_by_cancel; }

long boxoffice_transfer_os_errno(const boxoffice_transfer *transfer) { return transfer->os_errno; }

const char *boxoffice_transfer_error(const boxoffice_transfer *transfer) { return transfer->error; }
