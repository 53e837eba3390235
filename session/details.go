package session

// Details is deck's, not the union's: the fields the harness's web client
// lists for a result it knows the shape of (its details row), read from the
// recorded result text and the call's arguments (session/present's
// details rules). A result of another shape has none and stays raw.
type Details struct {
	Summary string // the row's one-line sum: a count, the item's name
	Items   []DetailItem
	Empty   string // said when Items is empty ("No results")
	Caption string // said under the items: more to page, a search's cap
}

// DetailItem is one entity or receipt of a result: a terminal, a location,
// a model.
type DetailItem struct {
	Title       string
	Subtitle    string // its id when the title is its name, a position
	Badge       string // its state: "Running", "Closed"
	Description string
	Fields      []DetailField
	Code        string   // output the item carries (a terminal's text)
	Lines       []string // lines it lists as recorded (a trace's tree, a report's evidence)
	// Depth is how deep in a record the item sits: the items of a field
	// holding a record or a list follow an item titled with its label,
	// one deeper (the client's disclosure groups).
	Depth int
}

// DetailField is one labelled value of an item.
type DetailField struct{ Label, Value string }
