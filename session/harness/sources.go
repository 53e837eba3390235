package harness

import "strings"

// producerKinds are the message source kinds the harness's producers write
// (its v3→v4 migration names them: the renamed plugins and the ones that
// kept their name). A kind outside them, and not a plugin's, is one deck
// does not know; the kinds are open, so such a message is shown as it is.
var producerKinds = map[string]bool{
	"system-prompt": true, "runtime-context": true, "compact-checkpoint": true, "ptc-mode": true,
	"compact-basic": true, "agent-instructions": true, "session-reference": true, "team-message": true,
	"goal": true, "skill-invocation": true, "skill-catalog": true, "coordinator": true,
	"subagent-report": true, "subagent-settled": true, "webhook": true, "agent-message": true,
	"model-selection": true, "plan-mode": true, "time-context": true, "tmux-context": true,
	"user-approval": true, "repeat-tool-reminder": true, "tool-cordis": true, "cordis-host-runner": true,
	"tool-goal": true, "tool-jobs": true, "hooks-codex": true, "hooks-claude-code": true,
	"schedule": true, "dsh-session-title-llm": true, "workspace-memory-llm": true,
	"workspace-instructions": true,
	// 0.2.1-alpha.2's attribution kinds: a notice that the working
	// directory moved, an answer to the model's question
	"working-directory": true, "user-question-reply": true,
}

// knownSource reports a user message's source kind deck knows: the
// person's, a producer's, or a plugin's (rc.8's "plugin" with its name,
// v4's "plugin:<name>").
func knownSource(kind string) bool {
	return kind == "user" || kind == "plugin" || strings.HasPrefix(kind, "plugin:") || producerKinds[kind]
}
