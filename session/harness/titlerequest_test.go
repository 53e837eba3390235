package harness_test

import (
	"testing"

	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// session/title-llm-request is bookkeeping, but for the model the harness
// asked for the title and, recorded since 2026-10-07, the effort it asked
// at: the newest request's.
func TestATitleRequestSaysItsModelAndEffort(t *testing.T) {
	req := func(seq, model, effort string) string {
		e := ""
		if effort != "" {
			e = `,"reasoningEffort":"` + effort + `"`
		}
		return `{"type":"session/title-llm-request","seq":` + seq + `,"time":1,"data":{"titleProvider":"p","messageSeqs":[],"route":{"provider":"deepseek","model":"` + model + `"},"system":"s","maxTokens":64,"messages":[]` + e + "}}\n"
	}
	s := sessiontest.ReadString(headerV5 + req("0", "deepseek-v4-pro", "") + req("1", "deepseek-v4-flash", "low"))
	sessiontest.NoNotices(t, s)
	if s.TitleModel != "deepseek-v4-flash" || s.TitleEffort != "low" {
		t.Errorf("title model %q at effort %q, want deepseek-v4-flash at low", s.TitleModel, s.TitleEffort)
	}
	if s.Hidden["session/title-llm-request"] != 2 {
		t.Errorf("not bookkeeping: %v", s.Hidden)
	}
	if s := sessiontest.ReadString(headerV5 + req("0", "deepseek-v4-pro", "")); s.TitleEffort != "" {
		t.Errorf("an effort not recorded: %q", s.TitleEffort)
	}
}
