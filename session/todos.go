package session

// A todo_write call as the harness's 0.2 web client draws its row
// (packages/client/ui-tool: the todo row, its plan summary and todo diff):
// the list in one line, and what the call changed in the list the log
// recorded before it. Both are deck's, on the generic views, not the union's.

// TodoSummary is a todo list in one line: how many of its items are done,
// the first in progress, and how many more are in progress beside it.
type TodoSummary struct {
	Done, Total int
	Active      string // the first item in progress; "" when none is, or its text is blank
	MoreActive  int    // the items in progress besides Active; 0 when Active is ""
}

// TodoChangeKind is what a todo_write did to one item.
type TodoChangeKind int

const (
	TodoAdded         TodoChangeKind = iota + 1 // not in the list before
	TodoStatusChanged                           // its status moved (Was → Status)
	TodoMoved                                   // the same status, another place among the items kept
	TodoRemoved                                 // in the list before, not now
)

// TodoChange is one item a todo_write added, changed, moved or removed: as
// the new list has it, or, removed, as the old one had it.
type TodoChange struct {
	PlanItem
	Kind TodoChangeKind
	Was  string // its status before, for TodoStatusChanged
}

// TodoChanges is what a finished todo_write did to the list the log's last
// todo/write before the call recorded. Items are told apart by their text.
type TodoChanges struct {
	First                   bool         // no list was recorded before it: every item is new
	Changed                 []TodoChange // in the new list's order, then the removed in the old one's
	Unchanged               []PlanItem   // the items it kept as they were, in order
	Added, Updated, Removed int
}
