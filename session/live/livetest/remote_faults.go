package livetest

// RefuseNext makes a 0.2 host refuse the next call to endpoint (a unary
// call, or the opening of a stream such as session/follow) with code and
// message, its details naming the scenario's session: as the host refuses
// a session another process writes (session/writer-held) or one in an
// older format (session/migration-required).
func (h *Host) RefuseNext(endpoint, code, message string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.remote.refusals[endpoint] = &rpcError{Code: code, Message: message,
		Details: map[string]any{"sessionId": h.script.session}}
}

// refusal takes the refusal set for endpoint, if any. Called with h.mu held.
func (h *Host) refusal(endpoint string) *rpcError {
	e := h.remote.refusals[endpoint]
	delete(h.remote.refusals, endpoint)
	return e
}
