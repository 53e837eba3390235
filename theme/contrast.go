package theme

import (
	"image/color"
	"math"
)

// Contrast minimums (WCAG 2, level AA): body text, and dim text (summaries,
// rules, line numbers), which may be quieter but never unreadable.
const (
	TextContrast = 4.5
	DimContrast  = 3.0
)

// Backgrounds are the terminal backgrounds a theme is made for, which its
// every colour is checked against: pure black and a common dark default
// (#1E1E1E, VS Code's and many terminals'), pure white and a common light
// grey (#F0F0F0).
func Backgrounds(name string) []color.Color {
	if name == "light" {
		return []color.Color{hex("#FFFFFF"), hex("#F0F0F0")}
	}
	return []color.Color{hex("#000000"), hex("#1E1E1E")}
}

// Contrast is WCAG 2's contrast ratio of two colours, from 1 to 21.
func Contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		s := float64(v>>8) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}
