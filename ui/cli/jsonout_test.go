package cli

import (
	"bytes"
	"testing"
)

// JSON written as it is encoded is escaped as it would be whole, wherever
// the encoder's writes cut it: a hidden character cut between two writes
// (U+202E is three bytes, U+E0041 four) is escaped once its end comes.
func TestJSONWrittenInPiecesIsEscapedAsWhole(t *testing.T) {
	text := []byte("{\"title\": \"a\u202eb \U000E0041 é \u009b\u007f ok\"}\n")
	want := escapeHidden(text)
	for cut := range len(text) + 1 {
		for cut2 := cut; cut2 <= len(text); cut2++ {
			var out bytes.Buffer
			h := &hiddenEscaper{w: &out}
			for _, piece := range [][]byte{text[:cut], text[cut:cut2], text[cut2:]} {
				if n, err := h.Write(piece); err != nil || n != len(piece) {
					t.Fatalf("Write of %d bytes: %d, %v", len(piece), n, err)
				}
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Fatalf("cut at %d and %d: %q, want %q", cut, cut2, out.Bytes(), want)
			}
		}
	}
	if bytes.Contains(want, []byte("\u202e")) || !bytes.Contains(want, []byte(`\u202e`)) || !bytes.Contains(want, []byte(`\udb40\udc41`)) {
		t.Errorf("the hidden characters are not escaped: %q", want)
	}
}
