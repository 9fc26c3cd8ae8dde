/* SPDX-License-Identifier: GPL-2.0 */
/* stdbool.h - for the kernel-only objects of vifvm.ko (src/kmod, src/platform/kernel),
 * which include the VM's public headers: the kernel has no C library
 * headers, its <linux/types.h> has the same types. */
#ifndef VIFVM_KSHIM_STDBOOL_H
#define VIFVM_KSHIM_STDBOOL_H
#include <linux/types.h>
#include <linux/limits.h>
#endif
