package viewer

// KeyHelp is one action of the viewer as its help lists it: the keys it
// is bound to by default, named as the config file's [keys] table names
// them, and what it does.
type KeyHelp struct {
	Keys []string
	Desc string
}

// Keys is every action of the viewer with its default keys, in the order
// of its help overlay: for the man page.
func Keys() []KeyHelp {
	var out []KeyHelp
	for _, column := range newKeyMap().FullHelp() {
		for _, b := range column {
			out = append(out, KeyHelp{Keys: b.Keys(), Desc: b.Help().Desc})
		}
	}
	return out
}
