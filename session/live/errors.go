package live

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// RPCError is a refusal by the host: it understood the call and answered
// ok:false. Code is the host's error code (session-not-found, agent-busy, …),
// Message its own words and Details its details object, all as sent.
type RPCError struct {
	Method  string
	Code    string
	Message string
	Details jsontext.Value
}

func (e *RPCError) Error() string {
	switch e.Code {
	case "session/writer-held":
		return fmt.Sprintf("the harness host cannot take session %s: another process holds its log for writing "+
			"(%s, %s); close the other dsh that has it open, or attach to that one", e.session(), e.Message, e.Code)
	case "session/migration-required":
		return fmt.Sprintf("session %s is in an older log format that the harness host must migrate first "+
			"(%s, %s): open it once in the host's web client, which migrates it", e.session(), e.Message, e.Code)
	}
	return fmt.Sprintf("the harness host refused %s: %s (%s)", e.Method, e.Message, e.Code)
}

// session is the session a refusal's details name, or "(unnamed)".
func (e *RPCError) session() string {
	var d struct {
		SessionID string `json:"sessionId"`
	}
	if jsonline.Unmarshal(e.Details, &d) != nil || d.SessionID == "" {
		return "(unnamed)"
	}
	return d.SessionID
}

// HostError is a failure to talk with the host at all: it cannot be reached,
// it refused the request at the HTTP level (the 403 fence, 415, 404, 5xx), or
// it answered something that is not the harness protocol. Its Error is a full
// sentence saying what happened and what to do about it.
type HostError struct {
	URL    string // the host's base URL
	Op     string // the call (session.list, /api/respond) or stream (events.mux)
	Status int    // the HTTP status the host answered with; 0 when none
	Body   string // the start of the body of an HTTP refusal, as sent
	Err    error  // the cause
}

func (e *HostError) Unwrap() error { return e.Err }

func (e *HostError) Error() string {
	refusal := fmt.Sprintf("%d %s", e.Status, e.Body)
	if e.Body == "" {
		refusal = fmt.Sprint(e.Status)
	}
	switch {
	case errors.Is(e.Err, errNeedsToken):
		return fmt.Sprintf("the host at %s is a newer harness host (0.2), which lets in only the holder of its "+
			"launch token: give deck the URL `dsh web` printed, with its ?token=…", e.URL)
	case errors.Is(e.Err, errTokenRefused):
		return fmt.Sprintf("the host at %s refused the token of the URL deck was given (%s): it is another run's, "+
			"or mistyped; give the URL `dsh web` printed when it started this time", e.URL, refusal)
	case errors.Is(e.Err, errSignInRefused):
		return fmt.Sprintf("the host at %s no longer lets deck in, and refuses the token deck was given (%s): "+
			"it was started again; give the URL `dsh web` printed this time", e.URL, refusal)
	case e.Status == 401:
		return fmt.Sprintf("the host at %s refused deck on %s (%s): it lets in only the holder of its launch "+
			"token; give deck the URL `dsh web` printed, with its ?token=…", e.URL, e.Op, refusal)
	case e.Status == 403:
		return fmt.Sprintf("the host at %s refused deck (%s): it accepts only loopback addresses "+
			"(127.0.0.1, localhost, [::1]) and no foreign Origin; connect through a loopback address, "+
			"or start the host with --trusted-host for this one", e.URL, refusal)
	case e.Status == 404:
		return fmt.Sprintf("the host at %s does not know %s (%s): it is not a harness host, or a version "+
			"without this call; check the URL (`dsh web` prints it) and the host's version", e.URL, e.Op, refusal)
	case e.Status == 415 || e.Status == 400 || e.Status == 413:
		return fmt.Sprintf("the host at %s refused deck's %s request (%s): deck sent something the host "+
			"does not accept, which is a bug in deck; please report it", e.URL, e.Op, refusal)
	case e.Status >= 500:
		return fmt.Sprintf("the host at %s failed on %s (%s): see the host's own output, and restart "+
			"`dsh web` if it keeps failing", e.URL, e.Op, refusal)
	case e.Status != 0:
		return fmt.Sprintf("the host at %s answered %s with HTTP %s: it does not behave like a harness "+
			"host; check the URL (`dsh web` prints it)", e.URL, e.Op, refusal)
	case errors.Is(e.Err, syscall.ECONNREFUSED):
		return fmt.Sprintf("no harness host answers at %s (connection refused): start one with `dsh web`, "+
			"or give its URL", e.URL)
	case errors.Is(e.Err, context.DeadlineExceeded):
		return fmt.Sprintf("the harness host at %s did not answer %s in time: it may be busy or stuck; "+
			"try again, or restart `dsh web`", e.URL, e.Op)
	case isDNS(e.Err):
		return fmt.Sprintf("cannot find the harness host at %s (%v): check the URL", e.URL, e.Err)
	case errors.As(e.Err, new(*tooLargeError)):
		return fmt.Sprintf("the host's answer to %s is larger than %v, more than deck reads of one answer: "+
			"deck read no more of it (the host at %s)", e.Op, e.Err, e.URL)
	case errors.As(e.Err, new(*protocolError)):
		return fmt.Sprintf("the host at %s answered %s with something that is not the harness protocol "+
			"(%v): check that the URL is a harness host (`dsh web` prints it)", e.URL, e.Op, e.Err)
	case errors.As(e.Err, new(*lostError)):
		return fmt.Sprintf("the connection to the harness host at %s was lost (%v): deck reconnects by itself",
			e.URL, e.Err)
	}
	return fmt.Sprintf("cannot talk with the harness host at %s (%s: %v): check that `dsh web` still runs "+
		"there", e.URL, e.Op, e.Err)
}

// protocolError says how an answer strays from the protocol.
type protocolError struct{ what string }

func (e *protocolError) Error() string { return e.what }

func notProtocol(format string, a ...any) error {
	return &protocolError{fmt.Sprintf(format, a...)}
}

// tooLargeError is an answer longer than deck reads; its text is the bound.
type tooLargeError struct{ limit int64 }

func (e *tooLargeError) Error() string { return fmt.Sprintf("%d MiB", e.limit>>20) }

// lostError is a stream that ended while deck was reading it.
type lostError struct{ cause error }

func (e *lostError) Error() string { return e.cause.Error() }
func (e *lostError) Unwrap() error { return e.cause }

func isDNS(err error) bool {
	var dns *net.DNSError
	return errors.As(err, &dns)
}

// bodyStart is the first line of a refusal's body, short enough for a message.
func bodyStart(b []byte) string {
	s, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	if len(s) <= 200 {
		return s
	}
	cut := 200
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
