package gemini

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// Gemini CLI loads a chat as an ordered map of messages by id
// (chatRecordingService.ts, loadConversationRecord): a record whose id is
// in the map replaces that message where it stands, `$rewindTo` deletes
// the message it names and every one after it (all of them when the id is
// not there), and a `$set` of messages starts the map again from them.
// deck keeps that map (live) with the entries each message made; what
// leaves the map stays shown, marked as taken back.

// shown is a message in the conversation and the entries it made.
type shown struct {
	id    string
	line  int
	words string // its first words, to name it
	items []item
}

// item is one entry of a message, under a key that finds it again when
// the message is written anew.
type item struct {
	key string
	e   session.Entry
}

// message applies one message record.
func (d *Decoder) message(num int, raw jsontext.Value) outcome {
	var m message
	if err := jsonline.Unmarshal(raw, &m); err != nil {
		d.problem(num, fmt.Sprintf("`%s` message does not fit its shape: %s", typeOf(raw), jsonline.Short(err)))
		return outcome{}
	}
	if m.ID == "" {
		d.problem(num, "a message with no id")
		return outcome{}
	}
	return d.put(num, &m, raw)
}

// typeOf is a message's type as the record says, for a notice.
func typeOf(raw jsontext.Value) string {
	var t struct {
		Type string `json:"type"`
	}
	jsonline.Unmarshal(raw, &t)
	if t.Type == "" {
		return "a"
	}
	return t.Type
}

// messages applies the messages of an array found in raw (the legacy
// document's, the header's of a chat written on one line, a checkpoint's),
// each at the line lineOf says of where it starts.
func (d *Decoder) messages(raw []byte, list []span, lineOf func(int64) int) outcome {
	out := hidden("(no messages)")
	for _, sp := range list {
		if o := d.message(lineOf(sp.start), raw[sp.start:sp.end]); o.how == session.AsEntry || out.how == session.AsBookkeeping && o.how == session.AsMerge {
			out = o
		}
	}
	return out
}

// put adds a message, or writes anew the live message with its id.
func (d *Decoder) put(num int, m *message, raw jsontext.Value) outcome {
	old := d.byID[m.ID]
	fresh, hide := d.build(num, m, old)
	d.countUsage(m)
	if old == nil {
		sh := &shown{id: m.ID, line: num, words: words(fresh), items: fresh}
		d.live = append(d.live, sh)
		d.byID[m.ID] = sh
		for _, it := range fresh {
			d.s.Add(it.e)
		}
		if len(fresh) == 0 {
			return hidden(hide)
		}
		return asEntry
	}
	made := d.reconcile(num, old, fresh)
	old.line, old.items = num, fresh
	if w := words(fresh); w != "" {
		old.words = w
	}
	if made {
		return asEntry
	}
	return asMerge
}

// countUsage counts a message's tokens once: a message written again
// counts what its tokens changed by.
func (d *Decoder) countUsage(m *message) {
	if m.Model != "" {
		d.s.Model = m.Model
	}
	prev, seen := d.usage[m.ID]
	if !seen && m.Tokens == nil {
		return
	}
	u := m.Tokens.usage()
	d.s.CountUsage(session.TokenUsage{Input: u.Input - prev.Input, Output: u.Output - prev.Output,
		CacheRead: u.CacheRead - prev.CacheRead, Reasoning: u.Reasoning - prev.Reasoning, Recorded: u.Recorded | prev.Recorded})
	d.usage[m.ID] = u
}

// nearEnd is how far from the session's end a message written again may
// stand and still have what it gained put among its entries: further
// back, placing them would move every entry after them, and a log that
// rewrites an early message again and again would cost the square of its
// length (Gemini CLI itself only rewrites its last message).
const nearEnd = 1024

// reconcile puts a message's new entries where its old ones stand: an
// entry under a key it had before takes the new content in place (its id
// kept, so the viewer redraws just it), a new one goes among them, one no
// longer there is removed. A message far back keeps its place for what it
// still has; what it gained follows at the end, after a line that says so
// (farBack). It reports whether an entry was added.
func (d *Decoder) reconcile(num int, old *shown, fresh []item) bool {
	was := map[string]session.Entry{}
	for _, it := range old.items {
		was[it.key] = it.e
	}
	// the entries kept must keep their order, or the message is drawn anew
	var kept []session.Entry
	added := false
	for _, it := range fresh {
		if e, ok := was[it.key]; ok {
			kept = append(kept, e)
		} else {
			added = true
		}
	}
	j := 0
	for _, it := range old.items {
		if j < len(kept) && it.e == kept[j] {
			j++
		}
	}
	ordered := j == len(kept)
	if ordered && !added && len(kept) == len(old.items) { // the same entries: each takes its new content
		d.adoptAll(fresh, was)
		return false
	}
	following, near := d.after(old)
	switch {
	case !near:
		return d.farBack(num, old, fresh, was)
	case !ordered:
		for _, it := range old.items {
			d.s.Remove(it.e)
		}
		for _, it := range fresh {
			d.s.AddBefore(it.e, following)
		}
		return len(fresh) > 0
	}
	keep := map[string]bool{}
	for _, it := range fresh {
		keep[it.key] = true
	}
	for _, it := range old.items {
		if !keep[it.key] {
			d.s.Remove(it.e)
		}
	}
	for i, it := range fresh {
		if _, ok := was[it.key]; ok {
			continue
		}
		next := following
		for _, later := range fresh[i+1:] {
			if e, ok := was[later.key]; ok {
				next = e
				break
			}
		}
		d.s.AddBefore(it.e, next)
	}
	d.adoptAll(fresh, was)
	return added
}

// adoptAll gives each entry shown already under a key of fresh its new
// content, and puts it in fresh in place of the new one.
func (d *Decoder) adoptAll(fresh []item, was map[string]session.Entry) {
	for i, it := range fresh {
		e, ok := was[it.key]
		if !ok {
			continue
		}
		if e != it.e && adopt(e, it.e) {
			d.s.Touch(e)
		}
		fresh[i].e = e
	}
}

// farBack writes anew a message far from the session's end: what it kept
// takes its new content in place, what it gained follows at the end after
// a line that says whose it is, and what it lost stays shown, said so.
func (d *Decoder) farBack(num int, old *shown, fresh []item, was map[string]session.Entry) bool {
	keep := map[string]bool{}
	var gained []item
	for _, it := range fresh {
		keep[it.key] = true
		if _, ok := was[it.key]; !ok {
			gained = append(gained, it)
		}
	}
	lost := 0
	for _, it := range old.items {
		if !keep[it.key] {
			lost++
		}
	}
	d.adoptAll(fresh, was)
	var parts []string
	if len(gained) > 0 {
		parts = append(parts, "what it gained follows")
	}
	if lost > 0 {
		parts = append(parts, plural(lost, "entry")+" it no longer has "+map[bool]string{true: "stays", false: "stay"}[lost == 1]+" where it was")
	}
	d.s.Add(&session.Event{EntryBase: base(num, ""), Kind: "rewritten",
		Summary: fmt.Sprintf("%s was written again at line %d: %s", name(old), num, strings.Join(parts, "; "))})
	for _, it := range gained {
		d.s.Add(it.e)
	}
	return true
}

// adopt gives an entry shown already the content of its new version,
// keeping its id: false when the two are not of one kind.
func adopt(old, fresh session.Entry) bool {
	if reflect.TypeOf(old) != reflect.TypeOf(fresh) {
		return false
	}
	b := *session.Base(old)
	reflect.ValueOf(old).Elem().Set(reflect.ValueOf(fresh).Elem())
	nb := session.Base(old)
	nb.ID, nb.Rev = b.ID, b.Rev
	return true
}

// after is the entry that follows a message's last one (nil when it is
// the session's last), and whether the message stands within nearEnd of
// the session's end. A message with no entries is near only when it is
// the conversation's last.
func (d *Decoder) after(m *shown) (session.Entry, bool) {
	if len(m.items) == 0 {
		return nil, len(d.live) > 0 && d.live[len(d.live)-1] == m
	}
	i := d.nearEnd(m.items[len(m.items)-1].e)
	switch {
	case i < 0:
		return nil, false
	case i+1 < len(d.s.Entries):
		return d.s.Entries[i+1], true
	}
	return nil, true
}

// nearEnd is where e stands among the session's last nearEnd entries, -1
// when it is further back (or gone).
func (d *Decoder) nearEnd(e session.Entry) int {
	entries := d.s.Entries
	for i := len(entries) - 1; i >= max(len(entries)-nearEnd, 0); i-- {
		if entries[i] == e {
			return i
		}
	}
	return -1
}

// rewind reads `$rewindTo`: the message it names and every one after it
// leave the conversation (all of them when the id is not there). Their
// entries stay, a line before them saying they were taken back.
func (d *Decoder) rewind(num int, id string) outcome {
	at := slices.IndexFunc(d.live, func(m *shown) bool { return m.id == id })
	gone := slices.Clone(d.live[max(at, 0):]) // takeBack shortens live
	if len(gone) == 0 {
		return hidden("$rewindTo (nothing to take back)")
	}
	n, unmarked := d.takeBack(gone, fmt.Sprintf("taken back by the rewind at line %d: %s from here on", num, plural(len(gone), "message")))
	summary := fmt.Sprintf("rewind: back to before %s; %s taken back, marked above%s", name(gone[0]), plural(n, "message"), notMarked(unmarked))
	if at < 0 {
		summary = fmt.Sprintf("rewind to a message not in the conversation (%s): all of it taken back, %s, marked above%s", quote(id), plural(n, "message"), notMarked(unmarked))
	}
	d.s.Add(&session.Event{EntryBase: base(num, ""), Kind: "rewind", Summary: summary})
	return asEntry
}

// checkpoint reads a `$set` of messages: the conversation is those
// messages from here on. A message of it that was shown is written anew;
// one that is not in it any more is marked as taken out.
func (d *Decoder) checkpoint(num int, raw []byte, list []span) outcome {
	ids := map[string]bool{}
	for _, sp := range list {
		var m struct {
			ID string `json:"id"`
		}
		jsonline.Unmarshal(raw[sp.start:sp.end], &m)
		ids[m.ID] = true
	}
	var gone []*shown
	for _, m := range d.live {
		if !ids[m.id] {
			gone = append(gone, m)
		}
	}
	out := hidden("$set")
	if len(gone) > 0 {
		n, unmarked := d.takeBack(gone, fmt.Sprintf("left the conversation when Gemini CLI rewrote it at line %d", num))
		d.s.Add(&session.Event{EntryBase: base(num, ""), Kind: "checkpoint",
			Summary: fmt.Sprintf("the conversation was rewritten (a checkpoint): %s left it, marked above%s", plural(n, "message"), notMarked(unmarked))})
		out = asEntry
	}
	if o := d.messages(raw, list, func(int64) int { return num }); o.how != session.AsBookkeeping {
		out = o
	}
	return out
}

// takeBack takes messages out of the conversation, marking each run of
// them that shows entries with a line before it. It returns how many
// messages left, and how many runs far back were not marked: each mark
// moves the entries after it, so the marks of one call move at most about
// as many entries as the session has, the runs nearest the end first.
func (d *Decoder) takeBack(gone []*shown, why string) (n, unmarked int) {
	leaving := map[*shown]bool{}
	for _, m := range gone {
		leaving[m] = true
		delete(d.byID, m.id)
	}
	var starts []session.Entry // the first entry of each run
	inRun := false
	for _, m := range d.live {
		switch {
		case !leaving[m]:
			inRun = false
		case len(m.items) > 0 && !inRun:
			starts = append(starts, m.items[0].e)
			inRun = true
		}
	}
	d.live = slices.DeleteFunc(d.live, func(m *shown) bool { return leaving[m] })
	budget := len(d.s.Entries) + nearEnd
	for i := len(starts) - 1; i >= 0; i-- {
		first, entries := starts[i], d.s.Entries
		at := -1
		for k := len(entries) - 1; k >= max(len(entries)-budget, 0); k-- {
			if entries[k] == first {
				at = k
				break
			}
		}
		if at < 0 {
			return len(gone), i + 1
		}
		budget -= len(entries) - at
		b := session.Base(first)
		d.s.AddBefore(&session.Event{EntryBase: session.EntryBase{Seq: -1, Time: b.Time, Line: b.Line}, Kind: "rewound", Summary: why}, first)
	}
	return len(gone), 0
}

// notMarked says how many runs of messages taken back were not marked.
func notMarked(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s furthest back not marked)", plural(n, "run"))
}

// words are the first words of what a message's entries say.
func words(items []item) string {
	for _, it := range items {
		var text string
		switch e := it.e.(type) {
		case *session.UserMessage:
			text = session.TextOf(e.Content)
		case *session.AssistantText:
			text = e.Text
		case *session.Event:
			text = e.Summary
		case *session.Reasoning, *session.ToolCall, *session.TurnStart, *session.TurnEnd, *session.Plan, *session.Notice:
			// no words a person would know the message by
		}
		if l := firstLine(text); l != "" {
			return l
		}
	}
	return ""
}

// name names a message for a line: its first words, else its line.
func name(m *shown) string {
	if m.words == "" {
		return fmt.Sprintf("the message at line %d", m.line)
	}
	return fmt.Sprintf("%s (line %d)", quote(m.words), m.line)
}

// quote quotes a few words, cut to a line's worth.
func quote(s string) string {
	const most = 60
	if r := []rune(s); len(r) > most {
		s = string(r[:most-1]) + "…"
	}
	return "“" + s + "”"
}

func firstLine(text string) string {
	for l := range strings.SplitSeq(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}

func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %ss", n, one)
}
