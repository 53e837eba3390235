package acp

import (
	"github.com/go-json-experiment/json/jsontext"

	acp "github.com/coder/acp-go-sdk"
)

// terminal is a terminal a call shows: one the client runs for the agent
// (terminal/*), found by the id the call's content names.
type terminal struct {
	command   string
	args      []string
	cwd       string
	output    string
	hasOutput bool
	exit      *int
	signal    string
	call      *call
}

// terminal returns the terminal with this id, made if new.
func (d *Decoder) terminal(key callKey) *terminal {
	t := d.terminals[key]
	if t == nil {
		t = &terminal{}
		d.terminals[key] = t
	}
	return t
}

// terminalCreate keeps the command until the response names the terminal.
func (d *Decoder) terminalCreate(m *message, req *request) error {
	var p acp.CreateTerminalRequest
	if err := params(m, &p); err != nil {
		return err
	}
	req.session = d.session(string(p.SessionId))
	req.term = &terminal{command: p.Command, args: p.Args}
	if p.Cwd != nil {
		req.term.cwd = *p.Cwd
	}
	return nil
}

func (d *Decoder) terminalCreateReply(req *request, result jsontext.Value, fail *acp.RequestError) error {
	if fail != nil || req.session == nil {
		if fail != nil {
			d.failed(req, fail)
		}
		return nil
	}
	var r acp.CreateTerminalResponse
	if err := decodeResult(req, result, &r); err != nil {
		return err
	}
	t := d.terminal(callKey{req.session.id, r.TerminalId})
	t.command, t.args, t.cwd = req.term.command, req.term.args, req.term.cwd
	d.refresh(t)
	return nil
}

// terminalRequest notes which terminal a terminal/* request is about.
func (d *Decoder) terminalRequest(m *message, req *request) error {
	var p struct {
		SessionId  acp.SessionId `json:"sessionId"`
		TerminalId string        `json:"terminalId"`
	}
	if err := params(m, &p); err != nil {
		return err
	}
	req.session = d.session(string(p.SessionId))
	req.term = d.terminal(callKey{req.session.id, p.TerminalId})
	return nil
}

// terminalOutputReply: the output so far (the whole of it, not a delta).
func (d *Decoder) terminalOutputReply(req *request, result jsontext.Value, fail *acp.RequestError) error {
	if fail != nil || req.term == nil {
		if fail != nil {
			d.failed(req, fail)
		}
		return nil
	}
	var r acp.TerminalOutputResponse
	if err := decodeResult(req, result, &r); err != nil {
		return err
	}
	req.term.output, req.term.hasOutput = r.Output, true
	if e := r.ExitStatus; e != nil {
		req.term.setExit(e.ExitCode, e.Signal)
	}
	d.refresh(req.term)
	return nil
}

func (d *Decoder) terminalExitReply(req *request, result jsontext.Value, fail *acp.RequestError) error {
	if fail != nil || req.term == nil {
		if fail != nil {
			d.failed(req, fail)
		}
		return nil
	}
	var r acp.WaitForTerminalExitResponse
	if err := decodeResult(req, result, &r); err != nil {
		return err
	}
	req.term.setExit(r.ExitCode, r.Signal)
	d.refresh(req.term)
	return nil
}

func (t *terminal) setExit(code *int, signal *string) {
	t.exit, t.signal = code, ""
	if signal != nil {
		t.signal = *signal
	}
}

// refresh presents again the call a terminal belongs to.
func (d *Decoder) refresh(t *terminal) {
	if t.call != nil {
		d.present(t.call)
		d.touch(t.call.entry)
	}
}
