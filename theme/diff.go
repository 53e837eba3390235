package theme

import (
	"image/color"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// A diff's tints cannot be downsampled: the palette's are dark or pale
// greens and reds, and the nearest to them in 256 colours are greys (a cyan
// and a yellow on the light theme), in 16 black and red (cyan and yellow).
// So each profile has its own, chosen here with the profile's own indexes:
// added lines green, removed red, the changed words in the same hue,
// stronger; wherever a tint would not keep the code's colours readable the
// text takes one ink instead, or the tint goes and only the text and the
// sign are coloured. TestDiffColoursHoldInEveryProfile checks each choice.

// diffColours is how a profile draws a diff's changed lines.
type diffColours struct {
	addBg, addEmphBg, delBg, delEmphBg color.Color // the lines' tints and their changed words' (nil: none)
	add, del                           color.Color // the signs
	addInk, delInk                     color.Color // the lines' text over the code's colours (nil: the code's own)
	// reversed draws the changed words in the sign's colour reversed (a
	// block of it, the text in the line's background), where the profile
	// has no stronger tint the code reads on.
	reversed bool
}

// diffIn is each theme's diff colours by profile; true colour's are the
// palette's own (truecolorDiff).
var diffIn = map[string]map[colorprofile.Profile]diffColours{
	"dark": {
		// The cube's one dark green, 22, is too light for the theme's
		// purple, blue and grey code: the changed lines are drawn in the
		// text colour, both sides alike so only changes look different.
		colorprofile.ANSI256: {
			addBg: ansi.IndexedColor(22), delBg: ansi.IndexedColor(52),
			add: ansi.IndexedColor(120), del: ansi.IndexedColor(210),
			addInk: darkPalette.Fg, delInk: darkPalette.Fg,
			reversed: true,
		},
		// No background of 16 keeps contrast with the code's colours in
		// the terminal's own shades of them: the text and the sign are
		// coloured instead, bright on a dark terminal.
		colorprofile.ANSI: {
			add: ansi.BrightGreen, del: ansi.BrightRed,
			addInk: ansi.BrightGreen, delInk: ansi.BrightRed,
			reversed: true,
		},
	},
	"light": {
		// The code's colours read on the palest green and red; the
		// stronger red (217) does not hold them, so neither side's words
		// are a tint.
		colorprofile.ANSI256: {
			addBg: ansi.IndexedColor(194), delBg: ansi.IndexedColor(224),
			add: ansi.IndexedColor(22), del: ansi.IndexedColor(124),
			reversed: true,
		},
		colorprofile.ANSI: { // as on the dark theme, the darker shades
			add: ansi.Green, del: ansi.Red,
			addInk: ansi.Green, delInk: ansi.Red,
			reversed: true,
		},
	},
}

// truecolorDiff is a palette's own diff colours: tints under the code's
// colours, a stronger tint under the changed words.
func truecolorDiff(p Palette) diffColours {
	return diffColours{addBg: p.AddBg, addEmphBg: p.AddEmphBg, delBg: p.DelBg, delEmphBg: p.DelEmphBg, add: p.OK, del: p.Err}
}

// setDiff makes the theme's diff styles from d. A line's style is laid
// over each token's (Style.With), so an ink replaces the code's colours.
func (t *Theme) setDiff(d diffColours) {
	t.DiffAdd, t.DiffAddEmph, t.DiffAddMark = diffSide(d.addBg, d.addEmphBg, d.add, d.addInk, d.reversed)
	t.DiffDel, t.DiffDelEmph, t.DiffDelMark = diffSide(d.delBg, d.delEmphBg, d.del, d.delInk, d.reversed)
}

func diffSide(bg, emphBg, sign, ink color.Color, reversed bool) (line, emph, mark Style) {
	line = Style{Fg: ink, Bg: bg}.Make()
	emph = Style{Fg: ink, Bg: emphBg}.Make()
	if reversed {
		emph = Style{Fg: sign, Bg: bg, Reverse: true}.Make()
	}
	return line, emph, Style{Fg: sign, Bg: bg, Bold: true}.Make()
}

// For is the theme as written in profile p: the same styles, the diff's in
// colours p holds. Cards drawn in it are downsampled at output as any
// other (Encode); its pinned indexes pass through unchanged. A profile of
// no colour, or true colour, gets the theme itself.
func (t *Theme) For(p colorprofile.Profile) *Theme {
	if p != colorprofile.ANSI256 && p != colorprofile.ANSI {
		p = colorprofile.TrueColor
	}
	return themes[t.Name][p]
}
