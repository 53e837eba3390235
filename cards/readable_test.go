package cards

import (
	"fmt"
	"image/color"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/theme"
)

// writtenRun is a run of text as a terminal reads it from what deck wrote:
// its colours as the written SGR names them (nil: the terminal's default).
type writtenRun struct {
	text   string
	fg, bg color.Color
}

// writtenRuns reads the colours of written text as a terminal would (a
// reversed run shows the same two colours, swapped: their contrast is the
// same).
func writtenRuns(s string) []writtenRun {
	var runs []writtenRun
	var cur writtenRun
	parser := ansi.NewParser()
	for s != "" {
		seq, _, n, _ := ansi.DecodeSequence(s, ansi.NormalState, parser)
		s = s[n:]
		if !isSGR(seq) {
			cur.text += seq
			continue
		}
		if cur.text != "" {
			runs = append(runs, cur)
			cur.text = ""
		}
		params := parser.Params()
		if len(params) == 0 {
			cur = writtenRun{}
		}
		for i := 0; i < len(params); i++ {
			switch n := params[i].Param(0); {
			case n == 0:
				cur = writtenRun{}
			case n >= 30 && n <= 37:
				cur.fg = ansi.BasicColor(n - 30)
			case n >= 90 && n <= 97:
				cur.fg = ansi.BasicColor(n - 90 + 8)
			case n >= 40 && n <= 47:
				cur.bg = ansi.BasicColor(n - 40)
			case n >= 100 && n <= 107:
				cur.bg = ansi.BasicColor(n - 100 + 8)
			case n == 39:
				cur.fg = nil
			case n == 49:
				cur.bg = nil
			case n == 38 || n == 48:
				var c color.Color
				used := ansi.ReadStyleColor(params[i:], &c)
				i += max(used-1, 0)
				if n == 38 {
					cur.fg = c
				} else {
					cur.bg = c
				}
			}
		}
	}
	if cur.text != "" {
		runs = append(runs, cur)
	}
	return runs
}

// unreadable is the first run of rows, written in profile p, whose text
// hides: a foreground and background below the theme's floor for output
// (theme.DimContrast), or a foreground alone that does not read on the
// backgrounds the theme is made for (in 16 colours: the basic colour of
// that background itself, the one shade the terminal's palette cannot
// help). "" when every run reads.
func unreadable(th *theme.Theme, rows []line, p colorprofile.Profile) string {
	for _, l := range rows {
		for _, r := range writtenRuns(theme.Encode(l.String(), p)) {
			if strings.TrimSpace(r.text) == "" {
				continue // a blank shows no text to hide
			}
			fg := r.fg
			if fg == nil && r.bg != nil { // the default stands for it: deck's own text colour
				fg = p.Convert(th.Palette.Fg)
			}
			switch {
			case fg != nil && r.bg != nil:
				if c := theme.Contrast(fg, r.bg); c < theme.DimContrast {
					return fmt.Sprintf("%q in %v on %v (%v): contrast %.2f", r.text, fg, r.bg, p, c)
				}
			case fg != nil:
				for _, bg := range theme.Backgrounds(th.Name) {
					if p == colorprofile.ANSI && ansi.Convert16(bg) == fg {
						return fmt.Sprintf("%q in %v, the colour of the background %v (%v)", r.text, fg, bg, p)
					}
					if c := theme.Contrast(fg, bg); p > colorprofile.ANSI && c < theme.DimContrast {
						return fmt.Sprintf("%q in %v on the background %v (%v): contrast %.2f", r.text, fg, bg, p, c)
					}
				}
			}
		}
	}
	return ""
}

// TestNoOutputColoursHideText: random foregrounds and backgrounds (basic,
// 256-colour, true colour, none; reversed or not) never draw text that
// hides, in any profile, on either theme.
func TestNoOutputColoursHideText(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	col := func() string {
		switch r.IntN(4) {
		case 0:
			return fmt.Sprintf("5;%d", r.IntN(256))
		case 1:
			return fmt.Sprintf("2;%d;%d;%d", r.IntN(256), r.IntN(256), r.IntN(256))
		}
		return ""
	}
	fails := 0
	for i := 0; i < 3000 && fails < 10; i++ {
		sgr := ""
		if c := col(); c != "" {
			sgr += "38;" + c + ";"
		} else if r.IntN(2) == 0 {
			sgr += fmt.Sprintf("%d;", 30+r.IntN(8)+60*r.IntN(2))
		}
		if c := col(); c != "" {
			sgr += "48;" + c + ";"
		} else if r.IntN(2) == 0 {
			sgr += fmt.Sprintf("%d;", 40+r.IntN(8)+60*r.IntN(2))
		}
		if r.IntN(4) == 0 {
			sgr += "7;"
		}
		out := "\x1b[" + sgr + "1mtext"
		for _, th := range []*theme.Theme{theme.Dark(), theme.Light()} {
			rows := termLines(th, out)
			for _, p := range theme.TerminalProfiles {
				if bad := unreadable(th, rows, p); bad != "" {
					t.Errorf("%q %s: %s", out, th.Name, bad)
					fails++
				}
			}
		}
	}
}
