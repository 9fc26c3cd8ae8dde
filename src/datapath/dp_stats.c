/* dp_stats.c - per-VIF statistics: the table printed at the end, the
 * accounting invariants, and the JSON statistics file. */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "dp_internal.h"
#include "dp_clock.h"

static uint64_t drops(const dp_vif *v) {
    return v->st.drop_handler + v->st.drop_quota + v->st.drop_policy;
}

static const char *state_of(const dp_vif *v) {
    if (v->removed) return "removed";
    if (!v->owner) return "-";
    if (v->aborted) return v->policy == DP_POLICY_DROP ? "aborted/drop" : "aborted/pass";
    return "active";
}

bool dp_check_invariants(datapath *dp, FILE *f) {
    dp_pass_fold(dp);   /* (the per-path counts: every reader folds first) */
    bool ok = true;
    uint64_t vif_drops = 0, vif_held = 0;
    for (uint32_t i = 0; i < dp->n_vifs; i++) {
        dp_vif *v = dp->vifs[i];
        vif_drops += drops(v);
        vif_held += v->held;
        if (v->st.in != v->st.out + drops(v) + v->held) {
            ok = false;
            fprintf(f, "vifd: accounting error at %s: in %" PRIu64 " != out %" PRIu64
                       " + dropped %" PRIu64 " + held %u\n",
                    v->path, v->st.in, v->st.out, drops(v), v->held);
        }
    }
    uint64_t total = dp->link_out + dp->link_drops + dp->lq_count + vif_drops + vif_held;
    if (dp->input != total) {
        ok = false;
        fprintf(f, "vifd: accounting error: input %" PRIu64 " != link out %" PRIu64
                   " + link drops %" PRIu64 " + link queued %u + VIF drops %" PRIu64
                   " + VIF held %" PRIu64 "\n",
                dp->input, dp->link_out, dp->link_drops, dp->lq_count, vif_drops, vif_held);
    }
    return ok;
}

/* The fused paths (dp_fuse.h): one line for the datapath, one per path. */
static void dp_print_fusion(datapath *dp, FILE *f) {
    if (dp->cfg.mode != DP_MODE_NORMAL) return;
    dp_fuse_info fi;
    dp_fuse_get_info(dp, &fi);
    fprintf(f, "fusion: %s, %u fused path%s, %u unfused, %" PRIu64 " fused packets, %" PRIu64
               " re-fusion%s (last %.1f us, slowest path %.1f us), plans %" PRIu64
               " bytes, native code %" PRIu64 " bytes (%u stage entr%s)\n",
            fi.on ? "on" : "off", fi.paths, fi.paths == 1 ? "" : "s", fi.unfused,
            fi.fused_packets, fi.refusions, fi.refusions == 1 ? "" : "s",
            (double)fi.build_ns_last / 1e3, (double)fi.build_ns_max_path / 1e3, fi.plan_bytes,
            fi.native_bytes, fi.native_entries, fi.native_entries == 1 ? "y" : "ies");
    fprintf(f, "fusion path code: %u plan%s as one native function (its run, its stages), %" PRIu64
               " bytes in %u mapping%s of %" PRIu64 " bytes (slowest %.1f us to make, all %.1f us)\n",
            fi.code_plans, fi.code_plans == 1 ? "" : "s", fi.code_bytes, fi.code_maps,
            fi.code_maps == 1 ? "" : "s", fi.code_mapped, (double)fi.code_ns_max / 1e3,
            (double)fi.code_ns_last / 1e3);
    fprintf(f, "fusion path code, the stages after the run: %u plan%s calling each from the code; "
               "%u plan%s of one stage entered at its step function; "
               "packets left to C at a run stage: %" PRIu64 " not in the fast state, %" PRIu64
               " the general way\n",
            fi.code_stage_plans, fi.code_stage_plans == 1 ? "" : "s", fi.step_entry_plans,
            fi.step_entry_plans == 1 ? "" : "s", fi.code_left_slow, fi.code_left_general);
    for (uint32_t i = 0; i < dp->n_vifs; i++) {
        const dp_fpath *fp = dp->vifs[i]->fpath;
        if (!fp) continue;
        char run[96] = "";
        if (fp->run)
            snprintf(run, sizeof run, ", the first %u as one run (path code %u bytes%s)", fp->run,
                     fp->code.bytes, fp->code_stages ? ", the stages after it in it" : "");
        else if (fp->code_stages && fp->code.fn)
            snprintf(run, sizeof run, ", every stage called from the path code (%u bytes)",
                     fp->code.bytes);
        else if (fp->code_stages && fp->entry)
            snprintf(run, sizeof run, ", its stage's step function the entry (no path code)");
        fprintf(f, "  fused:%s  %u stage%s, %u VIFlet%s in %u VM%s, %u same-VM hand-off%s, "
                   "%u recycling its Packet (%u blind, %u header reader%s), %u default FIFO%s inlined (%u with its handler), "
                   "%u native entr%s (%" PRIu64 " bytes)%s\n",
                dp->vifs[i]->path, fp->n, fp->n == 1 ? "" : "s", fp->viflets,
                fp->viflets == 1 ? "" : "s", fp->owners, fp->owners == 1 ? "" : "s",
                fp->handoffs_same_vm, fp->handoffs_same_vm == 1 ? "" : "s", fp->recycled,
                fp->blind, fp->peek, fp->peek == 1 ? "" : "s", fp->fifo_inlined, fp->fifo_inlined == 1 ? "" : "s", fp->handlers_inlined, fp->native_entries,
                fp->native_entries == 1 ? "y" : "ies", fp->native_bytes, run);
    }
}

bool dp_print_stats(datapath *dp, FILE *f) {
    dp_pass_fold(dp);
    const char *mode = dp->cfg.mode == DP_MODE_BYPASS ? "bypass"
                     : dp->cfg.mode == DP_MODE_FRAMEWORK ? "framework-only" : "viflets";
    fprintf(f, "vifd statistics (mode %s, clock %" PRId64 ".%09" PRId64 " s)\n", mode,
            dp->now / 1000000000, dp->now % 1000000000);
    fprintf(f, "%-24s %-22s %-8s %-12s %9s %9s %8s %8s %8s %6s %6s %10s\n", "VIF", "VIFlet",
            "owner", "state", "in", "out", "drop-h", "drop-q", "drop-p", "held", "aborts",
            "ns/call");
    if (dp->cfg.mode != DP_MODE_BYPASS) {
        for (uint32_t i = 0; i < dp->n_vifs; i++) {
            dp_vif *v = dp->vifs[i];
            uint64_t calls = v->st.enq_calls + v->st.deq_calls;
            char nspc[32] = "-";
            if (calls) snprintf(nspc, sizeof nspc, "%.0f", (double)dp_ticks_to_ns(v->st.handler_ticks) / (double)calls);
            fprintf(f, "%-24s %-22s %-8s %-12s %9" PRIu64 " %9" PRIu64 " %8" PRIu64 " %8" PRIu64
                       " %8" PRIu64 " %6u %6" PRIu64 " %10s\n",
                    v->path, v->class_name ? v->class_name : "-", v->owner ? v->owner->name : "-",
                    state_of(v), v->st.in, v->st.out, v->st.drop_handler, v->st.drop_quota,
                    v->st.drop_policy, v->held, v->st.aborts, nspc);
        }
        /* issue 13: nothing compiled or loaded once a VIFlet is loaded
         * (a Class.forName or reflection the load could not see is) */
        for (uint32_t i = 0; i < dp->n_vifs; i++) {
            uint64_t pc, pl;
            dp_vif_path_counts(dp->vifs[i], &pc, &pl);
            if (pc || pl)
                fprintf(f, "compiled on the packet path: %s: %" PRIu64 " method%s compiled, %"
                           PRIu64 " class%s loaded in its owner's VM since its VIFlet loaded\n",
                        dp->vifs[i]->path, pc, pc == 1 ? "" : "s", pl, pl == 1 ? "" : "es");
        }
    }
    dp_print_counters(dp, f);
    char rate[64] = "unlimited";
    if (dp->cfg.rate_bps) snprintf(rate, sizeof rate, "%" PRIu64 " bit/s", dp->cfg.rate_bps);
    fprintf(f, "link: rate %s, input %" PRIu64 ", out %" PRIu64 " (%" PRIu64
               " bytes), queue drops %" PRIu64 ", queued %u\n",
            rate, dp->input, dp->link_out, dp->link_bytes, dp->link_drops, dp->lq_count);
    dp_print_fusion(dp, f);
    bool ok = dp_check_invariants(dp, f);
    fprintf(f, "accounting: %s\n", ok ? "ok (in = out + dropped + held at every VIF)" : "VIOLATED");
    return ok;
}

static void json_str(FILE *f, const char *s) {
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

/* "fusion": {"on": ..., "paths": [{"path": "pcap/a", "stages": 2, ...}]} */
static void dp_fusion_json(datapath *dp, FILE *f) {
    dp_fuse_info fi;
    dp_fuse_get_info(dp, &fi);
    fprintf(f, "{\"on\": %s, \"fused_paths\": %u, \"unfused_paths\": %u, \"fused_packets\": %"
               PRIu64 ", \"refusions\": %" PRIu64 ", \"build_ns_last\": %" PRIu64
               ", \"build_ns_max_path\": %" PRIu64 ", \"plan_bytes\": %" PRIu64
               ", \"native_code_bytes\": %" PRIu64 ", \"native_entries\": %u"
               ", \"path_code_plans\": %u, \"path_code_bytes\": %" PRIu64
               ", \"path_code_ns_max\": %" PRIu64 ", \"path_code_maps\": %u"
               ", \"path_code_mapped\": %" PRIu64 ", \"path_code_ns_last\": %" PRIu64
               ", \"path_code_stage_plans\": %u, \"path_step_entry_plans\": %u"
               ", \"path_code_left_slow\": %" PRIu64
               ", \"path_code_left_general\": %" PRIu64 ", \"paths\": [",
            fi.on ? "true" : "false", fi.paths, fi.unfused, fi.fused_packets, fi.refusions,
            fi.build_ns_last, fi.build_ns_max_path, fi.plan_bytes, fi.native_bytes,
            fi.native_entries, fi.code_plans, fi.code_bytes, fi.code_ns_max, fi.code_maps,
            fi.code_mapped, fi.code_ns_last, fi.code_stage_plans, fi.step_entry_plans,
            fi.code_left_slow,
            fi.code_left_general);
    bool first = true;
    for (uint32_t i = 0; i < dp->n_vifs; i++) {
        const dp_fpath *fp = dp->vifs[i]->fpath;
        if (!fp) continue;
        fprintf(f, "%s\n    {\"path\": ", first ? "" : ",");
        first = false;
        json_str(f, dp->vifs[i]->path);
        fprintf(f, ", \"name\": \"fused:%s\", \"stages\": %u, \"viflets\": %u, \"vms\": %u"
                   ", \"same_vm_handoffs\": %u, \"recycled\": %u, \"blind\": %u, \"peek\": %u, \"fifo_inlined\": %u, \"handlers_inlined\": %u"
                   ", \"native_entries\": %u, \"native_bytes\": %" PRIu64
                   ", \"run\": %u, \"build_ns\": %" PRIu64 ", \"path_code\": %u"
                   ", \"path_code_ns\": %" PRIu64 ", \"path_code_stages\": %u"
                   ", \"path_entry\": \"%s\"}",
                dp->vifs[i]->path, fp->n, fp->viflets, fp->owners, fp->handoffs_same_vm,
                fp->recycled, fp->blind, fp->peek, fp->fifo_inlined, fp->handlers_inlined, fp->native_entries, fp->native_bytes,
                fp->run, fp->build_ns, fp->code.bytes, fp->code_ns, fp->code_stages,
                !fp->entry ? "c" : fp->code.fn ? "code" : "step");
    }
    fputs(first ? "]}" : "\n  ]}", f);
}

int dp_write_stats_json(datapath *dp, const char *file, char *err) {
    return dp_write_stats_json_ex(dp, file, NULL, err);
}

int dp_write_stats_json_ex(datapath *dp, const char *file, const char *extra, char *err) {
    dp_pass_fold(dp);
    FILE *f = fopen(file, "w");
    if (!f) {
        snprintf(err, DP_ERR_MAX, "cannot write statistics file %s: %s", file, strerror(errno));
        return -1;
    }
    const char *mode = dp->cfg.mode == DP_MODE_BYPASS ? "bypass"
                     : dp->cfg.mode == DP_MODE_FRAMEWORK ? "framework-only" : "viflets";
    bool ok = dp_check_invariants(dp, stderr);
    fprintf(f, "{\n  \"mode\": \"%s\",\n  \"clock_ns\": %" PRId64 ",\n  \"rate_bps\": %" PRIu64
               ",\n  \"input\": %" PRIu64 ",\n  \"link\": {\"out\": %" PRIu64 ", \"bytes\": %" PRIu64
               ", \"drops\": %" PRIu64 ", \"queued\": %u",
            mode, dp->now, dp->cfg.rate_bps, dp->input, dp->link_out, dp->link_bytes,
            dp->link_drops, dp->lq_count);
    dp_link_json(f, dp);
    fputs("},\n  \"fusion\": ", f);
    dp_fusion_json(dp, f);
    fprintf(f, ",\n  \"accounting_ok\": %s,\n  ", ok ? "true" : "false");
    if (extra) fprintf(f, "%s,\n  ", extra);
    fputs("\"vifs\": [", f);
    uint32_t n = dp->cfg.mode == DP_MODE_BYPASS ? 0 : dp->n_vifs;
    for (uint32_t i = 0; i < n; i++) {
        dp_vif *v = dp->vifs[i];
        fprintf(f, "%s\n    {\"path\": ", i ? "," : "");
        json_str(f, v->path);
        fputs(", \"filter\": ", f);
        if (v->filter) json_str(f, v->filter); else fputs("null", f);
        fputs(", \"viflet\": ", f);
        if (v->class_name) json_str(f, v->class_name); else fputs("null", f);
        fputs(", \"owner\": ", f);
        if (v->owner) json_str(f, v->owner->name); else fputs("null", f);
        fprintf(f, ", \"state\": \"%s\", \"policy\": \"%s\",\n     \"in\": %" PRIu64
                   ", \"out\": %" PRIu64 ", \"dropped_handler\": %" PRIu64
                   ", \"dropped_quota\": %" PRIu64 ", \"dropped_policy\": %" PRIu64
                   ", \"held\": %u, \"quota\": %u, \"aborts\": %" PRIu64
                   ",\n     \"enqueue_calls\": %" PRIu64 ", \"dequeue_calls\": %" PRIu64
                   ", \"handler_ns\": %" PRIu64,
                state_of(v), v->policy == DP_POLICY_DROP ? "drop" : "pass", v->st.in, v->st.out,
                v->st.drop_handler, v->st.drop_quota, v->st.drop_policy, v->held, v->quota,
                v->st.aborts, v->st.enq_calls, v->st.deq_calls, dp_ticks_to_ns(v->st.handler_ticks));
        uint64_t pc, pl;
        dp_vif_path_counts(v, &pc, &pl);
        fprintf(f, ", \"path_compiled\": %" PRIu64 ", \"path_loaded\": %" PRIu64, pc, pl);
        dp_vif_json(f, v);
        fputc('}', f);
    }
    fputs("\n  ]\n}\n", f);
    if (fclose(f) != 0) {
        snprintf(err, DP_ERR_MAX, "cannot write statistics file %s: %s", file, strerror(errno));
        return -1;
    }
    return 0;
}
