package html

import (
	"bytes"
	"fmt"
	"image/color"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

var (
	rootRule  = regexp.MustCompile(`:root\{([^}]*)\}`)
	classRule = regexp.MustCompile(`\.(s\d+)\{([^}]*)\}`)
	cssVar    = regexp.MustCompile(`--(\w+):([^;]+);`)
)

// schemeColours reads a page's stylesheet as a browser would in one of its
// schemes (light: the last scheme it defines) and gives each class's text
// colour and background, variables resolved, the page's own colours
// standing for what a class leaves out.
func schemeColours(css string, light bool) map[string][2]string {
	roots := rootRule.FindAllStringSubmatch(css, -1)
	vars := map[string]string{}
	for i, r := range roots {
		if i == 0 || light {
			for _, m := range cssVar.FindAllStringSubmatch(r[1], -1) {
				vars[m[1]] = m[2]
			}
		}
	}
	resolve := func(v string) string {
		if name, ok := strings.CutPrefix(v, "var(--"); ok {
			return vars[strings.TrimSuffix(name, ")")]
		}
		if v == "none" {
			return vars["bg"]
		}
		return v
	}
	main, overrides, _ := strings.Cut(css, "@media (prefers-color-scheme: light){.")
	rules := classRule.FindAllStringSubmatch(main, -1)
	if light && overrides != "" {
		rules = append(rules, classRule.FindAllStringSubmatch("."+overrides, -1)...)
	}
	out := map[string][2]string{}
	for _, r := range rules {
		fg, bg := vars["c0"], vars["bg"]
		if prev, ok := out[r[1]]; ok {
			fg, bg = prev[0], prev[1]
		}
		for _, d := range strings.Split(r[2], ";") {
			if v, ok := strings.CutPrefix(d, "color:"); ok {
				fg = resolve(v)
			}
			if v, ok := strings.CutPrefix(d, "background:"); ok {
				bg = resolve(v)
			}
		}
		out[r[1]] = [2]string{fg, bg}
	}
	return out
}

func parseHex(s string) (color.Color, error) {
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	if err != nil || len(s) != 7 {
		return nil, fmt.Errorf("not a colour: %q", s)
	}
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}, nil
}

// hiddenText is the first class of the page whose text does not reach the
// theme's floor for output (theme.DimContrast) on its background, in any
// scheme the page has; "" when every class reads.
func hiddenText(page string) string {
	css, _, _ := strings.Cut(page, "</style>")
	schemes := []bool{false}
	if strings.Contains(css, "@media (prefers-color-scheme: light){:root") {
		schemes = append(schemes, true)
	}
	for _, light := range schemes {
		for class, c := range schemeColours(css, light) {
			fg, err1 := parseHex(c[0])
			bg, err2 := parseHex(c[1])
			if err1 != nil || err2 != nil {
				return fmt.Sprintf(".%s (light %v): %v %v", class, light, err1, err2)
			}
			if k := theme.Contrast(fg, bg); k < theme.DimContrast {
				return fmt.Sprintf(".%s (light %v): %s on %s, contrast %.2f", class, light, c[0], c[1], k)
			}
		}
	}
	return ""
}

func outputPage(t *testing.T, output string, th *theme.Theme) string {
	t.Helper()
	s := &session.Session{Entries: []session.Entry{&session.ToolCall{Name: "bash", Result: &session.ToolResult{},
		View: session.TerminalResultView{Title: "$ run", Output: output}}}}
	var b bytes.Buffer
	if err := Write(&b, s, Options{Width: 80, Theme: th}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// Every run of the page reads on its background in each scheme the page
// has: output's colours that hide text are not written (the pair of
// #010203 on #010204 keeps only its ground, black on the dark page), a colour that read on the
// dark page but hides on the light one (white, a pale yellow) gets a light
// scheme's colour of its own, and a reversed run shows its text in the
// page's background colour, not in the text's.
func TestThePageWritesNoColoursThatHideText(t *testing.T) {
	output := strings.Join([]string{
		"\x1b[38;2;1;2;3;48;2;1;2;4mhidden", "\x1b[38;2;0;0;0mblack", "\x1b[38;5;16mblack256",
		"\x1b[38;2;255;255;255mwhite", "\x1b[38;2;250;250;210mpale", "\x1b[7;31mreversed",
		"\x1b[7;38;2;255;255;255mreversed white", "\x1b[38;5;231;48;5;22mwhite on green",
		"\x1b[38;2;0;0;0;48;2;255;255;0mblack on yellow", "\x1b[48;2;213;217;227mpale ground",
	}, "\x1b[0m\n")
	for _, th := range []*theme.Theme{nil, theme.Dark(), theme.Light()} {
		name := "both schemes"
		if th != nil {
			name = th.Name
		}
		page := outputPage(t, output, th)
		if bad := hiddenText(page); bad != "" {
			t.Errorf("%s: %s", name, bad)
		}
		if strings.Contains(page, "#010203") {
			t.Errorf("%s: the hidden pair's text colour is written", name)
		}
	}
	if page := outputPage(t, "\x1b[38;2;255;255;255mwhite", nil); !strings.Contains(page, "@media (prefers-color-scheme: light){.s") {
		t.Error("white output has no colour of its own in the light scheme")
	}
}
