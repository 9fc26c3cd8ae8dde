/* zip.h - reading JAR (ZIP) archives held in memory.
 *
 * Uses the central directory; supports stored (0) and deflated (8)
 * entries; checks every offset and size against the archive, the declared
 * sizes against the local header, the CRC-32, and bounds the uncompressed
 * size and compression ratio (zip bombs). */
#ifndef VIFVM_CLASSFILE_ZIP_H
#define VIFVM_CLASSFILE_ZIP_H

#include <stddef.h>
#include <stdint.h>
#include "../core/platform.h"
#include "../core/diag.h"

typedef struct zip_archive zip_archive;

/* Open an archive over `data` (borrowed; must outlive the archive).
 * max_entry bounds an entry's uncompressed size. */
vm_status zip_open(const vm_platform *p, const uint8_t *data, size_t len,
                   size_t max_entry, zip_archive **out, vm_diag *d);
void zip_close(zip_archive *z);

/* Extract entry `name` into fresh memory (free with vm_free(p, *data, *len)).
 * VM_ERR_NOT_FOUND if absent. */
vm_status zip_read(zip_archive *z, const char *name, uint8_t **data,
                   size_t *len, vm_diag *d);

size_t zip_entry_count(const zip_archive *z);
const char *zip_entry_name(const zip_archive *z, size_t i);

uint32_t zip_crc32(const uint8_t *p, size_t n);

#endif
