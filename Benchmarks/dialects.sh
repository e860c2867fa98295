#!/usr/bin/env bash
# make bench-dialects: what the Markdown extensions cost. Full builds of the same dumps in the
# default dialect (gfm: GitHub's and Obsidian's extensions) and in strict CommonMark
# (dialect = "commonmark" for every wiki), interleaved run by run so that the machine's load
# falls on both alike. BENCHMARKS.md explains the figures; this script only measures them.
#
#   BENCH_PAGES=10000          the synthetic corpus's size (wikisite-corpus generate; 0: none)
#   BENCH_RUNS=7               full builds of each dump in each dialect
#   BENCH_SEED=1               the corpus seed
#   BENCH_DUMPS="a.json …"     more _all_docs dumps to measure (real wikis, say)
#   BENCH_BASELINE=path        another wikisite binary measured in the same runs (before a change)
#   WIKISITE=path              the wikisite binary (default: a release build, as make install's)
set -euo pipefail
cd "$(dirname "$0")/.."

PAGES=${BENCH_PAGES:-10000}
RUNS=${BENCH_RUNS:-7}
SEED=${BENCH_SEED:-1}

log() { printf '%s\n' "$*" >&2; }

RELEASE=(-c release --static-swift-stdlib)
if [ -z "${WIKISITE:-}" ]; then
    log "Building wikisite and wikisite-corpus (release)..."
    swift build "${RELEASE[@]}" --product wikisite >&2
    swift build "${RELEASE[@]}" --product wikisite-corpus >&2
    WIKISITE=$(swift build "${RELEASE[@]}" --show-bin-path)/wikisite
fi
CORPUS=$(dirname "$WIKISITE")/wikisite-corpus
BINARIES=("$WIKISITE")
[ -n "${BENCH_BASELINE:-}" ] && BINARIES=("$BENCH_BASELINE" "$WIKISITE")

# A tmpfs keeps the disk's noise out of the figures.
WORK=$(mktemp -d /dev/shm/wikisite-dialects.XXXXXX 2>/dev/null || mktemp -d)
trap 'rm -rf "$WORK"' EXIT

DUMPS=()
if [ "$PAGES" != 0 ]; then
    "$CORPUS" generate --pages "$PAGES" --seed "$SEED" --form all-docs --out "$WORK/synthetic.json"
    DUMPS+=("$WORK/synthetic.json")
fi
for dump in ${BENCH_DUMPS:-}; do DUMPS+=("$dump"); done

# config DUMP DIALECT: a wikisite.toml giving every wiki of DUMP the dialect.
config() {
    jq -r '.rows[].doc | select(.type == "wiki") | ._id' "$1" |
        while read -r id; do printf '[wikis."%s"]\ndialect = "%s"\n' "$id" "$2"; done
}

# build BINARY DUMP DIALECT: one full build from scratch; prints "wall-ns cpu-s" (cpu: user +
# system time, which the machine's other work disturbs less than the wall time).
build() {
    local site=$WORK/site
    rm -rf "$site" "$WORK/state"
    local start end
    start=$(date +%s%N)
    /usr/bin/time -f '%U %S' -o "$WORK/time.out" \
        "$1" build --source "$2" --config "$WORK/$3.toml" --out "$site" --state "$WORK/state" >/dev/null 2>&1
    end=$(date +%s%N)
    echo "$((end - start)) $(awk '{ print $1 + $2 }' "$WORK/time.out")"
}

median() {
    sort -n | awk '{ v[NR] = $1 } END { printf "%s\n", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "| dump | pages | binary | commonmark: wall, CPU | gfm: wall, CPU | gfm / commonmark: wall, CPU |"
echo "| --- | ---: | --- | ---: | ---: | ---: |"
for dump in "${DUMPS[@]}"; do
    config "$dump" gfm >"$WORK/gfm.toml"
    config "$dump" commonmark >"$WORK/commonmark.toml"
    pages=$(jq '[.rows[].doc | select(.type == "page")] | length' "$dump")
    log "$(basename "$dump"): $pages pages, $RUNS runs a dialect and binary..."
    name=$([ "$dump" = "$WORK/synthetic.json" ] && echo "synthetic, seed $SEED" || echo "$(basename "$(dirname "$dump")")/$(basename "$dump")")
    build "$WIKISITE" "$dump" gfm >/dev/null # a warm-up: the page cache, not a figure
    rm -f "$WORK"/times-*
    for _ in $(seq "$RUNS"); do
        for index in "${!BINARIES[@]}"; do
            for dialect in commonmark gfm; do
                build "${BINARIES[$index]}" "$dump" "$dialect" >>"$WORK/times-$index-$dialect"
            done
        done
    done
    for index in "${!BINARIES[@]}"; do
        label=$([ "${#BINARIES[@]}" = 2 ] && [ "$index" = 0 ] && echo "baseline" || echo "wikisite")
        cm_wall=$(cut -d' ' -f1 "$WORK/times-$index-commonmark" | median)
        cm_cpu=$(cut -d' ' -f2 "$WORK/times-$index-commonmark" | median)
        gfm_wall=$(cut -d' ' -f1 "$WORK/times-$index-gfm" | median)
        gfm_cpu=$(cut -d' ' -f2 "$WORK/times-$index-gfm" | median)
        awk -v name="$name" -v pages="$pages" -v label="$label" \
            -v cw="$cm_wall" -v cc="$cm_cpu" -v gw="$gfm_wall" -v gc="$gfm_cpu" 'BEGIN {
                printf "| %s | %d | %s | %.0f ms, %.2f s | %.0f ms, %.2f s | %+.1f %%, %+.1f %% |\n",
                    name, pages, label, cw / 1e6, cc, gw / 1e6, gc, (gw / cw - 1) * 100, (gc / cc - 1) * 100
            }'
    done
done
