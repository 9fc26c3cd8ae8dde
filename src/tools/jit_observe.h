/* jit_observe.h - the vifvm command's JIT observability (host code):
 * the platform's code_emitted hook writing a perf map
 * (/tmp/perf-<pid>.map, --perf-map) and disassembling each compiled
 * method to stderr (--jit-disasm; Capstone when built with it, a hex
 * dump otherwise), the per-method table of --stats, and -Xjit: parsing. */
#ifndef VIFVM_TOOLS_JIT_OBSERVE_H
#define VIFVM_TOOLS_JIT_OBSERVE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "vifvm.h"

typedef struct jit_observer {
    FILE *perf;           /* the perf map, or NULL */
    char perf_path[64];
    bool disasm;          /* --jit-disasm */
    void *cs;             /* Capstone handle (csh *), or NULL */
} jit_observer;

/* Set up o and install its hook in *p (whose ud must be o: call
 * posix_platform_init(p, o) first).  0, or -1 after printing why. */
int jit_observe_init(jit_observer *o, vm_platform *p, bool perf_map, bool disasm);
void jit_observe_close(jit_observer *o);

/* The vm_platform.code_emitted hook (ud = the jit_observer). */
void jit_observe_code_emitted(void *ud, const char *name, const void *code, size_t size);

/* Parse the list of "-Xjit:LIST" (comma-separated [+|-]name, or all)
 * into *disabled (bits 1u << JIT_OPT_*, starting from its value).
 * false with the offending name in bad (bad_cap bytes) if unknown. */
bool jit_observe_parse_opts(const char *list, uint32_t *disabled, char *bad, size_t bad_cap);
/* -Xjit:tier2[=all][,-inlining,-gvn,-loads,-licm,-rce,-dchk,-spillw,-share,-hint][,dump] or -Xjit:-tier2: the second
 * tier's mode and passes turned off; false if list is not of this form */
/* (hot mode: tier 2 by counts) */
typedef struct jit_tier2_hot { bool on; uint32_t calls, backedges; } jit_tier2_hot;
bool jit_observe_parse_tier2(const char *list, uint8_t *mode, uint64_t *off, uint32_t *deopt_every,
                             jit_tier2_hot *hot);
/* Comma-separated names of the opts in mask ("-" if none). */
void jit_observe_opts_str(uint32_t mask, char *buf, size_t cap);

/* --stats: the table of compiled methods (user methods only unless all),
 * slowest compile first, totals and median; then the refused ones. */
void jit_observe_print_stats(const vm *v, bool all, FILE *f);

/* Whether Capstone was linked in. */
bool jit_observe_have_capstone(void);

#endif
