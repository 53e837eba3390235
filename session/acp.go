package session

// acpDecoder is a placeholder until the ACP reader lands: every line is a notice.
type acpDecoder struct{ s *Session }

func newACPDecoder(s *Session) *acpDecoder { return &acpDecoder{s: s} }

func (d *acpDecoder) apply(num int, line []byte) {
	d.s.Account.Lines++
	d.s.notice(num, "not read yet")
}

func (d *acpDecoder) finish() {}
