package livetest

import (
	"bufio"
	"fmt"
	"net/http"
	"strconv"
)

// ListMore makes session.list answer n sessions more than the host holds:
// cold ones, older than any it holds, that no other call knows. They are
// written as they are sent, so a list of any length costs the fake no
// memory; ListBytes says how much of the answers deck let it write.
func (h *Host) ListMore(n int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.listMore = n
}

// ListBytes is how many bytes of session.list answers the fake has written
// since ListMore: deck hanging up early stops the writing.
func (h *Host) ListBytes() int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.listBytes
}

// writeLongList answers session.list with the sessions the host holds and
// the made-up ones after them, until deck stops reading.
func (h *Host) writeLongList(w http.ResponseWriter, rpc string, more int) {
	list := h.list
	if h.proto == V02 {
		list = h.listRemote
	}
	items, err := compact(list().(map[string]any)["items"])
	if err != nil {
		http.Error(w, "handler failure: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	counted := &countingWriter{w: w}
	b := bufio.NewWriterSize(counted, 64<<10)
	fmt.Fprintf(b, `{"type":"server-response","rpcId":%s,"result":{"ok":true,"value":{"items":`, strconv.Quote(rpc))
	b.Write(items[:len(items)-1]) // without its ]
	var row []byte
	for i := 0; i < more && counted.err == nil; i++ {
		if i > 0 || len(items) > 2 {
			b.WriteByte(',')
		}
		row = fmt.Appendf(row[:0], `{"sessionId":"listed-%09d","updatedAt":%d,"running":false,"blank":false,`+
			`"cwd":"/srv/dsh/work/listed-%09d","agentPreset":"default",`+
			`"projections":{"asOfSeq":12,"values":{"title":"a listed session, number %d"}}}`, i, 1_600_000_000_000-int64(i), i, i)
		b.Write(row)
	}
	b.WriteString("]}}}")
	b.Flush()
	h.mu.Lock()
	h.listBytes += counted.n
	h.mu.Unlock()
}

// countingWriter counts what reached w, and keeps its first error.
type countingWriter struct {
	w   http.ResponseWriter
	n   int64
	err error
}

func (c *countingWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}
