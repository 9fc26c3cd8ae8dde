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
#endif
