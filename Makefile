# wikisite — the commands a newcomer types. Each installs what it needs first.
SWIFT      ?= swift
PREFIX     ?= /usr/local
SITE       ?= _site
CONFIG     ?= debug
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN         = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path)/wikisite
EXAMPLES   := Examples/touchwiki.json Examples/wiki-markdown.json
# The user guide: a folder of Markdown, published as the wiki user-guide beside the examples.
DOCS       := docs
DOCS_WIKI  := --source $(DOCS) --wiki-id user-guide

# The CommonMark 0.30 and GFM specs, for the conformance tests. They are not in the repo: they
# come from the marko 1.3.1 source package on PyPI, which ships them as tests/spec/commonmark.txt
# and tests/spec/gfm.txt.
SPEC_DIR   := .build/commonmark-spec
SPEC       := $(SPEC_DIR)/marko-1.3.1/tests/spec/commonmark.txt
GFM_SPEC   := $(SPEC_DIR)/marko-1.3.1/tests/spec/gfm.txt

.PHONY: all deps gfm-oracle test-deps build run test docs-check install uninstall format lint clean bench \
	bench-deps bench-serve bench-dialects

all: build

## deps: install what the build needs when missing: cmark (the C library and the reference
## command), SQLite's headers (for the embedded store), libxml2's (which parses SVG images to
## clean them) and pkg-config.
deps:
	@if ! command -v pkg-config >/dev/null || ! pkg-config --exists libcmark sqlite3 libxml-2.0 || ! command -v cmark >/dev/null; then \
	  echo "Installing cmark, SQLite, libxml2 and pkg-config with apt-get..."; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libcmark-dev cmark libsqlite3-dev libxml2-dev pkg-config >/dev/null; \
	fi

## gfm-oracle: the cmark-gfm command, the reference the GFM conformance test compares with (its
## library is not linked: wikisite's parser stays cmark).
gfm-oracle:
	@if ! command -v cmark-gfm >/dev/null; then \
	  echo "Installing cmark-gfm with apt-get..."; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq cmark-gfm >/dev/null; \
	fi

## test-deps: Chromium, which the browser tests run headless, Playwright for Python, which
## drives it (Tests/Browser/), and axe-playwright-python, which checks the theme's accessibility;
## cmark-gfm, the GFM oracle. Without the browser (no network, say) those tests are skipped, and
## say so; with CI=true they fail.
test-deps: deps gfm-oracle
	@if ! command -v chromium >/dev/null; then \
	  echo "Installing chromium with apt-get..."; \
	  ( $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null ) \
	  || echo "warning: chromium could not be installed; the browser tests will be skipped"; \
	fi
	@if ! python3 -c "import playwright.sync_api, axe_playwright_python" 2>/dev/null; then \
	  echo "Installing playwright and axe-playwright-python with pip..."; \
	  ( python3 -m pip install -q playwright axe-playwright-python 2>/dev/null \
	    || python3 -m pip install -q --break-system-packages playwright axe-playwright-python ) \
	  || echo "warning: playwright could not be installed; the browser tests will be skipped"; \
	fi

## build: compile wikisite.
build: deps
	$(SWIFT) build -c $(CONFIG) --product wikisite

## run: import the example wikis into the default store (.wikisite/store.sqlite; importing them
## again changes nothing), build them from it with the user guide (docs/) into $(SITE)/, and
## say where the site is.
run: build
	@"$(BIN)" import $(EXAMPLES) --store .wikisite/store.sqlite || exit $$?; \
	"$(BIN)" build --source .wikisite/store.sqlite $(DOCS_WIKI) --out $(SITE); status=$$?; \
	if [ $$status -le 1 ]; then echo ""; echo "Open $(SITE)/index.html in a browser (file://$(CURDIR)/$(SITE)/index.html)."; fi; \
	exit $$status

MARKO      := $(SPEC_DIR)/marko-1.3.1.tar.gz

$(MARKO):
	@mkdir -p $(SPEC_DIR)
	@if ! python3 -m pip --version >/dev/null 2>&1; then \
	  echo "Installing Python's pip with apt-get (to fetch the CommonMark spec)..."; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3 python3-pip >/dev/null; \
	fi
	python3 -m pip download --quiet --no-deps --no-binary :all: marko==1.3.1 -d $(SPEC_DIR)

$(SPEC) $(GFM_SPEC): $(MARKO)
	tar -xzf $(MARKO) -C $(SPEC_DIR) marko-1.3.1/tests/spec/$(notdir $@)
	@touch $@

## test: the user guide's links (docs-check), then every unit and end-to-end test, with the
## CommonMark and GFM spec conformance tests. The docs come first so that swift test's summary is
## last.
test: test-deps $(SPEC) $(GFM_SPEC) docs-check
	WIKISITE_COMMONMARK_SPEC="$(CURDIR)/$(SPEC)" WIKISITE_GFM_SPEC="$(CURDIR)/$(GFM_SPEC)" $(SWIFT) test

## docs-check: wikisite check on the user guide: a broken link or heading in docs/ fails it.
docs-check: build
	"$(BIN)" check $(DOCS_WIKI)

## install: put wikisite on the PATH (the default theme is compiled into it, and the Swift
## runtime linked in: the binary needs only libcmark, SQLite and libxml2 where it runs).
RELEASE := -c release --static-swift-stdlib
install: deps
	$(SWIFT) build $(RELEASE) --product wikisite
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 "$$($(SWIFT) build $(RELEASE) --show-bin-path)/wikisite" "$(DESTDIR)$(PREFIX)/bin/wikisite"
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/wikisite"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/wikisite"

## format / lint: the toolchain's swift format; lint also holds every function of Sources to
## at most 6 parameters (memberwise inits included) and 80 lines (Scripts/function_shape.py,
## its own tests first). CI runs it.
format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Templates Fuzz Benchmarks

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Templates Fuzz Benchmarks
	python3 -m unittest discover -s Scripts -p 'test_function_shape.py'
	python3 Scripts/function_shape.py Sources

## bench: wikisite against the cmark floor on synthetic wikis of 1,000 and 10,000 pages, the
## search index against Pagefind's, then the live preview against hugo server (BENCHMARKS.md);
## BENCH_LARGE=1 adds 100,000, BENCH_PAGES and BENCH_RUNS choose others.
bench: deps bench-deps
	Benchmarks/run.sh

## bench-serve: only the live preview's measures of make bench.
bench-serve: deps bench-deps
	BENCH_SERVE_ONLY=1 Benchmarks/run.sh

## bench-dialects: what the Markdown extensions cost: full builds in the default gfm dialect
## against dialect = "commonmark", on the synthetic wiki (BENCH_PAGES, default 10,000) and on the
## dumps in BENCH_DUMPS; BENCH_RUNS (default 7) runs each, interleaved.
bench-dialects: deps
	@command -v jq >/dev/null || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq jq >/dev/null; }
	Benchmarks/dialects.sh

## bench-deps: hugo, the live preview's peer, Pagefind, the search index's peer, and what drives
## the browser (test-deps).
bench-deps: test-deps
	@if ! command -v hugo >/dev/null; then \
	  echo "Installing hugo with apt-get..."; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq hugo >/dev/null; \
	fi
	@if ! python3 -c "import pagefind_bin" 2>/dev/null; then \
	  echo "Installing pagefind-bin with pip..."; \
	  python3 -m pip install -q pagefind-bin 2>/dev/null \
	    || python3 -m pip install -q --break-system-packages pagefind-bin; \
	fi

clean:
	rm -rf .build $(SITE) .wikisite .bench $(FUZZ_BUILD) $(FUZZ_CORPUS) $(FUZZ_SMOKE_CORPUS)

# Fuzzing (Fuzz/README.md): each target under libFuzzer and AddressSanitizer, in build folders
# of its own. The working corpus and the crashes stay out of git; a crash worth keeping goes to
# Fuzz/Regressions/<target>/, which the tests replay.
FUZZ_TARGETS  := dump-reader front-matter json-parser markdown model note-names search-text site-paths svg tags
FUZZ_SECONDS  ?= 60
FUZZ_OPTIONS  ?=
FUZZ_BUILD    := .build-fuzz-instrumented
FUZZ_CORPUS   := .build-fuzz-corpus
FUZZ_CRASHES  := .build-fuzz-crashes
FUZZ_DICTIONARY_dump-reader := json
FUZZ_DICTIONARY_front-matter := front-matter
FUZZ_DICTIONARY_json-parser := json
FUZZ_DICTIONARY_markdown    := markdown
FUZZ_DICTIONARY_model       := json
FUZZ_DICTIONARY_note-names  := note-names
FUZZ_DICTIONARY_search-text := markdown
FUZZ_DICTIONARY_site-paths  := site-paths
FUZZ_DICTIONARY_svg         := svg
FUZZ_DICTIONARY_tags        := tags

.PHONY: fuzz fuzz-build fuzz-smoke

## fuzz: run every fuzz target for FUZZ_SECONDS (default 60) each; fails when one crashes.
fuzz: fuzz-build
	@failed=""; \
	for target in $(FUZZ_TARGETS); do $(MAKE) --no-print-directory fuzz-run-$$target || failed="$$failed $$target"; done; \
	if [ -n "$$failed" ]; then echo "fuzz: crashes in:$$failed (inputs in $(FUZZ_CRASHES)/<target>/)"; exit 1; fi

## fuzz-smoke: what CI runs, bounded: each target from the committed seeds only, with a fixed
## random seed and Swift's hashing made deterministic (its per-process seed would steer the
## coverage, so two runs would try different inputs), for a fixed number of inputs (about 15 s
## each on a 2-core machine).
FUZZ_SMOKE_CORPUS := .build-fuzz-smoke-corpus
FUZZ_SMOKE_RUNS_dump-reader := 100000
FUZZ_SMOKE_RUNS_front-matter := 20000
FUZZ_SMOKE_RUNS_json-parser := 300000
FUZZ_SMOKE_RUNS_markdown    := 4000
FUZZ_SMOKE_RUNS_model       := 12000
FUZZ_SMOKE_RUNS_note-names  := 5000
FUZZ_SMOKE_RUNS_search-text := 100000
FUZZ_SMOKE_RUNS_site-paths  := 150000
FUZZ_SMOKE_RUNS_svg         := 20000
FUZZ_SMOKE_RUNS_tags        := 3000
fuzz-smoke:
	@rm -rf $(FUZZ_SMOKE_CORPUS)
	@$(MAKE) --no-print-directory fuzz FUZZ_SMOKE=1 FUZZ_CORPUS=$(FUZZ_SMOKE_CORPUS)

## fuzz-build: the fuzz targets, instrumented for libFuzzer and AddressSanitizer.
fuzz-build: deps
	@for target in $(FUZZ_TARGETS); do \
	  $(SWIFT) build -c release --scratch-path $(FUZZ_BUILD) --product fuzz-$$target \
	    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DWIKISITE_FUZZING || exit 1; \
	done

# One target: new inputs go to the first folder (the working corpus), the seeds and regressions
# are read only; a crash, a hang (-timeout) or a broken invariant stops it and is kept.
fuzz-run-%:
	@mkdir -p $(FUZZ_CORPUS)/$* $(FUZZ_CRASHES)/$*
	@echo "fuzz-$*: $(if $(FUZZ_SMOKE),$(FUZZ_SMOKE_RUNS_$*) inputs from seed 1,$(FUZZ_SECONDS) s), log in $(FUZZ_CRASHES)/$*.log"
	@SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 $(if $(FUZZ_SMOKE),SWIFT_DETERMINISTIC_HASHING=1) \
	  $(FUZZ_BUILD)/release/fuzz-$* $(FUZZ_CORPUS)/$* Fuzz/Corpus/$* $(wildcard Fuzz/Regressions/$*) \
	  -dict=Fuzz/Dictionaries/$(FUZZ_DICTIONARY_$*).dict -artifact_prefix=$(FUZZ_CRASHES)/$*/ \
	  $(if $(FUZZ_SMOKE),-seed=1 -runs=$(FUZZ_SMOKE_RUNS_$*),-max_total_time=$(FUZZ_SECONDS)) -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 $(FUZZ_OPTIONS) \
	  > $(FUZZ_CRASHES)/$*.log 2>&1; \
	status=$$?; grep -E "^#[0-9]+[[:space:]]+DONE" $(FUZZ_CRASHES)/$*.log; \
	if [ $$status -ne 0 ]; then grep -E "Fatal error|ERROR:|SUMMARY|Test unit written" $(FUZZ_CRASHES)/$*.log; fi; \
	exit $$status
