package viewer

import (
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/follow"
)

// An item holds what the viewer needs to know of an entry to lay the
// transcript out, count it and step through it, read under the session's
// lock; the entry itself it holds as a clone, taken only when something
// reads it: a card drawn, copied, searched or counted. A session of a
// million entries read in the viewer held each twice, its own and a
// clone; now only those drawn are cloned while it is read, and none once
// it is final (sync.go's share).

// kind is what kind of entry an item is, as far as the filter, the counts
// and the outline ask.
type kind uint8

const (
	kindOther     kind = iota
	kindCall           // a tool call
	kindTurnStart      // a turn's start
	kindTurnEnd        // a turn's end
	kindReasoning      // the model's reasoning
	kindUser           // a person's prompt, a summary, a message of a source deck does not know
	kindInjected       // runtime context and other injected text
	kindNotice         // a notice
	kindEvent          // an event
	kindPlan           // a plan (a todo list)
)

// kindOfEntry is an entry's kind.
func kindOfEntry(e session.Entry) kind {
	switch x := e.(type) {
	case *session.ToolCall:
		return kindCall
	case *session.TurnStart:
		return kindTurnStart
	case *session.TurnEnd:
		return kindTurnEnd
	case *session.Reasoning:
		return kindReasoning
	case *session.UserMessage:
		switch x.Role {
		case session.RoleContext, session.RoleInjected, session.RoleSystemPrompt, session.RoleSystemPromptUpdate:
			return kindInjected
		}
		return kindUser
	case *session.Notice:
		return kindNotice
	case *session.Event:
		return kindEvent
	case *session.Plan:
		return kindPlan
	default:
		return kindOther
	}
}

// describeLazily is an entry's item without its clone, read under the
// session's lock: the entry is at index at of the session's entries.
func describeLazily(e session.Entry, at int) item {
	it := describe(e)
	it.e, it.at = nil, at
	return it
}

// entry is the entry of the shown card i, taken now if it was not.
func (v *Viewer) entry(i int) session.Entry { return v.take(v.items, i) }

// take is the entry of items[i] (the shown items, or all), a clone taken
// under the lock if it has none yet, and kept.
func (v *Viewer) take(items []item, i int) session.Entry {
	if items[i].e == nil {
		v.src.with(func(st follow.State) { items[i].e = cloneOf(st.Session, items[i]) })
	}
	return items[i].e
}

// entries is the entries of the shown cards, those not taken yet taken
// now, under one lock.
func (v *Viewer) entries() []session.Entry {
	out := make([]session.Entry, len(v.items))
	missing := false
	for i, it := range v.items {
		out[i] = it.e
		missing = missing || it.e == nil
	}
	if missing {
		v.src.with(func(st follow.State) {
			for i := range v.items {
				if v.items[i].e == nil {
					v.items[i].e = cloneOf(st.Session, v.items[i])
				}
				out[i] = v.items[i].e
			}
		})
	}
	return out
}

// cloneOf is a clone of the item's entry as the session holds it now,
// found where it was, else by its id. One the session dropped since the
// last sync (a streamed block its message replaced) stands as an empty
// notice until the next sync lets the item go.
func cloneOf(s *session.Session, it item) session.Entry {
	if it.at >= 0 && it.at < len(s.Entries) && session.Base(s.Entries[it.at]).ID == it.id {
		return session.Clone(s.Entries[it.at])
	}
	for i := len(s.Entries) - 1; i >= 0; i-- {
		if session.Base(s.Entries[i]).ID == it.id {
			return session.Clone(s.Entries[i])
		}
	}
	return &session.Notice{EntryBase: session.EntryBase{ID: it.id, Rev: it.rev, Seq: it.seq}, Info: true}
}
