/* interp_fp.h - the interpreter's float/double bytecodes out of line
 * (interp_fp.c; used where interp.c is built with VIFVM_INTERP_FP_OUTLINE). */
#ifndef VIFVM_INTERP_FP_H
#define VIFVM_INTERP_FP_H
#include "../runtime/object.h"
#include <stdint.h>

/* performs float/double bytecode op on the operand stack whose top is sp
 * (one past the last slot); returns the new sp */
jvalue *interp_fp_op(uint32_t op, jvalue *sp);

#endif
