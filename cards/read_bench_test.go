package cards

import (
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// The read card of net/http/server.go (4,073 lines), highlighted, in
// process: its lexing and its layout, without a process's start
// (BenchmarkRenderReadCard in the module root times the whole process).
func BenchmarkReadCard(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(build.Default.GOROOT, "src", "net", "http", "server.go"))
	if err != nil {
		b.Skip(err)
	}
	texts := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	lines := make([]session.ReadFileLine, len(texts))
	for i, t := range texts {
		lines[i] = session.ReadFileLine{Number: i + 1, Text: t}
	}
	call := &session.ToolCall{CallID: "c", Name: "read", View: session.ReadResultView{
		Path: "server.go", Lang: "go", Lines: lines, TotalLines: len(lines),
	}}
	o := Options{Width: 120, Theme: theme.Dark(), Expanded: true}
	b.ReportAllocs()
	for b.Loop() {
		Render(call, o)
	}
}
