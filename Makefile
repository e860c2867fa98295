# wikisite — the commands a newcomer types. Each installs what it needs first.
SWIFT      ?= swift
PREFIX     ?= /usr/local
SITE       ?= _site
CONFIG     ?= debug
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN         = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path)/wikisite
EXAMPLES   := Examples/touchwiki.json Examples/user-guide.json

# The CommonMark 0.30 spec, for the conformance test. It is not in the repo: it comes from
# the marko 1.3.1 source package on PyPI, which ships it as tests/spec/commonmark.txt.
SPEC_DIR   := .build/commonmark-spec
SPEC       := $(SPEC_DIR)/marko-1.3.1/tests/spec/commonmark.txt

.PHONY: all deps build run test install uninstall format lint clean

all: build

## deps: install cmark (the C library and the reference command) when missing.
deps:
	@if ! command -v pkg-config >/dev/null || ! pkg-config --exists libcmark || ! command -v cmark >/dev/null; then \
	  echo "Installing cmark and pkg-config with apt-get..."; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libcmark-dev cmark pkg-config >/dev/null; \
	fi

## build: compile wikisite.
build: deps
	$(SWIFT) build -c $(CONFIG) --product wikisite

## run: build the example wikis into $(SITE)/ and say where the site is.
run: build
	@"$(BIN)" build $(addprefix --source ,$(EXAMPLES)) --out $(SITE); status=$$?; \
	if [ $$status -le 1 ]; then echo ""; echo "Open $(SITE)/index.html in a browser (file://$(CURDIR)/$(SITE)/index.html)."; fi; \
	exit $$status

$(SPEC):
	@mkdir -p $(SPEC_DIR)
	python3 -m pip download --quiet --no-deps --no-binary :all: marko==1.3.1 -d $(SPEC_DIR)
	tar -xzf $(SPEC_DIR)/marko-1.3.1.tar.gz -C $(SPEC_DIR) marko-1.3.1/tests/spec/commonmark.txt
	@touch $@

## test: every unit and end-to-end test, with the CommonMark spec conformance test.
test: deps $(SPEC)
	WIKISITE_COMMONMARK_SPEC="$(CURDIR)/$(SPEC)" $(SWIFT) test

## install: put wikisite on the PATH (the default theme is compiled into it).
install: deps
	$(SWIFT) build -c release --product wikisite
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/wikisite" "$(DESTDIR)$(PREFIX)/bin/wikisite"
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/wikisite"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/wikisite"

## format / lint: the toolchain's swift format.
format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Templates

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Templates

clean:
	rm -rf .build $(SITE) .wikisite
