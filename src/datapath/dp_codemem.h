/* dp_codemem.h - executable memory for a datapath's native filters, packed.
 *
 * The classic BPF compiler (src/jit/cbpf_jit.c) asks its platform for the
 * memory of each filter, probe and tree function (code_alloc, then
 * code_protect_exec once written, code_free).  The POSIX platform maps
 * pages for each: with 1,000 sibling VIFs, 1,000 filters of ~100 bytes each
 * on a page of its own, all starting at offset 0 of their page, so a packet
 * going to any of them misses the instruction TLB and the same few L1i
 * sets every time (issue 14, "Many siblings").  This allocator hands out
 * 64-byte-aligned pieces of 256 KiB chunks instead, first fit from the
 * lowest address, so a level's filters lie next to each other on a few
 * pages.
 *
 * W^X holds: a page is never writable and executable at once.  code_alloc
 * makes the pages of the piece it returns RW (the other filters on them
 * cannot run until code_protect_exec makes them RX again); that is safe
 * because a datapath compiles and runs its filters in one thread, never a
 * compile in the middle of classifying (dp_filter_changed and the
 * rebuilds run between packets).  code_free makes the pages RX again (a
 * compile that failed after code_alloc leaves no neighbour unrunnable).
 * Pieces above 64 KiB are mapped alone, as by the POSIX platform.
 *
 * dp_codemem_init installs it in a platform (its ud becomes the
 * allocator's; the POSIX platform's other functions ignore ud);
 * VIFD_CODE_PACK=off in the environment leaves the platform as it was
 * (every filter on its own pages, for comparison).  Host code. */
#ifndef VIFVM_DP_CODEMEM_H
#define VIFVM_DP_CODEMEM_H

#include <stdbool.h>
#include <stddef.h>

#include "vifvm_platform.h"

/* Install the packed allocator in plat (set up by posix_platform_init);
 * false (plat unchanged) when switched off or out of memory. */
bool dp_codemem_init(vm_platform *plat);
/* Unmap everything; call after every program made through plat is freed. */
void dp_codemem_destroy(vm_platform *plat);

#endif
