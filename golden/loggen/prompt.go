package loggen

import "fmt"

// PromptLine is one harness user/message line of seq (its time too) with
// text, which must need no JSON escaping: for tests that place lines at
// chosen byte offsets.
func PromptLine(seq int, text string) string {
	return fmt.Sprintf(`{"type":"user/message","seq":%d,"time":%d,"data":{"content":[{"type":"text","text":"%s"}],"source":{"kind":"user"},"role":"user","id":"u%d"},"surfaceOp":"append"}`+"\n", seq, seq, text, seq)
}
