#!/bin/sh
# time-processes.sh: CPU time per operation of the engine and of zlib-ng in BenchmarkResetCompress over
# N fresh processes per side, alternating engine and zlib-ng, so that the per-process layout (ASLR, page
# placement: BENCHMARKS.md, "The layout lottery") shows as a spread instead of deciding one figure. Run
# in deflate/ with a zlibng-tagged test binary linked to generation G's build:
#
#   testdata/time-processes.sh BIN G 'LEVELS' [N]       e.g. testdata/time-processes.sh /tmp/dz.test 2.2.5 '4 6 9' 9
#
# Each process runs every input (payload, text, gosrc) at each level once with OPS operations (env,
# default 2000). Per cell and side it prints the fastest, the median and the slowest process's cpu-ns/op,
# the spread (slowest/fastest), the processes more than 15% above the side's fastest (the slow mode),
# and engine/zlib-ng by fastest and by median.
set -eu
[ $# -ge 3 ] || { echo "usage: $0 BIN G 'LEVELS' [N]" >&2; exit 2; }
bin=$1 gen=$2 levels=$3 n=${4:-9} ops=${OPS:-2000}
case $gen in 2.2.5|2.2.2) ;; *) echo "G must be 2.2.5 or 2.2.2, not $gen" >&2; exit 2;; esac
case $n in ''|*[!0-9]*) echo "N must be a positive count of processes, not $n" >&2; exit 2;; esac
lv=$(echo "$levels" | tr ' ' '|')
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for i in $(seq "$n"); do
  for impl in engine zlibng; do
    "$bin" -zlibng "$gen" -test.run '^$' -test.bench "ResetCompress/gen=$gen/input=.*/level=($lv)/impl=$impl\$" \
      -test.benchtime "${ops}x" | awk -v p="$i" '/cpu-ns\/op/ { for (f = 1; f <= NF; f++) if ($f == "cpu-ns/op") print $1, p, $(f-1) }' >>"$out"
  done
done
# $1 BenchmarkResetCompress/gen=G/input=I/level=L/impl=X-2, $2 process, $3 cpu-ns/op
sed 's|^BenchmarkResetCompress/gen=[^/]*/input=\([^/]*\)/level=\([0-9]\)/impl=\([a-z]*\)[^ ]*|\1 \2 \3|' "$out" | sort -k1,1 -k2,2n -k3,3 -k5,5g |
  awk 'function report(   m, med, slow, i) {
         m = v[1]; med = (c % 2) ? v[(c+1)/2] : (v[c/2] + v[c/2+1]) / 2; slow = 0
         for (i = 1; i <= c; i++) if (v[i] > 1.15 * m) slow++
         printf "%-8s L%s %-7s n=%d fastest %8.0f median %8.0f slowest %8.0f spread %.3f slow-mode %d\n", key[1], key[2], key[3], c, m, med, v[c], v[c]/m, slow
         best[key[1] " " key[2], key[3]] = m; mid[key[1] " " key[2], key[3]] = med }
       { k = $1 " " $2 " " $3; if (k != cur && c > 0) { report(); c = 0 } cur = k; split(k, key, " "); v[++c] = $5 }
       END { if (c > 0) report(); print ""
             for (kk in best) { split(kk, a, SUBSEP); if (a[2] == "engine")
               printf "%s engine/zlib-ng: fastest %.3f median %.3f\n", a[1], best[a[1], "engine"] / best[a[1], "zlibng"], mid[a[1], "engine"] / mid[a[1], "zlibng"] } }' |
  sort -s -k1,1 -k2,2
