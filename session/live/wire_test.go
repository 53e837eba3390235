package live

import "testing"

// A request body is JSON the host reads with JSON.parse: text with invalid
// UTF-8 (a paste) goes as U+FFFD instead of failing the request, and HTML
// characters go as they are.
func TestWireBodies(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{map[string]any{"text": "a\xffb"}, "{\"text\":\"a\uFFFDb\"}"},
		{map[string]any{"text": "<b>&</b>"}, `{"text":"<b>&</b>"}`},
		{struct{}{}, `{}`},
		{clientRequest{Type: "client-request", RPCID: "r", Method: "m", Payload: map[string]string{}},
			`{"type":"client-request","rpcId":"r","method":"m","payload":{}}`},
	} {
		b, err := wire(c.v)
		if err != nil || string(b) != c.want {
			t.Errorf("wire(%#v) = %s, %v; want %s", c.v, b, err, c.want)
		}
	}
}
