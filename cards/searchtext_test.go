package cards

import "testing"

// A command's coloured output is searched as it reads: the escapes go,
// whichever kind, a cut-off one too, and the text stays.
func TestDropEscapes(t *testing.T) {
	cases := map[string]string{
		"\x1b[31m--- FAIL\x1b[0m: TestX":           "--- FAIL: TestX",
		"a\x1b]8;;http://x\x07link\x1b]8;;\x1b\\b": "a http://x linkb",
		"ok\x1b(Bdone":  "okdone",
		"cut \x1b[38;5": "cut ",
		"end\x1b":       "end",
		"plain":         "plain",
	}
	for in, want := range cases {
		if got := dropEscapes(in); got != want {
			t.Errorf("dropEscapes(%q) = %q, want %q", in, got, want)
		}
	}
}
