package viewer

import "github.com/deck-tui/deck/ui/config"

// Configure takes what the config file says of the viewer: wrapping, how
// much collapsed cards keep, and keys.
func (v *Viewer) Configure(f config.File) {
	if f.Wrap != nil {
		v.nowrap = !*f.Wrap
	}
	v.limits = f.Collapse
	v.keys.rebind(f.Keys)
}
