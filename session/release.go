package session

// Release hands the session's entries over to its last reader, which
// reads each once and then needs it no more (deck render draws each card,
// prints it and goes on): the session keeps neither the entries nor its
// index of calls, so an entry the reader lets go of is garbage at once.
// The collector runs a dozen times while a million events are drawn; it
// marked the whole session (262 MB) each time. What the session says of
// itself stays: its header, title, usage, subagents and accounting.
func (s *Session) Release() []Entry {
	entries := s.Entries
	s.Entries, s.calls, s.titledBy = nil, nil, nil
	s.Rev++
	return entries
}
