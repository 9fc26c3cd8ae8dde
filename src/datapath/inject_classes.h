/* inject_classes.h - what injection staged into each owner's VM: the
 * class names and the hash of each class's bytes, per owner (one class
 * namespace per VM: a class name the VM may already have loaded, or may
 * load later from an older image of its class path, must not come from
 * other bytes in a newer image; inject_dir.c then starts a fresh VM).
 *
 * An image is what one injected file puts on the class path: a .class
 * with its X$*.class inner classes, or every NAME.class entry of a jar.
 * Host code. */
#ifndef VIFVM_DATAPATH_INJECT_CLASSES_H
#define VIFVM_DATAPATH_INJECT_CLASSES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vifvm.h"

/* Most uncompressed class bytes of one jar that are listed and hashed
 * (a zip bomb's work is bounded; more: the jar cannot be listed). */
#define IJ_JAR_SCAN_MAX (64u * 1024 * 1024)

typedef struct ij_image ij_image;
typedef struct ij_vmsets ij_vmsets;

uint64_t ij_hash_bytes(const uint8_t *p, size_t n);

/* An empty image; NULL when out of memory. */
ij_image *ij_image_new(void);
void ij_image_free(ij_image *im);
/* Class `name` (first name_len bytes; "pkg/Util") with bytes hash h. */
void ij_image_add(ij_image *im, const char *name, size_t name_len, uint64_t h);
/* Every NAME.class entry of a jar's bytes (plat: the memory hooks).  A jar that cannot be listed
 * (or memory ran out) leaves the image "unlistable", the reason in it. */
void ij_image_add_jar(ij_image *im, const vm_platform *plat, const uint8_t *data, size_t len);
/* Mark the image as not known completely (why: shown in the log). */
void ij_image_set_unlistable(ij_image *im, const char *why);

/* The sets of all owners; NULL when out of memory. */
ij_vmsets *ij_vmsets_new(void);
void ij_vmsets_free(ij_vmsets *s);
/* Would image im clash with what owner's current VM was given?  true with
 * the reason in why (cap bytes): a class already staged there from other
 * bytes (named), an image that cannot be listed, or a VM that holds an
 * image that could not be listed. */
bool ij_vmsets_conflict(const ij_vmsets *s, const char *owner, const ij_image *im, char *why,
                        size_t cap);
/* Does owner's current VM have class `name` on record? */
bool ij_vmsets_knows(const ij_vmsets *s, const char *owner, const char *name);
/* Image im went into owner's current VM (on its class path). */
void ij_vmsets_record(ij_vmsets *s, const char *owner, const ij_image *im);
/* owner's VM holds something not listed (a --load'ed VIFlet's class path
 * entry): its next image gets a fresh VM. */
void ij_vmsets_set_opaque(ij_vmsets *s, const char *owner, const char *why);
/* owner got a fresh VM: nothing on record. */
void ij_vmsets_forget(ij_vmsets *s, const char *owner);

#endif
