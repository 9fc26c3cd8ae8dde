/* npe_message.h - Java 17's helpful NullPointerException messages
 * (npe_message.c). */
#ifndef VIFVM_RUNTIME_NPE_MESSAGE_H
#define VIFVM_RUNTIME_NPE_MESSAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "object.h"

/* The message java gives a NullPointerException raised by the instruction
 * at bytecode index bci of m ("Cannot invoke "X.m()" because "<local1>" is
 * null"), NUL-terminated into buf (truncated to cap).  false, and no
 * message, for an explicitly constructed exception (bci at a constructor
 * call), a native method or an instruction that cannot dereference.
 * Allocates scratch memory through p (false if it cannot). */
bool npe_message(const vm_platform *p, const jmethod *m, uint32_t bci, char *buf, size_t cap);

#endif
