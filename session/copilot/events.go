package copilot

import (
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// The shapes Copilot CLI writes, from the JSON Schema of its events that
// the CLI ships (schemas/session-events.schema.json in @github/copilot).
// Only the fields deck reads are here; a field of the wrong JSON type
// makes its event a notice.

// envelope is what every line holds: the event's type and its data, when
// it happened, and whose it is (agentId: a subagent's; absent for the
// main agent's). An ephemeral event is a transient copy the CLI streams
// to its screen (a message's deltas, say) and does not mean to keep.
type envelope struct {
	Type      *string        `json:"type"`
	Data      jsontext.Value `json:"data"`
	ID        jsontext.Value `json:"id"`
	Timestamp string         `json:"timestamp"`
	AgentID   string         `json:"agentId"`
	Ephemeral bool           `json:"ephemeral"`
}

// owner names the subagent whose event this is, as the CLI tells it: the
// envelope's agentId, else the data's agentId, else (before agentId) the
// data's parentToolCallId, the id of the call that started the subagent.
type owner struct {
	AgentID          string `json:"agentId"`
	ParentToolCallID string `json:"parentToolCallId"`
}

// context is a WorkingDirectoryContext: where the session ran.
type context struct {
	Cwd        string `json:"cwd"`
	GitRoot    string `json:"gitRoot"`
	Branch     string `json:"branch"`
	Repository string `json:"repository"`
}

// startData is session.start's: the session, the CLI, the model.
type startData struct {
	SessionID      string           `json:"sessionId"`
	Version        *jsonline.Number `json:"version"`
	Producer       string           `json:"producer"`
	CopilotVersion string           `json:"copilotVersion"`
	StartTime      string           `json:"startTime"`
	SelectedModel  string           `json:"selectedModel"`
	Context        *context         `json:"context"`
}

// resumeData is session.resume's.
type resumeData struct {
	SelectedModel string   `json:"selectedModel"`
	Context       *context `json:"context"`
}

// userData is user.message's: what the person typed as the timeline shows
// it (content), and where it came from when the CLI wrote it in their
// place (source, isAutopilotContinuation).
type userData struct {
	Content                 string           `json:"content"`
	Source                  string           `json:"source"`
	IsAutopilotContinuation bool             `json:"isAutopilotContinuation"`
	AgentMode               string           `json:"agentMode"`
	Attachments             []jsontext.Value `json:"attachments"` // each read on its own
}

// attachment is what deck shows of one: its kind and what it names.
type attachment struct {
	Type        string `json:"type"`
	Path        string `json:"path"`
	FilePath    string `json:"filePath"`
	DisplayName string `json:"displayName"`
	URL         string `json:"url"`
	MimeType    string `json:"mimeType"`
}

// messageData is assistant.message's: the model's text, its reasoning
// when readable, the calls it asked for, its output tokens.
type messageData struct {
	MessageID     string           `json:"messageId"`
	Content       string           `json:"content"`
	ReasoningText *string          `json:"reasoningText"`
	ToolRequests  []jsontext.Value `json:"toolRequests"` // each read on its own
	OutputTokens  *jsonline.Number `json:"outputTokens"`
	Model         string           `json:"model"`
}

// toolRequest is one call a message asked for.
type toolRequest struct {
	ToolCallID       string         `json:"toolCallId"`
	Name             string         `json:"name"`
	Arguments        jsontext.Value `json:"arguments"`
	IntentionSummary *string        `json:"intentionSummary"`
	MCPServerName    string         `json:"mcpServerName"`
	MCPToolName      string         `json:"mcpToolName"`
}

// deltaData is a streamed piece of a message (assistant.message_delta) or
// of reasoning (assistant.reasoning_delta).
type deltaData struct {
	MessageID    string `json:"messageId"`
	ReasoningID  string `json:"reasoningId"`
	DeltaContent string `json:"deltaContent"`
}

// reasoningData is assistant.reasoning's.
type reasoningData struct {
	ReasoningID string `json:"reasoningId"`
	Content     string `json:"content"`
}

// startToolData is tool.execution_start's.
type startToolData struct {
	ToolCallID    string         `json:"toolCallId"`
	ToolName      string         `json:"toolName"`
	Arguments     jsontext.Value `json:"arguments"`
	MCPServerName string         `json:"mcpServerName"`
	MCPToolName   string         `json:"mcpToolName"`
}

// completeData is tool.execution_complete's: whether the tool worked, and
// what it said (its result, or its error).
type completeData struct {
	ToolCallID string         `json:"toolCallId"`
	Success    bool           `json:"success"`
	Result     *toolResult    `json:"result"`
	Error      *toolFailure   `json:"error"`
	Telemetry  jsontext.Value `json:"toolTelemetry"`
}

// toolResult is a ToolExecutionCompleteResult: the text the model got
// (content), the fuller text the CLI shows (detailedContent: an edit's
// diff), and structured blocks (a command's terminal and exit code).
type toolResult struct {
	Content         string           `json:"content"`
	DetailedContent *string          `json:"detailedContent"`
	Contents        []jsontext.Value `json:"contents"` // each read on its own
}

// block is one of a result's structured contents deck reads: text, a
// terminal's output and exit code, a finished shell command, an image.
type block struct {
	Type          string           `json:"type"`
	Text          string           `json:"text"`
	ExitCode      *jsonline.Number `json:"exitCode"`
	Cwd           string           `json:"cwd"`
	OutputPreview string           `json:"outputPreview"`
	MimeType      string           `json:"mimeType"`
	Data          string           `json:"data"`
	URI           string           `json:"uri"`
	Name          string           `json:"name"`
}

type toolFailure struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// subagentData is subagent.started's, .completed's and .failed's.
type subagentData struct {
	ToolCallID       string           `json:"toolCallId"`
	AgentName        string           `json:"agentName"`
	AgentDisplayName string           `json:"agentDisplayName"`
	Error            string           `json:"error"`
	DurationMs       *jsonline.Number `json:"durationMs"`
}

// shutdownData is session.shutdown's: the session's token totals, by
// kind of token (tokenDetails) and by model (modelMetrics).
type shutdownData struct {
	ShutdownType string                    `json:"shutdownType"`
	ErrorReason  string                    `json:"errorReason"`
	TokenDetails map[string]jsontext.Value `json:"tokenDetails"`
	ModelMetrics map[string]jsontext.Value `json:"modelMetrics"`
	CurrentModel string                    `json:"currentModel"`
}
