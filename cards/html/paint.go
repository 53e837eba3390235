package html

import (
	"fmt"
	stdhtml "html"
	"image/color"
	"strconv"
	"strings"

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

// css is a colour as the page writes it.
func (p *painter) css(c string) string {
	if i, ok := p.vars[c]; ok && p.both {
		return fmt.Sprintf("var(--c%d)", i)
	}
	return c
}

// style is the SGR state of a run of text.
type style struct {
	fg, bg                                          string // "" is the default
	bold, faint, italic, underline, strike, reverse bool
}

// class is the CSS class of a style, made on first use; "" for no style.
func (p *painter) class(s style) string {
	fg, bg := s.fg, s.bg
	if s.reverse {
		fg, bg = cmp(bg, "var(--c0)"), cmp(fg, "var(--bg)")
		if !p.both {
			fg, bg = cmp(s.bg, hexOf(p.th.Palette.Fg)), cmp(s.fg, "var(--bg)")
		}
	}
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
	}
	return name
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
			s.fg = p.css(hexOf(p.th.ANSIColor(n - 30)))
		case n >= 90 && n <= 97:
			s.fg = p.css(hexOf(p.th.ANSIColor(n - 90 + 8)))
		case n >= 40 && n <= 47:
			s.bg = p.css(hexOf(p.th.ANSIColor(n - 40)))
		case n >= 100 && n <= 107:
			s.bg = p.css(hexOf(p.th.ANSIColor(n - 100 + 8)))
		case n == 39:
			s.fg = ""
		case n == 49:
			s.bg = ""
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
func (p *painter) extended(ps []string) (string, int) {
	num := func(i int) int {
		if i >= len(ps) {
			return 0
		}
		n, _ := strconv.Atoi(ps[i])
		return min(max(n, 0), 255)
	}
	if len(ps) == 0 {
		return "", 0
	}
	switch ps[0] {
	case "5":
		n := num(1)
		if n < 16 {
			return p.css(hexOf(p.th.ANSIColor(n))), 2
		}
		return xterm(n), 2
	case "2":
		return p.css(fmt.Sprintf("#%02x%02x%02x", num(1), num(2), num(3))), 4
	}
	return "", 1
}

// xterm is one of the 240 fixed colours of the 256-colour palette.
func xterm(n int) string {
	if n >= 232 {
		v := 8 + (n-232)*10
		return fmt.Sprintf("#%02x%02x%02x", v, v, v)
	}
	n -= 16
	level := func(v int) int {
		if v == 0 {
			return 0
		}
		return 55 + v*40
	}
	return fmt.Sprintf("#%02x%02x%02x", level(n/36), level(n/6%6), level(n%6))
}
