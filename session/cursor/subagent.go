package cursor

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/internal/lines"
	"github.com/deck-tui/deck/session/internal/regular"
	"github.com/deck-tui/deck/session/present"
)

// A subagent Cursor CLI runs (a Task call) writes its own transcript in
// subagents/ beside the session's. Neither names the other: the call's
// prompt is the subagent's first prompt, so a call takes the first
// transcript there, in name order, whose first prompt is its own and that
// no call took before. Its work is read into the call's card, as entries
// made exactly like the session's own. A subagent's transcript is not
// listed on its own.

const (
	// maxDepth bounds subagents in subagents: a decoder that deep reads
	// no file.
	maxDepth = 3
	// maxSubagentBytes bounds how much of a subagent's transcript is read.
	maxSubagentBytes = 64 << 20
	// maxPromptBytes bounds how much of a transcript is read for its
	// first prompt.
	maxPromptBytes = 1 << 20
)

// agentFiles are the subagents' transcripts beside a session's.
type agentFiles struct {
	files []agentFile
}

type agentFile struct {
	path, prompt string
	taken        bool
}

// subagent finds the transcript of the subagent a Task call started and
// reads its work into the call's card (AgentFile).
func (d *Decoder) subagent(c *session.ToolCall, a present.Args) {
	if d.path == "" || d.depth >= maxDepth {
		return
	}
	if d.agents == nil {
		d.agents = findAgentFiles(filepath.Join(filepath.Dir(d.path), "subagents"))
	}
	want := strings.TrimSpace(a.Str("prompt"))
	for i := range d.agents.files {
		f := &d.agents.files[i]
		if f.taken || want == "" || f.prompt != want {
			continue
		}
		f.taken = true
		child := New(session.NewBuilder(), f.path)
		child.depth, child.sub, child.files = d.depth+1, true, d.files.Clone()
		af := &AgentFile{d: d, call: c, path: f.path, child: child}
		if d.deferred {
			d.wanted = append(d.wanted, af)
			return
		}
		af.Read()
		af.Show()
		return
	}
}

// AgentFile is a subagent's transcript, to be read into the card of the
// Task that started it. Reading it may take long (the file may be huge, or
// on a slow disk), so a decoder told to Defer leaves each to its user, who
// calls Read without holding the session's lock and then Show under it;
// otherwise the decoder reads it at once, the same way: by a decoder of its
// own, on a copy of what the session knew of files.
type AgentFile struct {
	d     *Decoder
	call  *session.ToolCall
	path  string
	child *Decoder

	entries []session.Entry
	found   bool
}

// Read reads the subagent's transcript. It touches nothing of the
// session: it may run beside the session's reading.
func (f *AgentFile) Read() {
	if err := f.child.readFile(f.path); err != nil {
		return
	}
	f.child.s.Finish() // the subagent is done: what still waits never finished
	f.entries, f.found = f.child.s.Entries, true
}

// Show puts what Read found in the call's card. It changes the session:
// call it where the session may change (under its lock).
func (f *AgentFile) Show() {
	if !f.found {
		return
	}
	f.call.Nested = f.entries
	f.d.s.Touch(f.call)
}

// Defer leaves the subagents' transcripts to the decoder's user
// (TakeFiles), rather than reading each when its call is read.
func (d *Decoder) Defer() { d.deferred = true }

// TakeFiles returns the subagents' transcripts wanted since it was last
// called, for the user of a deferring decoder to Read and Show.
func (d *Decoder) TakeFiles() []*AgentFile {
	out := d.wanted
	d.wanted = nil
	return out
}

// findAgentFiles lists the transcripts in dir with their first prompts;
// only regular files are opened.
func findAgentFiles(dir string) *agentFiles {
	entries, _ := os.ReadDir(dir)
	out := &agentFiles{}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".jsonl") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		f, _, err := regular.Open(p) // a named pipe or a device would never end
		if err != nil {
			continue
		}
		prompt := firstPrompt(io.LimitReader(f, maxPromptBytes))
		f.Close()
		out.files = append(out.files, agentFile{path: p, prompt: prompt})
	}
	sort.Slice(out.files, func(i, j int) bool { return out.files[i].path < out.files[j].path })
	return out
}

// firstPrompt is a transcript's first user text, read as a prompt is:
// inside <user_query> when it has one.
func firstPrompt(rd io.Reader) string {
	b, _ := io.ReadAll(rd)
	for _, l := range bytes.Split(b, []byte("\n")) {
		var m line
		if jsonline.Unmarshal(bytes.TrimSpace(l), &m) != nil || m.Role == nil || *m.Role != "user" || m.Message == nil {
			continue
		}
		blocks, _ := contentBlocks(m.Message.Content)
		var texts []string
		for _, bl := range blocks {
			if bl.Type == "text" && bl.Text != nil {
				texts = append(texts, *bl.Text)
			}
		}
		text := strings.Join(texts, "\n\n")
		if q := userQuery.FindStringSubmatch(text); q != nil {
			return strings.TrimSpace(q[1])
		}
		return strings.TrimSpace(stamp.ReplaceAllString(text, ""))
	}
	return ""
}

// readFile reads a whole subagent transcript, at most maxSubagentBytes of
// it.
func (d *Decoder) readFile(p string) error {
	f, _, err := regular.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	var split lines.Splitter
	limited := &io.LimitedReader{R: f, N: maxSubagentBytes}
	buf := make([]byte, 256<<10)
	for {
		n, err := limited.Read(buf)
		split.Feed(buf[:n], d.Apply)
		if err != nil {
			break
		}
	}
	if limited.N == 0 {
		if more, _ := f.Read(buf[:1]); more > 0 {
			d.s.Notice(0, fmt.Sprintf("the subagent's transcript is larger than %d MB; only its start is shown", maxSubagentBytes>>20))
			return nil
		}
	}
	split.Flush(d.Apply)
	d.Finish()
	return nil
}
