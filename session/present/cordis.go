package present

import "github.com/deck-tui/deck/session"

// The dynamic Cordis plugin tools of @deepseek-ai/dsh-tool-cordis
// (packages/extensions/tool-cordis/src/present.ts): generic cards; a
// definition keeps its source halves one keypress away.

func init() {
	// The inspect, run, stop and remove tools are titled as the web client
	// titles their rows (rowTitles); a definition keeps the host's title.
	register([]string{"cordis_inspect_list"}, presenter{call: rowCall("read")("cordis_inspect_list")})
	register([]string{"cordis_inspect_query"}, presenter{
		schema: schema{"platform": req(str("host", "client")), "provider": req(str()), "method": req(str()), "input": opt(anyJSON)},
		call:   rowCall("read", "platform", "provider", "method")("cordis_inspect_query"),
	})
	register([]string{"cordis_inspect_self"}, presenter{
		schema: schema{"pluginId": opt(str()), "packageId": opt(str())},
		call:   rowCall("read", "pluginId", "packageId")("cordis_inspect_self"),
	})
	register([]string{"cordis_define"}, presenter{
		schema: schema{
			"plugin": req(exactlyOne(
				closedObject(schema{"kind": req(constant("new")), "idPrefix": req(str())}),
				closedObject(schema{"kind": req(constant("existing")), "pluginId": req(str())}),
			)),
			"name": req(str()), "purpose": req(str()),
			"code": req(closedObject(schema{"host": opt(str()), "client": opt(str())})),
		},
		call: func(a Args) session.CallView {
			plugin, _ := a["plugin"].(map[string]any)
			p := Args(plugin)
			target := p.Str("pluginId")
			if p.Str("kind") == "new" {
				target = "new " + p.Str("idPrefix") + "-*"
			}
			return session.GenericCallView{
				Title:    "Register Cordis Plugin \"" + a.Str("name") + "\" for " + target + ": " + a.Str("purpose"),
				Kind:     "execute",
				RawInput: a["code"],
			}
		},
	})
	register([]string{"cordis_run"}, presenter{
		schema: schema{"pluginId": req(str()), "packageId": req(str()), "mode": req(str("run", "update"))},
		call:   rowCall("execute", "pluginId", "packageId")("cordis_run"),
	})
	register([]string{"cordis_stop"}, presenter{
		schema: schema{"pluginId": req(str())},
		call:   rowCall("execute", "pluginId")("cordis_stop"),
	})
	register([]string{"cordis_undefine"}, presenter{
		schema: schema{"pluginId": req(str())},
		call:   rowCall("delete", "pluginId")("cordis_undefine"),
	})
}
