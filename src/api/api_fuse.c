/* api_fuse.c - what a host fusing a chain of handlers (the datapath's
 * fused VIF paths, src/datapath/dp_fuse.c) asks of the VM about one
 * handler: is it compiled (so its calls take the compiled short path of
 * vm_call_handler) and how much code it has. */
#include "../runtime/rt_internal.h"

bool vm_method_is_compiled(const vm_method *m) {
    return m && m->jit_entry != NULL;
}
