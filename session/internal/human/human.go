// Package human words numbers for people.
package human

import "fmt"

// Thousands writes n with a comma between each group of three digits.
func Thousands(n int64) string {
	if n < 0 {
		return "-" + Thousands(-n)
	}
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
