/* jit_stats.h - JIT observability: the core's name for the public JIT
 * header (the optimization list, per-method records, code-cache figures),
 * include/vifvm_jit.h.  The core only records (jit_stats.c). */
#ifndef VIFVM_JIT_JIT_STATS_H
#define VIFVM_JIT_JIT_STATS_H

#include "../runtime/vm.h"
#include "../../include/vifvm_jit.h"

#endif
