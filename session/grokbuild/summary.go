package grokbuild

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/internal/regular"
)

// A session folder holds summary.json beside its chat history: what Grok
// Build lists a session by (xai-grok-shell, session/persistence.rs,
// Summary). The chat history never says the session's id, folder, title
// or model; the summary does.

// NewestVersion is the newest chat_format_version deck reads: 0, the
// older chat-message lines, and 1, the ConversationItem lines
// (persistence.rs, CHAT_FORMAT_VERSION).
const NewestVersion = 1

// maxSummaryBytes bounds how much of a summary.json is read: Grok Build
// writes a kilobyte or two.
const maxSummaryBytes = 1 << 20

// Summary is what a session's summary.json says of it.
type Summary struct {
	Found     bool   // the folder holds a summary deck could read
	ID, Cwd   string // info.id, info.cwd
	Title     string // its display title: generated_title, else session_summary
	CreatedAt int64  // ms; 0 when it does not say
	Model     string // current_model_id
	Kind      string // session_kind: "subagent", "fork", …; "" for a session of its own
	AgentName string // agent_name: the agent definition it ran as
	Version   int64  // chat_format_version (0 when absent, as Grok Build reads it)
	// Hidden is a session Grok Build lists only inside its parent
	// (Summary::is_hidden): hidden when it says so, else a subagent's.
	Hidden bool
}

// SummaryOf reads the summary.json beside a session's chat history (a
// zero Summary when there is none, or it is no JSON object).
func SummaryOf(log string) Summary {
	if log == "" {
		return Summary{}
	}
	return readSummary(filepath.Join(filepath.Dir(log), "summary.json"))
}

func readSummary(path string) Summary {
	data, err := regular.ReadCapped(path, maxSummaryBytes)
	if err != nil {
		return Summary{}
	}
	v, err := jsonline.Any(data)
	if err != nil {
		return Summary{}
	}
	m, ok := jsonline.AsObject(v)
	if !ok {
		return Summary{}
	}
	s := Summary{Found: true, Model: jsonline.Str(m, "current_model_id"), Kind: jsonline.Str(m, "session_kind"),
		AgentName: jsonline.Str(m, "agent_name")}
	if info, ok := jsonline.AsObject(m["info"]); ok {
		s.ID, s.Cwd = jsonline.Str(info, "id"), jsonline.Str(info, "cwd")
	}
	s.Title = strings.TrimSpace(jsonline.Str(m, "generated_title"))
	if s.Title == "" {
		s.Title = strings.TrimSpace(jsonline.Str(m, "session_summary"))
	}
	if t, err := time.Parse(time.RFC3339Nano, jsonline.Str(m, "created_at")); err == nil {
		s.CreatedAt = t.UnixMilli()
	}
	if n, ok := jsonline.Int(m["chat_format_version"]); ok {
		s.Version = n
	}
	s.Hidden = strings.HasPrefix(s.Kind, "subagent")
	if h, ok := m["hidden"].(bool); ok {
		s.Hidden = h
	}
	return s
}

// NewerFormatError says a session's chat history is of a format newer
// than deck reads.
type NewerFormatError struct{ Version int64 }

func (e *NewerFormatError) Error() string {
	return fmt.Sprintf("this Grok Build session's chat history is format version %d (its summary.json's chat_format_version); deck reads versions 0 and 1, so it is not shown: a newer deck may read it", e.Version)
}

// Unsupported is why the session is not shown as understood: a format
// newer than deck reads; nil for one it reads.
func (s Summary) Unsupported() error {
	if s.Version > NewestVersion {
		return &NewerFormatError{Version: s.Version}
	}
	return nil
}
