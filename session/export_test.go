package session

// What the external tests see of the readers' insides.

const (
	ClaudeSourceCaller  = claudeSourceCaller
	ClaudeSourceCompact = claudeSourceCompact
)
