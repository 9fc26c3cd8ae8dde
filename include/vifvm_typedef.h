/* vifvm_typedef.h - the `vm` type name, alone in its own header.
 *
 * The core's idiom is a parameter named like its type: `vm_status f(vm *vm)`.
 * GCC's -Wshadow reports such a parameter as shadowing the file-scope
 * typedef (clang does not).  GCC does not report shadowing of declarations
 * that come from a system header, so this one-line header is marked as
 * one; nothing else may be put here. */
#ifndef VIFVM_TYPEDEF_H
#define VIFVM_TYPEDEF_H
#pragma GCC system_header

struct vm;
typedef struct vm vm;

#endif
