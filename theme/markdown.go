package theme

import "charm.land/glamour/v2/ansi"

// Markdown is the glamour style of the theme: prose in the text colour, or
// muted when dim (the generic card, runtime context). Margins are zero:
// cards place the text themselves.
func (t *Theme) Markdown(dim bool) ansi.StyleConfig {
	p := t.Palette
	text, heading, code := hexOf(p.Fg), hexOf(p.Accent), hexOf(p.Special)
	if dim {
		text, heading, code = hexOf(p.Muted), hexOf(p.Muted), hexOf(p.Muted)
	}
	info, faint, muted := hexOf(p.Info), hexOf(p.Faint), hexOf(p.Muted)
	yes := true
	zero := uint(0)
	one := uint(1)
	quote := "│ "
	return ansi.StyleConfig{
		Document:       ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: &text}, Margin: &zero},
		BlockQuote:     ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: &muted}, Indent: &one, IndentToken: &quote},
		Paragraph:      ansi.StyleBlock{},
		List:           ansi.StyleList{LevelIndent: 2},
		Heading:        ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{BlockSuffix: "\n", Color: &heading, Bold: &yes}},
		H1:             ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Prefix: "# "}},
		H2:             ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Prefix: "## "}},
		H3:             ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Prefix: "### "}},
		H4:             ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Prefix: "#### "}},
		H5:             ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Prefix: "##### "}},
		H6:             ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Prefix: "###### "}},
		Emph:           ansi.StylePrimitive{Italic: &yes},
		Strong:         ansi.StylePrimitive{Bold: &yes},
		Strikethrough:  ansi.StylePrimitive{CrossedOut: &yes},
		HorizontalRule: ansi.StylePrimitive{Color: &faint, Format: "\n────────\n"},
		Item:           ansi.StylePrimitive{BlockPrefix: "• "},
		Enumeration:    ansi.StylePrimitive{BlockPrefix: ". "},
		Task:           ansi.StyleTask{Ticked: "[✓] ", Unticked: "[ ] "},
		Link:           ansi.StylePrimitive{Color: &info, Underline: &yes},
		LinkText:       ansi.StylePrimitive{Color: &heading},
		Image:          ansi.StylePrimitive{Color: &info},
		ImageText:      ansi.StylePrimitive{Color: &muted, Format: "Image: {{.text}} →"},
		Code:           ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: &code}},
		CodeBlock: ansi.StyleCodeBlock{
			StyleBlock: ansi.StyleBlock{Margin: &zero},
			Theme:      ChromaStyleName(t.Name),
		},
		Table:                 ansi.StyleTable{CenterSeparator: strp("┼"), ColumnSeparator: strp("│"), RowSeparator: strp("─")},
		DefinitionDescription: ansi.StylePrimitive{BlockPrefix: "\n→ "},
	}
}

func strp(s string) *string { return &s }
