package cards

import (
	"net/url"
	"regexp"
	"strings"
)

// linkTarget finds what may be a Markdown link's destination: inline,
// [text](dest), or in a definition, [ref]: dest.
var linkTarget = regexp.MustCompile(`\]\(\s*<?([^)\s>]*)|(?m)^[ \t]*\[[^\]]*\]:[ \t]*<?([^\s>]*)`)

// escapesALink reports Markdown source s with a relative link that glamour
// draws otherwise than written: it resolves a relative URL with net/url,
// which escapes what a path may not hold (ü is drawn %C3%BC, ^A, a
// control's mark, %5EA), and the hex digits join the letters around them.
// Such a card is drawn to be searched. An absolute URL is drawn as
// written.
func escapesALink(s string) bool {
	if strings.IndexByte(s, ']') < 0 {
		return false
	}
	for _, m := range linkTarget.FindAllStringSubmatch(s, -1) {
		dest := Safe(m[1] + m[2])
		if drawn, relative := resolvedLink(dest); relative && drawn != "/"+strings.TrimPrefix(dest, "/") {
			return true
		}
	}
	return false
}

// resolvedLink is dest as glamour's relative-link resolution writes it
// (against an empty base); false for a URL it writes as given.
func resolvedLink(dest string) (string, bool) {
	u, err := url.Parse(dest)
	if err != nil || u.IsAbs() {
		return "", false
	}
	u.Path = strings.TrimPrefix(u.Path, "/")
	return (&url.URL{}).ResolveReference(u).String(), true
}
