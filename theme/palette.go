package theme

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// Palette is every colour deck uses, by role. Cards never name a colour; they
// ask the theme for a style built from these.
type Palette struct {
	Fg      color.Color // body text
	Muted   color.Color // secondary text: summaries, dim cards, reasoning
	Faint   color.Color // rules, separators, gutters
	Accent  color.Color // titles, focus, user turns
	Info    color.Color // paths, URLs, line numbers of matches
	OK      color.Color // done marks, exit 0, additions
	Warn    color.Color // pending marks, notices, truncation marks
	Err     color.Color // failures, exit ≠ 0, deletions
	Special color.Color // control characters made visible, markers

	AddBg, AddEmphBg color.Color // diff: added line, changed words in it
	DelBg, DelEmphBg color.Color // diff: removed line, changed words in it

	// Syntax colours, for chroma and glamour's code blocks.
	Keyword, Type, Func, String, Number, Comment, Operator, Constant color.Color

	// ANSI maps the 16 colours of command output onto the theme.
	ANSI [16]color.Color
}

func hex(s string) color.Color { return lipgloss.Color(s) }

// darkPalette suits a dark terminal background.
var darkPalette = Palette{
	Fg: hex("#D5D9E3"), Muted: hex("#8A91A3"), Faint: hex("#6E7380"),
	Accent: hex("#7AA2F7"), Info: hex("#7DCFFF"), OK: hex("#9ECE6A"),
	Warn: hex("#E0AF68"), Err: hex("#F7768E"), Special: hex("#BB9AF7"),
	AddBg: hex("#1A2E22"), AddEmphBg: hex("#1C3D26"),
	DelBg: hex("#3A1E25"), DelEmphBg: hex("#4D1F28"),
	Keyword: hex("#BB9AF7"), Type: hex("#2AC3DE"), Func: hex("#7AA2F7"),
	String: hex("#9ECE6A"), Number: hex("#FF9E64"), Comment: hex("#78809E"),
	Operator: hex("#89DDFF"), Constant: hex("#FF9E64"),
	ANSI: [16]color.Color{
		hex("#6F748C"), hex("#F7768E"), hex("#9ECE6A"), hex("#E0AF68"),
		hex("#7AA2F7"), hex("#BB9AF7"), hex("#7DCFFF"), hex("#C0CAF5"),
		hex("#6C7498"), hex("#FF8FA3"), hex("#B9F27C"), hex("#FFC777"),
		hex("#8DB0FF"), hex("#C7A9FF"), hex("#A4E1FF"), hex("#E4E8F7"),
	},
}

// lightPalette suits a light terminal background.
var lightPalette = Palette{
	Fg: hex("#24292F"), Muted: hex("#656D76"), Faint: hex("#858A8F"),
	Accent: hex("#0969DA"), Info: hex("#197279"), OK: hex("#177232"),
	Warn: hex("#946300"), Err: hex("#CF222E"), Special: hex("#7146C2"),
	AddBg: hex("#E6FFEC"), AddEmphBg: hex("#C8F7D3"),
	DelBg: hex("#FFEBE9"), DelEmphBg: hex("#FFD7D2"),
	Keyword: hex("#C1202B"), Type: hex("#7D2F00"), Func: hex("#5A379A"),
	String: hex("#0A3069"), Number: hex("#0550AE"), Comment: hex("#6E7781"),
	Operator: hex("#0550AE"), Constant: hex("#0550AE"),
	ANSI: [16]color.Color{
		hex("#24292F"), hex("#CF222E"), hex("#116329"), hex("#4D2D00"),
		hex("#0969DA"), hex("#7146C2"), hex("#197279"), hex("#6E7781"),
		hex("#57606A"), hex("#A40E26"), hex("#177232"), hex("#633C01"),
		hex("#1A6CC7"), hex("#7151AC"), hex("#267285"), hex("#828B94"),
	},
}
