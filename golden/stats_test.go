package golden

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/theme"
)

// TestStatsGolden pins `deck stats` of every corpus log and every live
// host's log, as a person reads it and as JSON: the session's figures and
// each turn's, its tokens among them where the log reports them.
func TestStatsGolden(t *testing.T) {
	var all []fixture
	for _, f := range fixtures(t) {
		if strings.HasPrefix(f.name, "live/") {
			all = append(all, f)
		}
	}
	for _, f := range append(all, corpusFixtures(t)...) {
		t.Run(f.name, func(t *testing.T) {
			st := stats.Of(open(t, f.path))
			card := strings.Join(cards.StatsCard(st, cards.Options{Width: 120, Theme: theme.Dark()}), "\n")
			j, err := json.Marshal(st, jsontext.WithIndent("  "), json.Deterministic(true))
			if err != nil {
				t.Fatal(err)
			}
			golden.RequireEqual(t, plain(card)+"\n\n"+string(j)+"\n")
		})
	}
}
