/* vm_typedef.h - the `vm` type name: the public include/vifvm_typedef.h
 * (see there why it is alone in its own header). */
#ifndef VIFVM_RUNTIME_VM_TYPEDEF_H
#define VIFVM_RUNTIME_VM_TYPEDEF_H

#include "../../include/vifvm_typedef.h"

#endif
