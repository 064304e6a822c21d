#!/bin/sh
# two-priors-against-limma.sh: the lab's rule before issue 45 (the family's prior and each candidate's in a
# phase, no guard) checked against R's limma: priors-against-limma.sh with those strata. The notebook quotes it:
#
#   sh matrix/stats/testdata/two-priors-against-limma.sh reports/20261201T194448Z-linux-amd64-63f78890-merged/cells.json
set -eu
[ $# -eq 1 ] || { echo "usage: $0 cells.json" >&2; exit 2; }
exec sh "$(dirname "$0")/priors-against-limma.sh" "$1" family,candidate+phase 0
