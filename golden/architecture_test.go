package golden

import (
	"go/build"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/deck-tui/deck"

// The picture in docs/architecture.md lists every package and every
// package of deck's it imports: the code imports exactly that.
func TestTheArchitectureIsTrue(t *testing.T) {
	drawn := drawnImports(t, "../docs/architecture.md")
	actual := deckImports(t, "..")
	for pkg, imports := range actual {
		want, ok := drawn[pkg]
		if !ok {
			t.Errorf("%s is not in the picture", pkg)
			continue
		}
		for _, imp := range imports {
			if !slices.Contains(want, imp) {
				t.Errorf("%s imports %s, which the picture does not draw", pkg, imp)
			}
		}
		for _, imp := range want {
			if !slices.Contains(imports, imp) {
				t.Errorf("the picture draws %s ─▶ %s, which the code does not import", pkg, imp)
			}
		}
	}
	for pkg := range drawn {
		if _, ok := actual[pkg]; !ok {
			t.Errorf("the picture draws %s, which is no package", pkg)
		}
	}
}

// drawnImports reads the picture: a line "pkg ─▶ a, b/{c, d}," and the
// lines indented under it that go on with its list; a line of packages
// with no arrow names packages that import nothing of deck's.
func drawnImports(t *testing.T, doc string) map[string][]string {
	t.Helper()
	text, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	_, picture, _ := strings.Cut(string(text), "\n```\n")
	picture, _, _ = strings.Cut(picture, "\n```")
	drawn := map[string][]string{}
	last := ""
	for _, line := range strings.Split(picture, "\n") {
		left, right, arrow := strings.Cut(line, "─▶")
		switch {
		case arrow:
			last = strings.TrimSpace(left)
			drawn[last] = append(drawn[last], packageList(right)...)
		case strings.HasPrefix(line, strings.Repeat(" ", 20)) && last != "":
			drawn[last] = append(drawn[last], packageList(line)...)
		default:
			last = ""
			if names := packageList(line); len(names) > 0 && strings.Contains(line, "/") {
				for _, n := range names {
					drawn[n] = nil
				}
			}
		}
	}
	if len(drawn) < 20 {
		t.Fatalf("the picture in %s names %d packages: is it still there?", doc, len(drawn))
	}
	return drawn
}

var (
	braces      = regexp.MustCompile(`([\w/]+)/\{([^}]*)\}`)
	packagePath = regexp.MustCompile(`^[a-z][\w/]*$`)
)

// packageList is "a, b/{c, d}" as ["a", "b/c", "b/d"].
func packageList(s string) []string {
	s = braces.ReplaceAllStringFunc(s, func(m string) string {
		parts := braces.FindStringSubmatch(m)
		var out []string
		for _, p := range strings.Split(parts[2], ",") {
			out = append(out, parts[1]+"/"+strings.TrimSpace(p))
		}
		return strings.Join(out, ", ")
	})
	var names []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); packagePath.MatchString(f) {
			names = append(names, f)
		}
	}
	return names
}

// deckImports is each package of the module under root (golden aside) and
// the packages of deck's its non-test files import, by path under the
// module ("main" for the module's root).
func deckImports(t *testing.T, root string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if name := d.Name(); rel != "." && (name == "testdata" || strings.HasPrefix(name, ".") || rel == "golden") {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, 0)
		if err != nil {
			return nil // no Go files here
		}
		name := filepath.ToSlash(rel)
		if name == "." {
			name = "main"
		}
		imports := []string{}
		for _, imp := range pkg.Imports {
			if sub, ok := strings.CutPrefix(imp, module+"/"); ok {
				imports = append(imports, sub)
			}
		}
		out[name] = imports
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
