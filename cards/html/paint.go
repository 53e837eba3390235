package html

import (
	"fmt"
	stdhtml "html"
	"image/color"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/theme"
)

// painter turns card rows (text and SGR sequences) into escaped text in
// spans, one CSS class per distinct style. With both themes, a colour of the
// dark palette becomes a CSS variable that the light scheme redefines.
type painter struct {
	th      *theme.Theme // the theme the cards were drawn in
	both    bool         // the page follows prefers-color-scheme
	vars    map[string]int
	classes map[string]string // CSS declarations → class name
	rules   []string
	light   []string // the classes' colours in the light scheme, where they differ
}

func newPainter(th *theme.Theme, both bool) *painter {
	p := &painter{th: th, both: both, vars: map[string]int{}, classes: map[string]string{}}
	for i, c := range colours(th.Palette) {
		if _, ok := p.vars[hexOf(c)]; !ok {
			p.vars[hexOf(c)] = i
		}
	}
	return p
}

// colours lists a palette's colours in one order, so that the dark and the
// light palettes' i-th colours play the same role.
func colours(p theme.Palette) []color.Color {
	out := []color.Color{p.Fg, p.Muted, p.Faint, p.Accent, p.Info, p.OK, p.Warn, p.Err, p.Special,
		p.AddBg, p.AddEmphBg, p.DelBg, p.DelEmphBg,
		p.Keyword, p.Type, p.Func, p.String, p.Number, p.Comment, p.Operator, p.Constant}
	return append(out, p.ANSI[:]...)
}

// variables is the CSS that defines each palette colour for a theme.
func variables(th *theme.Theme, bg string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "--bg:%s;", bg)
	for i, c := range colours(th.Palette) {
		fmt.Fprintf(&b, "--c%d:%s;", i, hexOf(c))
	}
	return b.String()
}

func hexOf(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}

// css is a colour as the page writes it: a palette colour as its variable
// when the page has both schemes.
func (p *painter) css(c color.Color) string {
	if c == nil {
		return ""
	}
	if i, ok := p.vars[hexOf(c)]; ok && p.both {
		return fmt.Sprintf("var(--c%d)", i)
	}
	return hexOf(c)
}

// style is the SGR state of a run of text.
type style struct {
	fg, bg                                          color.Color // nil is the default
	bold, faint, italic, underline, strike, reverse bool
}

// runColours is the CSS text colour and background of a run ("" for the
// page's own): reversed, the text takes the background's colour (the
// page's, by default) and the background the text's.
func runColours(fg, bg string, reverse bool) (string, string) {
	if reverse {
		return cmp(bg, "var(--bg)"), cmp(fg, "var(--c0)")
	}
	return fg, bg
}

// class is the CSS class of a style, made on first use; "" for no style.
func (p *painter) class(s style) string {
	fg, bg := runColours(p.css(s.fg), p.css(s.bg), s.reverse)
	var d []string
	if fg != "" {
		d = append(d, "color:"+fg)
	}
	if bg != "" {
		d = append(d, "background:"+bg)
	}
	if s.bold {
		d = append(d, "font-weight:bold")
	}
	if s.faint {
		d = append(d, "opacity:.7")
	}
	if s.italic {
		d = append(d, "font-style:italic")
	}
	switch {
	case s.underline && s.strike:
		d = append(d, "text-decoration:underline line-through")
	case s.underline:
		d = append(d, "text-decoration:underline")
	case s.strike:
		d = append(d, "text-decoration:line-through")
	}
	if len(d) == 0 {
		return ""
	}
	key := strings.Join(d, ";")
	name, ok := p.classes[key]
	if !ok {
		name = "s" + strconv.Itoa(len(p.classes))
		p.classes[key] = name
		p.rules = append(p.rules, "."+name+"{"+key+"}")
		if p.both {
			p.lightScheme(name, s)
		}
	}
	return name
}

// lightScheme gives class name its colours in the light scheme, where they
// are not the dark ones' twins: the cards were drawn in the dark theme, so
// a colour of output that read there (white, a pale grey) may hide on the
// light page, and the light theme's rule for output decides, by the hex
// the page writes (theme.Readable).
func (p *painter) lightScheme(name string, s style) {
	fg, bg := p.twin(s.fg), p.twin(s.bg)
	rf, rb := theme.Light().Readable(fg, bg, theme.PageProfiles)
	if rf == fg && rb == bg {
		return
	}
	text, back := runColours(cssOr(rf, "var(--c0)"), cssOr(rb, ""), s.reverse)
	p.light = append(p.light, "."+name+"{color:"+text+";background:"+cmp(back, "none")+"}")
}

// twin is a colour in the light scheme: a dark palette colour's light twin
// (what its variable holds there), any other colour itself.
func (p *painter) twin(c color.Color) color.Color {
	if c == nil {
		return nil
	}
	if i, ok := p.vars[hexOf(c)]; ok {
		return colours(theme.Light().Palette)[i]
	}
	return c
}

func cssOr(c color.Color, otherwise string) string {
	if c == nil {
		return otherwise
	}
	return hexOf(c)
}

func cmp(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// row writes one card row: its text escaped, its styles as spans. Any
// escape other than SGR is dropped (cards make none: untrusted escapes are
// made visible before they reach a row).
func (p *painter) row(b *strings.Builder, row string) {
	var s style
	for len(row) > 0 {
		i := strings.IndexByte(row, 0x1b)
		if i < 0 {
			i = len(row)
		}
		p.text(b, s, row[:i])
		row = row[i:]
		if row == "" {
			break
		}
		end := 1
		if strings.HasPrefix(row, "\x1b[") {
			end = strings.IndexFunc(row[2:], func(r rune) bool { return r >= 0x40 && r <= 0x7e })
			if end < 0 {
				return
			}
			end += 2
			if row[end] == 'm' {
				s = p.sgr(s, row[2:end])
			}
			end++
		}
		row = row[end:]
	}
}

// text writes a run of text in style s.
func (p *painter) text(b *strings.Builder, s style, t string) {
	if t == "" {
		return
	}
	t = stdhtml.EscapeString(strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' || r == 0x7f {
			return -1 // a control byte has no place in a page; cards made them visible already
		}
		return r
	}, t))
	if c := p.class(s); c != "" {
		fmt.Fprintf(b, `<span class="%s">%s</span>`, c, t)
		return
	}
	b.WriteString(t)
}

// sgr applies one SGR sequence's parameters to s.
func (p *painter) sgr(s style, params string) style {
	ps := strings.FieldsFunc(params, func(r rune) bool { return r == ';' })
	if len(ps) == 0 {
		return style{}
	}
	for i := 0; i < len(ps); i++ {
		code, _, _ := strings.Cut(ps[i], ":")
		n, err := strconv.Atoi(code)
		if err != nil {
			continue
		}
		switch {
		case n == 0:
			s = style{}
		case n == 1:
			s.bold = true
		case n == 2:
			s.faint = true
		case n == 3:
			s.italic = true
		case n == 4:
			s.underline = true
		case n == 7:
			s.reverse = true
		case n == 9:
			s.strike = true
		case n == 22:
			s.bold, s.faint = false, false
		case n == 23:
			s.italic = false
		case n == 24:
			s.underline = false
		case n == 27:
			s.reverse = false
		case n == 29:
			s.strike = false
		case n >= 30 && n <= 37:
			s.fg = p.th.ANSIColor(n - 30)
		case n >= 90 && n <= 97:
			s.fg = p.th.ANSIColor(n - 90 + 8)
		case n >= 40 && n <= 47:
			s.bg = p.th.ANSIColor(n - 40)
		case n >= 100 && n <= 107:
			s.bg = p.th.ANSIColor(n - 100 + 8)
		case n == 39:
			s.fg = nil
		case n == 49:
			s.bg = nil
		case n == 38 || n == 48:
			c, used := p.extended(ps[i+1:])
			i += used
			if n == 38 {
				s.fg = c
			} else {
				s.bg = c
			}
		}
	}
	return s
}

// extended reads an extended colour (5;n or 2;r;g;b) and how many
// parameters it took.
func (p *painter) extended(ps []string) (color.Color, int) {
	num := func(i int) uint8 {
		if i >= len(ps) {
			return 0
		}
		n, _ := strconv.Atoi(ps[i])
		return uint8(min(max(n, 0), 255))
	}
	if len(ps) == 0 {
		return nil, 0
	}
	switch ps[0] {
	case "5":
		if n := num(1); n < 16 {
			return p.th.ANSIColor(int(n)), 2
		}
		return ansi.IndexedColor(num(1)), 2 // the 240 fixed colours of the 256
	case "2":
		return color.RGBA{num(1), num(2), num(3), 255}, 4
	}
	return nil, 1
}
