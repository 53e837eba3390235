package cards

import (
	"strings"
	"testing"
)

// Only a prefix past the caps changes: markers past the eighth go, and the
// indentation before a marker stops at 16 columns; code and prose keep
// their indentation however deep.
func TestFlatteningRules(t *testing.T) {
	for in, want := range map[string]string{
		strings.Repeat("> ", 10) + "x":                    strings.Repeat("> ", 8) + "x",
		strings.Repeat(">", 10) + "x":                     strings.Repeat(">", 8) + "x",
		strings.Repeat("- ", 9) + "x":                     strings.Repeat("- ", 8) + "x",
		strings.Repeat(" ", 40) + "- item":                strings.Repeat(" ", 16) + "- item",
		"\t\t\t\t\t- item":                                "\t\t\t\t- item",
		strings.Repeat(" ", 40) + "return x":              strings.Repeat(" ", 40) + "return x",
		"\t\t\t\t\t\t*p = 1":                              "\t\t\t\t\t\t*p = 1",
		"> - 1. quoted list":                              "> - 1. quoted list",
		": " + strings.Repeat("> ", 9) + "x":              ": " + strings.Repeat("> ", 7) + "x",
		strings.Repeat(" ", 40) + ": defined":             strings.Repeat(" ", 16) + ": defined",
		"a: b":                                            "a: b",
		"1234567890. not a marker":                        "1234567890. not a marker",
		"-not a marker":                                   "-not a marker",
		strings.Repeat("1) ", 9) + strings.Repeat(" ", 3): strings.Repeat("1) ", 8) + strings.Repeat(" ", 3),
	} {
		if got, _ := flattenLine(in); got != want {
			t.Errorf("%q → %q, want %q", in, got, want)
		}
	}
}
