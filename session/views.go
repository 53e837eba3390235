package session

// The harness's render intents (packages/core/tools/src/presentation.ts): a
// call view while a tool call is pending and a result view once it is done,
// each a closed union tagged by `card`. Field names follow the harness; an
// optional string the harness may omit is "" here, an optional number a
// pointer.

// CallView is how a pending tool call is shown.
//
//sumtype:decl
type CallView interface {
	Card() string
	callView()
}

// ResultView is how a completed tool call is shown.
//
//sumtype:decl
type ResultView interface {
	Card() string
	// ResultTitle replaces the pending title when it is not "".
	ResultTitle() string
	resultView()
}

// ToolCallKind is the harness's category of a call (read, edit, search, …).
type ToolCallKind string

// FileLocation is a file a call reads or changes, with an optional 1-based line.
type FileLocation struct {
	Path string `json:"path"`
	Line int    `json:"line,omitzero"`
}

// FileDiff is one change to one file; OldText is nil for a new file, or,
// with Whole, for a file written whole that may have existed before (the
// harness's write says oldText null for both).
type FileDiff struct {
	Path    string  `json:"path"`
	OldText *string `json:"oldText"`
	NewText string  `json:"newText"`
	Whole   bool    `json:"-"`
}

// GenericCallView is the default pending card: a title, and optionally the
// salient input and content blocks.
type GenericCallView struct {
	Title     string         `json:"title"`
	Kind      ToolCallKind   `json:"kind,omitempty"`
	RawInput  any            `json:"rawInput,omitzero"`
	Content   []ContentBlock `json:"content,omitempty"`
	Locations []FileLocation `json:"locations,omitempty"`
	// Todos is deck's, not the union's: a todo_write call's list in one
	// line (session/todos.go); nil for any other call.
	Todos *TodoSummary `json:"-"`
}

// TerminalCallView is a shell command about to run: Title is the command.
type TerminalCallView struct {
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
	Cwd         string `json:"cwd,omitempty"`
}

// DiffCallView is a file change derived from the call's arguments.
type DiffCallView struct {
	Title     string         `json:"title"`
	Diffs     []FileDiff     `json:"diffs"`
	Locations []FileLocation `json:"locations,omitempty"`
}

func (GenericCallView) Card() string  { return "generic" }
func (TerminalCallView) Card() string { return "terminal" }
func (DiffCallView) Card() string     { return "diff" }
func (GenericCallView) callView()     {}
func (TerminalCallView) callView()    {}
func (DiffCallView) callView()        {}

// GenericResultView is the default completed card; with no Content the raw
// result content is shown.
type GenericResultView struct {
	Title   string         `json:"title,omitempty"`
	Content []ContentBlock `json:"content,omitempty"`
	// Gallery is deck's, not the union's: the images a tool returned
	// (read_image), which the harness's web client draws as a gallery on
	// the row, deliberately no card of its own.
	Gallery *Gallery `json:"-"`
	// Todos is deck's too: what a todo_write that finished well changed
	// in the list recorded before it (session/todos.go); nil for any
	// other result.
	Todos *TodoChanges `json:"-"`
	// Details is deck's too: the fields the web client's details row
	// lists for a result of a shape it knows (session/details.go); nil
	// when the result is shown raw.
	Details *Details `json:"-"`
	// DetailsNote is deck's too: said above the raw result of a tool the
	// web client lists as details when the result is in no shape it
	// reads (the client falls back to its generic output silently).
	DetailsNote string `json:"-"`
}

// Gallery is the images of a result and the file they were read from: the
// list a terminal that can draw images (kitty, iTerm2, sixel) would draw.
type Gallery struct {
	Path   string         // the file, as its result's meta recorded it (or the call named it)
	Images []ContentBlock // the result's image blocks, in order
}

// TerminalResultView is a finished command: its output and how it ended.
type TerminalResultView struct {
	Title    string `json:"title,omitempty"`
	Output   string `json:"output,omitempty"`
	ExitCode *int   `json:"exitCode,omitzero"`
	Signal   string `json:"signal,omitempty"`
	// Cwd is deck's, not the view's: the absolute folder the command ran
	// in, as its result's meta recorded it (the 0.2 harness's meta.cwd);
	// "" when it did not.
	Cwd string `json:"-"`
}

// DiffResultView is an applied file change, one FileDiff per hunk.
type DiffResultView struct {
	Title string     `json:"title,omitempty"`
	Diffs []FileDiff `json:"diffs"`
}

// SearchLineMatch is one matched line of a file.
type SearchLineMatch struct {
	LineNumber int    `json:"lineNumber"`
	Line       string `json:"line"`
}

// SearchFileMatches is one file's matched lines.
type SearchFileMatches struct {
	Path    string            `json:"path"`
	Matches []SearchLineMatch `json:"matches"`
}

// SearchMatchesResultView is a content search (grep) grouped by file
// (shape "matches").
type SearchMatchesResultView struct {
	Title     string              `json:"title,omitempty"`
	Files     []SearchFileMatches `json:"files"`
	Truncated bool                `json:"truncated"`
	Total     int                 `json:"total"`
	// Match is deck's, not the harness's: a Go regular expression of what
	// the search matched in each line, made by a reader from a shell
	// search's words (rg, grep); "" when the call's arguments say it.
	Match string `json:"-"`
}

// SearchPathsResultView is a path search (glob): a list of paths (shape "paths").
type SearchPathsResultView struct {
	Title     string   `json:"title,omitempty"`
	Paths     []string `json:"paths"`
	Truncated bool     `json:"truncated"`
	Total     int      `json:"total"`
}

// ReadFileLine is one line of a file with its own 1-based number.
type ReadFileLine struct {
	Number int    `json:"number"`
	Text   string `json:"text"`
}

// ReadResultView is a window of a file read: its lines keep the file's numbers.
type ReadResultView struct {
	Title  string         `json:"title,omitempty"`
	Path   string         `json:"path"`
	Offset int            `json:"offset"`
	Lines  []ReadFileLine `json:"lines"`
	// TotalLines is the file's length as the tool's output says it; 0 when
	// it does not (a window from sed -n, a read with no total): no card
	// claims one then.
	TotalLines int            `json:"totalLines"`
	Lang       string         `json:"lang,omitempty"`
	Content    []ContentBlock `json:"content,omitempty"`
}

// WebSource is one source a web search cited.
type WebSource struct {
	URL         string `json:"url"`
	Title       string `json:"title,omitempty"`
	Snippet     string `json:"snippet,omitempty"`
	PublishedAt string `json:"publishedAt,omitempty"`
}

// WebSearchResultView is a web search's sources and answer (kind "search").
type WebSearchResultView struct {
	Title     string      `json:"title,omitempty"`
	Sources   []WebSource `json:"sources"`
	Answer    string      `json:"answer,omitempty"`
	Truncated bool        `json:"truncated"`
}

// WebFetchResultView is a fetched URL and its status (kind "fetch").
type WebFetchResultView struct {
	Title      string `json:"title,omitempty"`
	URL        string `json:"url"`
	StatusCode int    `json:"statusCode"`
	Truncated  bool   `json:"truncated"`
}

func (GenericResultView) Card() string       { return "generic" }
func (TerminalResultView) Card() string      { return "terminal" }
func (DiffResultView) Card() string          { return "diff" }
func (SearchMatchesResultView) Card() string { return "search" }
func (SearchPathsResultView) Card() string   { return "search" }
func (ReadResultView) Card() string          { return "read" }
func (WebSearchResultView) Card() string     { return "web" }
func (WebFetchResultView) Card() string      { return "web" }

func (v GenericResultView) ResultTitle() string       { return v.Title }
func (v TerminalResultView) ResultTitle() string      { return v.Title }
func (v DiffResultView) ResultTitle() string          { return v.Title }
func (v SearchMatchesResultView) ResultTitle() string { return v.Title }
func (v SearchPathsResultView) ResultTitle() string   { return v.Title }
func (v ReadResultView) ResultTitle() string          { return v.Title }
func (v WebSearchResultView) ResultTitle() string     { return v.Title }
func (v WebFetchResultView) ResultTitle() string      { return v.Title }

func (GenericResultView) resultView()       {}
func (TerminalResultView) resultView()      {}
func (DiffResultView) resultView()          {}
func (SearchMatchesResultView) resultView() {}
func (SearchPathsResultView) resultView()   {}
func (ReadResultView) resultView()          {}
func (WebSearchResultView) resultView()     {}
func (WebFetchResultView) resultView()      {}
