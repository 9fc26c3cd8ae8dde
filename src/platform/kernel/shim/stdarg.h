/* SPDX-License-Identifier: GPL-2.0 */
/* stdarg.h - see stddef.h beside this file. */
#ifndef VIFVM_KSHIM_STDARG_H
#define VIFVM_KSHIM_STDARG_H
#include <linux/stdarg.h>
#endif
