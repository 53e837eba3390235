package harness_test

import (
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

const image = `{"type":"image","attachment":{"attachmentId":"a","mediaType":"image/png","bytes":1,"width":1,"height":1}}`

func offloads(seq, targets string) string {
	return `{"type":"image/offload","seq":` + seq + `,"time":9,"data":{"targets":` + targets + `}}` + "\n"
}

// image/offload marks the images the model no longer sees where they are:
// each index counts its message's images depth first (a v3 result's
// nested blocks too), an image offloaded before included; the message is
// copied, never changed under a viewer holding it, and its revision grows.
func TestAnOffloadMarksTheImagesWhereTheyAre(t *testing.T) {
	msg := `{"type":"user/message","seq":0,"time":1,"data":{"content":[` + image + `,{"type":"text","text":"x"},` + image + `,` + image + `],"source":{"kind":"user"},"role":"user","id":"m"},"surfaceOp":"append"}` + "\n"
	v3result := `{"type":"tool/result","seq":2,"time":3,"data":{"turn":1,"step":1,"message":{"role":"user","source":{"kind":"tool","callId":"c1"},"content":[{"type":"tool-result","toolCallId":"c1","content":[{"type":"text","text":"two"},` + image + `,` + image + `]}],"id":"r"}},"surfaceOp":"append"}` + "\n"
	log := headerV5 + msg + bashCall + v3result + offloads("3", `[{"seq":0,"imageIndexes":[1]},{"seq":2,"imageIndexes":[1]}]`)
	before := sessiontest.ReadString(headerV5 + msg + bashCall + v3result)
	s := sessiontest.ReadString(log + offloads("4", `[{"seq":0,"imageIndexes":[1,2]}]`))
	sessiontest.NoNotices(t, s)
	if got := marks(sessiontest.Of[*session.UserMessage](s)[0].Content); got != "-oo" {
		t.Errorf("the message's images: %s, want -oo", got)
	}
	call := sessiontest.OnlyCall(t, s)
	if got := marks(call.Result.Content); got != "-o" {
		t.Errorf("the result's images: %s, want -o", got)
	}
	if m, old := sessiontest.Of[*session.UserMessage](s)[0], sessiontest.Of[*session.UserMessage](before)[0]; m.Rev <= old.Rev {
		t.Errorf("the message's revision did not grow: %d, was %d", m.Rev, old.Rev)
	}
	if len(sessiontest.Events(s, "image/offload")) != 0 {
		t.Error("an offload whose images were all found is a line")
	}
}

// An offload naming an event deck did not see, or an index that is no
// image of it, is a line saying so: never dropped.
func TestAnOffloadOfWhatIsNotThereSaysSo(t *testing.T) {
	msg := `{"type":"user/message","seq":0,"time":1,"data":{"content":[` + image + `],"source":{"kind":"user"},"role":"user","id":"m"},"surfaceOp":"append"}` + "\n"
	s := sessiontest.ReadString(headerV5 + msg + offloads("1", `[{"seq":0,"imageIndexes":[0,3]},{"seq":77,"imageIndexes":[2]}]`))
	sessiontest.NoNotices(t, s)
	ev := sessiontest.Events(s, "image/offload")
	if want := "images offloaded that deck did not find in this log: images 0, 3 of event 0, image 2 of event 77"; len(ev) != 1 || ev[0].Summary != want {
		t.Errorf("lines %v, want %q", ev, want)
	}
	if got := marks(sessiontest.Of[*session.UserMessage](s)[0].Content); got != "o" {
		t.Errorf("the image it found: %s, want o", got)
	}
}

// marks writes each image of blocks, depth first: o offloaded, - not.
func marks(blocks []session.ContentBlock) string {
	out := ""
	for _, b := range blocks {
		switch {
		case b.Type == "image" && b.Offloaded:
			out += "o"
		case b.Type == "image":
			out += "-"
		default:
			out += marks(b.Content)
		}
	}
	return out
}
