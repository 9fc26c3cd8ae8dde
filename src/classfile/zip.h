/* zip.h - reading JAR (ZIP) archives held in memory.
 *
 * Uses the central directory; supports stored (0) and deflated (8)
 * entries; checks every offset and size against the archive, the declared
 * sizes against the local header, the CRC-32, and bounds the uncompressed
 * size and compression ratio (zip bombs).  Details and the exact rules:
 * the comment at the top of zip.c. */
#ifndef VIFVM_CLASSFILE_ZIP_H
#define VIFVM_CLASSFILE_ZIP_H

#include <stddef.h>
#include <stdint.h>
#include "../core/platform.h"
#include "../core/diag.h"

typedef struct zip_archive zip_archive;

/* Most entries an archive may have (also the non-ZIP64 format's limit). */
#define ZIP_MAX_ENTRIES 65535u
/* Zip-bomb defence: an entry whose declared uncompressed size is above
 * ZIP_RATIO_MIN_SIZE may not declare more than ZIP_MAX_RATIO times its
 * compressed size.  Class files compress about 2:1 to 10:1 and deflate
 * itself cannot exceed about 1032:1; 200:1 leaves ample room for real
 * resources (even sparse data rarely passes 100:1) while a 1 MiB entry
 * must then occupy at least 5 KiB of the archive. */
#define ZIP_RATIO_MIN_SIZE (1024u * 1024u)
#define ZIP_MAX_RATIO 200u

/* Open an archive over `data` (borrowed; must outlive the archive).
 * max_entry bounds an entry's uncompressed size (checked by zip_read).
 * Structural problems (bad offsets, local/central mismatch, overlapping
 * or duplicate entries) fail here with VM_ERR_ZIP; ZIP64 and multi-disk
 * archives with VM_ERR_UNSUPPORTED. */
vm_status zip_open(const vm_platform *p, const uint8_t *data, size_t len,
                   size_t max_entry, zip_archive **out, vm_diag *d);
void zip_close(zip_archive *z);

/* Extract entry `name` into fresh memory (free with vm_free(p, *data, *len)).
 * VM_ERR_NOT_FOUND if absent; VM_ERR_UNSUPPORTED for an encrypted entry or
 * a method other than stored/deflate; VM_ERR_ZIP_LIMIT beyond max_entry or
 * the ratio limit; VM_ERR_INFLATE / VM_ERR_ZIP for corrupt data or a CRC
 * mismatch.  The detail names the entry. */
vm_status zip_read(zip_archive *z, const char *name, uint8_t **data,
                   size_t *len, vm_diag *d);

/* Entries in central-directory order; names are NUL-terminated. */
size_t zip_entry_count(const zip_archive *z);
const char *zip_entry_name(const zip_archive *z, size_t i);

uint32_t zip_crc32(const uint8_t *p, size_t n);

#endif
