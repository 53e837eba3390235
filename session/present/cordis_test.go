package present

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

// The cordis_* tools get the harness's kinds (tool-cordis/src/present.ts)
// and the web client's titles, but cordis_define, which keeps the host's
// title and its code as raw input;
// arguments outside the schema (an enum too) fall to the generic card.
func TestCordisToolsGetTheHarnessPresenters(t *testing.T) {
	for _, c := range []struct{ name, args, title, kind string }{
		{"cordis_inspect_list", `{}`, "Inspect providers", "read"},
		{"cordis_inspect_query", `{"platform":"host","provider":"fs","method":"stat","input":{"p":1}}`, "Query runtime · host", "read"},
		{"cordis_inspect_self", `{}`, "Inspect plugins", "read"},
		{"cordis_inspect_self", `{"pluginId":"musage-1"}`, "Inspect plugins · musage-1", "read"},
		{"cordis_inspect_self", `{"pluginId":"musage-1","packageId":"p2"}`, "Inspect plugins · musage-1", "read"},
		{"cordis_define", `{"plugin":{"kind":"new","idPrefix":"musage"},"name":"quota","purpose":"show the quota","code":{"host":"return {}"}}`, `Register Cordis Plugin "quota" for new musage-*: show the quota`, "execute"},
		{"cordis_define", `{"plugin":{"kind":"existing","pluginId":"musage-1"},"name":"quota","purpose":"fix it","code":{}}`, `Register Cordis Plugin "quota" for musage-1: fix it`, "execute"},
		{"cordis_run", `{"pluginId":"musage-1","packageId":"p2","mode":"run"}`, "Run Cordis Plugin · musage-1", "execute"},
		{"cordis_run", `{"pluginId":"musage-1","packageId":"p2","mode":"update"}`, "Run Cordis Plugin · musage-1", "execute"},
		{"cordis_stop", `{"pluginId":"musage-1"}`, "Stop Cordis Plugin · musage-1", "execute"},
		{"cordis_undefine", `{"pluginId":"musage-1"}`, "Remove Cordis Plugin · musage-1", "delete"},
		// outside the schema: the generic card, named by the tool
		{"cordis_run", `{"pluginId":"musage-1","packageId":"p2","mode":"explode"}`, "cordis_run", ""},
		{"cordis_inspect_query", `{"platform":"moon","provider":"fs","method":"stat"}`, "cordis_inspect_query", ""},
		{"cordis_define", `{"plugin":"new","name":"q","purpose":"p","code":{}}`, "cordis_define", ""},
	} {
		v, ok := Call(c.name, c.args).(session.GenericCallView)
		if !ok || v.Title != c.title || c.kind != "" && string(v.Kind) != c.kind {
			t.Errorf("%s %s: %#v, want %q (%s)", c.name, c.args, v, c.title, c.kind)
		}
	}
	v := Call("cordis_define", `{"plugin":{"kind":"new","idPrefix":"m"},"name":"q","purpose":"p","code":{"host":"return {}"}}`).(session.GenericCallView)
	if code, ok := v.RawInput.(map[string]any); !ok || code["host"] != "return {}" {
		t.Errorf("the define's raw input is %#v, want its code", v.RawInput)
	}
}
