/* status.h - the core's name for the status codes: the one list lives in
 * the public header include/vifvm_status.h (hosts see the same codes). */
#ifndef VIFVM_CORE_STATUS_H
#define VIFVM_CORE_STATUS_H

#include "../../include/vifvm_status.h"

#endif
