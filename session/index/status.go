package index

import (
	"context"
	"database/sql"
	"os"
	"time"
)

// Status is what `deck index --status` says of the index.
type Status struct {
	Path      string
	Sessions  int
	Texts     int       // texts of cards, each one kind of one entry's
	LogBytes  int64     // the logs' bytes, as last read
	DiskBytes int64     // the database's, its write-ahead log's included
	Updated   time.Time // the last write; zero before the first
}

// Status counts what the index holds.
func (ix *Index) Status(ctx context.Context) (Status, error) {
	st := Status{Path: ix.path}
	var logBytes sql.NullInt64
	if err := ix.conn().QueryRowContext(ctx, `SELECT count(*), sum(size) FROM sessions`).Scan(&st.Sessions, &logBytes); err != nil {
		return st, err
	}
	st.LogBytes = logBytes.Int64
	if err := ix.conn().QueryRowContext(ctx, `SELECT coalesce(sum(texts), 0) FROM chunks`).Scan(&st.Texts); err != nil {
		return st, err
	}
	var updated int64
	err := ix.conn().QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'updated'`).Scan(&updated)
	if err != nil && err != sql.ErrNoRows {
		return st, err
	}
	st.Updated = millis(updated)
	for _, p := range ix.files() {
		if info, err := os.Stat(p); err == nil {
			st.DiskBytes += info.Size()
		}
	}
	return st, nil
}

// Rebuild empties the index, for an update to fill from nothing: its
// tables are made again in one transaction (a deck reading it meanwhile
// sees it whole, then empty), and the file shrinks.
func (ix *Index) Rebuild(ctx context.Context) error {
	tx, err := ix.conn().BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := dropAll(tx); err != nil {
		return err
	}
	if err := makeSchema(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = ix.conn().ExecContext(ctx, `VACUUM`)
	return err
}
