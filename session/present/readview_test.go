package present

import "testing"

// A read window's total is the tool's: a window the tool gave no total for
// has none (not its last line's number), and a total the tool gave stays.
func TestReadViewMakesUpNoTotal(t *testing.T) {
	lines := PlainLines("a\nb\n", 219)
	if v := ReadView("a.ts", lines, 0); v.TotalLines != 0 || v.Offset != 219 {
		t.Errorf("no total given: %+v", v)
	}
	if v := ReadView("a.ts", lines, 514); v.TotalLines != 514 {
		t.Errorf("a total of 514: %+v", v)
	}
	if v := ReadView("a.ts", nil, 0); v.TotalLines != 0 || v.Offset != 1 || len(v.Lines) != 0 {
		t.Errorf("no lines: %+v", v)
	}
}
