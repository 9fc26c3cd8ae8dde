/* t2_indy.c - invokedynamic in tier-2 code (i18).
 *
 * A call site of the compiled method itself (not of an inlined callee) is
 * an opaque call out of the code, as the baseline's (jit_compile.c): the
 * frame written as the interpreter has it at the instruction (the collector
 * scans it, a stack trace shows its pc), then the baseline's helper
 * (jit_rt_indy_sp, jit_rt.c), which links the site on its first run (the
 * bootstrap, once, in the interpreter's side table: interp/indy_link.c),
 * ticks the budget as the interpreter does and runs it (string
 * concatenation, a lambda's object, a generated method).  The result's type comes from the call site's descriptor.
 * t2_build.c emits it, t2_codegen.c generates the call (gen_runtime_call). */
#include "t2_indy.h"
#include "jit_internal.h"
#include "../classfile/classfile.h"

uint32_t t2_desc_args(bool recv, const char *desc, const uint32_t *argslots, uint32_t nslots, uint32_t *out) {
    uint32_t i = 0, n = 0;
    if (recv && nslots) {
        if (out) out[n] = argslots[0];
        n++;
        i = 1;
    }
    for (const char *p = desc + 1; *p && *p != ')' && i < nslots; p++) {
        char k = *p;
        if (out) out[n] = argslots[i];
        n++;
        i += k == 'J' || k == 'D' ? 2 : 1;
        while (*p == '[') p++;
        if (*p == 'L') while (p[1] && *p != ';') p++;
    }
    return n;
}

bool t2_indy_sig(const jmethod *m, uint32_t pc, uint32_t *slots, char *rty, const char **desc_out) {
    const cf_class *cf = m->owner ? m->owner->cf : NULL;
    if (!cf || !m->code || pc + 5 > m->code->code_len) return false;
    const uint8_t *ip = m->code->code + pc;
    uint16_t idx = (uint16_t)((ip[1] << 8) | ip[2]);
    if (idx == 0 || idx >= cf->cp_count || cf->cp[idx].tag != CP_INVOKE_DYNAMIC) return false;
    const char *name = NULL, *desc = NULL;
    cf_name_and_type(cf, cf->cp[idx].u.ref.b, &name, &desc);
    if (!desc || !cf_valid_method_desc(desc)) return false;
    int n = cf_desc_arg_slots(desc);
    if (n < 0) return false;
    const char *r = desc;
    while (*r && *r != ')') r++;
    if (*r != ')') return false;
    switch (r[1]) {
    case 'Z': case 'B': case 'C': case 'S': case 'I': *rty = 'I'; break;
    case 'J': case 'F': case 'D': case 'V': *rty = r[1]; break;
    default: *rty = 'A'; break;
    }
    *slots = (uint32_t)n;
    *desc_out = desc;
    return true;
}
