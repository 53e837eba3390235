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
	Fg: hex("#D5D9E3"), Muted: hex("#8A91A3"), Faint: hex("#4A5060"),
	Accent: hex("#7AA2F7"), Info: hex("#7DCFFF"), OK: hex("#9ECE6A"),
	Warn: hex("#E0AF68"), Err: hex("#F7768E"), Special: hex("#BB9AF7"),
	AddBg: hex("#1D3326"), AddEmphBg: hex("#2F5A3C"),
	DelBg: hex("#3A1E25"), DelEmphBg: hex("#6E2C39"),
	Keyword: hex("#BB9AF7"), Type: hex("#2AC3DE"), Func: hex("#7AA2F7"),
	String: hex("#9ECE6A"), Number: hex("#FF9E64"), Comment: hex("#6B7394"),
	Operator: hex("#89DDFF"), Constant: hex("#FF9E64"),
	ANSI: [16]color.Color{
		hex("#414868"), hex("#F7768E"), hex("#9ECE6A"), hex("#E0AF68"),
		hex("#7AA2F7"), hex("#BB9AF7"), hex("#7DCFFF"), hex("#C0CAF5"),
		hex("#565F89"), hex("#FF8FA3"), hex("#B9F27C"), hex("#FFC777"),
		hex("#8DB0FF"), hex("#C7A9FF"), hex("#A4E1FF"), hex("#E4E8F7"),
	},
}

// lightPalette suits a light terminal background.
var lightPalette = Palette{
	Fg: hex("#24292F"), Muted: hex("#656D76"), Faint: hex("#C4CBD3"),
	Accent: hex("#0969DA"), Info: hex("#1B7C83"), OK: hex("#1A7F37"),
	Warn: hex("#9A6700"), Err: hex("#CF222E"), Special: hex("#8250DF"),
	AddBg: hex("#E6FFEC"), AddEmphBg: hex("#ABF2BC"),
	DelBg: hex("#FFEBE9"), DelEmphBg: hex("#FFC1BA"),
	Keyword: hex("#CF222E"), Type: hex("#953800"), Func: hex("#8250DF"),
	String: hex("#0A3069"), Number: hex("#0550AE"), Comment: hex("#6E7781"),
	Operator: hex("#0550AE"), Constant: hex("#0550AE"),
	ANSI: [16]color.Color{
		hex("#24292F"), hex("#CF222E"), hex("#116329"), hex("#4D2D00"),
		hex("#0969DA"), hex("#8250DF"), hex("#1B7C83"), hex("#6E7781"),
		hex("#57606A"), hex("#A40E26"), hex("#1A7F37"), hex("#633C01"),
		hex("#218BFF"), hex("#A475F9"), hex("#3192AA"), hex("#8C959F"),
	},
}
