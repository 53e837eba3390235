package theme

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
)

func TestProfile(t *testing.T) {
	var pipe bytes.Buffer
	for _, c := range []struct {
		mode string
		env  []string
		want colorprofile.Profile
	}{
		{"never", []string{"COLORTERM=truecolor", "TERM=xterm-256color"}, colorprofile.NoTTY},
		{"auto", []string{"NO_COLOR=1", "COLORTERM=truecolor", "TERM=xterm"}, colorprofile.NoTTY},
		{"auto", []string{"TERM=xterm-256color"}, colorprofile.NoTTY}, // not a terminal
		{"always", []string{"TERM=xterm-256color"}, colorprofile.ANSI256},
		{"always", []string{"COLORTERM=truecolor", "TERM=xterm"}, colorprofile.TrueColor},
		{"always", nil, colorprofile.TrueColor},
		{"always", []string{"NO_COLOR=1", "COLORTERM=truecolor", "TERM=xterm"}, colorprofile.TrueColor}, // the flag is explicit
	} {
		got, err := Profile(c.mode, &pipe, c.env)
		if err != nil || got != c.want {
			t.Errorf("%s %v: %v %v, want %v", c.mode, c.env, got, err, c.want)
		}
	}
	if _, err := Profile("sometimes", &pipe, nil); err == nil {
		t.Error("accepted an unknown mode")
	}
}

func TestEncodePlainHasNoEscapeAndNoTrailingBlanks(t *testing.T) {
	th := Dark()
	text := th.DiffAdd.Render("+ added   ") + "\n" + th.Title.Render("title") + "  "
	if got := Encode(text, colorprofile.NoTTY); got != "+ added\ntitle" {
		t.Errorf("got %q", got)
	}
	if got := Encode(text, colorprofile.TrueColor); got != text {
		t.Error("true colour changed the text")
	}
	if got := Encode(text, colorprofile.ANSI); !strings.Contains(got, "\x1b[") || strings.Contains(got, "38;2;") {
		t.Errorf("ANSI kept true colour: %q", got)
	}
}

func TestThemes(t *testing.T) {
	for _, name := range Names {
		th, err := ByName(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []Style{th.Text, th.Muted, th.Title, th.MarkDone, th.MarkFailed, th.DiffAdd, th.DiffDel, th.GutterNum, th.Control} {
			if s.Prefix() == "" {
				t.Errorf("%s: a style without colour", name)
			}
		}
		if th.Markdown(true).CodeBlock.Theme != ChromaStyleName(name) {
			t.Errorf("%s: glamour's code blocks use another chroma style", name)
		}
	}
	if Dark().Text.Prefix() == Light().Text.Prefix() {
		t.Error("dark and light text look the same")
	}
	if s := (Style{}).Make(); s.Render("x") != "x" {
		t.Error("the plain style painted")
	}
}
