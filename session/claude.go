package session

// claudeDecoder is a placeholder until the Claude reader lands: every line is a notice.
type claudeDecoder struct{ s *Session }

func newClaudeDecoder(s *Session, path string) *claudeDecoder { return &claudeDecoder{s: s} }

func (d *claudeDecoder) apply(num int, line []byte) {
	d.s.Account.Lines++
	d.s.notice(num, "not read yet")
}

func (d *claudeDecoder) finish() {}
