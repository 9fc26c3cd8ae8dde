/* fuse_entry.h - what the native stage entry (fuse_entry.c) returns
 * besides a vm_status, for vm_handler_entry_after (src/api/api_fuse.c). */
#ifndef VIFVM_JIT_FUSE_ENTRY_H
#define VIFVM_JIT_FUSE_ENTRY_H

#define FUSE_ENTRY_NOT_RUN       (-1)  /* the short path does not apply: nothing ran */
#define FUSE_ENTRY_RAN_EXHAUSTED (-2)  /* VM_OK, but the budget ran out meanwhile */

#endif
