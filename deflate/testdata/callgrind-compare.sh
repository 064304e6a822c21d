#!/bin/sh
# callgrind-compare.sh: instructions per operation of the engine and of zlib-ng in BenchmarkResetCompress,
# per function (self cost), from callgrind. Needs valgrind and a zlibng-tagged test binary linked to the
# zlib-ng build of generation G (testdata/README.md, "Build the references"). Run in deflate/:
#
#   testdata/callgrind-compare.sh BIN G INPUT LEVEL [functions|total]
#
# BIN: the test binary; G: 2.2.5 or 2.2.2 (the build BIN links); INPUT: payload, text or gosrc; LEVEL 1-9.
# Each side runs twice under callgrind, with N2 and N1 operations (env N1, N2; default 100 and 600), and
# every count is the difference over N2-N1 operations, so the process's start and the benchmark's set-up
# cancel. IMPLS (default "engine zlibng") picks the sides. `functions` (the default) prints
# "impl<TAB>Ir/op<TAB>function" for each function of at least 0.1% of the op, and the total as function
# "(total)"; `total` prints
# "impl<TAB>Ir/op<TAB>total" and "impl<TAB>Ir/op<TAB>total-headclear": the total without the clearing of
# the hash heads at Reset, which callgrind counts once per iteration of a `rep stos` (the CPU retires it
# as one instruction): zlib-ng's memset (`rep stosb`, 131,072 iterations at memLevel 8) and the engine's
# clear(s.head[:]) (`rep stosq`, 16,384 iterations, subtracted as that constant). See BENCHMARKS.md.
# GODEBUG=asyncpreemptoff=1: callgrind aborts on the Go runtime's preemption signals otherwise;
# cpu.rdtscp=off: valgrind 3.19's CPUID (a Haswell's) offers RDTSCP, which runtime.cputicks then runs
# and valgrind cannot decode (SIGILL).
set -eu
[ $# -ge 4 ] || { echo "usage: $0 BIN G INPUT LEVEL [functions|total]" >&2; exit 2; }
bin=$1 gen=$2 input=$3 level=$4 mode=${5:-functions}
case $gen in 2.2.5|2.2.2) ;; *) echo "G must be 2.2.5 or 2.2.2, not $gen" >&2; exit 2;; esac
case $input in payload|text|gosrc) ;; *) echo "INPUT must be payload, text or gosrc, not $input" >&2; exit 2;; esac
case $level in [1-9]) ;; *) echo "LEVEL must be 1-9, not $level" >&2; exit 2;; esac
case $mode in functions|total) ;; *) echo "mode must be functions or total, not $mode" >&2; exit 2;; esac
n1=${N1:-100} n2=${N2:-600}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for impl in ${IMPLS:-engine zlibng}; do
  for n in $n1 $n2; do
    GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file="$tmp/$impl.$n" \
      "$bin" -zlibng "$gen" -test.run '^$' -test.bench "ResetCompress/gen=$gen/input=$input/level=$level/impl=$impl\$" \
      -test.benchtime "${n}x" >"$tmp/$impl.$n.log" 2>&1 || { cat "$tmp/$impl.$n.log" >&2; exit 1; }
    grep -q "impl=$impl" "$tmp/$impl.$n.log" || { echo "no benchmark ran: $tmp/$impl.$n.log" >&2; cat "$tmp/$impl.$n.log" >&2; exit 1; }
    # self cost per function, inlined code folded into the function it was inlined into
    callgrind_annotate --auto=no --inclusive=no --threshold=100 "$tmp/$impl.$n" 2>/dev/null |
      awk '/^ *[0-9,]+ +\(/ && !/PROGRAM TOTALS/ { c=$1; gsub(",", "", c); $1=""; $2=""; sub(/^ +/, "");
             sub(/ \[.*\]$/, ""); n=split($0, p, ":"); f=p[n]; s[f]+=c } END { for (f in s) print f "\t" s[f] }' >"$tmp/$impl.$n.fn"
  done
  awk -F'\t' -v impl=$impl -v ops=$((n2 - n1)) -v mode=$mode '
    FNR==NR { a[$1]=$2; next } { b[$1]=$2 }
    END { for (f in b) { d=(b[f]-a[f])/ops; t+=d; if (f ~ /memset/) m+=d; per[f]=d }
          if (impl=="engine") m=16384 # clear(s.head[:]) at memLevel 8: 65,536 entries x 2 bytes / 8 per rep stosq
          if (mode=="total") { printf "%s\t%.0f\ttotal\n%s\t%.0f\ttotal-headclear\n", impl, t, impl, t-m; exit }
          printf "%s\t%.0f\t(total)\n", impl, t
          for (f in per) if (per[f] >= t/1000) printf "%s\t%.0f\t%s\n", impl, per[f], f }' \
    "$tmp/$impl.$n1.fn" "$tmp/$impl.$n2.fn" | sort -t"$(printf '\t')" -k2,2nr
done
