/* inflate.h - freestanding raw-DEFLATE decoder (RFC 1951).
 *
 * In the core (not zlib behind the platform) so that the same JAR reader
 * runs in the kernel module, and so the fuzzer covers it.  Bounded: output
 * beyond out_cap is an error, never a write past the buffer. */
#ifndef VIFVM_CLASSFILE_INFLATE_H
#define VIFVM_CLASSFILE_INFLATE_H

#include <stddef.h>
#include <stdint.h>
#include "../core/status.h"

/* Decode a raw deflate stream.  VM_OK with *out_len bytes written;
 * VM_ERR_INFLATE for a corrupt stream; VM_ERR_ZIP_LIMIT if the output would
 * exceed out_cap. */
vm_status inflate_raw(const uint8_t *in, size_t in_len, uint8_t *out,
                      size_t out_cap, size_t *out_len);

#endif
