package present

import (
	"strconv"
	"strings"
)

// Spilled reports a result whose text ends in the harness's spill notice
// (its spill policy, as the web client recognises it): "(Omitted N bytes.
// Full formatted result stored at: LOCATOR. HINT)" closing the text, or
// the whole text, after a blank line; the omission may also be empty or
// "More bytes were omitted.". The output before it is a preview cut where
// the policy chose, so its last line says nothing of how a command ended.
func Spilled(text string) bool {
	const open, location, guidance, separator = "(", " Full formatted result stored at: ", ". ", "\n\n"
	if !strings.HasSuffix(text, ")") {
		return false
	}
	for start := 0; ; {
		next := strings.Index(text[start:], separator+open)
		end := len(text) - 1
		if next >= 0 {
			end = start + next
		}
		candidate := text[start:end]
		if at := strings.Index(candidate[min(len(open), len(candidate)):], location); strings.HasPrefix(candidate, open) && at >= 0 {
			at += len(open)
			if omission(candidate[len(open):at]) {
				return strings.Contains(text[start+at+len(location):], guidance)
			}
		}
		if next < 0 {
			return false
		}
		start = end + len(separator)
	}
}

// omission is the spill notice's account of what it left out.
func omission(s string) bool {
	if s == "" || s == "More bytes were omitted." {
		return true
	}
	n, ok := strings.CutPrefix(s, "Omitted ")
	n, ok2 := strings.CutSuffix(n, " bytes.")
	v, err := strconv.ParseUint(n, 10, 53)
	return ok && ok2 && err == nil && strconv.FormatUint(v, 10) == n
}
