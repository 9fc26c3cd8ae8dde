/* fpconv.h - conversions between binary floating point and decimal text,
 * exactly as Java specifies them (freestanding, no libc).
 *
 * Printing follows the current Java specification of Double.toString and
 * Float.toString (JDK 19+, Raffaello Giulietti's algorithm): the shortest
 * decimal that rounds back to the same value, at least one digit after the
 * point; "computerized scientific notation" (1.0E10, 1.0E-5) outside
 * [1e-3, 1e7); "NaN", "Infinity", "-Infinity", "0.0", "-0.0".
 * Parsing is correctly rounded (Double.parseDouble / Float.parseFloat
 * syntax, including hex floats is NOT required). */
#ifndef VIFVM_CORE_FPCONV_H
#define VIFVM_CORE_FPCONV_H

#include <stddef.h>
#include <stdbool.h>

#define FPCONV_BUFSZ 32

/* Return the number of chars written (no NUL added beyond, but buf has
 * room for FPCONV_BUFSZ). */
size_t fpconv_double_to_java(double v, char *buf);
size_t fpconv_float_to_java(float v, char *buf);

/* Parse a Java floating literal as Double.parseDouble accepts it (leading and
 * trailing whitespace, optional sign, digits, '.', exponent, optional
 * d/D/f/F suffix, "NaN", "Infinity").  Returns false if malformed. */
bool fpconv_parse_double(const char *s, size_t n, double *out);
bool fpconv_parse_float(const char *s, size_t n, float *out);

#endif
