package follow

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// dumpOf is everything a session holds but its revisions, which count the
// changes of a read in pieces: two reads of the same bytes dump alike.
func dumpOf(s *session.Session) string {
	s.Rev = 0
	for _, e := range s.Entries {
		session.Base(e).Rev = 0
	}
	var b strings.Builder
	sessiontest.Dump(&b, s)
	return b.String()
}

// freshDump is what a fresh open of data at path shows, closed as a log
// read whole is, after the notice why, when why is not "".
func freshDump(path string, data []byte, why string) string {
	r := readerFor(path)
	if why != "" {
		r.Info(why)
	}
	r.Write(data)
	r.Close()
	return dumpOf(r.Session())
}

// changed is data with the byte at i changed so that it reads otherwise: a
// letter's case flipped, anything else made an x.
func changed(data []byte, i int) []byte {
	out := bytes.Clone(data)
	switch c := out[i]; {
	case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		out[i] ^= 0x20
	default:
		out[i] = 'x'
	}
	return out
}

// letterNear is the index of the first letter inside a quoted text at or
// after i: a byte whose change the decoded session shows.
func letterNear(data []byte, i int) int {
	at := i + bytes.Index(data[i:], []byte(`"text":"`)) + len(`"text":"`)
	for c := data[at]; !('a' <= c && c <= 'z'); c = data[at] {
		at++
	}
	return at
}

// waitRewritten waits until the followed log has been read again once and
// has read n bytes since, and is quiet.
func waitRewritten(t *testing.T, src *Log, n int64) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		var st State
		src.With(func(s State) { st = s })
		if st.Resets == 1 && st.Read == n && !st.Loading {
			time.Sleep(2 * pollEvery)
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d bytes read of %d, read again %d times", st.Read, n, st.Resets)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A followed log rewritten in place, by anything shorter, as long or
// longer than what was read, that differs from it at its first byte, in
// its middle or at the last byte read, is read again from the start: the
// session is a fresh open's of the new bytes, after the notice that says
// so. As long, with its time of change put back, too. A log longer than
// what is checked whole is seen rewritten when it differs from some point
// on (another session forked from its middle), not by one byte there.
func TestARewrittenLogIsReadAgain(t *testing.T) {
	logs := sessiontest.Testdata + "/harness/live/session-logs/"
	for _, c := range []struct{ old, other string }{
		{"tools/session.jsonl", "plain-resumed/session.jsonl"},
		{"tools/session.jsonl.zstd", "plain-resumed/session.jsonl.zstd"},
		{"plain-resumed/session.jsonl", "tools/session.jsonl"}, // longer than what is checked whole
	} {
		old := sessiontest.ReadFile(t, logs+c.old)
		other := sessiontest.ReadFile(t, logs+c.other)
		other = append(other, other...) // longer than old
		mid, last := len(old)/2, len(old)-1
		if !strings.HasSuffix(c.old, ".zstd") {
			mid = letterNear(old, mid)
		}
		forked := append(old[:mid:mid], other...)
		rewrites := map[string][]byte{
			"another session, shorter":     other[:len(old)/2],
			"another session, as long":     other[:len(old)],
			"another session, longer":      other,
			"shorter, from its first byte": changed(old, 0)[:mid],
			"as long, its first byte":      changed(old, 0),
			"as long, its last byte":       changed(old, last),
			"longer, its first byte":       append(changed(old, 0), other...),
			"longer, its last byte":        append(changed(old, last), other...),
			"forked, shorter":              forked[:len(old)-1],
			"forked, as long":              forked[:len(old)],
			"forked, longer":               forked,
		}
		if len(old) <= headBytes+tailBytes {
			rewrites["shorter, from its middle"] = changed(old, mid)[:mid+100]
			rewrites["as long, its middle"] = changed(old, mid)
			rewrites["longer, its middle"] = append(changed(old, mid), other...)
		}
		for _, name := range slices.Sorted(maps.Keys(rewrites)) {
			new := rewrites[name]
			t.Run(c.old+"/"+name, func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "session.jsonl")
				appendFile(t, path, old)
				was, _ := os.Stat(path)
				src := File("test", path, true)
				src.Start()
				defer src.Stop()
				settle(t, src, int64(len(old)))
				if err := os.WriteFile(path, new, 0o644); err != nil { // in place: the same file
					t.Fatal(err)
				}
				if len(new) == len(old) {
					os.Chtimes(path, was.ModTime(), was.ModTime())
				}
				waitRewritten(t, src, int64(len(new)))
				src.Stop()
				var got, why string
				src.With(func(st State) {
					if n := st.Session.Notices(); len(n) > 0 {
						why = n[0].Text
					}
					src.reader.Close()
					got = dumpOf(st.Session)
				})
				if !strings.Contains(why, "read again from the start") {
					t.Fatalf("the first notice says %q", why)
				}
				if want := freshDump(path, new, why); got != want {
					t.Fatalf("followed:\n%s\nfresh open:\n%s", got, want)
				}
			})
		}
	}
}

// cutsOf is where data is cut to be written in pieces, steps saying how
// far each piece goes: the ends of the pieces, the last len(data).
func cutsOf(data, steps []byte) []int {
	var cuts []int
	at := 0
	for _, b := range steps {
		if at == len(data) {
			break
		}
		at += 1 + int(b)*(len(data)-at-1)/255
		cuts = append(cuts, at)
	}
	if at < len(data) || len(cuts) == 0 {
		cuts = append(cuts, len(data))
	}
	return cuts
}

// FuzzRewritesOfAFollowedFile: a followed file is written in pieces, then
// rewritten in place with anything (shorter, as long or longer, alike or
// not), in pieces; after each piece the follower looks at the file, or
// only reads on (the rewrite lands between two reads), in chunks of any
// size. In the end the session is a fresh open's of the final bytes, after
// the notice when the log was read again; a file only appended to is
// never read again, and one that no longer starts with what was read
// always is. The old bytes are at most what is checked whole.
func FuzzRewritesOfAFollowedFile(f *testing.F) {
	seed := func(name string) []byte {
		b, err := os.ReadFile(sessiontest.Testdata + "/harness/live/session-logs/" + name)
		if err != nil {
			f.Fatal(err)
		}
		return b
	}
	tools, plain := seed("tools/session.jsonl"), seed("plain/session.jsonl")
	toolsZ, plainZ := seed("tools/session.jsonl.zstd"), seed("plain/session.jsonl.zstd")
	f.Add(tools[:9000], plain[:20000], []byte{255}, uint16(4095))       // another session, longer, read on
	f.Add(tools[:9000], plain[:20000], []byte{254, 3}, uint16(4095))    // the same, looked at
	f.Add(tools[:9000], plain[:9000], []byte{254}, uint16(100))         // as long
	f.Add(tools[:9000], plain[:20000], []byte{40, 90, 200}, uint16(99)) // shorter first
	f.Add(tools[:9000], tools[:20000], []byte{3, 7, 250}, uint16(100))  // the same bytes and more: appended to
	f.Add(tools[:9000], changed(tools[:9000], 8999), []byte{0}, uint16(999))
	f.Add(tools[:9000], changed(tools[:20000], 4500), []byte{240, 5}, uint16(7))
	f.Add(toolsZ[:6000], plainZ[:9000], []byte{230, 7}, uint16(511))
	f.Add(toolsZ[:6000], toolsZ, []byte{8, 9}, uint16(2047))
	f.Add([]byte("{\"a\":1}\n"), []byte("{\"b\":2}\n{\"c\":3}\n"), []byte{1}, uint16(0))
	f.Fuzz(func(t *testing.T, old, new, steps []byte, chunk uint16) {
		// each read checks up to headBytes+tailBytes again: a few hundred
		// reads and pieces an input keep the fuzzer fast
		old = old[:min(len(old), headBytes+tailBytes)]
		new = new[:min(len(new), 4*(headBytes+tailBytes))]
		steps = steps[:min(len(steps), 32)]
		path := filepath.Join(t.TempDir(), "session.jsonl")
		if err := os.WriteFile(path, nil, 0o644); err != nil { // there when the log is made, as deck opens one
			t.Fatal(err)
		}
		l := File("fuzz", path, true)
		buf := make([]byte, max(1+int(chunk), (len(old)+len(new))/256))
		read := func() {
			for {
				more, err := l.readMore(buf)
				if err != nil {
					t.Fatal(err)
				}
				if !more {
					return
				}
			}
		}
		look := func() {
			if err := l.look(); err != nil {
				t.Fatal(err)
			}
			read()
		}
		write := func(data []byte, rewrite bool) {
			from := 0
			for i, c := range cutsOf(data, steps) {
				flags := os.O_WRONLY | os.O_APPEND
				if i == 0 {
					flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC // in place: the same file
				}
				w, err := os.OpenFile(path, flags, 0o644)
				if err != nil {
					t.Fatal(err)
				}
				_, err = w.Write(data[from:c])
				w.Close()
				if err != nil {
					t.Fatal(err)
				}
				from = c
				switch {
				case l.file == nil:
					file, info, err := openLog(path)
					if err != nil {
						t.Fatal(err)
					}
					l.opened(file, info)
					read()
				case rewrite && steps[i%len(steps)]&1 == 1:
					read() // no look: the next read finds the file changed
				default:
					look()
				}
			}
			look()
		}
		if len(steps) == 0 {
			steps = []byte{255}
		}
		if dumpOf(sessiontest.ReadBytes(new, 1)) != dumpOf(sessiontest.ReadBytes(new, len(new)+1)) {
			// the reader's own sniffing tells these bytes otherwise in
			// pieces (binary or not, from less of them): not following's
			t.Skip("the reader reads these bytes otherwise in pieces")
		}
		write(old, false)
		defer l.file.Close()
		if l.resets != 0 {
			t.Fatalf("a file appended to was read again %d times", l.resets)
		}
		write(new, true)
		first := new[:cutsOf(new, steps)[0]]
		switch {
		case l.resets > 1:
			t.Fatalf("read again %d times", l.resets)
		case bytes.HasPrefix(first, old) && l.resets != 0:
			t.Fatal("a file rewritten with what was read and more was read again")
		case !bytes.HasPrefix(new, old) && l.resets != 1:
			t.Fatal("a file that no longer holds what was read was not read again")
		}
		why := ""
		if l.resets > 0 {
			why = readAgain
		}
		l.reader.Close()
		if got, want := dumpOf(l.reader.Session()), freshDump(path, new, why); got != want {
			t.Fatalf("followed:\n%s\nfresh open:\n%s", got, want)
		}
	})
}
