/* platform.h - the core's name for the platform interface: the struct a
 * host fills in is public, in include/vifvm_platform.h. */
#ifndef VIFVM_CORE_PLATFORM_H
#define VIFVM_CORE_PLATFORM_H

#include "../../include/vifvm_platform.h"

#endif
