/* vifvm_jit.h - the JIT's public side (part of include/vifvm.h): the list
 * of the JIT's optimizations (named as in the VEE'08 paper's Table 2, each
 * switchable through vm_config.jit_opts_disabled) and, per method the JIT
 * was asked to compile, what it did: compile time, bytecode and native
 * sizes, the optimizations that fired, or why it refused; the code cache's
 * figures.  Hosts print these (vifvm --stats) and parse -Xjit: against the
 * names here; the core only records (src/jit/jit_stats.c).
 */
#ifndef VIFVM_JIT_PUBLIC_H
#define VIFVM_JIT_PUBLIC_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "vifvm.h"

/* The optimizations, as in the paper's Table 1 and issue 3:
 * X(NAME, "option name").  Bit 1u << JIT_OPT_NAME of
 * vm_config.jit_opts_disabled / the per-method opts mask. */
#define JIT_OPT_LIST(X)                                                       \
    X(REGCACHE,  "regcache")   /* hot locals kept in registers */             \
    X(COMBINEOP, "combineop")  /* load-load-op-store, iinc, cmp+branch fused */\
    X(COMBINELD, "combineld")  /* field/array load chains fused */            \
    X(ACACHE,    "acache")     /* loop-invariant array base/length cached */  \
    X(OBJECT,    "object")     /* direct-offset field access (off: the       \
                                  offset read from the resolved jfield at run \
                                  time, a generic but slower path) */          \
    X(INLINING,  "inlining")   /* small callees inlined */                    \
    X(NULLIFY,   "nullify")    /* calls to empty void methods dropped */      \
    X(INLINECLK, "inlineclk")  /* System.nanoTime/currentTimeMillis inlined */\
    X(FASTINV,   "fastinv")    /* direct calls between compiled methods */    \
    X(MCACHE,    "mcache")     /* inline caches for virtual/interface calls */\
    X(BCE,       "bce")        /* array bounds-check elimination in loops */ \
    X(AASTORE,   "aastore")    /* reference array stores inline (null or   \
                                  exact component class; else the helper) */ \
    X(FLOATOPS,  "floatops")   /* float add/sub/mul/div on the virtual stack */\
    X(REGBUDGET, "regbudget")  /* the instruction budget counter in r14 while \
                                  compiled code runs (jit_invoke.c) */         \
    X(WRITEBACK, "writeback")  /* cached int locals stored to their frame    \
                                  slots only where C, a handler or a template \
                                  reads the frame (jit_vstack.c) */          \
    X(LONGOPS,   "longops")    /* long arithmetic, conversions and locals   \
                                  on the virtual stack (jit_longops.c) */     \
    X(TYPECHECK, "typecheck")  /* checkcast/instanceof inline: null, exact   \
                                  class, superclass chain (jit_typecheck.c) */ \
    X(ALLOC,     "alloc")      /* `new` of a small initialised class inline: \
                                  the heap's fast path (jit_alloc.c) */    \
    X(LMEM,      "lmem")       /* long instance fields and long[] elements \
                                  on the virtual stack (jit_longops.c,       \
                                  jit_fastops.c; needs longops) */          \
    X(LDIVC,     "ldivc")      /* long and int division and remainder by a  \
                                  constant as a multiply-high (jit_longops.c)*/\
    X(DUP2,      "dup2")       /* dup2 on the virtual stack (a[i]++, a[i] += \
                                  v; jit_fastops.c) */                      \
    X(LCACHE,    "lcache")     /* long locals kept in registers too, written \
                                  through (jit_loops.c, jit_longops.c; with  \
                                  regcache, longops and combineop) */       \
    X(MINMAX,    "minmax")     /* Math.min/max of longs and ints as cmp and  \
                                  cmov (jit_longops.c) */  \
    X(LVAR,      "lvar")       /* ldiv/lrem by a variable, lcmp as a value,  \
                                  long shifts by a variable count            \
                                  (jit_longops.c; needs longops) */          \
    X(PIC,       "pic")        /* polymorphic inline caches: JC_PIC_N cells  \
                                  per virtual/interface site, compared in   \
                                  turn (jit_invoke.c; needs mcache, fastinv) */ \
    X(FIELDS,    "fields")     /* inlined callees read and write fields of   \
                                  objects other than `this` (null: the call; \
                                  jit_inline.c; needs inlining) */           \
    X(DMATH,     "dmath")      /* Double.compare, Long.compare, Math.max/min \
                                  of doubles, Double.doubleToLongBits inline \
                                  (jit_dmath.c; with combineop) */           \
    X(TCACHE,    "tcache")     /* checkcast/instanceof of an interface or    \
                                  array: the last class that passed cached \
                                  per site (jit_typecheck.c; needs typecheck,\
                                  mcache) */                                \
    X(VINLINE,   "vinline")    /* invokevirtual of a method its class's      \
                                  vtable selects: the inliner's fast mode    \
                                  behind a receiver-class guard            \
                                  (jit_inline.c; needs inlining) */          \
    X(THISNN,    "thisnn")     /* getfield/putfield on `this` (local 0 of an \
                                  instance method never stored to) without  \
                                  the null test (jit_fastops.c, jit_longops.c) */ \
    X(DCALL,     "dcall")      /* a virtual/interface call whose receiver   \
                                  has one loaded concrete class: that class \
                                  tested, its target's compiled entry called \
                                  with call rel32; else the inline cache    \
                                  (jit_invoke.c; needs mcache, fastinv) */

enum jit_opt {
#define JIT_OPT_ENUM(n, s) JIT_OPT_##n,
    JIT_OPT_LIST(JIT_OPT_ENUM)
#undef JIT_OPT_ENUM
    JIT_OPT_COUNT
};
#define JIT_OPTS_ALL ((uint32_t)((1u << JIT_OPT_COUNT) - 1u))

/* "regcache" for JIT_OPT_REGCACHE; NULL if out of range. */
const char *jit_opt_name(unsigned opt);
/* The opt named name[0..len) (exact, lower case); -1 if none. */
int jit_opt_lookup(const char *name, size_t len);
/* Parse a comma-separated list of [+|-]name (or "all") into *disabled
 * (bits 1u << JIT_OPT_*, starting from its value): "-name" disables,
 * "+name" or "name" enables.  false with the offending item at
 * *bad[0..*bad_len) if a name is unknown. */
bool jit_parse_opts(const char *list, uint32_t *disabled, const char **bad, size_t *bad_len);

/* One method the JIT was asked to compile (valid during the callback). */
typedef struct jit_method_info {
    const char *class_name;  /* internal form "pkg/Cls" */
    const char *name;        /* "method" */
    const char *desc;        /* "(I)V" */
    bool is_boot;            /* from the embedded class library */
    bool compiled;           /* false: left to the interpreter (refusal) */
    uint32_t bytecode_bytes; /* length of its bytecode */
    uint32_t native_bytes;   /* machine code emitted (0 if refused) */
    uint64_t compile_ns;     /* time spent in jit_compile, resolution excluded */
    uint64_t resolve_ns;     /* time it spent resolving constant-pool entries
                                (loading/linking the classes they name) */
    uint32_t opts;           /* optimizations that fired: 1u << JIT_OPT_* */
    const char *refusal;     /* why it was refused ("" if compiled) */
    uint8_t tier2;           /* the second tier (vm_config.jit_tier2): 0 not
                                tried, 1 built (its SSA graph optimized and
                                checked; the code run is still the baseline's),
                                2 outside its subset, 3 failed a check (a bug),
                                4 built and its tier-2 code installed */
    uint64_t tier2_ns;       /* tier 2's time on it */
    const char *tier2_note;  /* what its passes did, or why it was refused */
} jit_method_info;

typedef void (*jit_method_fn)(void *ctx, const jit_method_info *info);

/* Call fn for each method the JIT was asked to compile, in the order it
 * was asked.  Records are kept until vm_destroy; a record that could not
 * be allocated (out of memory) is missing, nothing else. */
void vm_foreach_jit_method(const vm *vm, jit_method_fn fn, void *ctx);

/* (-Xjit:tier2=hot) tier-2 variants of methods entered at a loop header
 * (on-stack replacement, src/jit/t2_osr.c), and the times running
 * baseline code went on in one */
void vm_jit_osr_counts(const vm *vm, uint32_t *variants, uint64_t *entries);

/* The code cache (jit_cache.c): its dual-mapped regions and the work done
 * on them ahead of the compiles, for --stats. */
typedef struct jit_code_cache_info {
    uint32_t regions;          /* dual-mapped regions (or chunks) mapped */
    uint64_t reserved_bytes;   /* their size (each mapped RX and RW; sparse) */
    uint64_t used_bytes;       /* code blocks carved from them */
    uint64_t populated_bytes;  /* made resident (code_populate) */
    uint32_t populate_steps;
    uint64_t revoked_bytes;    /* RW view taken away (finished code) */
    uint32_t revoke_steps;
    uint64_t ahead_ns;         /* time mapping, populating and revoking at
                                  set-up and after compiles: in no compile
                                  time */
    uint32_t regions_in_compiles; /* regions a compile had to map (a method
                                     did not fit), time included in that
                                     compile's time: */
    uint64_t in_compile_ns;
} jit_code_cache_info;

void vm_jit_code_cache_info(const vm *vm, jit_code_cache_info *out);

/* Optimizations enabled in this VM (1u << JIT_OPT_* bits). */
uint32_t vm_jit_opts_enabled(const vm *vm);

/* Is m JIT-compiled (its handler calls take vm_call_handler's compiled
 * short path)?  The datapath fuses a VIF path only when every handler on
 * it is (src/datapath/dp_fuse.c). */
bool vm_method_is_compiled(const vm_method *m);
/* Compile m now if the JIT would compile it on its first call (JIT on,
 * threshold 0, never run, never refused): for a host that fuses handlers
 * it inherits from the class library (which vm_prepare_class leaves to
 * their first call).  true if m is compiled afterwards.  Outside any Java
 * call only. */
bool vm_method_compile(vm *vm, vm_method *m);

/* May m keep (store, return, throw, pass on) the reference it gets in
 * local `local` (1: the first argument of an instance method)?  A
 * conservative bytecode check (src/gc/stackmap_escape.c): false only when
 * m provably lets it go when it returns.  The reference may be compared,
 * cast and passed to a call that `allow` accepts: op is the invoke opcode
 * (182 invokevirtual, 183 invokespecial, 184 invokestatic, 185
 * invokeinterface), cls/name/desc the method reference, arg_mask the
 * argument slots holding it (bit 0: the receiver, or the first argument
 * of a static call), recv_is_this whether the receiver is m's own `this`
 * (local 0, never stored to).  allow NULL: no call may take it. */
typedef bool (*vm_escape_allow_fn)(void *ctx, unsigned op, const char *cls, const char *name,
                                   const char *desc, uint64_t arg_mask, bool recv_is_this);
bool vm_method_arg_escapes(vm *vm, vm_method *m, uint32_t local, vm_escape_allow_fn allow,
                           void *ctx);
/* Is at most three quarters of vm's heap quota in use (garbage included)?
 * Then a small allocation cannot fail: a host that skips one (the fused
 * paths' recycled Packets and inlined FIFOs) only where this holds keeps
 * the quota drops of the allocation exact. */
bool vm_heap_roomy(const vm *vm);
/* vm_heap_roomy's two operands, for a host that asks it per packet and
 * would rather read them inline (the fused datapath, several times per
 * packet): *used points to the bytes in use, *max to the quota, both
 * valid for the VM's life; roomy is exactly *used <= *max - *max / 4.
 * false (pointers unset) for a VM without a heap. */
bool vm_heap_gauge(const vm *vm, const size_t **used, const size_t **max);

/* A handler entry prepared once (a fused path's stage, set up when the
 * plan is built) and called per packet: vm_call_handler(vm, m, budget,
 * time_ns, args, ret) with the budget's slices and the frame's size
 * worked out beforehand.  The same budget, time limit, exception, abort
 * and GC semantics (the same short path into the compiled method, the
 * same fallback to the general path).  Filled by vm_handler_entry_init;
 * the fields are the VM's. */
typedef struct vm_handler_entry {
    vm_method *m;
    uint64_t budget;           /* as vm_set_budget stores it */
    int64_t first, reserve;    /* the first slice and the rest */
    uint64_t time_ns;
    uint32_t nargs;            /* argument slots: 1 or 2 for the short path */
    uint32_t need;             /* value-stack slots of its frame */
    int32_t (*native)(vm_value *args); /* vm_handler_entry_emit's code, or NULL */
    uint32_t native_bytes;
} vm_handler_entry;
void vm_handler_entry_init(vm_handler_entry *e, vm_method *m, uint64_t budget, uint64_t time_ns);
vm_status vm_call_handler_entry(vm *vm, const vm_handler_entry *e, vm_value *args,
                                vm_value *ret);
/* Emit e's native entry (src/jit/fuse_entry.c): vm_call_handler_entry
 * and the compiled method's own C entry in one piece of machine code with
 * the VM, method, budget and frame as constants, for a handler returning
 * void (ret NULL), compiled now, whose frame fits the value stack.  It
 * stays in vm's code cache until vm_destroy; name is given to the
 * platform's code_emitted (the perf map).  VM_OK with e->native set;
 * VM_ERR_UNSUPPORTED (the handler does not qualify) or an error: e->native
 * NULL, vm_call_handler_entry serves.  Outside any Java call only. */
vm_status vm_handler_entry_emit(vm *vm, vm_handler_entry *e, const char *name);
/* The native entry reads the budget's slices and the time limit from *e
 * (which must not move while e->native is used).  Give e (with native
 * code) the budget and time limit of n, an entry vm_handler_entry_init
 * prepared for the same method: true, the same code serves; false (no
 * native code, another method) changes nothing: emit anew. */
bool vm_handler_entry_retune(vm_handler_entry *e, const vm_handler_entry *n);
/* What the native entry leaves to C: its raw result when not 0. */
vm_status vm_handler_entry_after(vm *vm, const vm_handler_entry *e, vm_value *args,
                                 vm_value *ret, int32_t raw);
/* The call through e's native entry (e->native set; ret NULL): the same
 * results as vm_call_handler_entry(vm, e, args, NULL). */
static inline vm_status vm_call_handler_native(vm *vm, const vm_handler_entry *e,
                                               vm_value *args) {
    int32_t raw = e->native(args);
    if (__builtin_expect(raw == 0, 1)) return VM_OK;
    return vm_handler_entry_after(vm, e, args, NULL, raw);
}

/* A handler that only updates its own int and long fields from constants
 * and its packet's length() and time(), then calls super.enqueue (the
 * default FIFO), as a straight-line program (src/jit/fuse_prog.c: what
 * qualifies).  Registers: each operation's result is the register of its
 * index; ints are kept sign-extended. */
enum {
    VM_FOP_NOP = 0,
    VM_FOP_CONST,            /* k */
    VM_FOP_LEN,              /* the packet's length() (int) */
    VM_FOP_TS,               /* its timestamp() (long) */
    VM_FOP_LDI, VM_FOP_LDJ,  /* the int/long field at off of the VIFlet */
    VM_FOP_I2L, VM_FOP_L2I, VM_FOP_NEGI, VM_FOP_NEGJ,          /* of a */
    VM_FOP_ADDI, VM_FOP_ADDJ, VM_FOP_SUBI, VM_FOP_SUBJ,        /* a op b */
    VM_FOP_MULI, VM_FOP_MULJ, VM_FOP_ANDI, VM_FOP_ANDJ,
    VM_FOP_ORI, VM_FOP_ORJ, VM_FOP_XORI, VM_FOP_XORJ,
    VM_FOP_STI, VM_FOP_STJ,  /* field at off = a */
    VM_FOP_ADDI_K, VM_FOP_ADDJ_K,      /* field at off += k */
    VM_FOP_ADDI_LEN, VM_FOP_ADDJ_LEN,  /* field at off += length() */
    /* the header getters (int values): dstPort(), srcPort(),
     * ipProtocol() of the packet */
    VM_FOP_DPORT, VM_FOP_SPORT, VM_FOP_IPPROTO,
    /* go on iff a CC b (k: 0 ==, 1 !=, 2 <, 3 >=, 4 >, 5 <=), else the
     * handler returns without super.enqueue (drops its packet) */
    VM_FOP_GUARD,
    /* (a CC b, the GUARD's k codes in off) ? (int32_t)(k >> 32) :
     * (int32_t)k: a conditional expression of two int constants */
    VM_FOP_SELECT,
    /* the packet's setDscp(a) (a known to be 0 .. 63: the decoder's
     * rule), written in its bytes: 1 when written, 0 when not IP */
    VM_FOP_SETDSCP,
    /* a != 0 ? b : register (uint8_t)k (if-conversion: a way's value
     * where the ways join) */
    VM_FOP_CSEL,
    /* if b != 0: the packet's setDscp(a), as SETDSCP (a setDscp on
     * some ways only) */
    VM_FOP_SETDSCP_IF,
    /* 1 if the packet is IP (what its setDscp answers), else 0 */
    VM_FOP_ISIP,
    /* the packet's dscp() (int: 0 .. 63, -1 when not IP; branch fx22) */
    VM_FOP_DSCP,
};
#define VM_FIELD_PROG_MAX 128  /* a power of two (registers are uint8_t) */
typedef struct vm_field_op {
    uint8_t op, a, b;
    uint32_t off;
    int64_t k;
} vm_field_op;
typedef struct vm_field_prog {
    uint32_t n;
    bool reads;   /* a header getter, a guard or setDscp */
    bool writes;  /* writes the packet's bytes (SETDSCP): never answers 1, and
                   * its host gives it bytes it owns (dp_pkt_own) */
    vm_field_op op[VM_FIELD_PROG_MAX];
} vm_field_prog;
/* Is m (an enqueue(Lvif/Packet;)V) such a handler?  true with *out its
 * program; false: it is not (out empty). */
bool vm_handler_field_prog(vm *vm, vm_method *m, vm_field_prog *out);
/* The program as machine code in vm's code cache
 * (src/jit/fuse_prog_emit.c), kept until vm_destroy; name goes to the
 * platform's code_emitted (the perf map).  fn(obj, len, ts, p, data) does
 * what the C evaluator (src/datapath/dp_fuse_prog.h, the reference) does:
 * 0 done; 1, having stored and written nothing (but *hdr), when a guard drops the
 * packet or a getter's answer is the handler's (the ports of an IPv6
 * packet).  It reads the len bytes at data, and writes them with
 * setDscp; not p (a host may put the C evaluator of p behind the same
 * pointer).  Outside any Java call only.  hdr: where the IP header's
 * place in these bytes is kept, (offset << 3) | version or -1 (not IP),
 * as Packet.ipHeader finds it, or VM_FIELD_HDR_UNKNOWN (not found yet):
 * a program that reads the headers takes it from there, or finds it and
 * stores it there, so that the programs run on one packet one after
 * another find it once (setDscp does not change it: the version and the
 * EtherType are kept).  The caller sets it to VM_FIELD_HDR_UNKNOWN for
 * each new packet (and for bytes of another length). */
#define VM_FIELD_HDR_UNKNOWN (-3)
typedef int32_t (*vm_field_prog_fn)(vm_object *obj, int32_t len, int64_t ts,
                                    const vm_field_prog *p, uint8_t *data, int32_t *hdr);
vm_status vm_field_prog_emit(vm *vm, const vm_field_prog *p, const char *name,
                             vm_field_prog_fn *fn, uint32_t *bytes);

#endif
