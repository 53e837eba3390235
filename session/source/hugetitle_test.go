package source_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// A title of a megabyte, from any format's title record or a first prompt
// of one line, is cut short and says how much was cut: it names the
// session in a row (the picker, deck ls, the header, a page's title), and
// every one of those measured the whole of it.
func TestAHugeTitleIsCutShort(t *testing.T) {
	big := strings.Repeat("t", 1<<20)
	harness := sessiontest.FirstLine
	hprompt := `{"type":"user/message","seq":1,"time":1,"data":{"content":[{"type":"text","text":"%s"}],"source":{"kind":"user"}}}`
	codexMeta := `{"timestamp":"2025-11-17T21:30:28.664Z","type":"session_meta","payload":{"id":"019a93b9-f380-7600-98ff-940e6b99603c","timestamp":"2025-11-17T21:30:28.608Z","cwd":"/w","originator":"codex_cli_rs","cli_version":"0.58.0"}}`
	codexPrompt := `{"timestamp":"2025-11-17T21:32:46.911Z","type":"event_msg","payload":{"type":"user_message","message":"%s","images":[]}}`
	claudePrompt := `{"type":"user","uuid":"u1","sessionId":"s1","cwd":"/w","version":"2.1.0","timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","content":"%s"}}`
	acpPrompt := `{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"sessionId":"s","prompt":[{"type":"text","text":"%s"}]}}`
	for name, log := range map[string]string{
		"harness session/title": harness + `{"type":"session/title","seq":0,"time":1,"data":{"title":"%s","messageSeqs":[],"source":{"kind":"fallback"}}}`,
		"harness prompt":        harness + hprompt,
		"codex prompt":          codexMeta + "\n" + codexPrompt,
		"codex thread name":     codexMeta + "\n" + `{"timestamp":"2025-11-17T21:32:47.000Z","type":"event_msg","payload":{"type":"thread_name_updated","thread_name":"%s"}}`,
		"claude prompt":         claudePrompt,
		"claude custom-title":   strings.Replace(claudePrompt, "%s", "hi", 1) + "\n" + `{"type":"custom-title","customTitle":"%s","sessionId":"s1"}`,
		"claude ai-title":       strings.Replace(claudePrompt, "%s", "hi", 1) + "\n" + `{"type":"ai-title","aiTitle":"%s","sessionId":"s1"}`,
		"claude summary":        `{"type":"summary","summary":"%s","leafUuid":"u1"}` + "\n" + strings.Replace(claudePrompt, "%s", "hi", 1),
		"acp prompt":            acpPrompt,
		"acp session info":      strings.Replace(acpPrompt, "%s", "hi", 1) + "\n" + `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"session_info_update","title":"%s"}}}`,
	} {
		s := sessiontest.ReadString(strings.Replace(log, "%s", big, 1) + "\n")
		kept, mark, cut := strings.Cut(s.Title, "…")
		if !cut || utf8.RuneCountInString(kept) != 480 || !strings.HasPrefix(big, kept) || mark != " (1.0 MB more)" {
			t.Errorf("%s: the title is %d bytes, %q…%q", name, len(s.Title), s.Title[:min(len(s.Title), 20)], s.Title[max(len(s.Title)-20, 0):])
		}
	}
}
