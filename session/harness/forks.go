package harness

import (
	"fmt"

	"github.com/deck-tui/deck/session"
)

// The harness itself writes formats v0 to v4 (0.2.1-alpha.2 still writes
// v4). Forks numbered their own changes on from there, each its own way
// (docs/format.md, "Format versions"), so a number past v4 says only that
// some fork wrote the log: deck reads what it knows by content, and an
// event it does not know is a notice in its place.

// UpstreamVersion is the newest format the harness itself writes.
const UpstreamVersion = 4

// NewestVersion is the newest format number deck reads: the highest any
// fork is known to write (CoHarness's v7). A log numbered past it is newer
// than every format deck knows of, and only its header is shown.
const NewestVersion = 7

// forksOf is, for each number past UpstreamVersion, the forks known to
// write a format of that number (each fork's docs/persistence-changes).
var forksOf = map[int64][]string{
	5: {"quockhang", "TnzGit", "ArthitDev", "CoHarness"},
	6: {"quockhang", "CoHarness"},
	7: {"CoHarness"},
}

// ForkOf is what a format number says of the log's writer: for a number
// only forks wrote, which forks write one; nothing for the harness's own
// numbers and for those no one is known to write.
func ForkOf(v int64) session.Fork { return session.Fork{Known: forksOf[v]} }

// forkSign is what gives a fork's log away: the fork, and the sign in words.
type forkSign struct{ fork, sign string }

// forkEvents are event types only one fork writes (its change records in
// docs/persistence-changes name them).
var forkEvents = map[string]forkSign{
	"agent/degenerate-response":    {"TnzGit", "agent/degenerate-response events"},
	"agent/max-token-continuation": {"TnzGit", "agent/max-token-continuation events"},
	"gateway/execution":            {"CoHarness", "gateway/execution events"},
	"web-search/mode":              {"ArthitDev", "web-search/mode events"},
}

func init() {
	// quockhang's governance kernel: each of its records carries
	// data.metadata, whose provenance its v6 renamed sourceRef.
	for _, t := range []string{"action/committed", "action/decided", "budget/exceeded", "checkpoint/created",
		"checkpoint/resumed", "claim/updated", "delegation/issued", "delegation/received", "evidence/recorded",
		"failure/recorded", "hypothesis/updated", "recovery/decided", "recovery/started", "task/created",
		"task/plan", "task/transitioned", "verification/requested", "verification/result"} {
		forkEvents[t] = forkSign{"quockhang", "governance events (" + t + ")"}
	}
}

// forkSources are message source kinds only one fork writes: ArthitDev's
// v5 producers.
var forkSources = map[string]forkSign{
	"pentest-executor":          {"ArthitDev", "pentest-executor messages"},
	"pentest-supervisor":        {"ArthitDev", "pentest-supervisor messages"},
	"recon-engine":              {"ArthitDev", "recon-engine messages"},
	"output-limit-continuation": {"ArthitDev", "output-limit-continuation messages"},
}

// maxStepsSign is quockhang's v5 turn end: the harness's turns never end so.
var maxStepsSign = forkSign{"quockhang", "max-steps turn ends"}

// sshTargetSign is CoHarness's v6 header binding.
var sshTargetSign = forkSign{"CoHarness", "header's sshTarget"}

// recognise notes the fork a sign names, the first one seen, in a log
// numbered as a fork's: a sign in a log of the harness's own numbers says
// nothing of its number.
func (d *Decoder) recognise(s forkSign) {
	f := &d.s.Header.Fork
	if f.Numbered() && f.Name == "" {
		f.Name, f.Sign = s.fork, s.sign
	}
}

// unknownEvent words an event type deck does not know: in the harness's
// own formats, one from a newer harness; in a fork's, one of the fork's.
func (d *Decoder) unknownEvent(t string) error {
	f := d.s.Header.Fork
	switch {
	case !f.Numbered():
		return fmt.Errorf("unknown event `%s`: the log is from a newer harness than deck knows", t)
	case f.Name != "":
		return fmt.Errorf("unknown event `%s`: an event of %s's format v%d that deck does not know", t, f.Name, d.s.Header.Version)
	}
	return fmt.Errorf("unknown event `%s`: format v%d is a fork's, and deck does not know this event of it", t, d.s.Header.Version)
}
