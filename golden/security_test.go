package golden

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every test docs/security.md names for an attack is in the package it
// names: a row whose test moved or went is no longer a promise.
func TestSecurityRowsNameTestsThatExist(t *testing.T) {
	doc, err := os.ReadFile("../docs/security.md")
	if err != nil {
		t.Fatal(err)
	}
	group := regexp.MustCompile("`([a-z][\\w/]*)` ((?:`(?:Test|Fuzz|Benchmark)\\w+`(?:, | and |,? and )?)+)")
	name := regexp.MustCompile("`((?:Test|Fuzz|Benchmark)\\w+)`")
	sources := map[string]string{}
	named := 0
	for _, line := range strings.Split(string(doc), "\n") {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		for _, g := range group.FindAllStringSubmatch(line, -1) {
			pkg := g[1]
			src, ok := sources[pkg]
			if !ok {
				files, _ := filepath.Glob(filepath.Join("..", pkg, "*_test.go"))
				var b strings.Builder
				for _, f := range files {
					data, err := os.ReadFile(f)
					if err != nil {
						t.Fatal(err)
					}
					b.Write(data)
				}
				src = b.String()
				sources[pkg] = src
			}
			for _, n := range name.FindAllStringSubmatch(g[2], -1) {
				named++
				if !strings.Contains(src, "func "+n[1]+"(") {
					t.Errorf("docs/security.md names %s in %s, which has no such test", n[1], pkg)
				}
			}
		}
	}
	if named < 100 {
		t.Errorf("only %d tests named: the rows' form changed, and this test reads none of them", named)
	}
}
