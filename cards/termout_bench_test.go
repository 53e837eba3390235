package cards

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// benchmarkOutput times a terminal card of one command's output, drawn
// whole at 100 columns (its display cap is a million characters).
func benchmarkOutput(b *testing.B, out string) {
	benchmarkOutputOpts(b, out, Options{Width: 100, Expanded: true})
}

func benchmarkOutputOpts(b *testing.B, out string, o Options) {
	zero := 0
	call := &session.ToolCall{Name: "bash", Call: session.TerminalCallView{Title: "$ cat log"},
		View: session.TerminalResultView{Title: "$ cat log", Output: out, ExitCode: &zero}}
	o.Theme = theme.Dark()
	b.ReportAllocs()
	for b.Loop() {
		Render(call, o)
	}
}

// One coloured line of 1 MB: all of it within the display cap.
func BenchmarkOutputColouredLine1MB(b *testing.B) {
	benchmarkOutput(b, "\x1b[31m"+strings.Repeat("x", 1<<20))
}

// 80,000 right-to-left overrides (U+202E), each shown as its mark.
func BenchmarkOutputRLO80k(b *testing.B) {
	benchmarkOutput(b, strings.Repeat("\u202e", 80000))
}

// A command of 80,000 right-to-left overrides: its header, through the
// sanitiser.
func BenchmarkCommandRLO80k(b *testing.B) {
	zero := 0
	call := &session.ToolCall{Name: "bash", View: session.TerminalResultView{
		Title: "$ " + strings.Repeat("\u202e", 80000), Output: "x", ExitCode: &zero}}
	o := Options{Width: 100, Theme: theme.Dark(), Expanded: true}
	b.ReportAllocs()
	for b.Loop() {
		Render(call, o)
	}
}
