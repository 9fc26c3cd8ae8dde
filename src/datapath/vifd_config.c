/* vifd_config.c - expanding `--config FILE` into command-line options (see
 * vifd_config.h for the line format). */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vifd_config.h"

#define CFG_ERR_MAX 1024

static int fail(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(char *err, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, CFG_ERR_MAX, fmt, ap);
    va_end(ap);
    return -1;
}

/* the expanded argv, and where each word came from ("FILE:LINE", or
 * NULL for the command line) */
typedef struct vec { char **v; char **w; int n, cap; const char *where; } vec;

static int push(vec *a, const char *s) {
    if (a->n + 1 >= a->cap) {
        int nc = a->cap ? a->cap * 2 : 32;
        char **q = realloc(a->v, (size_t)nc * sizeof *q);
        if (!q) return -1;
        a->v = q;
        char **qw = realloc(a->w, (size_t)nc * sizeof *qw);
        if (!qw) return -1;
        a->w = qw;
        a->cap = nc;
    }
    a->w[a->n] = NULL;
    if (a->where && !(a->w[a->n] = strdup(a->where))) return -1;
    if (!(a->v[a->n] = strdup(s))) {
        free(a->w[a->n]);
        return -1;
    }
    a->n++;
    a->v[a->n] = NULL;
    a->w[a->n] = NULL;
    return 0;
}

static int push2(vec *a, const char *opt, const char *k, const char *sep, const char *v) {
    size_t n = strlen(k) + strlen(sep) + strlen(v) + 1;
    char *s = malloc(n);
    if (!s) return -1;
    snprintf(s, n, "%s%s%s", k, sep, v);
    int r = push(a, opt) == 0 && push(a, s) == 0 ? 0 : -1;
    free(s);
    return r;
}

/* Next blank-separated word of *p (NULL at the end). */
static char *word(char **p) {
    char *s = *p;
    while (*s && isspace((unsigned char)*s)) s++;
    if (!*s) { *p = s; return NULL; }
    char *w = s;
    while (*s && !isspace((unsigned char)*s)) s++;
    if (*s) *s++ = '\0';
    *p = s;
    return w;
}

static char *rest(char *p) {
    while (*p && isspace((unsigned char)*p)) p++;
    size_t n = strlen(p);
    while (n && isspace((unsigned char)p[n - 1])) p[--n] = '\0';
    return p;
}

static int expand_file(const char *file, vec *a, int depth, char *err) {
    if (depth > 4) return fail(err, "%s: config %s: nested too deeply", a->where, file);
    FILE *f = fopen(file, "r");
    if (!f && a->where) return fail(err, "%s: config %s: %s", a->where, file, strerror(errno));
    if (!f) return fail(err, "--config %s: %s", file, strerror(errno));
    char line[8192];
    int lineno = 0, rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        lineno++;
        char *h = strchr(line, '#');
        if (h) *h = '\0';
        char *p = line;
        char *kw = word(&p);
        if (!kw) continue;
        char here[1200];
        snprintf(here, sizeof here, "%s:%d", file, lineno);
        const char *outer = a->where;
        a->where = here;
        int r = 0;
        if (!strcmp(kw, "vif")) {
            char *path = word(&p), *flt = rest(p);
            if (!path || !*flt) { rc = fail(err, "%s: vif PATH FILTER", here); break; }
            r = push2(a, "--vif", path, "=", flt);
        } else if (!strcmp(kw, "load")) {
            char *path = word(&p), *fl = word(&p), *own = word(&p);
            if (!path || !fl || word(&p)) {
                rc = fail(err, "%s: load PATH FILE [OWNER]", here);
                break;
            }
            char buf[4096];
            snprintf(buf, sizeof buf, "%s%s%s", fl, own ? ":" : "", own ? own : "");
            r = push2(a, "--load", path, "=", buf);
        } else if (!strcmp(kw, "policy") || !strcmp(kw, "quota") || !strcmp(kw, "budget") ||
                   !strcmp(kw, "cpu") || !strcmp(kw, "owner") || !strcmp(kw, "vif-workers")) {
            char *path = word(&p), *val = word(&p);
            if (!path || !val || word(&p)) {
                rc = fail(err, "%s: %s PATH VALUE", here, kw);
                break;
            }
            char opt[32];
            snprintf(opt, sizeof opt, "--%s", !strcmp(kw, "owner") ? "vif-owner" : kw);
            r = push2(a, opt, path, "=", val);
        } else if (!strcmp(kw, "config")) {
            char *val = rest(p);
            if (!*val) { rc = fail(err, "%s: config FILE", here); break; }
            rc = expand_file(val, a, depth + 1, err);
            a->where = outer;
            continue;
        } else {
            char opt[128];
            snprintf(opt, sizeof opt, "--%s", kw);
            r = push(a, opt);
            char *val = rest(p);
            if (r == 0 && *val) r = push(a, val);
        }
        a->where = outer;
        if (r != 0) rc = fail(err, "out of memory");
    }
    if (rc == 0 && ferror(f)) rc = fail(err, "--config %s: read error", file);
    fclose(f);
    return rc;
}

int vifd_config_expand(int argc, char **argv, int *out_argc, char ***out_argv,
                       char ***out_where, char *err) {
    vec a = { 0 };
    int rc = 0;
    for (int i = 0; i < argc && rc == 0; i++) {
        if (i > 0 && !strcmp(argv[i], "--config")) {
            if (i + 1 >= argc) { rc = fail(err, "option --config needs a value"); break; }
            rc = expand_file(argv[++i], &a, 0, err);
        } else if (push(&a, argv[i]) != 0) {
            rc = fail(err, "out of memory");
        }
    }
    if (rc == 0 && !a.v && push(&a, "vifd") != 0) rc = fail(err, "out of memory");
    if (rc != 0) {
        vifd_config_free(a.n, a.v, a.w);
        return -1;
    }
    *out_argc = a.n;
    *out_argv = a.v;
    if (out_where) *out_where = a.w;
    else vifd_config_free(a.n, NULL, a.w);
    return 0;
}

void vifd_config_free(int argc, char **argv, char **where) {
    for (int i = 0; i < argc; i++) {
        if (argv) free(argv[i]);
        if (where) free(where[i]);
    }
    free(argv);
    free(where);
}
