# The project's commands. `make run` and `make test` are all the set-up a fresh machine needs.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build run test e2e end-to-end tsan bench coverage lint format clean

## deps: install libncurses-dev, pkg-config and tmux with apt-get, only when one is missing
deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists ncursesw 2>/dev/null || missing="$$missing libncurses-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
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
## how long it took. The build is of what they run (the test bundle and the binary), not the
## benchmarks, and without debug information, which nothing here reads: a tenth of the build's time
PHASE = phase() { name=$$1; shift; start=$$(date +%s); "$$@"; status=$$?; \
  echo "make test: $$name took $$(( $$(date +%s) - start )) s"; return $$status; }; phase
TEST_FLAGS := -Xswiftc -gnone
test: deps
	@$(PHASE) "the build" sh -c \
	  '$(SWIFT) build $(TEST_FLAGS) --product shopPackageTests && $(SWIFT) build $(TEST_FLAGS) --product shop'
	@$(PHASE) "the Swift suites" $(SWIFT) test --skip-build $(TEST_FLAGS)
	@$(PHASE) "the end-to-end suite" $(MAKE) --no-print-directory end-to-end

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

## tsan: the whole suite under ThreadSanitizer. The fuzzers and the soak test run shorter here (their
## inputs are single-threaded and `make test` runs them in full); every concurrency test runs as is.
TSAN_ENV := SHOP_FUZZ_ITERATIONS=200 SHOP_SOAK_EVENTS=20000
tsan: deps
	$(SWIFT) build --sanitize=thread --product shopPackageTests
	$(TSAN_ENV) $(SWIFT) test --skip-build --sanitize=thread

## bench: release benchmarks, printed as tables: Reactive and Shop, the app's render times (from the
## binary itself), and the binary on a pseudo-terminal
bench: deps
	$(SWIFT) build $(RELEASE)
	.build/release/Benchmarks
	.build/release/TUIBenchmarks $(CURDIR)/.build/release/shop

## coverage: line coverage of Reactive, Shop and AppCore over the whole suite, from the toolchain's own
## llvm-cov on the test binary and the profile SwiftPM writes (only Sources/<module> counts: no test or
## benchmark source); then the files below 80%. Prints; never fails on a figure.
COVERED_MODULES := Reactive Shop AppCore
coverage: deps
	$(SWIFT) build --build-tests --enable-code-coverage
	$(SWIFT) test --skip-build --enable-code-coverage
	@tools=$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")"); \
	data=$$(dirname "$$($(SWIFT) test --show-codecov-path 2>/dev/null)"); \
	binary=$$(dirname "$$data")/shopPackageTests.xctest; \
	report() { "$$tools/llvm-cov" report "$$binary" -instr-profile="$$data/default.profdata" "Sources/$$1"; }; \
	printf '\nLine coverage\n  %-10s %7s %7s %8s\n' module lines missed covered; \
	for module in $(COVERED_MODULES); do \
	  report $$module | awk -v m=$$module '$$1 == "TOTAL" { printf "  %-10s %7s %7s %8s\n", m, $$8, $$9, $$10 }'; \
	done; \
	printf '\nFiles below 80%% of their lines\n'; \
	for module in $(COVERED_MODULES); do \
	  report $$module | awk -v m=$$module '$$1 ~ /\.swift$$/ && $$10 + 0 < 80 { printf "  %-50s %8s of %s\n", m "/" $$1, $$10, $$8 }'; \
	done

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

clean:
	rm -rf .build
