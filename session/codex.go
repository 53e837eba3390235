package session

// codexDecoder is a placeholder until the Codex reader lands: every line is a notice.
type codexDecoder struct{ s *Session }

func newCodexDecoder(s *Session) *codexDecoder { return &codexDecoder{s: s} }

func (d *codexDecoder) apply(num int, line []byte) {
	d.s.Account.Lines++
	d.s.notice(num, "not read yet")
}

func (d *codexDecoder) finish() {}
