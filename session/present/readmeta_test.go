package present

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

func meta(t *testing.T, js string) any {
	t.Helper()
	v, err := jsonline.Any([]byte(js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

func TestReadMetaNarrowing(t *testing.T) {
	good := []string{
		`{"path":"/a","offset":1,"lines":[{"number":1,"text":"x"}],"totalLines":1}`,
		`{"path":"","offset":5,"lines":[],"totalLines":0}`,                                                 // an empty window at a positive offset
		`{"path":"/a","offset":3,"lines":[{"number":3,"text":""},{"number":9,"text":"y"}],"totalLines":9}`, // gaps pass
		`{"path":"/a","offset":1,"lines":[],"totalLines":2,"lang":"go","extra":true}`,
		`{"path":"/a","offset":1.0,"lines":[{"number":1e0,"text":"x","more":1}],"totalLines":1}`, // integral numbers in any form
	}
	for _, js := range good {
		if _, ok := readResultMeta(meta(t, js)); !ok {
			t.Errorf("rejected %s", js)
		}
	}
	bad := map[string]string{
		"not an object":          `[{"path":"/a"}]`,
		"null":                   `null`,
		"a string":               `"meta"`,
		"no path":                `{"offset":1,"lines":[],"totalLines":0}`,
		"path a number":          `{"path":7,"offset":1,"lines":[],"totalLines":0}`,
		"no offset":              `{"path":"/a","lines":[],"totalLines":0}`,
		"offset 0":               `{"path":"/a","offset":0,"lines":[],"totalLines":0}`,
		"offset 1.5":             `{"path":"/a","offset":1.5,"lines":[],"totalLines":0}`,
		"offset -1":              `{"path":"/a","offset":-1,"lines":[],"totalLines":0}`,
		"offset 1e400":           `{"path":"/a","offset":1e400,"lines":[],"totalLines":0}`,
		"offset past 2^53":       `{"path":"/a","offset":9007199254740993,"lines":[],"totalLines":0}`,
		"offset NaN string":      `{"path":"/a","offset":"NaN","lines":[],"totalLines":0}`,
		"offset a string":        `{"path":"/a","offset":"1","lines":[],"totalLines":0}`,
		"offset null":            `{"path":"/a","offset":null,"lines":[],"totalLines":0}`,
		"totalLines -1":          `{"path":"/a","offset":1,"lines":[],"totalLines":-1}`,
		"totalLines 1.5":         `{"path":"/a","offset":1,"lines":[],"totalLines":1.5}`,
		"totalLines Infinity":    `{"path":"/a","offset":1,"lines":[],"totalLines":"Infinity"}`,
		"lines an object":        `{"path":"/a","offset":1,"lines":{},"totalLines":0}`,
		"a line not an object":   `{"path":"/a","offset":1,"lines":[1],"totalLines":1}`,
		"a line number 0":        `{"path":"/a","offset":1,"lines":[{"number":0,"text":"x"}],"totalLines":1}`,
		"a line number 1.5":      `{"path":"/a","offset":1,"lines":[{"number":1.5,"text":"x"}],"totalLines":2}`,
		"a line number a string": `{"path":"/a","offset":1,"lines":[{"number":"1","text":"x"}],"totalLines":1}`,
		"text missing":           `{"path":"/a","offset":1,"lines":[{"number":1}],"totalLines":1}`,
		"text a number":          `{"path":"/a","offset":1,"lines":[{"number":1,"text":1}],"totalLines":1}`,
		"numbers repeat":         `{"path":"/a","offset":1,"lines":[{"number":1,"text":"x"},{"number":1,"text":"y"}],"totalLines":2}`,
		"numbers decrease":       `{"path":"/a","offset":1,"lines":[{"number":2,"text":"x"},{"number":1,"text":"y"}],"totalLines":2}`,
		"a number past total":    `{"path":"/a","offset":1,"lines":[{"number":3,"text":"x"}],"totalLines":2}`,
		"a number before offset": `{"path":"/a","offset":4,"lines":[{"number":3,"text":"x"}],"totalLines":9}`,
		"lang null":              `{"path":"/a","offset":1,"lines":[],"totalLines":0,"lang":null}`,
		"lang a number":          `{"path":"/a","offset":1,"lines":[],"totalLines":0,"lang":1}`,
	}
	for why, js := range bad {
		if v, ok := readResultMeta(meta(t, js)); ok {
			t.Errorf("%s: accepted %s as %+v", why, js, v)
		}
	}
	if _, ok := readResultMeta(nil); ok {
		t.Error("accepted no meta")
	}
}

// A meta nested too deep to decode never panics; it just is not meta.
func TestReadMetaNeverPanics(t *testing.T) {
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	v, _ := jsonline.Any([]byte(deep))
	if _, ok := readResultMeta(v); ok {
		t.Fatal("accepted")
	}
}

func TestLangFromPath(t *testing.T) {
	for path, want := range map[string]string{
		"main.go":               "go",
		"/a/b/App.TSX":          "tsx",
		`C:\src\lib.RS`:         "rs",
		"dir.d/file":            "",
		"a/b.c\\d.py":           "py",
		".gitignore":            "",
		"src/.eslintrc.json":    "json",
		"Makefile":              "",
		"trailing.":             "",
		"x.constructor":         "",
		"x.__proto__":           "",
		"notes.markdown":        "md",
		"k.kt":                  "kotlin",
		"archive.tar.gz":        "",
		"style.module.scss":     "scss",
		"/home/u/.config/x.yml": "yaml",
	} {
		if got := session.LangFromPath(path); got != want {
			t.Errorf("LangFromPath(%q) = %q, want %q", path, got, want)
		}
	}
}
