package index

import "strings"

// maxGrams bounds the trigrams a query is filtered by: any of them is a
// filter that keeps every text holding the query, and a long query
// pasted in needs no thousand of them.
const maxGrams = 24

// matchExpr is the FTS5 expression that keeps the texts holding every
// string of needs: the words of all their trigrams (gramWords), ANDed;
// a string of two characters, a prefix of its two characters' words. The
// table holds no positions (detail=none), so a phrase cannot be asked
// for: a candidate is checked against the query itself (Search). Every
// word is hex digits, so no character of a query is ever FTS5 syntax. ""
// when no string is two characters long: there is nothing to filter by,
// and every text is tried.
func matchExpr(needs []string) string {
	var words []string
	seen := map[string]bool{}
	add := func(w string) {
		if !seen[w] {
			seen[w] = true
			words = append(words, w)
		}
	}
	var pairs []string
	for _, n := range needs {
		rs := []rune(n)
		for i := range rs {
			rs[i] = foldRune(rs[i])
		}
		switch {
		case len(rs) >= 3:
			for i := 2; i < len(rs); i++ {
				add(`"` + strings.TrimSuffix(string(appendWord(nil, rs[i-2], rs[i-1], rs[i])), " ") + `"`)
			}
		case len(rs) == 2:
			pairs = append(pairs, `"`+wordPrefix(rs[0], rs[1])+`"*`)
		}
	}
	if len(words) > maxGrams { // spread over the query, its ends kept
		picked := make([]string, 0, maxGrams)
		for i := range maxGrams {
			picked = append(picked, words[i*(len(words)-1)/(maxGrams-1)])
		}
		words = picked
	}
	if len(words) == 0 { // a pair, whose prefix query reads many words, only when there is nothing better
		for _, p := range pairs {
			add(p)
		}
	}
	return strings.Join(words, " AND ")
}
