package viewer

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/vt"
)

// promptsLog writes a harness log of user prompts, one a card.
func promptsLog(t *testing.T, prompts ...string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"type":"session","version":0,"id":"search","createdAt":1796000000000,"cwd":"/work/app","delegationDepth":0}` + "\n")
	for i, p := range prompts {
		fmt.Fprintf(&b, `{"type":"user/message","seq":%d,"time":1796000000%03d,"data":{"content":[{"type":"text","text":%q}],"source":{"kind":"user"}}}`+"\n", i+1, i, p)
	}
	path := filepath.Join(t.TempDir(), "session.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// search types a query and waits for the prompt to show it.
func (x *term) search(q string) {
	x.t.Helper()
	x.keys("/")
	x.typeText(q)
	x.waitFor("/" + q)
}

// Smart case: a lower-case query ignores case, in every row, even one with
// a letter whose lower case is longer (İ); a capital matches exactly.
func TestSearchSmartCase(t *testing.T) {
	path := promptsLog(t, "İstanbul: add the SUM column", "then the sum of it", "Sum it up")
	x := start(t, Options{Path: path, Follow: new(false)}, 100, 30)
	x.waitFor("card 1 of 3")
	x.search("sum")
	x.keys("enter")
	x.waitFor("match 1 of 3")
	x.keys("esc")
	x.search("SUM")
	x.keys("enter")
	x.waitFor("match 1 of 1")
	x.keys("esc")
	x.search(`\s.m`) // a regular expression, smart case too
	x.keys("enter")
	x.waitFor("match 1 of 3")
	x.keys("esc")
	x.search(`\(`)
	x.waitFor("bad pattern: missing closing )")
	x.keys("esc")
	x.quit()
}

// While the query is typed, the first match at or after the focused card
// is shown and the count is live; esc goes back to where the view was.
func TestSearchShowsTheFirstHitWhileTyping(t *testing.T) {
	prompts := []string{"the needle is here"}
	for i := range 60 {
		prompts = append(prompts, fmt.Sprintf("filler prompt %d", i))
	}
	prompts = append(prompts, "a second needle, far down")
	x := start(t, Options{Follow: new(false), Path: promptsLog(t, prompts...)}, 100, 20)
	x.waitFor("card 1 of 62")
	x.keys("tab") // past the first needle: the next is far down
	x.keys("/")
	x.typeText("needle")
	s := x.waitFor("a second needle, far down", "/needle", "match 2 of 2")
	if !strings.Contains(s, "/needle") {
		t.Fatal(s)
	}
	x.keys("esc")
	x.waitFor("the needle is here", "card 2 of 62")
	x.quit()
}

// n past the last match goes round to the first and says so; N past the
// first, to the last.
func TestSearchSaysItWrapped(t *testing.T) {
	x := start(t, Options{Follow: new(false), Path: promptsLog(t, "one fox", "two", "three fox")}, 100, 30)
	x.waitFor("card 1 of 3")
	x.search("fox")
	x.keys("enter")
	x.waitFor("match 1 of 2")
	x.keys("n")
	x.waitFor("match 2 of 2")
	x.keys("n")
	x.waitFor("match 1 of 2", "search wrapped to the first match")
	x.keys("N")
	x.waitFor("match 2 of 2", "search wrapped to the last match")
	x.quit()
}

// ↑ in the prompt brings back earlier searches, newest first; ↓ goes back
// down to an empty prompt.
func TestSearchHistory(t *testing.T) {
	x := start(t, Options{Follow: new(false), Path: promptsLog(t, "one fox", "a dog")}, 100, 30)
	x.waitFor("card 1 of 2")
	x.search("fox")
	x.keys("enter")
	x.waitFor("match 1 of 1")
	x.search("dog")
	x.keys("enter")
	x.waitFor("match 1 of 1")
	x.keys("/", "up")
	x.waitFor("/dog")
	x.keys("up")
	x.waitFor("/fox")
	x.keys("enter")
	x.waitFor("match 1 of 1", "card 1 of 2")
	x.quit()
}

// cellAt is a copy of the emulator's cell.
func (x *term) cellAt(col, row int) (c uv.Cell) {
	x.Emulator(func(emu *vt.Emulator) {
		if at := emu.CellAt(col, row); at != nil {
			c = *at
		}
	})
	return c
}

// findCell is where text starts on the screen, -1, -1 if nowhere.
func findCell(screen, text string, nth int) (col, row int) {
	for r, l := range strings.Split(screen, "\n") {
		for off := 0; ; {
			i := strings.Index(l[off:], text)
			if i < 0 {
				break
			}
			if nth == 0 {
				return len([]rune(l[:off+i])), r
			}
			nth--
			off += i + len(text)
		}
	}
	return -1, -1
}

// The current hit is drawn otherwise than the others (reversed), and a hit
// in a diff line keeps the line's background.
func TestSearchCurrentHitAndDiffBackground(t *testing.T) {
	x := start(t, Options{Path: testdata + "/fixtures/edit-diffs.jsonl", Follow: new(false)}, 120, 40)
	x.waitFor("card 1 of")
	x.search("return")
	x.keys("enter")
	s := x.waitFor("match 1 of")
	deadline := time.Now().Add(5 * time.Second)
	for {
		var reversed, plain, kept int
		for nth := 0; ; nth++ {
			col, row := findCell(s, "return", nth)
			if col < 0 {
				break
			}
			hit, before := x.cellAt(col, row), x.cellAt(col-1, row)
			if hit.Style.Attrs&uv.AttrReverse != 0 {
				reversed++
			} else {
				plain++
			}
			if before.Style.Bg != nil && hit.Style.Bg == before.Style.Bg {
				kept++
			}
		}
		if reversed == 1 && plain > 0 && kept > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d hits reversed, %d not, %d keep their line's background:\n%s", reversed, plain, kept, s)
		}
		time.Sleep(20 * time.Millisecond)
		s = x.screen()
	}
	x.quit()
}

// The empty prompt says how to search: smart case, \ for a regexp, ↑.
func TestSearchPromptSaysHow(t *testing.T) {
	x := start(t, Options{Path: promptsLog(t, "one"), Follow: new(false)}, 100, 30)
	x.waitFor("card 1 of 1")
	x.keys("/")
	x.waitFor(`/text (smart case), or \ then a regexp; ↑ earlier searches`)
	x.keys("esc")
	x.quit()
}
