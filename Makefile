# deck's tasks. `make test` is what CI runs (.ci/run).
GO      ?= go
FREEZE  ?= $(GO) run github.com/charmbracelet/freeze@v0.2.2
FUZZTIME ?= 30s

.PHONY: run build test lint golden bench fuzz screenshots e2e e2e-export

# The built-in demo session, drawn as cards.
run:
	$(GO) run . --demo

# deck, built into ./deck with its version and commit stamped for
# --version: go run and -buildvcs=false record no commit (deck --version
# then says it does not know one). The version is git describe's, when
# there is a tag to describe by.
STAMP := github.com/deck-tui/deck/ui/cli
build:
	$(GO) build -o deck -ldflags "\
		-X $(STAMP).stampedVersion=$$(git describe --tags --dirty 2>/dev/null) \
		-X $(STAMP).stampedCommit=$$(git rev-parse HEAD 2>/dev/null) \
		-X $(STAMP).stampedModified=$$(if [ -n "$$(git status --porcelain 2>/dev/null)" ]; then echo true; else echo false; fi)" .

# Everything CI checks: formatting, vet, exhaustive card switches,
# staticcheck, the tests
# under the race detector, and the width sweep (skipped under -race, where
# it is ten times slower and learns nothing more).
test: lint
	$(GO) test -race -timeout 30m ./...
	$(GO) test -run '^TestWidthBound$$' ./golden

lint:
	@unformatted="$$(gofmt -l .)"; if [ -n "$$unformatted" ]; then \
		echo "not gofmt-formatted:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) tool go-check-sumtype ./...
	$(GO) tool staticcheck ./...

# Rewrite the golden files; read `git diff golden/` before committing them.
golden:
	$(GO) test ./golden -update

# The speed and memory figures of docs/performance.md, on generated sessions
# of 1, 10 and 100 MB (made once, in $TMPDIR/deck-bench). The comparison
# with bat needs Debian's bat package (batcat).
bench:
	@command -v batcat >/dev/null || echo "note: batcat is not installed; its half of BenchmarkRenderReadCard is skipped"
	$(GO) test -run '^$$' -bench . -benchmem -timeout 60m ./...

# Every fuzz target for FUZZTIME (default 30s); a failing input lands in
# testdata/fuzz/ and becomes a regression test.
fuzz:
	FUZZTIME=$(FUZZTIME) ./.ci/fuzz

# The README's picture of the cards: the demo session's header, then its
# edit, failing test, fix and failed read.
screenshots:
	mkdir -p docs/img
	COLORTERM=truecolor $(GO) run . render --demo --width 100 --color always > /tmp/deck-demo.ansi
	{ sed -n '1,10p' /tmp/deck-demo.ansi; sed -n '97,149p' /tmp/deck-demo.ansi; } > /tmp/deck-shot.ansi
	$(FREEZE) -l ansi -o docs/img/demo.png --window=false --padding 20 --background "#16161e" < /tmp/deck-shot.ansi
	COLORTERM=truecolor $(GO) run . changes golden/testdata/fixtures/edit-diffs.jsonl --width 90 --color always > /tmp/deck-changes.ansi
	echo >> /tmp/deck-changes.ansi
	COLORTERM=truecolor $(GO) run . changes golden/testdata/fixtures/edit-diffs.jsonl --file /work/app/main.go --width 90 --color always >> /tmp/deck-changes.ansi
	$(FREEZE) -l ansi -o docs/img/changes.png --window=false --padding 20 --background "#16161e" < /tmp/deck-changes.ansi

# deck against the real deepseek-harness host with a scripted model
# (golden/e2e/README.md). Needs the npm registry the first time: setup
# installs the host and Node 22 into ~/.cache/deck-e2e. Not part of CI.
e2e: e2e-export
	./golden/e2e/setup
	$(GO) test -tags e2e -count=1 -timeout 15m ./golden/e2e/...
	$(GO) test -tags e2e -count=1 -timeout 15m -run '^TestE2E' ./ui

# The exported page in Debian's headless Chromium (apt-get install chromium):
# it must load whole; saves docs/img/export-dark.png and export-light.png.
e2e-export:
	./.ci/e2e-export
