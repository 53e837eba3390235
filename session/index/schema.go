package index

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// schemaVersion is the schema's number, in PRAGMA user_version: an index
// of any other number is made again. Change it with the schema, and with
// anything that changes what a session's rows hold (the texts, their
// kinds), so that an old index is never read as a new one.
const schemaVersion = 3

// schema is the tables (docs/index.md, "Schema"). Times are Unix ms (a
// file's mtime, ns); 0 is unknown.
var schema = []string{
	`CREATE TABLE sessions (
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		path       TEXT NOT NULL UNIQUE,
		agent      TEXT NOT NULL,
		sid        TEXT NOT NULL,
		title      TEXT NOT NULL,
		cwd        TEXT NOT NULL,
		started    INTEGER NOT NULL,
		ended      INTEGER NOT NULL,
		size       INTEGER NOT NULL,
		mtime      INTEGER NOT NULL,
		inode      INTEGER NOT NULL,
		head       BLOB NOT NULL,
		head_len   INTEGER NOT NULL,
		closed     INTEGER NOT NULL,
		turns      INTEGER NOT NULL,
		calls      INTEGER NOT NULL,
		errors     INTEGER NOT NULL,
		tokens     INTEGER NOT NULL,
		not_shown  TEXT NOT NULL,
		unreadable TEXT NOT NULL,
		folder_mtime INTEGER NOT NULL,
		gen        INTEGER NOT NULL
	)`,
	// the rows written since the list was (list.go)
	`CREATE INDEX sessions_gen ON sessions (gen)`,
	`CREATE TABLE gone (id INTEGER NOT NULL, gen INTEGER NOT NULL)`,
	// the sessions as at a write, as one value (list.go)
	`CREATE TABLE list (id INTEGER PRIMARY KEY CHECK (id = 1), gen INTEGER NOT NULL, data BLOB NOT NULL)`,
	// a session's texts, a chunk a row (chunk.go): the id its first
	// text's, how many texts it holds, a hash of them, and them
	`CREATE TABLE chunks (
		id    INTEGER PRIMARY KEY,
		texts INTEGER NOT NULL,
		hash  INTEGER NOT NULL,
		data  BLOB NOT NULL
	)`,
	// the trigrams of each chunk as words (gramWords), contentless: the
	// texts are in chunks
	`CREATE VIRTUAL TABLE grams USING fts5(text, tokenize = 'ascii', detail = none, content = '', contentless_delete = 1)`,
	// the trigrams of a batch are held in memory until it commits, not
	// flushed each megabyte (FTS5's default) into segments to merge
	`INSERT INTO grams (grams, rank) VALUES ('hashsize', 67108864)`,
	`CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)`,
}

// setUp makes the schema in an empty database, or makes it again in one
// of another version, under the write lock: two decks opening a new index
// at once make it once. An index of this version (every start but the
// first) is only read: no write lock is taken, so a deck starts at once
// while another writes a long batch.
func (ix *Index) setUp() error {
	ctx := context.Background()
	c, err := ix.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer c.Close()
	if version, err := userVersion(ctx, c); err != nil || version == schemaVersion {
		return err // made already: its pages and its journal too
	}
	if err := journal(ctx, c); err != nil {
		return err
	}
	tx, err := c.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	version, err := userVersion(ctx, tx) // again, under the lock: another deck may have made it since
	if err != nil {
		return err
	}
	if version == schemaVersion {
		return tx.Commit()
	}
	var tables int
	if err := tx.QueryRow(`SELECT count(*) FROM sqlite_schema`).Scan(&tables); err != nil {
		return err
	}
	if tables > 0 {
		ix.note("the index at %s was made by another version of deck (schema %d, this one reads %d); it is made again", ix.path, version, schemaVersion)
		if err := dropAll(tx); err != nil {
			return err
		}
	}
	if err := makeSchema(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// userVersion is the schema's number the database holds; 0 in a new one.
func userVersion(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}) (int, error) {
	var version int
	err := q.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version)
	return version, err
}

// makeSchema makes the tables in an empty database.
func makeSchema(tx *sql.Tx) error {
	for _, stmt := range schema {
		if _, err := tx.Exec(stmt); err != nil {
			return fmt.Errorf("making the index: %w", err)
		}
	}
	_, err := tx.Exec(fmt.Sprintf(`PRAGMA user_version = %d`, schemaVersion))
	return err
}

// dropAll drops every table, virtual ones first (a full-text table drops
// its own shadow tables with it).
func dropAll(tx *sql.Tx) error {
	rows, err := tx.Query(`SELECT name, sql LIKE 'CREATE VIRTUAL%' FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY 2 DESC`)
	if err != nil {
		return err
	}
	var names []string
	for rows.Next() {
		var name string
		var virtual bool
		if err := rows.Scan(&name, &virtual); err != nil {
			rows.Close()
			return err
		}
		names = append(names, name)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, name := range names {
		// a shadow table is gone with its virtual one
		if _, err := tx.Exec(`DROP TABLE IF EXISTS "` + strings.ReplaceAll(name, `"`, `""`) + `"`); err != nil {
			return err
		}
	}
	return nil
}
