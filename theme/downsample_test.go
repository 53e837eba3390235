package theme

import (
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
)

var colourProfiles = []colorprofile.Profile{colorprofile.ASCII, colorprofile.ANSI, colorprofile.ANSI256, colorprofile.TrueColor}

// written is text as colorprofile's Writer writes it in profile p.
func written(text string, p colorprofile.Profile) string {
	var b strings.Builder
	w := &colorprofile.Writer{Forward: &b, Profile: p}
	_, _ = w.WriteString(text)
	return b.String()
}

func writtenSafely(text string, p colorprofile.Profile) (out string, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return written(text, p), true
}

// drawnText is text as cards draw it: every theme's styles, side by side,
// over lines of letters of many scripts, and a reset of every shape.
func drawnText() string {
	var b strings.Builder
	for _, name := range Names {
		th, _ := ByName(name)
		for _, s := range []Style{th.Text, th.Muted, th.Title, th.MarkDone, th.MarkFailed, th.DiffAdd, th.DiffDel, th.GutterNum, th.Control, th.Faint, th.Notice} {
			b.WriteString(s.Render("func ─│ é 漢字 👩\u200d💻") + " \x1b[0m\x1b[m\x1b[;1m\n")
		}
	}
	return b.String()
}

// Encode downsamples drawn text by its distinct escapes, to the bytes
// colorprofile's Writer writes, in every colour profile.
func TestEncodeIsTheWritersDownsampling(t *testing.T) {
	text := drawnText()
	for _, p := range colourProfiles {
		if _, ok := downsample(text, p); !ok {
			t.Errorf("%v: drawn text not downsampled by its escapes", p)
		}
		if got, want := Encode(text, p), written(text, p); got != want {
			t.Errorf("%v:\ngot  %q\nwant %q", p, got, want)
		}
	}
}

// Text that is not what cards draw (another control, another escape, a C1
// control, invalid UTF-8, a sequence cut short) is the Writer's to read.
func TestEncodeLeavesOtherTextToTheWriter(t *testing.T) {
	for _, text := range []string{
		"a\tb", "a\rb", "a\x7fb", "\x1b]8;;https://x\x1b\\link\x1b]8;;\x1b\\", "\x1b[?25l",
		"\x1b[38:2::1:2:3m", "\u009b31m", "\xff\x1b[31m", "\x1b[31", "\x1b", "\x1b[1;31mred\x1b",
	} {
		for _, p := range colourProfiles[:3] {
			if _, ok := downsample(text, p); ok {
				t.Errorf("%q, %v: downsampled by its escapes", text, p)
			}
			if got, want := Encode(text, p), written(text, p); got != want {
				t.Errorf("%q, %v: %q, want %q", text, p, got, want)
			}
		}
	}
}

// Whatever the text, Encode writes what colorprofile's Writer writes. (The
// Writer panics on a colour without its parameters, "\x1b[38m", which
// deck never writes: its escapes are its styles'; such text is skipped.)
func FuzzEncode(f *testing.F) {
	f.Add(drawnText(), uint8(1))
	f.Add("\x1b[38;2;1;2;3mx\x1b[m\n\x1b[48;5;200m", uint8(2))
	f.Fuzz(func(t *testing.T, text string, p uint8) {
		profile := colourProfiles[int(p)%len(colourProfiles)]
		want, ok := writtenSafely(text, profile)
		if !ok {
			t.Skip("the Writer panics")
		}
		if got := Encode(text, profile); got != want {
			t.Errorf("%q, %v: %q, want %q", text, profile, got, want)
		}
	})
}

// An Encoder writes rows, card after card, as Encode writes their text
// joined, in every profile, no colour at all too: drawn rows (by their
// escapes, the sequences downsampled once for every card) and any other
// (by Encode), and a card of both.
func TestEncoderWritesRowsAsEncodeWritesTheirText(t *testing.T) {
	drawn := strings.Split(strings.TrimSuffix(drawnText(), "\n"), "\n")
	cardsOf := [][]string{drawn, {"  a row with blanks   ", "\x1b[31m  \x1b[m", ""}, {"a\tb", "\x1b]8;;https://x\x1b\\link\x1b]8;;\x1b\\"},
		{"\x1b[1;31mred", "\x1b[m a"}, {drawn[0], "\x1b[?25l", drawn[1]}, {"\x1b[1;31mred\x1b", "[31m"}, nil}
	for _, p := range append([]colorprofile.Profile{colorprofile.NoTTY}, colourProfiles...) {
		e := NewEncoder(p)
		var got, want []byte
		for _, rows := range cardsOf {
			got = e.AppendRows(got, rows)
			want = append(want, Encode(strings.Join(rows, "\n")+"\n", p)...)
		}
		if string(got) != string(want) {
			t.Errorf("%v:\ngot  %q\nwant %q", p, got, want)
		}
	}
}

// Whatever the rows, an Encoder writes what Encode writes of their text.
func FuzzEncoder(f *testing.F) {
	f.Add(drawnText(), "\x1b[1;31mred  ", uint8(0))
	f.Add("a\x1b[38;2;1;2;3mx\x1b[m  ", "\x1b[48;5;200m\x1b", uint8(2))
	f.Fuzz(func(t *testing.T, a, b string, p uint8) {
		profile := append([]colorprofile.Profile{colorprofile.NoTTY}, colourProfiles...)[int(p)%(len(colourProfiles)+1)]
		rows := []string{a, b}
		if _, ok := writtenSafely(strings.Join(rows, "\n"), profile); !ok {
			t.Skip("the Writer panics")
		}
		e := NewEncoder(profile)
		got := e.AppendRows(e.AppendRows(nil, rows), rows)
		want := strings.Repeat(Encode(strings.Join(rows, "\n")+"\n", profile), 2)
		if string(got) != want {
			t.Errorf("%q, %v: %q, want %q", rows, profile, got, want)
		}
	})
}
