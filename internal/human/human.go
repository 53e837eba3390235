// Package human words numbers for people. It is internal to the whole
// module, not to session/, because the cards write the same numbers as the
// readers' notices and the stats do.
package human

import "fmt"

// Thousands writes n with a comma between each group of three digits:
// 12,345.
func Thousands[N ~int | ~int64](n N) string {
	if n < 0 {
		return "-" + Thousands(-n)
	}
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
