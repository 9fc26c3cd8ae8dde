/* vifvm_status.h - every status code of the VM, declared once (public:
 * part of the embedding API, include/vifvm.h; the core includes it through
 * src/core/status.h).
 *
 * Errors are values.  A function that can fail returns vm_status and, when it
 * fails, may write a human-readable detail into a caller-supplied vm_diag
 * buffer (see diag.h).  The X-macro below is the single list: it produces the
 * enum and the message table (src/core/status.c).
 */
#ifndef VIFVM_STATUS_H
#define VIFVM_STATUS_H

#include <stddef.h>

#define VM_STATUS_LIST(X)                                                     \
    X(VM_OK,              "ok")                                               \
    X(VM_ERR_NOMEM,       "out of native memory")                             \
    X(VM_ERR_ARG,         "invalid argument")                                 \
    X(VM_ERR_IO,          "cannot read file")                                 \
    X(VM_ERR_FORMAT,      "malformed class file")                             \
    X(VM_ERR_VERSION,     "unsupported class file version")                   \
    X(VM_ERR_JSR,         "jsr/ret are not supported")                        \
    X(VM_ERR_ZIP,         "corrupt zip/jar file")                             \
    X(VM_ERR_ZIP_LIMIT,   "zip entry exceeds size limits (zip bomb?)")        \
    X(VM_ERR_INFLATE,     "corrupt deflate stream")                           \
    X(VM_ERR_NOT_FOUND,   "class not found")                                  \
    X(VM_ERR_LINKAGE,     "linkage error")                                    \
    X(VM_ERR_VERIFY,      "verification failed")                              \
    X(VM_ERR_LIMIT,       "resource limit exceeded")                          \
    X(VM_ERR_UNSUPPORTED, "unsupported feature")                              \
    X(VM_ERR_EXCEPTION,   "uncaught Java exception")                          \
    X(VM_ERR_EXIT,        "System.exit called")                               \
    X(VM_ERR_BUDGET,      "instruction budget exhausted")                     \
    X(VM_ERR_INTERRUPTED, "interrupted by the host")                          \
    X(VM_ERR_TIMEOUT,     "time limit exceeded")                              \
    X(VM_ERR_INTERNAL,    "internal error")

typedef enum vm_status {
#define VM_STATUS_ENUM(name, msg) name,
    VM_STATUS_LIST(VM_STATUS_ENUM)
#undef VM_STATUS_ENUM
    VM_STATUS__COUNT
} vm_status;

/* Static message for a status code; never NULL. */
const char *vm_status_str(vm_status s);

/* The caller-supplied detail buffer: every fallible function takes a
 * `vm_diag *` (may be NULL) and, on failure, writes one line such as
 *   "Foo.class: method bar()V: bytecode offset 12: branch target 99 out of range"
 * into it (NUL-terminated, truncated to cap) before returning the status. */
typedef struct vm_diag {
    char  *buf;  /* NUL-terminated; may be NULL to discard details */
    size_t cap;
} vm_diag;

#endif
