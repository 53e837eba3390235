package theme

import (
	"image/color"
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/styles"
)

// syntaxStyles is the theme's chroma style and the text style of each token
// type, resolved once per type.
type syntaxStyles struct {
	chroma *chroma.Style
	text   color.Color
	cache  sync.Map // chroma.TokenType → Style
}

// ChromaStyleName is the registered chroma style of a theme; glamour's code
// blocks use it by name.
func ChromaStyleName(themeName string) string { return "deck-" + themeName }

func newSyntaxStyles(name string, p Palette) *syntaxStyles {
	h := func(c color.Color) string { return hexOf(c) }
	entries := chroma.StyleEntries{
		chroma.Text:                h(p.Fg),
		chroma.Error:               h(p.Err),
		chroma.Comment:             "italic " + h(p.Comment),
		chroma.CommentPreproc:      h(p.Keyword),
		chroma.Keyword:             h(p.Keyword),
		chroma.KeywordConstant:     h(p.Constant),
		chroma.KeywordType:         h(p.Type),
		chroma.Name:                h(p.Fg),
		chroma.NameBuiltin:         h(p.Type),
		chroma.NameClass:           h(p.Type),
		chroma.NameFunction:        h(p.Func),
		chroma.NameConstant:        h(p.Constant),
		chroma.NameTag:             h(p.Keyword),
		chroma.NameAttribute:       h(p.Func),
		chroma.NameDecorator:       h(p.Func),
		chroma.LiteralString:       h(p.String),
		chroma.LiteralStringEscape: h(p.Operator),
		chroma.LiteralNumber:       h(p.Number),
		chroma.Operator:            h(p.Operator),
		chroma.Punctuation:         h(p.Muted),
		chroma.GenericDeleted:      h(p.Err),
		chroma.GenericInserted:     h(p.OK),
		chroma.GenericHeading:      "bold " + h(p.Accent),
		chroma.GenericSubheading:   h(p.Accent),
		chroma.GenericEmph:         "italic",
		chroma.GenericStrong:       "bold",
	}
	s := styles.Register(chroma.MustNewStyle(ChromaStyleName(name), entries))
	return &syntaxStyles{chroma: s, text: p.Fg}
}

// Token returns the style of a syntax token type.
func (t *Theme) Token(tt chroma.TokenType) Style {
	if s, ok := t.syntax.cache.Load(tt); ok {
		return s.(Style)
	}
	e := t.syntax.chroma.Get(tt)
	s := Style{Fg: t.syntax.text, Bold: e.Bold == chroma.Yes, Italic: e.Italic == chroma.Yes, Underline: e.Underline == chroma.Yes}
	if e.Colour.IsSet() {
		s.Fg = color.RGBA{R: e.Colour.Red(), G: e.Colour.Green(), B: e.Colour.Blue(), A: 0xFF}
	}
	s = s.Make()
	t.syntax.cache.Store(tt, s)
	return s
}
