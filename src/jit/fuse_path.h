/* fuse_path.h - the path-code emitter (fuse_path.c): straight-line host
 * code from a list of operations (include/vifvm_pathcode.h), the fused VIF
 * path's run as one native function (issue 14, src/datapath/dp_fuse.c
 * plan_code).  No datapath type here: the host describes its work with
 * addresses and offsets. */
#ifndef VIFVM_JIT_FUSE_PATH_H
#define VIFVM_JIT_FUSE_PATH_H

#include "../../include/vifvm_pathcode.h"

/* the registers the code keeps (callee-saved): the first argument (rbx)
 * and the second (r12); r10 and r11 hold the last two object addresses
 * used (reloaded after a call) */
enum { FUSE_PATH_REG_ARG = 3 /* rbx */, FUSE_PATH_REG_ARG2 = 12 /* r12 */ };

#endif
