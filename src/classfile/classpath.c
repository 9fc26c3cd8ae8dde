/* classpath.c - finding class files on a ':'-separated class path of
 * directories and JAR files, and reading a JAR's Main-Class (see
 * classpath.h).
 *
 * Every entry is checked when the path is opened: a directory (platform
 * is_dir hook), or else a file that must be a readable, structurally valid
 * JAR (read whole through read_file, checked by zip_open).  Anything else
 * is an error naming the entry.  Empty entries (and an empty path) mean
 * ".".  The JAR bytes stay in memory for the life of the class path.
 *
 * Class names come from untrusted class files, so classpath_find validates
 * them before building a file or entry name: no empty components, no
 * leading or trailing '/', no '.', '\\', ';', '[', control characters or
 * encoded NULs.  That rules out "..", absolute paths and Windows-style
 * separators.
 */
#include "classpath.h"
#include "zip.h"
#include "../core/mem.h"

typedef struct cp_entry {
    char *path;          /* NUL-terminated copy */
    size_t path_len;
    uint8_t *jar;        /* JAR bytes (from read_file), NULL for a directory */
    size_t jar_len;
    zip_archive *zip;
} cp_entry;

struct classpath {
    const vm_platform *p;
    size_t max_bytes;
    size_t n;
    cp_entry *e;
};

#define MANIFEST_NAME "META-INF/MANIFEST.MF"

static void free_file(const vm_platform *p, uint8_t *data, size_t len) {
    if (data) p->realloc(p->ud, data, len, 0);
}

bool classpath_valid_class_name(const char *name) {
    size_t n = vm_strlen(name);
    if (n == 0 || n > CLASSPATH_MAX_NAME) return false;
    if (name[0] == '/' || name[n - 1] == '/') return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)name[i];
        if (c < 0x20 || c == 0x7F || c == '.' || c == '\\' || c == ';' || c == '[')
            return false;
        if (c == '/' && name[i + 1] == '/') return false;
        if (c == 0xC0 && (unsigned char)name[i + 1] == 0x80) return false;
    }
    return true;
}

void classpath_close(classpath *cp) {
    if (!cp) return;
    const vm_platform *p = cp->p;
    for (size_t i = 0; i < cp->n; i++) {
        cp_entry *e = &cp->e[i];
        zip_close(e->zip);
        free_file(p, e->jar, e->jar_len);
        vm_free(p, e->path, e->path_len + 1);
    }
    vm_free(p, cp->e, cp->n * sizeof *cp->e);
    vm_free(p, cp, sizeof *cp);
}

/* Read a whole JAR and open it.  On failure the detail says why (without
 * the file name; callers prefix it). */
static vm_status open_jar(const vm_platform *p, const char *path, size_t max_entry,
                          uint8_t **jar, size_t *jar_len, zip_archive **zip,
                          vm_diag *d) {
    *jar = NULL;
    *jar_len = 0;
    *zip = NULL;
    vm_status st = p->read_file(p->ud, path, CLASSPATH_MAX_JAR, jar, jar_len);
    if (st == VM_ERR_LIMIT)
        return vm_diagf(d, VM_ERR_LIMIT, "file is larger than %zu bytes",
                        (size_t)CLASSPATH_MAX_JAR);
    if (st == VM_ERR_NOMEM)
        return vm_diagf(d, VM_ERR_NOMEM, "out of memory reading the file");
    if (st != VM_OK) {
        *jar = NULL;
        *jar_len = 0;
        return vm_diagf(d, VM_ERR_IO, "not a directory or a readable jar file");
    }
    st = zip_open(p, *jar, *jar_len, max_entry, zip, d);
    if (st != VM_OK) {
        free_file(p, *jar, *jar_len);
        *jar = NULL;
        *jar_len = 0;
    }
    return st;
}

static vm_status open_entry(classpath *cp, cp_entry *e, vm_diag *d) {
    const vm_platform *p = cp->p;
    if (p->is_dir && p->is_dir(p->ud, e->path)) return VM_OK;
    vm_status st = open_jar(p, e->path, cp->max_bytes, &e->jar, &e->jar_len,
                            &e->zip, d);
    if (st != VM_OK) vm_diag_prefix(d, "bad class path entry '%s'", e->path);
    return st;
}

vm_status classpath_open(const vm_platform *p, const char *path,
                         size_t max_bytes, classpath **out, vm_diag *d) {
    *out = NULL;
    if (!path) path = "";
    size_t n = 1;
    for (const char *s = path; *s; s++)
        if (*s == ':') n++;

    classpath *cp = vm_zalloc(p, sizeof *cp);
    if (!cp) return vm_diagf(d, VM_ERR_NOMEM, "out of memory opening the class path");
    cp->p = p;
    cp->max_bytes = max_bytes;
    size_t bytes;
    vm_status st = VM_OK;
    if (!vm_size_mul(n, sizeof *cp->e, &bytes) || !(cp->e = vm_zalloc(p, bytes))) {
        vm_free(p, cp, sizeof *cp);
        return vm_diagf(d, VM_ERR_NOMEM, "out of memory opening the class path");
    }
    cp->n = n;
    const char *start = path;
    for (size_t i = 0; i < n; i++) {
        const char *end = vm_strchr(start, ':');
        if (!end) end = start + vm_strlen(start);
        size_t len = (size_t)(end - start);
        const char *src = start;
        if (len == 0) { /* an empty entry is the current directory */
            src = ".";
            len = 1;
        }
        cp_entry *e = &cp->e[i];
        e->path = vm_strndup(p, src, len);
        if (!e->path) {
            st = vm_diagf(d, VM_ERR_NOMEM, "out of memory opening the class path");
            goto fail;
        }
        e->path_len = len;
        st = open_entry(cp, e, d);
        if (st != VM_OK) goto fail;
        start = *end ? end + 1 : end;
    }
    *out = cp;
    return VM_OK;
fail:
    classpath_close(cp);
    return st;
}

vm_status classpath_find(classpath *cp, const char *name, uint8_t **data,
                         size_t *len, vm_diag *d) {
    *data = NULL;
    *len = 0;
    if (!classpath_valid_class_name(name))
        return vm_diagf(d, VM_ERR_NOT_FOUND, "invalid class name '%.200s'", name);
    const vm_platform *p = cp->p;
    size_t nlen = vm_strlen(name);
    static const char suffix[] = ".class";
    size_t rel_len = nlen + sizeof suffix - 1;

    /* Longest directory entry, to size one scratch buffer for all paths. */
    size_t max_dir = 0;
    for (size_t i = 0; i < cp->n; i++)
        if (!cp->e[i].zip && cp->e[i].path_len > max_dir) max_dir = cp->e[i].path_len;
    size_t cap;
    if (!vm_size_add(max_dir, rel_len, &cap) || !vm_size_add(cap, 2, &cap))
        return vm_diagf(d, VM_ERR_LIMIT, "class name too long");
    char *buf = vm_zalloc(p, cap);
    if (!buf) return vm_diagf(d, VM_ERR_NOMEM, "out of memory looking up %.200s", name);

    vm_status st = VM_ERR_NOT_FOUND;
    for (size_t i = 0; i < cp->n; i++) {
        cp_entry *e = &cp->e[i];
        if (e->zip) {
            vm_memcpy(buf, name, nlen);
            vm_memcpy(buf + nlen, suffix, sizeof suffix);
            st = zip_read(e->zip, buf, data, len, d);
            if (st == VM_ERR_NOT_FOUND) continue;
            if (st != VM_OK) vm_diag_prefix(d, "jar '%s'", e->path);
            break;
        }
        size_t pos = e->path_len;
        vm_memcpy(buf, e->path, pos);
        if (pos > 0 && buf[pos - 1] != '/') buf[pos++] = '/';
        vm_memcpy(buf + pos, name, nlen);
        vm_memcpy(buf + pos + nlen, suffix, sizeof suffix);
        st = p->read_file(p->ud, buf, cp->max_bytes, data, len);
        if (st == VM_OK) break;
        *data = NULL;
        *len = 0;
        if (st == VM_ERR_IO) {
            st = VM_ERR_NOT_FOUND;
            continue;
        }
        if (st == VM_ERR_LIMIT)
            st = vm_diagf(d, VM_ERR_LIMIT, "class file '%.300s' is larger than %zu bytes",
                          buf, cp->max_bytes);
        else
            st = vm_diagf(d, st, "cannot read class file '%.300s'", buf);
        break;
    }
    if (st == VM_ERR_NOT_FOUND)
        vm_diagf(d, VM_ERR_NOT_FOUND, "%.200s not found on the class path", name);
    vm_free(p, buf, cap);
    return st;
}

/* ---- manifest ------------------------------------------------------------ */

static bool is_ws(uint8_t c) { return c == ' ' || c == '\t'; }

static bool ieq_prefix(const uint8_t *s, size_t n, const char *lit) {
    size_t k = vm_strlen(lit);
    if (n < k) return false;
    for (size_t i = 0; i < k; i++) {
        uint8_t a = s[i], b = (uint8_t)lit[i];
        if (a >= 'A' && a <= 'Z') a = (uint8_t)(a - 'A' + 'a');
        if (b >= 'A' && b <= 'Z') b = (uint8_t)(b - 'A' + 'a');
        if (a != b) return false;
    }
    return true;
}

vm_status classpath_manifest_main_class(const uint8_t *mf, size_t len, char *buf,
                                        size_t cap, vm_diag *d) {
    size_t pos = 0, out = 0;
    bool in_value = false, found = false;
    if (cap == 0) return vm_diagf(d, VM_ERR_ARG, "no room for Main-Class");
    buf[0] = '\0';
    if (len >= 3 && mf[0] == 0xEF && mf[1] == 0xBB && mf[2] == 0xBF) pos = 3;
    while (pos < len) {
        /* one physical line [pos, eol) */
        size_t eol = pos;
        while (eol < len && mf[eol] != '\n' && mf[eol] != '\r') eol++;
        size_t next = eol;
        if (next < len && mf[next] == '\r') next++;
        if (next < len && mf[next] == '\n' && (next == eol || mf[eol] == '\r')) next++;
        const uint8_t *line = mf + pos;
        size_t n = eol - pos;
        pos = next;

        if (n == 0) break; /* end of the main section */
        if (line[0] == ' ') { /* continuation of the previous header */
            if (!in_value) continue;
            line++;
            n--;
        } else {
            in_value = false;
            if (found) break; /* the value is complete */
            if (!ieq_prefix(line, n, "Main-Class:")) continue;
            found = in_value = true;
            line += 11;
            n -= 11;
            while (n > 0 && is_ws(line[0]) && out == 0) {
                line++;
                n--;
            }
        }
        for (size_t i = 0; i < n; i++) {
            if (line[i] == '\0')
                return vm_diagf(d, VM_ERR_NOT_FOUND, "Main-Class contains a NUL byte");
            if (out + 1 >= cap)
                return vm_diagf(d, VM_ERR_LIMIT, "Main-Class is longer than %zu bytes",
                                cap - 1);
            buf[out++] = (char)line[i];
        }
    }
    while (out > 0 && is_ws((uint8_t)buf[out - 1])) out--;
    buf[out] = '\0';
    if (!found || out == 0)
        return vm_diagf(d, VM_ERR_NOT_FOUND,
                        found ? "Main-Class attribute is empty"
                              : "no Main-Class attribute in " MANIFEST_NAME);
    return VM_OK;
}

vm_status classpath_jar_main_class(const vm_platform *p, const char *jar_path,
                                   size_t max_bytes, char *buf, size_t cap,
                                   vm_diag *d) {
    uint8_t *jar, *mf = NULL;
    size_t jar_len, mf_len = 0;
    zip_archive *zip;
    if (cap) buf[0] = '\0';
    vm_status st = open_jar(p, jar_path, max_bytes, &jar, &jar_len, &zip, d);
    if (st != VM_OK) {
        if (st == VM_ERR_IO) st = vm_diagf(d, VM_ERR_IO, "cannot read the file");
        vm_diag_prefix(d, "jar file '%s'", jar_path);
        return st;
    }
    st = zip_read(zip, MANIFEST_NAME, &mf, &mf_len, d);
    if (st == VM_ERR_NOT_FOUND) {
        vm_diagf(d, st, "no " MANIFEST_NAME " (no main manifest attribute)");
    } else if (st == VM_OK) {
        st = classpath_manifest_main_class(mf, mf_len, buf, cap, d);
        vm_free(p, mf, mf_len);
    }
    if (st != VM_OK) vm_diag_prefix(d, "jar file '%s'", jar_path);
    zip_close(zip);
    free_file(p, jar, jar_len);
    return st;
}
