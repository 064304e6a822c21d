#!/bin/sh
# Renders a report folder's raw results with the current code into a scratch folder - HTML pages beside
# the SVG charts, laid out as GitHub shows markdown (matrix/report/html_test.go) - screenshots the first
# screen (a 1400x900 window) and every chart in headless Chromium (matrix/report TestScreenshots), and
# copies the first screen to docs/first-screen.png. Needs Go and chromium; run from the repository root.
#
#   docs/screenshots.sh [reports/<run>]     (default: the newest report under reports/)
set -eu
report=${1:-$(ls -d reports/*/ | sort | tail -n 1)}
report=${report%/}
raw=$(ls -d "$PWD/$report"/raw/*/ | sed 's:/$::' | paste -sd, -)
out=$(mktemp -d)
go test ./matrix/report -run '^TestScreenshots$' -count=1 -v -shots-in "$raw" -shots-out "$out" | grep -v '^=== RUN'
dir=$(dirname "$(ls "$out"/*/first-screen.png)")
cp "$dir/first-screen.png" docs/first-screen.png
echo "docs/first-screen.png from $report; every page, chart and screenshot: $dir"
