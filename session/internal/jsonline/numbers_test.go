package jsonline_test

import (
	"testing"

	"github.com/deck-tui/deck/session/internal/jsonline"
)

func TestNumberKeepsItsText(t *testing.T) {
	var v struct {
		N []jsonline.Number `json:"n"`
	}
	// a string holding a number is one, as v1's json.Number read it; null is none
	err := jsonline.Unmarshal([]byte(`{"n":[1,-0.5e+3,1e400,9007199254740993,"7",null]}`), &v)
	want := []jsonline.Number{"1", "-0.5e+3", "1e400", "9007199254740993", "7", ""}
	if err != nil || len(v.N) != len(want) {
		t.Fatalf("%v, %v", v.N, err)
	}
	for i := range want {
		if v.N[i] != want[i] {
			t.Errorf("n[%d] = %q, want %q", i, v.N[i], want[i])
		}
	}
}

func TestInt(t *testing.T) {
	for _, c := range []struct {
		v    any
		want int64
		ok   bool
	}{
		{jsonline.Number("42"), 42, true},
		{jsonline.Number("-7"), -7, true},
		{jsonline.Number("3.0"), 3, true},
		{jsonline.Number("1e3"), 1000, true},
		{jsonline.Number("9007199254740991"), 1<<53 - 1, true},
		{jsonline.Number("-9007199254740991"), -(1<<53 - 1), true},
		{jsonline.Number("9007199254740992"), 0, false}, // past 2^53 − 1
		{jsonline.Number("1.5"), 0, false},
		{jsonline.Number("1e400"), 0, false},
		{jsonline.Number(""), 0, false},
		{42.0, 42, true},
		{"7", 0, false},
		{nil, 0, false},
	} {
		if got, ok := jsonline.Int(c.v); got != c.want || ok != c.ok {
			t.Errorf("Int(%#v) = %d, %v; want %d, %v", c.v, got, ok, c.want, c.ok)
		}
	}
}
