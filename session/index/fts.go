package index

import (
	"strings"
	"unicode/utf8"
)

// maxGrams bounds the trigrams a query is filtered by: any of them is a
// filter that keeps every text holding the query, and a long query
// pasted in needs no thousand of them.
const maxGrams = 24

// matchExpr is the FTS5 expression that keeps the texts holding every
// string of needs: all their trigrams, ANDed, each a string in double
// quotes (a " in it doubled), so no character of a query is ever FTS5
// syntax. The table holds trigrams with no positions (detail=none), so a
// phrase cannot be asked for: a candidate is checked against the query
// itself (Search). "" when no string is three characters long: there is
// nothing to filter by, and every text is tried.
func matchExpr(needs []string) string {
	var grams []string
	seen := map[string]bool{}
	for _, n := range needs {
		for _, g := range trigrams(n) {
			if !seen[g] && usable(g) {
				seen[g] = true
				grams = append(grams, g)
			}
		}
	}
	if len(grams) > maxGrams { // spread over the query, its ends kept
		picked := make([]string, 0, maxGrams)
		for i := range maxGrams {
			picked = append(picked, grams[i*(len(grams)-1)/(maxGrams-1)])
		}
		grams = picked
	}
	quoted := make([]string, len(grams))
	for i, g := range grams {
		quoted[i] = `"` + strings.ReplaceAll(g, `"`, `""`) + `"`
	}
	return strings.Join(quoted, " AND ")
}

// trigrams are the runs of three characters of s, in order.
func trigrams(s string) []string {
	var out []string
	var at [3]int // where the last three characters start
	n := 0
	for i := range s {
		at[0], at[1], at[2] = at[1], at[2], i
		if n++; n >= 3 {
			_, size := utf8.DecodeRuneInString(s[i:])
			out = append(out, s[at[0]:i+size])
		}
	}
	return out
}

// usable reports a trigram the table can be asked for as the tokenizer
// made it: no NUL (which ends a string in SQLite's C), no byte that is not
// UTF-8 (stored texts have U+FFFD there). Leaving one out only widens the
// filter.
func usable(g string) bool {
	return utf8.ValidString(g) && !strings.ContainsAny(g, "\x00\uFFFD")
}
