#!/usr/bin/env python3
"""Prints the figures docs/METHOD.md quotes from runs A, B and C (libc, mixed, DOP 4, warm; control
against pooled/12): processor time per operation, handoffs per operation, their correlation within a run,
and the probe readings during each run.  Usage: python3 docs/explain161/summarize.py"""
import json, os, statistics as st

here = os.path.dirname(os.path.abspath(__file__))
runs = {"A": ("run-a", None, None), "B": ("run-b", "22:55:41", "22:57:27"), "C": ("run-c", "23:21:13", "23:22:52")}
probes = {"B": ("probe-1.txt", 0, 11), "C": ("probe-3.txt", 0, 8)}  # file, time field, value field


def per_op(path):
    out = []
    for line in open(path):
        s = json.loads(line)
        r, c = s["result"], s["cell"]
        if c["backend"] != "libc" or c["phase"] != "warm":
            continue
        k, ops = r["counters"], r["ops"]
        out.append((s["variant"], k["cpuNs"] / ops / 1e3, (k.get("handoffs") or 0) / ops, r.get("otherCPU", 0), k["volCtxSw"] / ops))
    return out


for name, (folder, start, end) in runs.items():
    d = per_op(os.path.join(here, folder, "samples.jsonl"))
    p = [x for x in d if x[0] != "control"]
    c = [x for x in d if x[0] == "control"]
    xs, ys = [x[2] for x in p], [x[1] for x in p]
    mx, my = st.mean(xs), st.mean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx, syy = sum((x - mx) ** 2 for x in xs), sum((y - my) ** 2 for y in ys)
    print(f"run {name}: pooled/12 cpu/op median {st.median(ys):.1f} [{min(ys):.1f}-{max(ys):.1f}], "
          f"control {st.median([x[1] for x in c]):.1f} [{min(x[1] for x in c):.1f}-{max(x[1] for x in c):.1f}]; "
          f"handoffs/op median {st.median(xs):.3f}; slope {sxy / sxx:.0f} us per handoff, r = {sxy / (sxx * syy) ** .5:.2f}; "
          f"other processes {st.median([x[3] for x in d]):.2f}; vol. ctx sw/op pooled {min(x[4] for x in p):.3f}-{max(x[4] for x in p):.3f}")
    if name in probes:
        f, tf, vf = probes[name]
        vals = []
        for line in open(os.path.join(here, f)):
            w = line.split()
            t = w[tf][-9:-1] if w[tf].endswith("Z") else w[tf]
            if start <= t <= end:
                vals.append(float(w[vf]))
        print(f"  probe during run {name}: {len(vals)} readings, {sum(v > 6 for v in vals)} at the slow level (> 6 us)")
