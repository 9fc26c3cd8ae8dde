/* status.c - message table for status.h. */
#include "status.h"

static const char *const status_messages[] = {
#define VM_STATUS_MSG(name, msg) msg,
    VM_STATUS_LIST(VM_STATUS_MSG)
#undef VM_STATUS_MSG
};

const char *vm_status_str(vm_status s) {
    if ((unsigned)s >= VM_STATUS__COUNT) return "unknown status";
    return status_messages[s];
}
