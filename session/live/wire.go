package live

import (
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// wire encodes a request body for the host, which reads it with JSON.parse.
// Text the user typed may hold invalid UTF-8 (a paste): it goes as U+FFFD,
// as it always has, rather than failing the request. No body holds a nil
// slice or map, so v2's [] and {} for them (v1 wrote null) never show.
func wire(v any) ([]byte, error) {
	return json.Marshal(v, jsontext.AllowInvalidUTF8(true))
}
