#!/usr/bin/env python3
"""scripts/vifplot.py - plot a vifd run from its timeline (vifd --timeline
FILE.jsonl): per-VIF output rate and queueing delay (p50 dashed, p99 solid)
over time, as one SVG file (no plotting library needed).

  scripts/vifplot.py RUN.jsonl OUT.svg [--vif PATH]...   (default: every VIF)
"""
import json
import sys

W, H, ML, MR, MT, GAP = 900, 620, 70, 190, 30, 60
PH = (H - MT - GAP - 40) // 2
COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
          "#7f7f7f", "#bcbd22", "#17becf"]


def load(path, only):
    series = {}
    t0 = None
    for line in open(path):
        line = line.strip()
        if not line:
            continue
        r = json.loads(line)
        t = r["t_ns"]
        if t0 is None:
            t0 = t - r["interval_ns"]
        dt = r["interval_ns"] / 1e9
        for v in r["vifs"]:
            if only and v["path"] not in only:
                continue
            key = (r.get("dir", "") + " " + v["path"]).strip()
            s = series.setdefault(key, [])
            rate = v["bytes_out"] * 8 / dt / 1e6 if dt > 0 else 0
            s.append(((t - t0) / 1e9, rate, v["delay_p50_ns"] / 1e6, v["delay_p99_ns"] / 1e6))
    return series


def nice(m):
    if m <= 0:
        return 1
    x = 1e-6
    while True:
        for k in (1, 2, 5):
            if x * k >= m:
                return x * k
        x *= 10


def panel(out, y0, title, unit, series, idx, dashed_idx, tmax):
    vals = [p[i] for s in series.values() for p in s for i in (idx, dashed_idx) if i is not None]
    ymax = nice(max(vals) if vals else 1)
    pw = W - ML - MR
    out.append('<text x="%d" y="%d" font-size="14" font-weight="bold">%s</text>' % (ML, y0 - 8, title))
    out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>' % (ML, y0, pw, PH))
    for k in range(6):
        y = y0 + PH - PH * k / 5
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>' % (ML, y, ML + pw, y))
        out.append('<text x="%d" y="%.1f" font-size="11" text-anchor="end">%g</text>' % (ML - 5, y + 4, ymax * k / 5))
        x = ML + pw * k / 5
        out.append('<text x="%.1f" y="%d" font-size="11" text-anchor="middle">%.3g</text>' % (x, y0 + PH + 14, tmax * k / 5))
    out.append('<text x="15" y="%d" font-size="11" transform="rotate(-90 15 %d)" text-anchor="middle">%s</text>'
               % (y0 + PH // 2, y0 + PH // 2, unit))

    def pts(s, i):
        return " ".join("%.1f,%.1f" % (ML + pw * p[0] / tmax, y0 + PH - PH * min(p[i], ymax) / ymax) for p in s)
    for n, (key, s) in enumerate(sorted(series.items())):
        c = COLORS[n % len(COLORS)]
        out.append('<polyline fill="none" stroke="%s" stroke-width="1.5" points="%s"/>' % (c, pts(s, idx)))
        if dashed_idx is not None:
            out.append('<polyline fill="none" stroke="%s" stroke-dasharray="4 3" points="%s"/>' % (c, pts(s, dashed_idx)))


def main(a):
    if len(a) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    only = [a[i + 1] for i in range(2, len(a) - 1) if a[i] == "--vif"]
    series = load(a[0], only)
    if not series:
        print("vifplot: no VIF data in %s" % a[0], file=sys.stderr)
        return 1
    tmax = max(p[0] for s in series.values() for p in s) or 1
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif">' % (W, H),
           '<rect width="100%" height="100%" fill="white"/>']
    panel(out, MT, "output rate per VIF", "Mbit/s", series, 1, None, tmax)
    panel(out, MT + PH + GAP, "queueing delay per VIF (p99 solid, p50 dashed)", "ms", series, 3, 2, tmax)
    out.append('<text x="%d" y="%d" font-size="11" text-anchor="middle">time (s)</text>' % (ML + (W - ML - MR) // 2, H - 8))
    for n, key in enumerate(sorted(series)):
        c = COLORS[n % len(COLORS)]
        y = MT + 10 + 18 * n
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="3"/>' % (W - MR + 15, y, W - MR + 35, y, c))
        out.append('<text x="%d" y="%d" font-size="12">%s</text>' % (W - MR + 40, y + 4, key.replace("&", "&amp;").replace("<", "&lt;")))
    out.append("</svg>")
    with open(a[1], "w") as f:
        f.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
