package loggen

import (
	"bufio"
	"fmt"
	"os"
)

// SmallEvents is a log of n small events (some 250 bytes each): turns of a
// prompt, then three steps of a short reply and a shell call with its
// result. A million of them is a session whose cost is all in the count
// of its entries, never in the size of one.
func SmallEvents(dir string, n int) (string, error) {
	return hostileLog(dir, fmt.Sprintf("small-events-%d.jsonl", n), func(f *os.File) error {
		w := bufio.NewWriterSize(f, 1<<20)
		w.WriteString(HostileHeader)
		seq := 0
		event := func(format string, a ...any) {
			fmt.Fprintf(w, `{"seq":%d,"time":%d,`, seq, 1796000000000+seq)
			fmt.Fprintf(w, format, a...)
			w.WriteByte('\n')
			seq++
		}
		for turn := 1; seq < n; turn++ {
			event(`"type":"turn/start","data":{"turn":%d}}`, turn)
			event(`"type":"user/message","data":{"content":[{"type":"text","text":"please do thing %d"}],"source":{"kind":"user"},"role":"user","id":"u%d"},"surfaceOp":"append"}`, turn, turn)
			for step := 1; step <= 3; step++ {
				id := fmt.Sprintf("c%d_%d", turn, step)
				args := fmt.Sprintf(`{\"command\":\"echo %d\",\"description\":\"step %d\"}`, step, step)
				event(`"type":"assistant/message","data":{"turn":%d,"step":%d,"message":{"role":"assistant","content":[{"type":"text","text":"ok, step %d"},{"type":"tool-call","id":"%s","name":"bash","arguments":"%s"}],"source":{"kind":"model","provider":"deepseek","model":"m"},"id":"a%s"},"usage":{"inputTokens":10,"outputTokens":5}},"surfaceOp":"append"}`, turn, step, step, id, args, id)
				event(`"type":"tool/call","data":{"turn":%d,"step":%d,"callId":"%s","name":"bash","arguments":"%s"}}`, turn, step, id, args)
				event(`"type":"tool/result","data":{"turn":%d,"step":%d,"message":{"source":{"kind":"tool","callId":"%s"},"content":[{"type":"tool-result","toolCallId":"%s","content":[{"type":"text","text":"%d\n[exit code: 0]"}],"isError":false}],"role":"user","id":"r%s"}},"surfaceOp":"append"}`, turn, step, id, id, step, id)
			}
			event(`"type":"turn/end","data":{"turn":%d,"reason":{"kind":"completed"}}}`, turn)
		}
		return w.Flush()
	})
}
