/* SPDX-License-Identifier: GPL-2.0 */
/* kdispatch.h - the interpreter's dispatch, chosen by timing at module
 * load when the kernel runs real retpolines (kdispatch.c). */
#ifndef VIFVM_KERNEL_KDISPATCH_H
#define VIFVM_KERNEL_KDISPATCH_H

#include <linux/types.h>

struct kdisp_result {
	bool measured;		/* real retpolines: both were timed */
	bool prefer_switch;	/* the switch was the cheaper */
	u64 dispatches;		/* per timing */
	u64 goto_ns, switch_ns;	/* the best of the timings */
	u64 checksum;		/* the loops' result, kept */
};

extern struct kdisp_result kdisp_result;

/* Process context (may sleep).  Times both only under CONFIG_RETPOLINE;
 * the caller decides whether the thunks are real retpolines.  0 or
 * -ENOMEM. */
int kdisp_calibrate(void);

/* the interpreter's dispatch: 0 by the kernel's Spectre v2 mode (under
 * real retpolines the cheaper of the two, timed at load: kdispatch.c),
 * 1 the switch, 2 computed gotos (each through the kernel's thunk where
 * it is a retpoline): module parameter interp_dispatch */
extern int kplat_interp_dispatch;
/* at module load (may sleep): times the two under real retpolines.
 * 0 or -ENOMEM (then the switch is kept). */
int kplat_dispatch_init(void);
/* what interp_dispatch=0 picks, for dmesg and status */
const char *kplat_dispatch_auto(void);
/* what a VM made now gets (vm_platform.interp_switch): 1 the switch */
int kplat_interp_switch(void);

#endif
