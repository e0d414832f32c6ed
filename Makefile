# The project's commands. `make run` and `make test` are all the set-up a fresh machine needs.
SWIFT ?= swift
# bash, for `set -o pipefail` where a command's output is also kept in a file.
SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build run test e2e end-to-end tsan bench coverage lint format clean install uninstall \
  install-built docs

## deps: install with apt-get, only when one is missing, libncurses-dev and pkg-config (the build),
## tmux (the end-to-end suite), and man-db, zsh and fish (the test of what `make install` writes)
deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists ncursesw 2>/dev/null || missing="$$missing libncurses-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v man >/dev/null 2>&1 || missing="$$missing man-db"; \
	command -v zsh >/dev/null 2>&1 || missing="$$missing zsh"; \
	command -v fish >/dev/null 2>&1 || missing="$$missing fish"; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

## The release build links the Swift runtime and Foundation into the binary (a 79 MB file): the
## dynamic linker then has 20 libraries fewer to load and relocate, which takes the start of the app
## from 18 ms to 7 ms and its memory with the built-in catalog from 27 MB to 22 MB. Linking prints a
## warning from Foundation's own archive about `mktemp` (swiftlang/swift-foundation#1358), not ours.
RELEASE := -c release --static-swift-stdlib

## run: build the app and start it
run: deps
	$(SWIFT) build $(RELEASE) --product shop
	.build/release/shop $(ARGS)

## test: everything the project tests: the Swift suites, then the end-to-end suite; each phase says
## how long it took, and a run that passes writes those times to BENCHMARKS.md. The build is of what
## they run (the test bundle, the binary and the install files' maker), not the benchmarks, and
## without debug information, which nothing here reads: a tenth of the build's time
PHASE = phase() { name=$$1; shift; start=$$(date +%s); "$$@"; status=$$?; \
  seconds=$$(( $$(date +%s) - start )); echo "make test: $$name took $$seconds s"; \
  printf '%s\t%s\n' "$$name" "$$seconds" >> .build/test-times.tsv; return $$status; }; phase
TEST_FLAGS := -Xswiftc -gnone
test: deps
	@mkdir -p .build && rm -f .build/test-times.tsv
	@$(PHASE) "the build" sh -c \
	  '$(SWIFT) build $(TEST_FLAGS) --product shopPackageTests && $(SWIFT) build $(TEST_FLAGS) --product shop \
	    && $(SWIFT) build $(TEST_FLAGS) --product ShopInstallFiles'
	@set -o pipefail; $(PHASE) "the Swift suites" $(SWIFT) test --skip-build $(TEST_FLAGS) 2>&1 \
	  | tee .build/swift-test-output.txt
	@$(PHASE) "the end-to-end suite" $(MAKE) --no-print-directory end-to-end
	@python3 tools/record_figures.py test .build/test-times.tsv .build/swift-test-output.txt

## e2e: the real binary driven in tmux (Tests/EndToEnd); SHOP_BINARY overrides .build/debug/shop
e2e: deps
	$(SWIFT) build
	@$(MAKE) --no-print-directory end-to-end

# The end-to-end scripts alone, on the binary already built.
end-to-end:
	python3 Tests/EndToEnd/e2e.py
	python3 Tests/EndToEnd/script_e2e.py
	python3 Tests/EndToEnd/soak_e2e.py
	python3 Tests/EndToEnd/bad_input_e2e.py
	python3 Tests/EndToEnd/install_e2e.py
	python3 Tests/EndToEnd/reliability_e2e.py

## tsan: the whole suite under ThreadSanitizer. The fuzzers and the soak test run shorter here (their
## inputs are single-threaded and `make test` runs them in full); every concurrency test runs as is,
## and the subjects' model test longer (200,000 random operations per subject instead of 20,000).
TSAN_ENV := SHOP_FUZZ_ITERATIONS=200 SHOP_SOAK_EVENTS=20000 SHOP_MODEL_OPERATIONS=200000
tsan: deps
	$(SWIFT) build --sanitize=thread --product shopPackageTests
	$(TSAN_ENV) $(SWIFT) test --skip-build --sanitize=thread

## bench: release benchmarks, printed as tables and written to BENCHMARKS.md with the date, the commit
## and the machine: Reactive and Shop, the app's render times (from the binary itself), and the binary
## on a pseudo-terminal
bench: deps
	$(SWIFT) build $(RELEASE)
	@set -o pipefail; { .build/release/Benchmarks && .build/release/TUIBenchmarks $(CURDIR)/.build/release/shop; } \
	  | tee .build/bench-output.md
	@python3 tools/record_figures.py bench .build/bench-output.md

## coverage: line coverage of Reactive, Shop and AppCore over the whole suite, from the toolchain's own
## llvm-cov on the test binary and the profile SwiftPM writes (only Sources/<module> counts: no test or
## benchmark source); then the files below 80%. Prints, and writes the table to BENCHMARKS.md; never
## fails on a figure.
COVERED_MODULES := Reactive Shop AppCore
coverage: deps
	$(SWIFT) build --build-tests --enable-code-coverage
	$(SWIFT) test --skip-build --enable-code-coverage
	@set -o pipefail; { tools=$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")"); \
	data=$$(dirname "$$($(SWIFT) test --show-codecov-path 2>/dev/null)"); \
	binary=$$(dirname "$$data")/shopPackageTests.xctest; \
	report() { "$$tools/llvm-cov" report "$$binary" -instr-profile="$$data/default.profdata" "Sources/$$1"; }; \
	printf '\n### Line coverage\n\n| %-10s | %7s | %7s | %8s |\n| ---------- | ------: | ------: | -------: |\n' \
	  module lines missed covered; \
	for module in $(COVERED_MODULES); do \
	  report $$module | awk -v m=$$module '$$1 == "TOTAL" { printf "| %-10s | %7s | %7s | %8s |\n", m, $$8, $$9, $$10 }'; \
	done; \
	printf '\n### Files below 80%% of their lines\n\n| %-50s | %8s | %5s |\n| %s | -------: | ----: |\n' \
	  file covered lines "$$(printf -- '-%.0s' $$(seq 50))"; \
	for module in $(COVERED_MODULES); do \
	  report $$module | awk -v m=$$module '$$1 ~ /\.swift$$/ && $$10 + 0 < 80 { printf "| %-50s | %8s | %5s |\n", m "/" $$1, $$10, $$8 }'; \
	done; } | tee .build/coverage-output.txt
	@python3 tools/record_figures.py coverage .build/coverage-output.txt

## install: the release binary, its man page and its bash, zsh and fish completions, under
## $(DESTDIR)$(PREFIX); the man page and completions are made from the tables behind `shop --help`.
## uninstall removes exactly those files.
PREFIX ?= /usr/local
INSTALLED := bin/shop share/man/man1/shop.1 share/bash-completion/completions/shop \
  share/zsh/site-functions/_shop share/fish/vendor_completions.d/shop.fish
MAN_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date +%F)
install: deps
	$(SWIFT) build $(RELEASE) --product shop
	$(SWIFT) build $(RELEASE) --product ShopInstallFiles
	@$(MAKE) --no-print-directory install-built BUILT=.build/release

# What install copies, from binaries already built in $(BUILT) (the end-to-end suite uses the debug ones).
BUILT ?= .build/release
install-built:
	@test -x $(BUILT)/shop -a -x $(BUILT)/ShopInstallFiles || \
	  { echo "make install: no $(BUILT)/shop or $(BUILT)/ShopInstallFiles; run make install"; exit 2; }
	rm -rf .build/install-files
	$(BUILT)/ShopInstallFiles .build/install-files $(MAN_DATE)
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 755 $(BUILT)/shop "$(DESTDIR)$(PREFIX)/bin/shop"
	install -m 644 .build/install-files/shop.1 "$(DESTDIR)$(PREFIX)/share/man/man1/shop.1"
	install -m 644 .build/install-files/shop.bash "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/shop"
	install -m 644 .build/install-files/_shop "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_shop"
	install -m 644 .build/install-files/shop.fish "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/shop.fish"

uninstall:
	rm -f $(addprefix "$(DESTDIR)$(PREFIX)/,$(addsuffix ",$(INSTALLED)))

## docs: DocC archives of Reactive and Shop, from the toolchain's own docc and the package's symbol
## graphs (no package plugin: nothing outside the toolchain can be fetched), into
## .build/docs/<module>.doccarchive; a warning from docc fails it
DOC_MODULES := Reactive Shop
docs: deps
	$(SWIFT) package dump-symbol-graph --minimum-access-level public >/dev/null
	@graphs=$$(dirname "$$(find .build -path '*/symbolgraph/Reactive.symbols.json' | head -n 1)"); \
	for module in $(DOC_MODULES); do \
	  rm -rf .build/docs/symbol-graphs/$$module .build/docs/$$module.doccarchive; \
	  mkdir -p .build/docs/symbol-graphs/$$module; \
	  cp "$$graphs"/$$module.symbols.json "$$graphs"/$$module@*.symbols.json .build/docs/symbol-graphs/$$module/ \
	    2>/dev/null; \
	  docc convert Sources/$$module/$$module.docc --additional-symbol-graph-dir .build/docs/symbol-graphs/$$module \
	    --fallback-display-name $$module --fallback-bundle-identifier shop.$$module \
	    --output-path .build/docs/$$module.doccarchive --warnings-as-errors || exit 1; \
	done

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

clean:
	rm -rf .build
