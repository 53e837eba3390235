package opencode

import (
	"database/sql"
	"fmt"

	"github.com/deck-tui/deck/session"
)

// Load fills s from the session id of the store at path; with no id, from
// its newest session that is no subagent's (Sessions lists them all). A
// subagent's session is read into the task call that ran it.
func Load(s *session.Builder, path, id string) error {
	db, err := openDB(path)
	if err != nil {
		return err
	}
	defer db.Close()
	info, err := pick(db, id)
	if err != nil {
		return err
	}
	recs, err := records(db, info.ID)
	if err != nil {
		return err
	}
	child := func(id string) []Record {
		r, _ := records(db, id) // a subagent's session that cannot be read leaves its card without it
		return r
	}
	Decode(s, info, recs, child)
	return nil
}

// pick is the session named id, or the newest top-level one.
func pick(db *sql.DB, id string) (Info, error) {
	all, err := sessions(db, id)
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
		return Info{}, fmt.Errorf("opencode's store holds no session %q", id)
	}
	return Info{}, fmt.Errorf("opencode's store holds no session yet")
}

// ReadRecords reads the session id of the store at path (its newest
// top-level one for ""): its row and its records, as Load decodes them.
func ReadRecords(path, id string) (Info, []Record, error) {
	db, err := openDB(path)
	if err != nil {
		return Info{}, nil, err
	}
	defer db.Close()
	info, err := pick(db, id)
	if err != nil {
		return Info{}, nil, err
	}
	recs, err := records(db, info.ID)
	return info, recs, err
}
