#!/bin/sh
# priors-against-limma.sh: recomputes, with R's limma, every moderated p-value a merged report's cells.json
# prints for elapsed time under the lab's decision rule with any set of priors and the Q guard
# (docs/notebook/2026-12-04-null-in-every-slice.md): limma's squeezeVar over each stratum of every STRATA
# ("family" for one prior over all comparisons, else a "+"-joined list of candidate, phase, workload, dop;
# several separated by commas), t on min(prior df + K - 1, pooled df) degrees of freedom, the largest of
# the p-values; with GUARD above 0, a comparison whose Cochran's Q has an upper chi-square tail on K-1 df
# below GUARD keeps its own variance (t on K-1 df). With POOLED_BELOW (default 0: never), a stratum of
# fewer comparisons also decides each on the stratum's pooled variance (the K-1-weighted mean of s2, t on
# the pooled df: stats.Options.PooledBelow) and keeps the larger p. Prints the largest relative
# difference. Needs python3,
# R and r-bioc-limma. Run from the repository root, e.g. for the rule before issue 45 and for the lab's
# since 5 December 2026 (docs/notebook/2026-12-05-robust-prior.md):
#
#   sh matrix/stats/testdata/priors-against-limma.sh reports/X-merged/cells.json family,candidate+phase 0
#   sh matrix/stats/testdata/priors-against-limma.sh X/cells.json \
#       candidate,candidate+phase,candidate+workload,candidate+dop,candidate+workload+phase 0
#
# and for the lab's since its small-strata rule (docs/notebook/2026-12-05-small-strata-pooled.md), the same
# with POOLED_BELOW 12 (stats.DefaultPooledBelow).
set -eu
[ $# -eq 3 ] || [ $# -eq 4 ] || { echo "usage: $0 cells.json STRATA GUARD [POOLED_BELOW]" >&2; exit 2; }
csv=$(mktemp)
trap 'rm -f "$csv"' EXIT
python3 - "$1" "$csv" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
with open(sys.argv[2], "w") as f:
    f.write("candidate,phase,workload,dop,k,sd,est,q,p\n")
    for r in d["records"]:
        m = r.get("moderation")
        if r["metric"] == "elapsed" and m:
            dop = "contention" if r["oversubscribed"] else "latency"
            f.write("%s,%s,%s,%s,%d,%.17g,%.17g,%.17g,%.17g\n" % (r["candidate"], r["phase"], r["workload"], dop, m["k"], m["sd"], r["estimate"], r["heterogeneity"]["q"], r["p"]))
PY
Rscript - "$csv" "$2" "$3" "${4:-0}" <<'R'
suppressMessages(library(limma))
a <- commandArgs(TRUE)
d <- read.csv(a[1], stringsAsFactors = FALSE)
strata <- strsplit(a[2], ",")[[1]]
guard <- as.numeric(a[3])
pooledBelow <- as.numeric(a[4])
s2 <- (d$sd / 100)^2            # the instances' sample variance of the log ratio
y <- log(1 + d$est / 100)       # their mean
K <- d$k
moderated <- function(idx) {
  sv <- squeezeVar(s2[idx], df = K[idx] - 1)
  df <- pmin(sv$df.prior + K[idx] - 1, sum(K[idx] - 1))   # eBayes' cap at the pooled df
  p <- 2 * pt(-abs(y[idx] / sqrt(sv$var.post / K[idx])), df)
  if (length(idx) < pooledBelow) {      # a small stratum: the pooled variance must decide it too
    dfp <- sum(K[idx] - 1)
    pv <- sum((K[idx] - 1) * s2[idx]) / dfp
    p <- pmax(p, 2 * pt(-abs(y[idx] / sqrt(pv / K[idx])), dfp))
  }
  p
}
p <- rep(0, nrow(d))
for (s in strata) {
  key <- if (s == "family") rep(s, nrow(d)) else do.call(paste, d[strsplit(s, "+", fixed = TRUE)[[1]]])
  str <- rep(NA, nrow(d))
  for (g in unique(key)) {
    idx <- which(key == g)
    str[idx] <- moderated(idx)
  }
  p <- pmax(p, str)
}
if (guard > 0) {
  het <- pchisq(d$q, K - 1, lower.tail = FALSE) < guard
  p[het] <- 2 * pt(-abs(y[het] / sqrt(s2[het] / K[het])), K[het] - 1)
  cat(sprintf("Q guard %g: %d comparisons on their own variance\n", guard, sum(het)))
}
cat(sprintf("%d comparisons, priors: %s, pooled below %g: largest relative difference of p, limma against cells.json: %.3g\n",
  nrow(d), paste(strata, collapse = ", "), pooledBelow, max(abs(p - d$p) / d$p)))
R
