package viewer

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/session/follow"
	"github.com/deck-tui/deck/session/live"
	"github.com/deck-tui/deck/theme"
)

// The prompt box sends with the mode a person means: enter queues the
// prompt (the next turn, or at once when idle), ctrl+enter or ctrl+s steers
// the running turn; an empty prompt is never sent; ↑ recalls earlier ones.
func TestPromptModes(t *testing.T) {
	var mu sync.Mutex
	var bodies []string
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		bodies = append(bodies, string(b))
		mu.Unlock()
		rpc := strings.SplitN(strings.SplitN(string(b), `"rpcId":"`, 2)[1], `"`, 2)[0]
		io.WriteString(w, `{"type":"server-response","rpcId":"`+rpc+`","result":{"ok":true,"value":{"accepted":true}}}`)
	}))
	defer host.Close()
	c, err := live.New(host.URL, live.Options{})
	if err != nil {
		t.Fatal(err)
	}
	v := New(LogFeed(follow.Stream("s", strings.NewReader(""))), theme.Dark(), true)
	v.live = newLiveState(c, "s1")
	send := func(text string, key tea.KeyPressMsg) {
		t.Helper()
		v.live.prompt.SetValue(text)
		cmd, handled := v.liveKey(key)
		if !handled {
			t.Fatalf("%q: the prompt box did not take %s", text, key)
		}
		if cmd != nil {
			cmd()
		}
	}
	enter := tea.KeyPressMsg{Code: tea.KeyEnter}
	ctrlS := tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}
	send("first", enter)
	send("idle steer", ctrlS)
	v.live.running = true
	send("queued", enter)
	send("steered", ctrlS)
	send("   ", enter)
	mu.Lock()
	defer mu.Unlock()
	want := []string{`"mode":"queue"`, `"mode":"queue"`, `"mode":"queue"`, `"mode":"steer"`}
	if len(bodies) != len(want) {
		t.Fatalf("%d prompts sent, want %d: %q", len(bodies), len(want), bodies)
	}
	for i, w := range want {
		if !strings.Contains(bodies[i], w) {
			t.Errorf("prompt %d: %s, want %s", i, bodies[i], w)
		}
	}
	v.live.prompt.SetValue("")
	v.liveKey(tea.KeyPressMsg{Code: tea.KeyUp})
	if got := v.live.prompt.Value(); got != "steered" {
		t.Errorf("↑ recalled %q, want the last prompt", got)
	}
}
