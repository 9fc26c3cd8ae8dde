/* core_prelude.h - forced first include of every VM core object in the
 * kernel build (src/kmod/Kbuild).  Kbuild force-includes the kernel's
 * compiler_types.h into every object; it redefines C keywords and common
 * attribute words as macros (inline -> gnu_inline + notrace, noinline, ...)
 * that would change the meaning of the core's C11.  The core includes no
 * kernel header, so they are simply taken back here. */
#ifndef VIFVM_KERNEL_CORE_PRELUDE_H
#define VIFVM_KERNEL_CORE_PRELUDE_H
#undef inline
#undef __inline
#undef __inline__
#undef noinline

/* the interpreter's label table (src/interp/interp.c): in the section
 * objtool reads a computed goto's targets from, as the kernel's own
 * __annotate_jump_table does */
#define VIFVM_JUMP_TABLE __attribute__((__section__(".rodata..c_jump_table")))
#endif
