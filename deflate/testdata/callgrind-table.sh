#!/bin/sh
# callgrind-table.sh: BENCHMARKS.md's per-function table, engine against zlib-ng, from
# callgrind-compare.sh's per-function counts. Run in deflate/:
#
#   testdata/callgrind-table.sh BIN G 'LEVELS' [DIR]     e.g. testdata/callgrind-table.sh /tmp/dz.test 2.2.5 '4 6 9'
#
# For each level, one markdown table: a row per group of functions that do the same job on the two sides
# (zlib-ng calls quick_insert_string from its loops where the engine inlines it, so the loop and that
# insertion are one row; zlib-ng's update_hash_roll, which longest_match_slow calls through
# s->update_hash for all but one of its calls per operation, is the matcher's, as is the engine's
# updateHashRollStep; zlib-ng's compare256_avx2, which deflate_quick calls through the functable, is the
# matcher's, as is the engine's compare256AVX2Step; the engine's quickInsertStep, gcc's
# quick_insert_string, is the loop's, as is mediumRunAVX2, gcc's deflate_medium, and its insertStringStep,
# gcc's insert_string, the insertion's),
# a column per input (payload, text, gosrc) with "engine / zlib-ng" instructions per operation. DIR
# (default a temporary directory) keeps callgrind-compare.sh's output per cell, and a cell whose file is
# already there is not measured again.
set -eu
[ $# -ge 3 ] || { echo "usage: $0 BIN G 'LEVELS' [DIR]" >&2; exit 2; }
bin=$1 gen=$2 levels=$3 dir=${4:-$(mktemp -d)}
here=$(dirname "$0")
mkdir -p "$dir"
for level in $levels; do
  for input in payload text gosrc; do
    f="$dir/fn-$input-$level.txt"
    [ -s "$f" ] || "$here/callgrind-compare.sh" "$bin" "$gen" "$input" "$level" functions >"$f"
  done
  echo "Level $level (instructions per operation, engine / zlib-ng $gen):"
  echo
  echo "| work | engine functions | zlib-ng functions | payload | text | gosrc |"
  echo "|---|---|---|---|---|---|"
  for input in payload text gosrc; do sed "s/^/$input\t/" "$dir/fn-$input-$level.txt"; done |
    awk -F'\t' '
      function group(impl, f) {
        sub(/.*deflate\./, "", f)
        if (impl == "engine") {
          if (f ~ /mediumRun|RunLazy|RunGreedy|deflateMedium|slowRun|deflateSlow|fastRun|deflateFast|quickRun|deflateQuick|quickInsertCall|quickInsertStep|fizzleMatches|emitLiterals/) return "loop"
          if (f ~ /insertString4|insertStringRoll|insertStringStep/) return "insert"
          if (f ~ /longestMatch|compare256|updateHashRollStep/) return "match"
          if (f ~ /compressBlock|matchCode/) return "emit"
          if (f ~ /downHeap/) return "heap" # downHeapGo, or downHeapPQ (amd64: the pqdownheap of gcc in assembly)
          if (f ~ /buildTree|genBitlen|fixOverflow/) return "build" # buildTreeNodesAsm (amd64): the heap loops of build_tree
          if (f ~ /genCodes/) return "codes"
          if (f ~ /walkLengthRuns|sendTree|sendBLSyms|scanTree|sendCode|sendAllTrees|buildBLTree/) return "trees"
          if (f ~ /\)\.reset$/) return "reset"
        } else {
          if (f ~ /^deflate_(medium|slow|fast|quick)$|^quick_insert_string/) return "loop"
          if (f ~ /^insert_string/) return "insert"
          if (f ~ /^longest_match|^update_hash_roll|^compare256/) return "match"
          if (f ~ /^compress_block$/) return "emit"
          if (f ~ /^pqdownheap$/) return "heap"
          if (f ~ /^build_tree$/) return "build"
          if (f ~ /^gen_codes$/) return "codes"
          if (f ~ /^(send_tree|scan_tree|send_all_trees|build_bl_tree)$/) return "trees"
          if (f ~ /memset/) return "reset"
        }
        return "rest"
      }
      $4 == "(total)" { tot[$1, $2] = $3; next }
      { g = group($2, $4); n[$1, $2, g] += $3; if (g != "rest") named[$1, $2] += $3
        name = $4; sub(/.*deflate\./, "", name); gsub(/\(\*(State|treeState)\)\./, "", name); sub(/.*scanTree.func1/, "scanTree", name); if (!((g, $2, name) in seen)) { seen[g, $2, name] = 1; fn[g, $2] = fn[g, $2] (fn[g, $2] == "" ? "" : ", ") name } }
      END {
        split("loop insert match emit heap build codes trees reset rest", order, " ")
        label["loop"] = "compress loop, with the insertion per position"; label["insert"] = "insertion of match spans"
        label["match"] = "matcher"; label["emit"] = "symbol emission"; label["heap"] = "Huffman heap"
        label["build"] = "tree building, code lengths"; label["codes"] = "canonical codes"
        label["trees"] = "tree headers (scan, send)"; label["reset"] = "Reset: clearing the hash heads"
        label["rest"] = "the rest (the total less the rows above)"
        split("payload text gosrc", ins, " ")
        for (j = 1; j <= 3; j++) for (k = 1; k <= 2; k++) { impl = k == 1 ? "engine" : "zlibng"
          n[ins[j], impl, "rest"] = tot[ins[j], impl] - named[ins[j], impl] }
        fn["rest", "engine"] = fn["rest", "zlibng"] = ""
        for (i = 1; i <= 10; i++) { g = order[i]; row = "| " label[g] " | " fn[g, "engine"] " | " fn[g, "zlibng"]
          for (j = 1; j <= 3; j++) row = row sprintf(" | %d / %d", n[ins[j], "engine", g], n[ins[j], "zlibng", g])
          print row " |" }
        row = "| **total** | | "
        for (j = 1; j <= 3; j++) row = row sprintf(" | **%d / %d = %.3f**", tot[ins[j], "engine"], tot[ins[j], "zlibng"], tot[ins[j], "engine"] / tot[ins[j], "zlibng"])
        print row " |"
        # clearing head: zlib-ng memset counted per byte (rep stosb), the engine 16,384 (rep stosq)
        row = "| total without clearing head | | "
        for (j = 1; j <= 3; j++) { e = tot[ins[j], "engine"] - 16384; z = tot[ins[j], "zlibng"] - n[ins[j], "zlibng", "reset"]
          row = row sprintf(" | %d / %d = %.3f", e, z, e / z) }
        print row " |" }'
  echo
done
