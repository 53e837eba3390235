// Package human words numbers for people. It is not under session/internal
// because the cards, which may not import that, write the same numbers as
// the readers' notices and the stats do; it imports nothing of deck's.
package human

import (
	"fmt"
	"strconv"
)

// Thousands writes n with a comma between each group of three digits:
// 12,345. It groups the digits of n's text, so the one int64 whose
// negation is itself (a log's sum can wrap to it) is written too.
func Thousands[N ~int | ~int64](n N) string {
	s, sign := strconv.FormatInt(int64(n), 10), ""
	if n < 0 {
		s, sign = s[1:], "-"
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return sign + s
}

// Bytes writes a size for people: 930 B, 12.4 KB, 3.1 MB, 1.2 GB.
func Bytes[N ~int | ~int64](n N) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f KB", float64(n)/1000)
	case n < 1000*1000*1000:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	return fmt.Sprintf("%.1f GB", float64(n)/1e9)
}
