/* interp_switch.c - the interpreter (interp.c) a second time, dispatching
 * with a switch instead of computed gotos, for hosts built with
 * retpolines: there every `goto *` goes through a retpoline thunk, which
 * costs about 4x the whole interpreter's time on hardware that needs real
 * retpolines (measured in src/kmod/README.md, "Retpolines"); a switch
 * compiled without jump tables (a tree of compares) has no indirect jump.
 * Where the kernel patches its thunks into plain indirect jumps (eIBRS
 * hardware) the computed gotos are faster again, so both are built and the
 * platform chooses per VM (vm_platform.interp_switch, interp_execute in
 * invoke.c).  Built only with VIFVM_INTERP_SWITCH defined (the kernel
 * build with CONFIG_RETPOLINE: src/kmod/Kbuild); otherwise empty. */
#ifdef VIFVM_INTERP_SWITCH
#define VIFVM_SWITCH_DISPATCH 1
#define interp_execute interp_execute_switch
#include "interp.c"
#else
typedef int interp_switch_unused; /* (an empty translation unit is not C) */
#endif
