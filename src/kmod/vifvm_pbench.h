/* SPDX-License-Identifier: GPL-2.0 */
/* vifvm_pbench.h - /proc/vifvm/pbench: a VIFlet's handlers over packets in
 * memory, timed in the kernel (vifvm_pbench.c). */
#ifndef VIFVM_KMOD_PBENCH_H
#define VIFVM_KMOD_PBENCH_H

#include <linux/proc_fs.h>

extern const struct proc_ops kvm_pbench_ops;

#endif
