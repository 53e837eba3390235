package kit

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"
)

// CallTimeout bounds a call to the host: it answers at once or not at all.
const CallTimeout = 30 * time.Second

// Call runs a call to the host off the update loop.
func Call[T tea.Msg](f func(ctx context.Context) T) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), CallTimeout)
		defer cancel()
		return f(ctx)
	}
}
