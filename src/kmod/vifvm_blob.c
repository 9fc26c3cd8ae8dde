// SPDX-License-Identifier: GPL-2.0
/* vifvm_blob.c - tell a class file from a JAR and read a class file's name
 * (vifvm_blob.h).  Untrusted input: every read is bounds-checked; the VM's
 * own loader checks the whole file later. */
#include "vifvm_blob.h"

#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>

static u16 get16(const u8 *p)
{
	return (u16)(p[0] << 8 | p[1]);
}

static bool safe_name(const u8 *s, size_t n)
{
	size_t i;
	bool part_empty = true;

	if (!n)
		return false;
	for (i = 0; i < n; i++) {
		u8 c = s[i];

		if (c == '/') {
			if (part_empty)
				return false;
			part_empty = true;
			continue;
		}
		if (!(c == '_' || c == '$' || (c >= '0' && c <= '9') ||
		      (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
			return false;
		part_empty = false;
	}
	return !part_empty;
}

static bool class_name(const u8 *d, size_t len, char *name, size_t cap)
{
	size_t pos = 10, count, i, slen;
	u32 *off;
	bool ok = false;
	u16 this_class, name_idx;

	if (len < 10)
		return false;
	count = get16(d + 8);
	off = kvmalloc_array(count ? count : 1, sizeof(*off), GFP_KERNEL | __GFP_ZERO);
	if (!off)
		return false;
	for (i = 1; i < count; i++) {
		u8 tag;
		size_t n;

		if (pos >= len)
			goto out;
		off[i] = pos;
		tag = d[pos];
		switch (tag) {
		case 1:
			if (pos + 3 > len)
				goto out;
			n = 3 + get16(d + pos + 1);
			break;
		case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18:
			n = 5;
			break;
		case 5: case 6:
			n = 9;
			i++;
			break;
		case 7: case 8: case 16: case 19: case 20:
			n = 3;
			break;
		case 15:
			n = 4;
			break;
		default:
			goto out;
		}
		if (n > len - pos)
			goto out;
		pos += n;
	}
	if (pos + 4 > len)
		goto out;
	this_class = get16(d + pos + 2);
	if (!this_class || this_class >= count || !off[this_class] || d[off[this_class]] != 7)
		goto out;
	name_idx = get16(d + off[this_class] + 1);
	if (!name_idx || name_idx >= count || !off[name_idx] || d[off[name_idx]] != 1)
		goto out;
	slen = get16(d + off[name_idx] + 1);
	if (slen + 1 > cap || !safe_name(d + off[name_idx] + 3, slen))
		goto out;
	memcpy(name, d + off[name_idx] + 3, slen);
	name[slen] = '\0';
	ok = true;
out:
	kvfree(off);
	return ok;
}

enum kvm_blob_kind kvm_blob_kind(const u8 *data, size_t len, char *name, size_t cap)
{
	if (len >= 4 && data[0] == 0xca && data[1] == 0xfe && data[2] == 0xba && data[3] == 0xbe)
		return class_name(data, len, name, cap) ? KVM_BLOB_CLASS : KVM_BLOB_BAD;
	if (len >= 4 && data[0] == 'P' && data[1] == 'K' && data[2] == 3 && data[3] == 4)
		return KVM_BLOB_JAR;
	return KVM_BLOB_BAD;
}
