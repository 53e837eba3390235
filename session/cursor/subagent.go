package cursor

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/internal/regular"
	"github.com/deck-tui/deck/session/internal/subagentfile"
	"github.com/deck-tui/deck/session/present"
)

// A subagent Cursor CLI runs (a Task call) writes its own transcript in
// subagents/ beside the session's. Neither names the other: the call's
// prompt is the subagent's first prompt, so a call takes the first
// transcript there, in name order, whose first prompt is its own and that
// no call took before. Its work is read into the call's card, as entries
// made exactly like the session's own. A subagent's transcript is not
// listed on its own.

// maxPromptBytes bounds how much of a transcript is read for its first
// prompt.
const maxPromptBytes = 1 << 20

// agentFiles are the subagents' transcripts beside a session's.
type agentFiles struct {
	files []agentFile
}

type agentFile struct {
	path, prompt string
	taken        bool
}

// subagent finds the transcript of the subagent a Task call started and
// reads its work into the call's card: by a decoder of its own, on a copy
// of what the session knew of files. Reading it may take long (the file
// may be huge, or on a slow disk): a deferring decoder leaves it to its
// user (subagentfile.Queue).
func (d *Decoder) subagent(c *session.ToolCall, a present.Args) {
	if d.path == "" || d.depth >= subagentfile.MaxDepth {
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
		af := subagentfile.New([]string{f.path}, child.readTranscript, subagentfile.Nested(d.s, c))
		if !d.Leave(af) {
			af.Read()
			af.Show()
		}
		return
	}
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

// readTranscript reads a subagent's whole transcript from rd and returns
// its entries.
func (d *Decoder) readTranscript(_ string, rd io.Reader) []session.Entry {
	subagentfile.Lines(rd, d.Apply, d.s, "transcript")
	d.Finish()
	d.s.Finish() // the subagent is done: what still waits never finished
	return d.s.Entries
}
