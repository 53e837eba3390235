package index

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
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
	Kinds        []Kind // these kinds of text; none for all
	Limit        int    // hits at most; 0 for no limit
}

// Hit is one text that holds the query: its session, the card it is in
// (the viewer opens there) and a snippet of the first line it is found on.
type Hit struct {
	Session Session
	Entry   int   // the entry's place in session.Entries; a subagent's work is its call's
	Turn    int   // 0 before the first turn
	Seq     int64 // the entry's event seq; -1 if none
	Kind    Kind
	Snippet string // one line, untrusted: sanitise it to print it
	Match   [2]int // where the match is in Snippet, in bytes
}

// candidateLimit is how many candidates one query over the whole index
// gathers before it gives up ordering them all: a query so common is
// asked session by session, newest first, where its hits come at once.
const candidateLimit = 20000

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
	s.fetch, err = ix.conn().PrepareContext(ctx, `SELECT turn, seq, text FROM texts WHERE id = ?`)
	if err != nil {
		return err
	}
	defer s.fetch.Close()
	expr := matchExpr(m.Needs())
	if expr == "" {
		return s.scan(ctx)
	}
	ids, whole, err := s.candidates(ctx, expr)
	if err != nil || !whole {
		if err == nil {
			err = s.bySession(ctx, expr)
		}
		return s.ended(ctx, err)
	}
	for _, id := range ids {
		if err := s.check(ctx, id); err != nil {
			return s.ended(ctx, err)
		}
	}
	return nil
}

// searcher is one search under way.
type searcher struct {
	ix    *Index
	m     match.Matcher
	q     Query
	yield func(Hit) bool
	order []Session     // the sessions searched, newest first
	rank  map[int64]int // a session's place in order, by id
	kinds [len(kindNames)]bool
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
	s := &searcher{m: m, q: q, yield: yield, rank: map[int64]int{}}
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
	for _, x := range all {
		if s.keeps(x) {
			s.rank[x.ID] = len(s.order)
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

// wanted reports a text id the filters keep.
func (s *searcher) wanted(id int64) bool {
	_, ok := s.rank[sessionOf(id)]
	return ok && s.kinds[kindOf(id)]
}

// candidates are the ids of the texts holding every trigram of the query,
// in the order hits are given; whole is false when there are more than
// candidateLimit, and none are given.
func (s *searcher) candidates(ctx context.Context, expr string) (ids []int64, whole bool, err error) {
	rows, err := s.ix.conn().QueryContext(ctx, `SELECT rowid FROM grams WHERE grams MATCH ?`, expr)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, false, err
		}
		if !s.wanted(id) {
			continue
		}
		if len(ids) == candidateLimit {
			return nil, false, nil
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	sort.Slice(ids, func(i, j int) bool {
		a, b := s.rank[sessionOf(ids[i])], s.rank[sessionOf(ids[j])]
		if a != b {
			return a < b
		}
		return ids[i] < ids[j]
	})
	return ids, true, nil
}

// bySession asks for the candidates one session at a time, newest first.
func (s *searcher) bySession(ctx context.Context, expr string) error {
	stmt, err := s.ix.conn().PrepareContext(ctx, `SELECT rowid FROM grams WHERE grams MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, x := range s.order {
		first, last := sessionRows(x.ID)
		rows, err := stmt.QueryContext(ctx, expr, first, last)
		if err != nil {
			return err
		}
		var ids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			if s.wanted(id) {
				ids = append(ids, id)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, id := range ids {
			if err := s.check(ctx, id); err != nil {
				return err
			}
		}
	}
	return nil
}

// check reads a candidate's text and gives a hit if the query is in it.
func (s *searcher) check(ctx context.Context, id int64) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var turn int
	var seq int64
	var packed []byte
	err := s.fetch.QueryRowContext(ctx, id).Scan(&turn, &seq, &packed)
	if err == sql.ErrNoRows {
		return nil // gone since: another deck's update
	}
	if err != nil {
		return err
	}
	return s.try(id, turn, seq, packed)
}

// try gives a hit when the query is in a text.
func (s *searcher) try(id int64, turn int, seq int64, packed []byte) error {
	text, err := unpack(packed)
	if err != nil {
		return err
	}
	return s.give(Text{Entry: entryOf(id), Turn: turn, Seq: seq, Kind: kindOf(id), Text: text}, s.order[s.rank[sessionOf(id)]])
}

// give gives a hit when the query is in a text of session x; errEnough
// once no more are wanted.
func (s *searcher) give(t Text, x Session) error {
	span, ok := s.m.First(t.Text)
	if !ok {
		return nil
	}
	snip, at := snippet(t.Text, span)
	if !s.yield(Hit{Session: x, Entry: t.Entry, Turn: t.Turn, Seq: t.Seq, Kind: t.Kind, Snippet: snip, Match: at}) {
		return errEnough
	}
	if s.given++; s.q.Limit > 0 && s.given >= s.q.Limit {
		return errEnough
	}
	return nil
}

// scan tries every text of the sessions, newest first: a query with no
// three characters to filter by (a short one, a pattern such as \d+).
func (s *searcher) scan(ctx context.Context) error {
	stmt, err := s.ix.conn().PrepareContext(ctx, `SELECT id, turn, seq, text FROM texts WHERE id BETWEEN ? AND ? ORDER BY id`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, x := range s.order {
		if err := s.scanSession(ctx, stmt, x); err != nil {
			return s.ended(ctx, err)
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
		var id, seq int64
		var turn int
		var packed []byte
		if err := rows.Scan(&id, &turn, &seq, &packed); err != nil {
			return err
		}
		if !s.wanted(id) {
			continue
		}
		if err := s.try(id, turn, seq, packed); err != nil {
			return err
		}
	}
	return rows.Err()
}
