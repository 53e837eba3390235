package present

import (
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// Streaming derives the pending view of a call whose arguments are still
// arriving: the card the call will have, as far as its arguments go so far
// (a command, a path, a diff growing), never their raw text. Read
// tolerantly (jsonline.Partial), they are shown by the tool's presenter
// when they already fit its schema; else by its title alone, the fields
// still to come taken as empty (`Edit f.go` while old_string streams),
// or its name; a tool with no presenter as the finished generic card
// shows its input.
//
// Whole arguments are checked as Call checks them, against the declared
// schemas; partial ones only against the built-in ones, whose required
// keys are not all there yet.
func Streaming(name, raw string) session.CallView { return Declared(nil).Streaming(name, raw) }

// Streaming is the package's Streaming, checked against the declared schemas.
func (d Declared) Streaming(name, raw string) session.CallView {
	if _, ok := ParseArgs(raw); ok {
		return d.Call(name, raw)
	}
	a := Args(jsonline.Partial([]byte(raw)))
	if p := pick(name, a); p != nil && p.call != nil {
		if v := p.call(a); v != nil && session.CallTitle(v) != "" { // `$ ` and no command yet says nothing
			return v
		}
	}
	if _, known := presenters[name]; known {
		return titleSoFar(name, a)
	}
	return genericCall(name, "", a, true)
}

// titleSoFar is a generic card titled as the tool's presenter titles the
// call once its required strings still missing are given as "", else by
// the tool's name.
func titleSoFar(name string, a Args) session.GenericCallView {
	for p := presenters[name]; ; p = p.alt {
		filled := Args{}
		for k, v := range a {
			filled[k] = v
		}
		for key, f := range p.schema {
			if _, ok := filled[key]; !ok && f.required && f.kind == "string" && f.enum == nil {
				filled[key] = ""
			}
		}
		if p.call != nil && p.schema.accepts(filled) {
			v := p.call(filled)
			if t := session.CallTitle(v); t != "" {
				g := session.GenericCallView{Title: t}
				switch v := v.(type) {
				case session.GenericCallView:
					g.Kind, g.Locations = v.Kind, v.Locations
				case session.DiffCallView:
					g.Locations = v.Locations // the title's path reads as the card's will
				case session.TerminalCallView:
				}
				return g
			}
		}
		if p.alt == nil {
			return session.GenericCallView{Title: name}
		}
	}
}
