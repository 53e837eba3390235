package opencode_test

import (
	"context"
	"database/sql"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/opencode"
)

// While opencode has its store open in WAL mode and is writing it (a
// write transaction open, what it committed still in the WAL), deck reads
// what was committed, without waiting for the writer and without taking
// a lock the writer then waits on.
func TestReadsWhileOpenCodeWrites(t *testing.T) {
	path := store(t, [][4]string{{"ses_a", "", "first", "1"}}, []row{{"ses_a", "msg_1", userMsg, []string{`{"type":"text","text":"go"}`}}})
	w, err := sql.Open("sqlite", path+"?_pragma=journal_mode(WAL)&_pragma=wal_autocheckpoint(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.SetMaxOpenConns(1)
	ctx := context.Background()
	conn, err := w.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `INSERT INTO session VALUES ('ses_b', 'p', NULL, 's', '/proj', 'committed', 'v1', 5, 5)`); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, `BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, `INSERT INTO session VALUES ('ses_c', 'p', NULL, 's', '/proj', 'uncommitted', 'v1', 9, 9)`); err != nil {
		t.Fatal(err)
	}
	infos, err := opencode.Sessions(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(infos) != 2 || infos[0].ID != "ses_b" {
		t.Errorf("read %+v, want the committed ses_b and ses_a", infos)
	}
	b := session.NewBuilder()
	if err := opencode.Load(b, path, "ses_a"); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, `COMMIT`); err != nil {
		t.Errorf("the writer could not commit after deck read: %v", err)
	}
}
