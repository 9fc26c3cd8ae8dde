/* fpconv.h - conversions between binary floating point and decimal text,
 * exactly as Java specifies them (freestanding, no libc).
 *
 * Printing follows the current Java specification of Double.toString and
 * Float.toString (JDK 19+, Raffaello Giulietti's algorithm): the shortest
 * decimal that rounds back to the same value, at least one digit after the
 * point; "computerized scientific notation" (1.0E10, 1.0E-5) outside
 * [1e-3, 1e7); "NaN", "Infinity", "-Infinity", "0.0", "-0.0".
 * Parsing is correctly rounded straight to the target type (Double.parseDouble
 * / Float.parseFloat syntax, hexadecimal "0x1.8p1" included).
 * Implementation: fpconv.c (printing, Schubfach), fpconv_parse.c (parsing),
 * fpconv_table.c (powers of ten); integer arithmetic only, no libc. */
#ifndef VIFVM_CORE_FPCONV_H
#define VIFVM_CORE_FPCONV_H

#include <stddef.h>
#include <stdbool.h>

#define FPCONV_BUFSZ 32

/* Write the Java text of v into buf (which must have room for
 * FPCONV_BUFSZ chars; at most 24 are written) and return its length.  No NUL
 * is appended. */
size_t fpconv_double_to_java(double v, char *buf);
size_t fpconv_float_to_java(float v, char *buf);

/* Parse s[0..n) as Double.parseDouble / Float.parseFloat do (leading and
 * trailing chars <= ' ', optional sign, digits, '.', exponent, optional
 * d/D/f/F suffix, "NaN", "Infinity", hex "0x1.8p1").  s need not be
 * NUL-terminated; any length works (long inputs use a bounded amount of
 * stack).  Returns false if malformed (NumberFormatException in Java). */
bool fpconv_parse_double(const char *s, size_t n, double *out);
bool fpconv_parse_float(const char *s, size_t n, float *out);

#endif
