package ui

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/live"
	"github.com/deck-tui/deck/session/live/livetest"
)

// The attach tests again, against a 0.2 host: a person does the same and
// sees the same, whichever protocol the host speaks.
func TestAttachToA02Host(t *testing.T) {
	defer func(p livetest.Protocol) { attachProtocol = p }(attachProtocol)
	attachProtocol = livetest.V02
	for _, test := range []struct {
		name string
		run  func(*testing.T)
	}{
		{"CreatePromptAndWatch", TestAttachCreatePromptAndWatch},
		{"ApprovalAllowed", TestAttachApprovalAllowed},
		{"ApprovalRejected", TestAttachApprovalRejected},
		{"QuestionAnswered", TestAttachQuestionAnswered},
		{"Cancel", TestAttachCancel},
		{"ReconnectMidApproval", TestAttachReconnectMidApproval},
		{"ApprovalAnsweredElsewhere", TestAttachApprovalAnsweredElsewhere},
		{"OpensAColdSessionWithItsHistory", TestAttachOpensAColdSessionWithItsHistory},
		{"ShowsTheQueue", TestAttachShowsTheQueue},
	} {
		t.Run(test.name, test.run)
	}
}

// A 0.2 host that is not there is said so before the screen is taken, by
// its address: never with the launch URL's token.
func TestAttachA02HostDown(t *testing.T) {
	h := livetest.Start(t, livetest.V02, livetest.Plain)
	h.Down()
	c, err := live.New(h.URL(), live.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = newApp(Options{Host: c})
	if err == nil || !strings.Contains(err.Error(), h.BaseURL()) || strings.Contains(err.Error(), h.Token()) {
		t.Fatalf("attaching to a host that is down: %v", err)
	}
}
