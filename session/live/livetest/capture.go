package livetest

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// The recorded traffic of the real host, in golden/testdata/harness/live/
// (its README says how it was made). livetest reads it where the module
// keeps it, next to its own source.
func captureDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "golden", "testdata", "harness", "live")
}

// nextRun is the capture of a 0.1.1-rc.2 host, the newest that could be
// built (golden/testdata/harness-next/live/, its README says how): the same
// methods and frames as rc.8, recorded apart.
const nextRun = "next"

// runDirs are the capture folders, by run name.
func runDirs(dir string) map[string]string {
	return map[string]string{
		"web-api": filepath.Join(dir, "web-api"), "web-api-reconnect": filepath.Join(dir, "web-api-reconnect"),
		"web-api-resume": filepath.Join(dir, "web-api-resume"),
		nextRun:          filepath.Join(dir, "..", "..", "harness-next", "live", "web-api"),
	}
}

// sessionLogs are the logs the hosts wrote, for history: the rc.8 run's
// (plain-resumed is the plain session after the resume run: all of it)
// and the rc.2 run's.
func sessionLogs(dir string) []string {
	var out []string
	for _, name := range []string{"plain-resumed", "tools", "reject", "ask", "cancel", "reconnect"} {
		out = append(out, filepath.Join(dir, "session-logs", name, "session.jsonl"))
	}
	for _, name := range []string{"tools", "plain", "escalate", "reject", "ask"} {
		out = append(out, filepath.Join(dir, "..", "..", "harness-next", "live", "session-logs", name, "session.jsonl"))
	}
	return out
}

// apiCall is one line of api-calls.jsonl.
type apiCall struct {
	T        int64          `json:"t"`
	Kind     string         `json:"kind"`
	Path     string         `json:"path"`
	Request  jsontext.Value `json:"request"`
	Status   int            `json:"status"`
	Response jsontext.Value `json:"response"`
}

// value is the result value of a captured server-response.
func (c apiCall) value() jsontext.Value {
	var r struct {
		Result struct {
			Value jsontext.Value `json:"value"`
		} `json:"result"`
	}
	_ = jsonline.Unmarshal(c.Response, &r)
	return r.Result.Value
}

// rpcID is the rpcId of the captured request.
func (c apiCall) rpcID() string {
	var r struct {
		RPCID string `json:"rpcId"`
	}
	_ = jsonline.Unmarshal(c.Request, &r)
	return r.RPCID
}

// frame is one captured downlink message, with what the replay needs of it.
type frame struct {
	T   int64
	Mux bool           // from events.mux, else events.host
	Msg jsontext.Value // the server-request, as recorded
	framePayload
	RPCID string
}

type framePayload struct {
	Type          string         `json:"type"`
	SessionID     string         `json:"sessionId"`
	Event         jsontext.Value `json:"event"`
	LastSeq       *int64         `json:"lastSeq"`
	Key           string         `json:"key"`
	Value         jsontext.Value `json:"value"`
	Seq           *int64         `json:"seq"`
	Items         jsontext.Value `json:"items"`
	ApprovalID    string         `json:"approvalId"`
	Questions     jsontext.Value `json:"questions"`
	QuestionRPCID string         `json:"questionRpcId"`
	Running       *bool          `json:"running"`
	Blank         *bool          `json:"blank"`
	Cwd           string         `json:"cwd"`
	AgentPreset   string         `json:"agentPreset"`
	View          jsontext.Value `json:"view"`
	ToolName      string         `json:"toolName"`
	CallID        string         `json:"callId"`
	Reason        string         `json:"reason"`
	Message       string         `json:"message"`
	Error         jsontext.Value `json:"error"`
	Outcome       string         `json:"outcome"`
}

// seq is the event seq a frame carries or prepares (a projection frame
// comes just before the event of its seq), or -1.
func (f *frame) seq() int64 {
	switch f.Type {
	case "session/event":
		var e struct {
			Seq int64 `json:"seq"`
		}
		_ = jsonline.Unmarshal(f.Event, &e)
		return e.Seq
	case "session/projection":
		return *f.Seq
	}
	return -1
}

func parseFrame(msg jsontext.Value, mux bool, t int64) (frame, error) {
	f := frame{T: t, Mux: mux, Msg: msg}
	var outer struct {
		RPCID   string         `json:"rpcId"`
		Payload jsontext.Value `json:"payload"`
	}
	if err := jsonline.Unmarshal(msg, &outer); err != nil {
		return f, err
	}
	f.RPCID = outer.RPCID
	if err := jsonline.Unmarshal(outer.Payload, &f.framePayload); err != nil {
		return f, err
	}
	if f.Type == "session/projection" && f.Seq == nil {
		return f, fmt.Errorf("a projection frame without seq")
	}
	return f, nil
}

// recording is one capture folder: its calls and both downlinks.
type recording struct {
	calls []apiCall
	mux   []frame // the first mux of the run
	host  []frame
}

// corpus is everything recorded, read once per test binary.
type corpus struct {
	runs  map[string]*recording               // by run: web-api, web-api-reconnect, web-api-resume, next
	logs  map[string][]jsontext.Value         // session id → its events by seq, packed rows expanded
	views map[string]map[int64]jsontext.Value // session id → seq → {for, view}, as the host attached them
	err   error
}

var (
	loadOnce sync.Once
	loaded   corpus
)

func theCorpus() (*corpus, error) {
	loadOnce.Do(func() { loaded.err = loaded.load(captureDir()) })
	return &loaded, loaded.err
}

func (c *corpus) load(dir string) error {
	c.runs = map[string]*recording{}
	c.views = map[string]map[int64]jsontext.Value{}
	for run, runDir := range runDirs(dir) {
		r := &recording{}
		if err := readLines(filepath.Join(runDir, "api-calls.jsonl"), func(line []byte) error {
			var call apiCall
			err := jsonline.Unmarshal(line, &call)
			r.calls = append(r.calls, call)
			return err
		}); err != nil {
			return err
		}
		for _, stream := range []struct {
			file string
			mux  bool
			into *[]frame
		}{{"mux.frames.jsonl", true, &r.mux}, {"host.frames.jsonl", false, &r.host}} {
			path := filepath.Join(runDir, stream.file)
			if _, err := os.Stat(path); os.IsNotExist(err) {
				continue
			}
			if err := readLines(path, func(line []byte) error {
				var rec struct {
					T   int64          `json:"t"`
					Msg jsontext.Value `json:"msg"`
				}
				if err := jsonline.Unmarshal(line, &rec); err != nil {
					return err
				}
				f, err := parseFrame(rec.Msg, stream.mux, rec.T)
				*stream.into = append(*stream.into, f)
				c.noteView(f)
				return err
			}); err != nil {
				return err
			}
		}
		c.runs[run] = r
	}
	c.logs = map[string][]jsontext.Value{}
	for _, path := range sessionLogs(dir) {
		id, events, err := readLog(path)
		if err != nil {
			return fmt.Errorf("session log %s: %w", path, err)
		}
		c.logs[id] = events
	}
	return nil
}

// noteView keeps the view the host attached to a tool event, for history.
func (c *corpus) noteView(f frame) {
	if f.Type != "session/event" || len(f.View) == 0 {
		return
	}
	if c.views[f.SessionID] == nil {
		c.views[f.SessionID] = map[int64]jsontext.Value{}
	}
	c.views[f.SessionID][f.seq()] = f.View
}

func readLines(path string, each func([]byte) error) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		if err := each(bytes.Clone(sc.Bytes())); err != nil {
			return fmt.Errorf("%s:%d: %w", path, n, err)
		}
	}
	return sc.Err()
}
