/* tc_q_vifvm.c - the iproute2 tc plugin q_vifvm.so: makes `tc qdisc show`
 * and `tc -s qdisc show` print what the vifvm qdisc (vifvm.ko) dumps, its
 * TCA_OPTIONS (struct tc_vifvm_qopt: the root VIFlet's class, owner, state,
 * engine, VIF count, quota, /proc directory) and its xstats (struct
 * tc_vifvm_xstats: the root VIF's counters), both laid out in
 * src/kmod/vifvm_uapi.h.  Without it stock tc prints "[Unknown qdisc,
 * optlen=N]" and no xstats.
 *
 * tc dlopens $TC_LIB_DIR/q_vifvm.so (Debian 12: /usr/lib/x86_64-linux-gnu/tc)
 * and takes the symbol `vifvm_qdisc_util`.  tc's headers are not installed,
 * so the struct below repeats the prefix of iproute2 6.1's `struct
 * qdisc_util` (tc/tc_util.h: next, id, parse_qopt, print_qopt,
 * print_xstats, parse_copt, print_copt, has_block); tc reads only the
 * members it knows, and a plugin may leave later ones out.  The attribute
 * is read through a struct rtattr (<linux/rtnetlink.h>), whose layout is
 * the kernel's ABI.  Host code, built with -fPIC -shared. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <linux/rtnetlink.h>
#include <linux/types.h>

#include "../kmod/vifvm_uapi.h"

struct nlmsghdr;

struct qdisc_util {
    struct qdisc_util *next;
    const char *id;
    int (*parse_qopt)(struct qdisc_util *qu, int argc, char **argv, struct nlmsghdr *n,
                      const char *dev);
    int (*print_qopt)(struct qdisc_util *qu, FILE *f, struct rtattr *opt);
    int (*print_xstats)(struct qdisc_util *qu, FILE *f, struct rtattr *xstats);
    int (*parse_copt)(struct qdisc_util *qu, int argc, char **argv, struct nlmsghdr *n,
                      const char *dev);
    int (*print_copt)(struct qdisc_util *qu, FILE *f, struct rtattr *opt);
    int (*has_block)(struct qdisc_util *qu, struct rtattr *opt, __u32 block_idx, bool *p_has);
};

/* The qdisc takes no options: the VIF tree is configured in /proc/vifvm
 * (vifctl).  Without TCA_OPTIONS the kernel uses its defaults. */
static int vifvm_parse_opt(struct qdisc_util *qu, int argc, char **argv, struct nlmsghdr *n,
                           const char *dev) {
    (void)qu, (void)n, (void)dev;
    if (argc > 0) {
        fprintf(stderr, "vifvm: no options (\"%s\"): configure the VIF tree with vifctl or /proc/vifvm\n",
                argv[0]);
        return -1;
    }
    return 0;
}

static const char *state_name(__u32 s) {
    switch (s) {
    case TC_VIFVM_STATE_NONE: return "none";
    case TC_VIFVM_STATE_RUNNING: return "running";
    case TC_VIFVM_STATE_ABORTED: return "aborted";
    default: return "?";
    }
}

/* a NUL-terminated copy of a fixed-size name field, printable only */
static void name_of(char *out, const char *in, size_t cap) {
    size_t i;
    for (i = 0; i + 1 < cap && in[i]; i++)
        out[i] = (in[i] > ' ' && in[i] < 0x7f) ? in[i] : '?';
    out[i] = '\0';
}

static int vifvm_print_opt(struct qdisc_util *qu, FILE *f, struct rtattr *opt) {
    (void)qu;
    if (!opt) return 0;
    struct tc_vifvm_qopt q;
    if (RTA_PAYLOAD(opt) < sizeof q) {
        fprintf(f, "[vifvm: options too short: %u bytes]", (unsigned)RTA_PAYLOAD(opt));
        return 0;
    }
    memcpy(&q, RTA_DATA(opt), sizeof q); /* only the prefix this plugin knows */
    char cls[TC_VIFVM_NAME_LEN + 1], dir[TC_VIFVM_NAME_LEN + 1];
    name_of(cls, q.class_name, sizeof cls);
    name_of(dir, q.proc_name, sizeof dir);
    fprintf(f, "viflet %s owner %u state %s engine %s vifs %u quota %u proc /proc/vifvm/%s",
            cls[0] ? cls : "-", q.owner, state_name(q.state),
            q.engine == TC_VIFVM_ENGINE_INT ? "int" : "jit", q.nvifs, q.quota, dir);
    if (q.version != TC_VIFVM_VERSION) fprintf(f, " (version %u)", q.version);
    return 0;
}

static int vifvm_print_xstats(struct qdisc_util *qu, FILE *f, struct rtattr *xstats) {
    (void)qu;
    if (!xstats) return 0;
    struct tc_vifvm_xstats x;
    if (RTA_PAYLOAD(xstats) < sizeof x) {
        fprintf(f, " [vifvm: xstats too short: %u bytes]", (unsigned)RTA_PAYLOAD(xstats));
        return 0;
    }
    memcpy(&x, RTA_DATA(xstats), sizeof x);
    fprintf(f,
            " root VIF: in %llu out %llu drops_handler %llu drops_quota %llu drops_policy %llu"
            " held %llu\n  bytes_in %llu bytes_out %llu enqueue_calls %llu dequeue_calls %llu"
            " aborts %llu tree_held %llu",
            (unsigned long long)x.in, (unsigned long long)x.out,
            (unsigned long long)x.drops_handler, (unsigned long long)x.drops_quota,
            (unsigned long long)x.drops_policy, (unsigned long long)x.held,
            (unsigned long long)x.bytes_in, (unsigned long long)x.bytes_out,
            (unsigned long long)x.enqueue_calls, (unsigned long long)x.dequeue_calls,
            (unsigned long long)x.aborts, (unsigned long long)x.tree_held);
    return 0;
}

struct qdisc_util vifvm_qdisc_util = {
    .id = "vifvm",
    .parse_qopt = vifvm_parse_opt,
    .print_qopt = vifvm_print_opt,
    .print_xstats = vifvm_print_xstats,
};
