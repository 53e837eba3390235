package jsonline

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// ReadString reads what json.UnmarshalDecode into a string reads, with the
// same errors, whatever the value.
func FuzzReadString(f *testing.F) {
	for _, s := range []string{
		`"plain"`, `"a\nb\tc\u001b[2m\"\\\/\b\f\r"`, `"\ud83d\ude00"`, `"\ud800"`, `"\ud800\u0041"`,
		`"\udc00\ud800\udc00"`, `"\ud800\ud800\udc00"`, "\"a\xffb\xe2\x82\"", "\"\xe2\x82\\n\"", `"\u00e9\u4e2d"`,
		"\"\xef\xbf\xbd\"", "\"\xed\xa0\x80\"", `null`, `1`, `{}`, `[]`, `true`, `"`, `"\u12"`, `"\x"`, "\"\x01\"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var want string
		wantErr := json.UnmarshalDecode(jsontext.NewDecoder(bytes.NewReader(in), Options), &want)
		got, err := ReadString(jsontext.NewDecoder(bytes.NewReader(in), Options))
		if got != want || fmt.Sprint(err) != fmt.Sprint(wantErr) {
			t.Fatalf("ReadString(%q) = %q, %v; UnmarshalDecode: %q, %v", in, got, err, want, wantErr)
		}
	})
}
