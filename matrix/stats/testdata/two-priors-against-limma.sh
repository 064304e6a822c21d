#!/bin/sh
# two-priors-against-limma.sh: recomputes, with R's limma, every moderated p-value a merged report's
# cells.json prints for elapsed time - limma's squeezeVar over the family's comparisons and again over
# each candidate's comparisons in a phase, t on min(prior df + K - 1, pooled df) degrees of freedom, the
# larger of the two p-values (docs/METHOD.md, "A second prior per candidate and phase") - and prints the
# largest relative difference. Needs python3, R and r-bioc-limma. Run from the repository root:
#
#   sh matrix/stats/testdata/two-priors-against-limma.sh reports/20261201T194448Z-linux-amd64-63f78890-merged/cells.json
set -eu
[ $# -eq 1 ] || { echo "usage: $0 cells.json" >&2; exit 2; }
csv=$(mktemp)
trap 'rm -f "$csv"' EXIT
python3 - "$1" "$csv" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
with open(sys.argv[2], "w") as f:
    f.write("cand,phase,k,sd,est,p,priorOf\n")
    for r in d["records"]:
        m = r.get("moderation")
        if r["metric"] == "elapsed" and m:
            f.write("%s,%s,%d,%.17g,%.17g,%.17g,%s\n" % (r["candidate"], r["phase"], m["k"], m["sd"], r["estimate"], r["p"], m["priorOf"].replace(",", " /")))
PY
Rscript - "$csv" <<'R'
suppressMessages(library(limma))
d <- read.csv(commandArgs(TRUE)[1], stringsAsFactors = FALSE)
s2 <- (d$sd / 100)^2            # the instances' sample variance of the log ratio
y <- log(1 + d$est / 100)       # their mean
K <- d$k
moderated <- function(idx) {
  sv <- squeezeVar(s2[idx], df = K[idx] - 1)
  df <- pmin(sv$df.prior + K[idx] - 1, sum(K[idx] - 1))   # eBayes' cap at the pooled df
  2 * pt(-abs(y[idx] / sqrt(sv$var.post / K[idx])), df)
}
fam <- moderated(seq_len(nrow(d)))
str <- rep(NA, nrow(d))
for (g in unique(paste(d$cand, d$phase))) {
  idx <- which(paste(d$cand, d$phase) == g)
  str[idx] <- moderated(idx)
}
p <- pmax(fam, str)
cat(sprintf("%d comparisons: largest relative difference of p, limma against cells.json: %.3g\n", nrow(d), max(abs(p - d$p) / d$p)))
cat(sprintf("decided on the stratum's prior: limma %d, cells.json %d\n", sum(str > fam), sum(d$priorOf != "family")))
R
