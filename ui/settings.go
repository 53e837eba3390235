package ui

import "github.com/deck-tui/deck/ui/config"

// configure takes what the config file says of the viewer: wrapping, how
// much collapsed cards keep, and keys.
func (v *viewer) configure(f config.File) {
	if f.Wrap != nil {
		v.nowrap = !*f.Wrap
	}
	v.limits = f.Collapse
	v.keys.rebind(f.Keys)
}
