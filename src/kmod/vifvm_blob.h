/* SPDX-License-Identifier: GPL-2.0 */
/* vifvm_blob.h - what an uploaded file is: a class file (and its class's
 * name, read from its constant pool) or a JAR. */
#ifndef VIFVM_KMOD_BLOB_H
#define VIFVM_KMOD_BLOB_H

#include <linux/types.h>

enum kvm_blob_kind { KVM_BLOB_BAD, KVM_BLOB_CLASS, KVM_BLOB_JAR };

/* For a class file, its internal name ("pkg/Main") into name (NUL
 * terminated), checked to be a safe relative path: [A-Za-z0-9_$] parts
 * separated by '/'.  May sleep. */
enum kvm_blob_kind kvm_blob_kind(const u8 *data, size_t len, char *name, size_t cap);

#endif
