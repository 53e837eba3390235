package index

import (
	"context"
	"database/sql"
	"errors"
	"github.com/deck-tui/deck/session/cardtext"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/deck-tui/deck/session/match"
)

// Query is what to search for, and where.
type Query struct {
	Text  string // deck's search rule (session/match): smart case, \ for a regular expression
	Agent string // one agent's sessions (catalog.AgentClaude, …); "" for all
	Cwd   string // sessions run in this folder or one below it; "" for all
	// Since and Until keep the sessions whose time (from their start to
	// their log's last change) meets the span; zero for no bound.
	Since, Until time.Time
	Kinds        []cardtext.Kind // these kinds of text; none for all
	Limit        int             // hits at most; 0 for no limit
}

// Hit is one text that holds the query: its session, the card it is in
// (the viewer opens there) and a snippet of the first line it is found on.
type Hit struct {
	Session Session
	Entry   int   // the entry's place in session.Entries; a subagent's work is its call's
	Turn    int   // 0 before the first turn
	Seq     int64 // the entry's event seq; -1 if none
	Kind    cardtext.Kind
	Snippet string // one line, untrusted: sanitise it to print it
	Match   [2]int // where the match is in Snippet, in bytes
	// Nested is the place of the entry nested in the card (a subagent's
	// work in a call) that holds the match, from 1, of NestedOf, depth first
	// (the viewer's "nested k of n"); 0 for the card's own text.
	Nested, NestedOf int
	Subagent         string // the name of the subagent whose work holds it, as its call's card heads it; untrusted
}

// Search finds the query in the index, newest session first and in each
// session in the order of its cards, giving each hit to yield until yield
// returns false, Limit hits are given, or ctx is done. A query that is no
// regular expression is a match.PatternError. It reads what the index
// holds: Update it first for what is on disk now.
func (ix *Index) Search(ctx context.Context, q Query, yield func(Hit) bool) error {
	m, err := match.New(q.Text)
	if err != nil || m.Empty() {
		return err
	}
	all, err := ix.sessions(ctx)
	if err != nil {
		return err
	}
	s := newSearcher(m, q, yield)
	s.ix = ix
	s.pick(all)
	if len(s.order) == 0 {
		return nil
	}
	s.fetch, err = ix.conn().PrepareContext(ctx, `SELECT data FROM chunks WHERE id = ?`)
	if err != nil {
		return err
	}
	defer s.fetch.Close()
	expr := matchExpr(m.Needs())
	if expr == "" {
		return s.ended(ctx, s.scan(ctx))
	}
	return s.ended(ctx, s.filtered(ctx, expr))
}

// searcher is one search under way.
type searcher struct {
	ix    *Index
	m     match.Matcher
	q     Query
	yield func(Hit) bool
	order []Session // the sessions searched, newest first
	kinds [cardtext.Kinds]bool
	fetch *sql.Stmt
	given int
}

// errEnough stops a search that has given all it was asked for.
var errEnough = errors.New("enough hits")

// ended is a search's outcome: having given enough is no error.
func (s *searcher) ended(ctx context.Context, err error) error {
	if err == errEnough {
		return nil
	}
	return err
}

// newSearcher starts a search for m.
func newSearcher(m match.Matcher, q Query, yield func(Hit) bool) *searcher {
	s := &searcher{m: m, q: q, yield: yield}
	for _, k := range q.Kinds {
		s.kinds[k] = true
	}
	if len(q.Kinds) == 0 {
		for k := range s.kinds {
			s.kinds[k] = true
		}
	}
	return s
}

// pick chooses the sessions the query's filters keep, newest first.
func (s *searcher) pick(all []Session) {
	q := s.q
	if q.Agent == "" && q.Cwd == "" && q.Since.IsZero() && q.Until.IsZero() {
		s.order = all // the list is shared, never changed
		return
	}
	s.order = make([]Session, 0, len(all))
	for _, x := range all {
		if s.keeps(x) {
			s.order = append(s.order, x)
		}
	}
}

// keeps reports a session the query's filters keep.
func (s *searcher) keeps(x Session) bool {
	q := s.q
	start := x.Started
	if start.IsZero() || start.After(x.Mod) {
		start = x.Mod
	}
	return (q.Agent == "" || x.Agent == q.Agent) &&
		(q.Cwd == "" || within(x.Cwd, q.Cwd)) &&
		(q.Since.IsZero() || !x.Mod.Before(q.Since)) &&
		(q.Until.IsZero() || !start.After(q.Until))
}

// within reports a folder that is dir or one below it.
func within(folder, dir string) bool {
	dir = filepath.Clean(dir)
	if folder == dir {
		return true
	}
	return strings.HasPrefix(folder, strings.TrimSuffix(dir, string(filepath.Separator))+string(filepath.Separator))
}

// readAhead is how many candidates a search reads before it gives a hit:
// a query with no more has them all, and gives them in the list's order
// whatever its sessions' ids; one with more is a common one, whose first
// hits are in the first sessions.
var readAhead = 20000

// filtered gives the hits among the chunks the full-text table keeps for
// expr. The table gives them by id, highest first, as one stream. When
// the stream ends within readAhead, each session's candidates are checked
// in its turn. Otherwise it is read no further than the hits asked for
// need: sessions' ids mostly follow their order (a session read later is
// newer, and has a higher id), so the stream gives each session's
// candidates in its turn; a session out of that order (an old one
// appended to, newer now than its id says) is asked for on its own, in
// its turn (inLine).
func (s *searcher) filtered(ctx context.Context, expr string) error {
	stream, err := s.ix.conn().QueryContext(ctx, `SELECT rowid FROM grams WHERE grams MATCH ? ORDER BY rowid DESC`, expr)
	if err != nil {
		return err
	}
	defer stream.Close()
	var ahead []int64
	more := true
	for more && len(ahead) < readAhead {
		var id int64
		if more = stream.Next(); more {
			if err := stream.Scan(&id); err != nil {
				return err
			}
			ahead = append(ahead, id)
		}
	}
	if err := stream.Err(); err != nil {
		return err
	}
	if !more {
		bySession := map[int64][]int64{}
		for _, id := range slices.Backward(ahead) { // in the order of the cards
			bySession[sessionOf(id)] = append(bySession[sessionOf(id)], id)
		}
		for _, x := range s.order {
			for _, id := range bySession[x.ID] {
				if err := s.check(ctx, id, x); err != nil {
					return err
				}
			}
		}
		return nil
	}
	next := func() (int64, bool, error) { // the read ahead, then the rest
		if len(ahead) > 0 {
			id := ahead[0]
			ahead = ahead[1:]
			return id, true, nil
		}
		if !stream.Next() {
			return 0, false, stream.Err()
		}
		var id int64
		err := stream.Scan(&id)
		return id, err == nil, err
	}
	one, err := s.ix.conn().PrepareContext(ctx, `SELECT rowid FROM grams WHERE grams MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid`)
	if err != nil {
		return err
	}
	defer one.Close()
	inLine := s.inLine()
	id, more, err := next()
	for i, x := range s.order {
		if err != nil {
			return err
		}
		first, last := sessionRows(x.ID)
		var ids []int64
		if inLine[i] {
			for more && id >= first {
				if id <= last {
					ids = append(ids, id)
				}
				if id, more, err = next(); err != nil {
					return err
				}
			}
			slices.Reverse(ids) // in the order of the cards
		} else if ids, err = sessionIDs(ctx, one, expr, first, last); err != nil {
			return err
		}
		for _, id := range ids {
			if err := s.check(ctx, id, x); err != nil {
				return err
			}
		}
	}
	return err
}

// sessionIDs are the ids one session's range of the table keeps for expr,
// in order.
func sessionIDs(ctx context.Context, stmt *sql.Stmt, expr string, first, last int64) ([]int64, error) {
	rows, err := stmt.QueryContext(ctx, expr, first, last)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// inLine marks the sessions of s.order whose ids fall as the order goes
// on: the most of them there can be (a longest falling run, not
// necessarily contiguous), so that the fewest are asked for on their own.
func (s *searcher) inLine() []bool {
	// tails[k] is the place in order of the session that ends the best
	// falling run of k+1 sessions found so far: the one with the highest
	// id, which leaves most room after it
	var tails []int
	before := make([]int, len(s.order)) // the session before each in its run; -1 none
	for i, x := range s.order {
		k := sort.Search(len(tails), func(k int) bool { return s.order[tails[k]].ID <= x.ID })
		before[i] = -1
		if k > 0 {
			before[i] = tails[k-1]
		}
		if k == len(tails) {
			tails = append(tails, i)
		} else {
			tails[k] = i
		}
	}
	in := make([]bool, len(s.order))
	if len(tails) > 0 {
		for i := tails[len(tails)-1]; i >= 0; i = before[i] {
			in[i] = true
		}
	}
	return in
}

// check reads a candidate chunk of session x and gives its texts that
// hold the query.
func (s *searcher) check(ctx context.Context, id int64, x Session) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var packed []byte
	err := s.fetch.QueryRowContext(ctx, id).Scan(&packed)
	if err == sql.ErrNoRows {
		return nil // gone since: another deck's update
	}
	if err != nil {
		return err
	}
	return s.try(packed, x)
}

// try gives the hits in the texts of a chunk of session x.
func (s *searcher) try(packed []byte, x Session) error {
	raw, err := unpack(packed)
	if err != nil {
		return err
	}
	texts, err := decodeTexts(raw)
	if err != nil {
		return err
	}
	for _, t := range texts {
		if !s.kinds[t.Kind] {
			continue
		}
		if err := s.give(t, x); err != nil {
			return err
		}
	}
	return nil
}

// give gives a hit when the query is in a text of session x; errEnough
// once no more are wanted.
func (s *searcher) give(t Text, x Session) error {
	span, ok := s.m.First(t.Text)
	if !ok {
		return nil
	}
	snip, at := snippet(t.Text, span)
	h := Hit{Session: x, Entry: t.Entry, Turn: t.Turn, Seq: t.Seq, Kind: t.Kind, Snippet: snip, Match: at}
	if n, ok := t.nestAt(span[0]); ok {
		h.Nested, h.NestedOf, h.Subagent = n.Place, t.NestedOf, n.Subagent
	}
	if !s.yield(h) {
		return errEnough
	}
	if s.given++; s.q.Limit > 0 && s.given >= s.q.Limit {
		return errEnough
	}
	return nil
}

// scan tries every text of the sessions, newest first: a query with no
// two characters to filter by (a single one, a pattern such as \d+).
func (s *searcher) scan(ctx context.Context) error {
	stmt, err := s.ix.conn().PrepareContext(ctx, `SELECT data FROM chunks WHERE id BETWEEN ? AND ? ORDER BY id`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, x := range s.order {
		if err := s.scanSession(ctx, stmt, x); err != nil {
			return err
		}
	}
	return nil
}

func (s *searcher) scanSession(ctx context.Context, stmt *sql.Stmt, x Session) error {
	first, last := sessionRows(x.ID)
	rows, err := stmt.QueryContext(ctx, first, last)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := ctx.Err(); err != nil {
			return err
		}
		var packed []byte
		if err := rows.Scan(&packed); err != nil {
			return err
		}
		if err := s.try(packed, x); err != nil {
			return err
		}
	}
	return rows.Err()
}
