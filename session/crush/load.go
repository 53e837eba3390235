package crush

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/deck-tui/deck/session"
)

// Load fills s from the session id of the store at path; with no id, from
// its newest session that is no subagent's (Sessions lists them all). A
// subagent's session is read into the agent call that ran it.
func Load(s *session.Builder, path, id string) error {
	db, err := openDB(path)
	if err != nil {
		return err
	}
	defer db.Close()
	info, recs, err := read(db, path, id)
	if err != nil {
		return err
	}
	Decode(s, info, recs, subagents(db))
	return nil
}

// ReadRecords reads the session id of the store at path (its newest
// top-level one for ""): its row and its records, as Load decodes them.
func ReadRecords(path, id string) (Info, []Record, error) {
	db, err := openDB(path)
	if err != nil {
		return Info{}, nil, err
	}
	defer db.Close()
	return read(db, path, id)
}

func read(db *sql.DB, path, id string) (Info, []Record, error) {
	info, err := pick(db, path, id)
	if err != nil {
		return Info{}, nil, err
	}
	recs, err := records(db, info.ID)
	return info, recs, err
}

// pick is the session named id, or the newest top-level one.
func pick(db *sql.DB, path, id string) (Info, error) {
	all, err := sessions(db, path, id)
	if err != nil {
		return Info{}, err
	}
	for _, in := range all {
		if id != "" || in.ParentID == "" {
			return in, nil
		}
	}
	if len(all) > 0 {
		return all[0], nil
	}
	if id != "" {
		return Info{}, fmt.Errorf("the Crush store holds no session %q", id)
	}
	return Info{}, errors.New("the Crush store holds no session yet")
}

// subagents finds the session a call ran, by its parent's id and the
// call's, with its records.
func subagents(db *sql.DB) Children {
	byParent := map[string]map[string]string{}
	return func(parent, call string) (string, []Record) {
		ids, ok := byParent[parent]
		if !ok {
			ids, _ = children(db, parent) // a store that cannot say leaves each agent call without its work
			byParent[parent] = ids
		}
		id, ok := ids[call]
		if !ok {
			return "", nil
		}
		r, _ := records(db, id)
		return id, r
	}
}
