#!/usr/bin/env bash
# make bench: wikisite against the cmark floor and Hugo, side by side, on seeded synthetic wikis,
# the search index against Pagefind's (Benchmarks/search/compare.py), then the live preview against
# hugo server (Benchmarks/live/measure.py); the chart of full builds and edits against pages
# (Benchmarks/chart.py).
# BENCHMARKS.md explains the figures; this script only measures them.
#
#   BENCH_PAGES="1000 10000"   corpus sizes (pages)
#   BENCH_LARGE=1              adds 100000 (BENCH_PAGES=1000000 measures a million pages: the
#                              run first checks the memory and disk a size needs)
#   BENCH_SERVE_ONLY=1         only the live preview (make bench-serve)
#   BENCH_RUNS=5               runs of each build measure; the table gives median and min–max
#   BENCH_EDITS=20             timed edits of each live-preview server
#   BENCH_MEMORY_EDITS=1000    edits of the store's server on the largest size, for its memory
#   BENCH_SERVERS="store folder couch hugo"   the live-preview servers to measure ("none": no live preview)
#   BENCH_CHANGES="1 10 100 1000 10000"   change-set sizes built from the store on the largest size
#   BENCH_SEED=1               the corpus seed
#   BENCH_IMAGES_PERCENT=20    images of the folder corpus, per 100 pages (10,000 pages: 2,000 images)
#   BENCH_QUERIES=20           queries of each search index, for its first-query bytes and latency
#   BENCH_CORPORA=../shared/corpora   real wikis (folders holding all_docs.json) whose search
#                              index is weighed too, when the folder exists
#   BENCH_DIR=.bench           scratch folder (corpora and sites go to a tmpfs below it when one mounts)
#   BENCH_RESULTS=.bench/results.md   the Markdown results file
#   BENCH_CHART=Benchmarks/chart.svg  the chart of the run (BENCHMARKS.md shows it)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

PAGES=${BENCH_PAGES:-1000 10000}
[ "${BENCH_LARGE:-0}" = 1 ] && PAGES="$PAGES 100000"
RUNS=${BENCH_RUNS:-5}
SEED=${BENCH_SEED:-1}
CHANGES=${BENCH_CHANGES:-1 10 100 1000 10000}
LARGEST=${PAGES##* }
SCRATCH=${BENCH_DIR:-$ROOT/.bench}
RESULTS=${BENCH_RESULTS:-$SCRATCH/results.md}
CHART=${BENCH_CHART:-$ROOT/Benchmarks/chart.svg}
mkdir -p "$SCRATCH"
SCRATCH=$(cd "$SCRATCH" && pwd)

log() { printf '%s\n' "$*" >&2; }

# --- Tools -------------------------------------------------------------------------------------
log "Checking the benchmark's own parts (Benchmarks/test_harness.py)..."
python3 -m unittest discover -s Benchmarks -p test_harness.py 2>&1 | tail -n 1 >&2
log "Building wikisite and wikisite-corpus (release, as make install builds it) and the floor program..."
RELEASE=(-c release --static-swift-stdlib)
swift build "${RELEASE[@]}" --product wikisite >&2
swift build "${RELEASE[@]}" --product wikisite-corpus >&2
BIN=$(swift build "${RELEASE[@]}" --show-bin-path)
WIKISITE=$BIN/wikisite
CORPUS=$BIN/wikisite-corpus
FLOOR=$SCRATCH/floor
# shellcheck disable=SC2046  # pkg-config prints several words on purpose
cc -O2 -o "$FLOOR" Benchmarks/floor/floor.c $(pkg-config --cflags --libs libcmark)

# --- Where the corpora and sites go: a tmpfs we mount, else /dev/shm, else the disk -------------
WORK=$SCRATCH/tmpfs
mkdir -p "$WORK"
MOUNTED=0
if mountpoint -q "$WORK"; then
    STORAGE="tmpfs mounted at $WORK"
elif mount -t tmpfs -o size=16g,mode=0755 wikisite-bench "$WORK" 2>/dev/null; then
    MOUNTED=1
    STORAGE="tmpfs mounted at $WORK by this run"
elif [ -d /dev/shm ] && [ -w /dev/shm ]; then
    WORK=$(mktemp -d /dev/shm/wikisite-bench.XXXXXX)
    STORAGE="/dev/shm (tmpfs; mounting one was not allowed)"
else
    STORAGE="the disk, $WORK (no tmpfs could be used)"
fi
cleanup() {
    if [ "$MOUNTED" = 1 ]; then umount "$WORK" 2>/dev/null || true
    else case $WORK in /dev/shm/wikisite-bench.*) rm -rf "$WORK" ;; esac
    fi
}
trap cleanup EXIT
log "Corpora and sites on: $STORAGE"

# preflight: a size of N pages needs about 50 KB of scratch space a page (the dump, the floor's
# Markdown and pages, the site and state, Hugo's site, the store) and 12 KB of memory a page for
# the builds, plus the scratch space when it is a tmpfs. A size that does not fit stops the run
# before it starts, saying what it needs.
preflight() {
    local largest=0 n need_memory need_disk free_memory free_disk
    for n in $PAGES; do [ "$n" -gt "$largest" ] && largest=$n; done
    need_disk=$((largest * 50 / 1024))
    need_memory=$((largest * 12 / 1024))
    case $STORAGE in *tmpfs*) need_memory=$((need_memory + need_disk)) ;; esac
    free_memory=$(awk '/MemAvailable/ { print int($2 / 1024) }' /proc/meminfo)
    free_disk=$(df -Pk "$WORK" | awk 'NR == 2 { print int($4 / 1024) }')
    log "The largest size, $largest pages, needs about $need_memory MiB of memory ($free_memory available)" \
        "and $need_disk MiB of space on $WORK ($free_disk free)."
    if [ "$free_memory" -lt "$need_memory" ] || [ "$free_disk" -lt "$need_disk" ]; then
        log "Not enough for $largest pages: free memory or space, set BENCH_DIR to a larger disk, or choose"
        log "smaller sizes in BENCH_PAGES."
        exit 1
    fi
}
preflight

# --- Measuring ---------------------------------------------------------------------------------
RAW=$WORK/raw
rm -rf "$RAW"
mkdir -p "$RAW"
TIME_FILE=$WORK/time.out
LAST_OUTPUT=$WORK/last.out

# measure KEY COMMAND…: runs COMMAND once, and appends "wall-ns peak-rss-KiB cpu-s" to $RAW/KEY
# (cpu: user + system time of the process and its children).
# Its standard output is kept in $LAST_OUTPUT. It must succeed; wikisite check may also exit 1
# (it found problems: the corpus links to missing pages on purpose).
measure() {
    local key=$1 start end status=0 allowed=0
    shift
    case $key in *.check) allowed=1 ;; esac
    start=$(date +%s%N)
    /usr/bin/time -f '%M %U %S' -o "$TIME_FILE" "$@" >"$LAST_OUTPUT" 2>"$WORK/last.err" || status=$?
    end=$(date +%s%N)
    if [ "$status" -gt "$allowed" ]; then
        log "failed ($status): $*"
        cat "$WORK/last.err" >&2
        exit 1
    fi
    read -r rss user system <<<"$(tail -n 1 "$TIME_FILE")"
    echo "$((end - start)) $rss $(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')" >>"$RAW/$key"
}

# The "Files: W written, …" count of the last build.
files_written() {
    sed -n 's/^Files: \([0-9]*\) written.*/\1/p' "$LAST_OUTPUT"
}

# note KEY TEXT: a remark that goes with the measure in the table.
note() { echo "$2" >"$RAW/$1.note"; }

# generate N FILE [generate options…]: a dump of the N-page corpus, written beside FILE then
# moved onto it, so that a build never sees half a file.
generate() {
    local pages=$1 file=$2
    shift 2
    "$CORPUS" generate --pages "$pages" --seed "$SEED" --out "$file.new" "$@"
    mv "$file.new" "$file"
}

# full_builds KEY SITE STATE COMMAND…: builds from scratch, SITE and STATE removed before each.
full_builds() {
    local key=$1 site=$2 state=$3
    shift 3
    for _ in $(seq "$RUNS"); do
        rm -rf "$site" "$state"
        measure "$key" "$@"
    done
    note "$key" "$(files_written) files written"
}

# noop_builds KEY SITE COMMAND…: builds with nothing changed; counts the files they say they
# wrote and the paths of SITE they modified, both of which should be 0.
noop_builds() {
    local key=$1 site=$2 changed=0 written=0
    shift 2
    for _ in $(seq "$RUNS"); do
        touch "$WORK/marker"
        sleep 0.01
        measure "$key" "$@"
        written=$((written + $(files_written)))
        changed=$((changed + $(find "$site" -newer "$WORK/marker" | wc -l)))
    done
    note "$key" "$written files written, $changed paths modified (all runs)"
    [ "$changed" = 0 ] || log "WARNING: no-op builds modified $changed paths"
}

# edit_builds KEY EDIT COMMAND…: before each build, `EDIT RUN` edits the page in the middle
# (revision RUN + 1); the edit itself is not timed.
edit_builds() {
    local key=$1 edit=$2 written=0
    shift 2
    for run in $(seq "$RUNS"); do
        "$edit" "$run"
        measure "$key" "$@"
        written=$((written + $(files_written)))
    done
    note "$key" "$((written / RUNS)) files written a run"
}

# The edit in the dump: the whole dump again, one page changed ($n and $dir: bench_size's).
edit_dump() { generate "$n" "$dir/dump.json" --form all-docs --edit "$1"; }

# The edit in the store: the edited page alone, imported.
edit_store() {
    generate "$n" "$dir/edit.json" --form all-docs --edit "$1" --only-edited
    "$WIKISITE" import "$dir/edit.json" --store "$dir/store-run/.wikisite/store.sqlite" >/dev/null
}

# The creation in the store: the RUNth page created after the corpus (`--created`: a title
# the pages link to as missing), imported. Every run creates one more page.
create_store() {
    generate "$n" "$dir/create.json" --form all-docs --created "$1"
    "$WIKISITE" import "$dir/create.json" --store "$dir/store-run/.wikisite/store.sqlite" >/dev/null
}

# The edit in the folder: the note in the middle rewritten ($n, $dir and $images: bench_size's).
edit_folder() {
    "$CORPUS" folder --pages "$n" --images "$images" --seed "$SEED" --edit "$1" --only-edited --out "$dir/vault"
}

bench_size() {
    local n=$1 dir=$WORK/n$1
    rm -rf "$dir"
    mkdir -p "$dir"
    log ""
    log "== $n pages =="
    generate "$n" "$dir/dump.json" --form all-docs --floor-input "$dir/pages.md"
    log "corpus: $(du -h "$dir/dump.json" | cut -f1) _all_docs dump, $(du -h "$dir/pages.md" | cut -f1) of Markdown"

    log "floor (2 processes)..."
    for _ in $(seq "$RUNS"); do
        rm -rf "$dir/floor-out"
        measure "$n.floor" "$FLOOR" "$dir/pages.md" "$dir/floor-out" 2
    done
    note "$n.floor" "$(find "$dir/floor-out" -type f | wc -l) files"

    log "hugo, full build..."
    python3 Benchmarks/live/sites.py hugo "$dir/dump.json" "$dir/hugo"
    for _ in $(seq "$RUNS"); do
        rm -rf "$dir/hugo-out" "$dir/hugo-cache"
        measure "$n.hugo" hugo --source "$dir/hugo" --destination "$dir/hugo-out" --cacheDir "$dir/hugo-cache" --quiet
    done
    note "$n.hugo" "$(find "$dir/hugo-out" -name '*.html' | wc -l) HTML files, $(hugo version | cut -d' ' -f2)"
    rm -rf "$dir/hugo" "$dir/hugo-out" "$dir/hugo-cache"

    log "parsing the dump..."
    for _ in $(seq "$RUNS"); do measure "$n.parse" "$CORPUS" parse "$dir/dump.json"; done

    # From the dump: full builds from scratch, then no-op builds, then one-page edits.
    local build=("$WIKISITE" build --source "$dir/dump.json" --out "$dir/site")
    log "full build from the dump..."
    full_builds "$n.full" "$dir/site" "$dir/.wikisite/site" "${build[@]}"
    note "$n.full" "$(cat "$RAW/$n.full.note"), state $(du -sh "$dir/.wikisite/site" | cut -f1)"
    log "full build from the dump, without search..."
    printf '[wikis.4242424242424242]\nsearch = false\n' >"$dir/no-search.toml"
    full_builds "$n.full-nosearch" "$dir/site" "$dir/.wikisite/site" "${build[@]}" --config "$dir/no-search.toml"
    note "$n.full-nosearch" "$(cat "$RAW/$n.full-nosearch.note"), state $(du -sh "$dir/.wikisite/site" | cut -f1)"
    rm -rf "$dir/site" "$dir/.wikisite"
    "${build[@]}" >/dev/null
    log "no-op build from the dump..."
    noop_builds "$n.noop" "$dir/site" "${build[@]}"
    log "one-page edit, from the dump..."
    edit_builds "$n.edit" edit_dump "${build[@]}"

    log "check..."
    for _ in $(seq "$RUNS"); do measure "$n.check" "$WIKISITE" check --source "$dir/dump.json"; done

    # From the embedded store: wikisite import, then wikisite build with no --source.
    local run_dir=$dir/store-run
    mkdir -p "$run_dir"
    generate "$n" "$dir/dump.json" --form all-docs
    log "import into the store..."
    for _ in $(seq "$RUNS"); do
        rm -rf "$run_dir/.wikisite"
        measure "$n.import" "$WIKISITE" import "$dir/dump.json" --store "$run_dir/.wikisite/store.sqlite"
    done
    note "$n.import" "$(du -h "$run_dir/.wikisite/store.sqlite" | cut -f1) store"

    build=(bash -c 'cd "$1" && exec "$2" build --out site' - "$run_dir" "$WIKISITE")
    log "full build from the store..."
    full_builds "$n.store-full" "$run_dir/site" "$run_dir/.wikisite/site" "${build[@]}"
    log "no-op build from the store..."
    noop_builds "$n.store-noop" "$run_dir/site" "${build[@]}"
    log "one-page edit, from the store..."
    edit_builds "$n.store-edit" edit_store "${build[@]}"
    log "one page created, in the store..."
    edit_builds "$n.store-create" create_store "${build[@]}"
    [ "$n" = "$LARGEST" ] && change_set_builds "$run_dir"

    # From a folder of Markdown whose notes embed images, as a vault is: full builds, then
    # one-note edits of the note in the middle (which embeds an image).
    local images=$((n * ${BENCH_IMAGES_PERCENT:-20} / 100))
    "$CORPUS" folder --pages "$n" --images "$images" --seed "$SEED" --out "$dir/vault"
    build=("$WIKISITE" build --source "$dir/vault" --wiki-id vault --out "$dir/vault-site" --state "$dir/vault-state")
    log "full build from a folder with $images images..."
    full_builds "$n.folder-full" "$dir/vault-site" "$dir/vault-state" "${build[@]}"
    note "$n.folder-full" "$images images; $(cat "$RAW/$n.folder-full.note")"
    "${build[@]}" >/dev/null
    log "one-note edit, folder with images..."
    edit_builds "$n.folder-edit" edit_folder "${build[@]}"

    log "search index against Pagefind's..."
    search_sizes "synthetic, $n pages" "$dir/site"
    rm -rf "$dir"
}

# search_sizes LABEL SITE: the search index of each wiki of SITE against Pagefind's on the same
# pages (Benchmarks/search/compare.py), one row each in the search table.
search_sizes() {
    rm -rf "$WORK/search"
    python3 Benchmarks/search/compare.py --site "$2" --label "$1" --work "$WORK/search" \
        --queries "${BENCH_QUERIES:-20}" --rows "$RAW/search.rows"
    rm -rf "$WORK/search"
}

# real_wiki_search_sizes: the search index of each real wiki of BENCH_CORPORA against Pagefind's.
real_wiki_search_sizes() {
    local corpora=${BENCH_CORPORA:-$ROOT/../shared/corpora} dump name
    [ -d "$corpora" ] || return 0
    for dump in "$corpora"/*/all_docs.json; do
        name=$(basename "$(dirname "$dump")")
        log ""
        log "== search index of $name =="
        rm -rf "$WORK/real"
        "$WIKISITE" build --source "$dump" --out "$WORK/real/site" --state "$WORK/real/state" >/dev/null
        search_sizes "$name" "$WORK/real/site"
    done
    rm -rf "$WORK/real"
}

# search_table: the rows of search_sizes under their header.
search_table() {
    [ -s "$RAW/search.rows" ] || return 0
    echo ""
    echo "Search index against Pagefind (\`pagefind-bin\` $(python3 -m pagefind_bin --version | cut -d' ' -f2)) on the same pages:"
    echo "each file gzip-compressed as a server sends it (raw in brackets); a first query's bytes are the median over"
    echo "${BENCH_QUERIES:-20} words of the index, from rare to common, in a new browser; latency from \`file://\`, median (max)."
    echo ""
    echo "| wiki | pages | our index | Pagefind's | first query, ours | first query, Pagefind | first results, ours | Pagefind indexing |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    cat "$RAW/search.rows"
}

# change_set_builds RUN_DIR: on the largest size, builds from the store after k random changes
# (CorpusChanges: text edits, links added, pages created and deleted, a quarter each), each run
# from a copy of the store, state and site of a build of the corpus; the import is not timed.
change_set_builds() {
    local run_dir=$1 base=$WORK/change-base written
    local build=(bash -c 'cd "$1" && exec "$2" build --out site' - "$run_dir" "$WIKISITE")
    rm -rf "$base" "$run_dir/.wikisite" "$run_dir/site"
    "$WIKISITE" import "$dir/dump.json" --store "$run_dir/.wikisite/store.sqlite" >/dev/null
    "${build[@]}" >/dev/null
    cp -a "$run_dir" "$base"
    for k in $CHANGES; do
        [ "$k" -le "$n" ] || continue
        log "build after $k random changes, store..."
        generate "$n" "$dir/changes.json" --changes "$k"
        written=0
        for _ in $(seq "$RUNS"); do
            rm -rf "$run_dir"
            cp -a "$base" "$run_dir"
            "$WIKISITE" import "$dir/changes.json" --store "$run_dir/.wikisite/store.sqlite" >/dev/null
            measure "$n.changes-$k" "${build[@]}"
            written=$((written + $(files_written)))
        done
        note "$n.changes-$k" "$((written / RUNS)) files written a run"
    done
    rm -rf "$base"
}

# --- Summary -----------------------------------------------------------------------------------
# median: the median of the numbers on standard input, one a line.
median() {
    sort -n | awk '{ v[NR] = $1 } END { printf "%s\n", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# stats KEY: "median min max median-peak-rss median-cpu" (seconds, seconds, seconds, MiB, seconds).
stats() {
    local times
    times=$(cut -d' ' -f1 "$RAW/$1" | sort -n)
    awk -v m="$(median <<<"$times")" -v lo="$(head -n 1 <<<"$times")" -v hi="$(tail -n 1 <<<"$times")" \
        -v rss="$(cut -d' ' -f2 "$RAW/$1" | median)" -v cpu="$(cut -d' ' -f3 "$RAW/$1" | median)" \
        'BEGIN { printf "%.4f %.4f %.4f %.0f %.2f\n", m / 1e9, lo / 1e9, hi / 1e9, rss / 1024, cpu }'
}

seconds() { awk -v s="$1" 'BEGIN { if (s < 1) printf "%.0f ms", s * 1000; else printf "%.2f s", s }'; }

# change_set_table: the builds after k random changes on the largest size, against its full
# build from the store.
change_set_table() {
    local full
    read -r full _ <<<"$(stats "$LARGEST.store-full")"
    echo ""
    echo "Builds from the store after k random changes, $LARGEST pages (a quarter each of text edits, links"
    echo "added, pages created and pages deleted); × full is median / the full build from the store's median."
    echo ""
    echo "| changes | median | min–max | × full | CPU | peak RSS | notes |"
    echo "| ---: | ---: | ---: | ---: | ---: | ---: | --- |"
    for k in $CHANGES; do
        [ -f "$RAW/$LARGEST.changes-$k" ] || continue
        read -r median low high rss cpu <<<"$(stats "$LARGEST.changes-$k")"
        printf '| %s | %s | %s–%s | %s | %s s | %s MiB | %s |\n' "$k" "$(seconds "$median")" "$(seconds "$low")" \
            "$(seconds "$high")" "$(awk -v a="$median" -v b="$full" 'BEGIN { printf "%.2f×", a / b }')" "$cpu" "$rss" \
            "$(cat "$RAW/$LARGEST.changes-$k.note" 2>/dev/null || true)"
    done
}

# live_preview: the live-preview measures, appended to $RESULTS.
live_preview() {
    [ "${BENCH_SERVERS:-}" != none ] || return 0
    log ""
    log "== live preview =="
    python3 Benchmarks/live/measure.py --wikisite "$WIKISITE" --corpus "$CORPUS" --work "$WORK/live" \
        --pages "$PAGES" --seed "$SEED" --edits "${BENCH_EDITS:-20}" --memory-edits "${BENCH_MEMORY_EDITS:-1000}" \
        --servers "${BENCH_SERVERS:-store folder couch hugo}" --results "$RESULTS"
}

# chart: the medians of the full builds (wikisite from the dump, the floor, Hugo) and of the
# one-page edits (dump and store) at each size, drawn by Benchmarks/chart.py into $CHART.
chart() {
    local n key
    for n in $PAGES; do
        for key in floor hugo full edit store-edit; do
            [ -f "$RAW/$n.$key" ] && echo "$n $key $(stats "$n.$key" | cut -d' ' -f1)"
        done
    done >"$RAW/chart.data"
    python3 Benchmarks/chart.py --commit "$(git rev-parse --short HEAD)" <"$RAW/chart.data" >"$CHART"
    log "Chart written to $CHART"
}

START_LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
if [ "${BENCH_SERVE_ONLY:-0}" = 1 ]; then
    MEASURES="the live preview"
else
    MEASURES="builds, then the live preview"
    for n in $PAGES; do bench_size "$n"; done
    real_wiki_search_sizes
fi
END_LOAD=$(cut -d' ' -f1-3 /proc/loadavg)

COMMIT=$(git rev-parse --short HEAD)
git diff --quiet HEAD -- Sources Package.swift Benchmarks 2>/dev/null || COMMIT="$COMMIT (with uncommitted changes)"
{
    echo "# wikisite benchmark results"
    echo ""
    echo "- Date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- Commit: $COMMIT"
    echo "- Command: \`make bench\` (BENCH_PAGES=\"$PAGES\" BENCH_RUNS=$RUNS BENCH_SEED=$SEED), measuring $MEASURES"
    echo "- Machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)," \
        "$(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -sr)"
    echo "- Load average (1, 5, 15 min): $START_LOAD at the start, $END_LOAD at the end"
    echo "- Swift: $(swift --version 2>/dev/null | head -n 1); binaries built with \`swift build ${RELEASE[*]}\`, as \`make install\` builds them"
    echo "- cmark: $(pkg-config --modversion libcmark)"
    echo "- Corpora and sites on: $STORAGE"
    if [ "${BENCH_SERVE_ONLY:-0}" != 1 ]; then
        echo "- Each figure: median of $RUNS runs (min–max), wall time of the whole process; × floor is median / floor median;"
        echo "  CPU is the median user + system time, peak RSS the median maximum resident set size (\`/usr/bin/time\`)."
        echo ""
        echo "| pages | measure | median | min–max | × floor | CPU | peak RSS | notes |"
        echo "| ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |"
        for n in $PAGES; do
            read -r floor _ <<<"$(stats "$n.floor")"
            for key in floor hugo parse full full-nosearch noop edit check import store-full store-noop store-edit store-create \
                folder-full folder-edit; do
                case $key in
                    floor) label="cmark floor, 2 processes" ;;
                    hugo) label="hugo, full build (cold, one layout)" ;;
                    parse) label="parse the _all_docs dump (wikisite-corpus parse)" ;;
                    full) label="full build from scratch, _all_docs dump" ;;
                    full-nosearch) label="full build from scratch, dump, search = false" ;;
                    noop) label="no-op build, dump" ;;
                    edit) label="build after a one-page edit, dump" ;;
                    check) label="wikisite check, dump" ;;
                    import) label="wikisite import of the dump into a new store" ;;
                    store-full) label="full build from scratch, store" ;;
                    store-noop) label="no-op build, store" ;;
                    store-edit) label="build after a one-page edit, store" ;;
                    store-create) label="build after a page is created, store" ;;
                    folder-full) label="full build from scratch, folder of Markdown with images" ;;
                    folder-edit) label="build after a one-note edit, folder with images" ;;
                esac
                read -r median low high rss cpu <<<"$(stats "$n.$key")"
                ratio=$(awk -v a="$median" -v b="$floor" 'BEGIN { printf "%.1f×", a / b }')
                notes=$(cat "$RAW/$n.$key.note" 2>/dev/null || true)
                printf '| %s | %s | %s | %s–%s | %s | %s s | %s MiB | %s |\n' "$n" "$label" "$(seconds "$median")" \
                    "$(seconds "$low")" "$(seconds "$high")" "$ratio" "$cpu" "$rss" "$notes"
            done
        done
        change_set_table
        search_table
    fi
} >"$RESULTS"
[ "${BENCH_SERVE_ONLY:-0}" = 1 ] || chart
live_preview
cat "$RESULTS"
log ""
log "Results written to $RESULTS"
