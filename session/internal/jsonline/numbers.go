package jsonline

import (
	"math"
	"strconv"

	json "github.com/go-json-experiment/json/v1"
)

// Number is the literal text of a JSON number, kept exact until it is used:
// a log's 1e400 or 2^60 is judged by the field that reads it (Int), not by
// the decoder, so it cannot fail the line around it.
type Number = json.Number

// maxSafeInt is the largest integer a JSON number written by JavaScript
// (the harness) holds exactly: 2^53 − 1.
const maxSafeInt = 1<<53 - 1

// Int reads a JSON number as an integer. It fails on fractions, values
// outside ±2^53 and anything that is not a number (1e400, "7", null), so a
// hostile log can never turn into a huge or wrapped Go int.
func Int(v any) (int64, bool) {
	var f float64
	switch n := v.(type) {
	case Number:
		if i, err := strconv.ParseInt(string(n), 10, 64); err == nil {
			if i > maxSafeInt || i < -maxSafeInt {
				return 0, false
			}
			return i, true
		}
		x, err := strconv.ParseFloat(string(n), 64)
		if err != nil {
			return 0, false
		}
		f = x
	case float64:
		f = n
	default:
		return 0, false
	}
	if math.IsNaN(f) || math.IsInf(f, 0) || f != math.Trunc(f) || math.Abs(f) > maxSafeInt {
		return 0, false
	}
	return int64(f), true
}

// Num reads a JSON number as an integer, 0 when it is absent or not one.
func Num(n Number) int64 {
	i, _ := Int(n)
	return i
}
