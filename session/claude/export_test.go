package claude

// What the external tests see of the reader's insides.

const (
	SourceCaller  = sourceCaller
	SourceCompact = sourceCompact
)
