package session

// What the external tests see of the readers' insides.

const (
	ACPMaxValueLines    = acpMaxValueLines
	ClaudeSourceCaller  = claudeSourceCaller
	ClaudeSourceCompact = claudeSourceCompact
)
