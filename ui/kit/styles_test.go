package kit

import (
	"testing"

	"github.com/deck-tui/deck/theme"
)

// The cursor of a text input is drawn in the theme's text colour.
func TestInputCursorFollowsTheTheme(t *testing.T) {
	for _, th := range []*theme.Theme{theme.Dark(), theme.Light()} {
		for _, bg := range theme.Backgrounds(th.Name) {
			if r := theme.Contrast(inputStyles(th).Cursor.Color, bg); r < theme.TextContrast {
				t.Errorf("%s: the cursor's contrast is %.2f", th.Name, r)
			}
		}
	}
}
