package present

import "github.com/deck-tui/deck/session"

// The dynamic Cordis plugin tools of @deepseek-ai/dsh-tool-cordis
// (packages/extensions/tool-cordis/src/present.ts): generic cards with the
// harness's titles; a definition keeps its source halves one keypress away.

func init() {
	cordis := func(kind session.ToolCallKind, title func(Args) string) func(Args) session.CallView {
		return func(a Args) session.CallView { return session.GenericCallView{Title: title(a), Kind: kind} }
	}
	register([]string{"cordis_inspect_list"}, presenter{
		call: cordis("read", func(Args) string { return "List Cordis Inspect Providers" }),
	})
	register([]string{"cordis_inspect_query"}, presenter{
		schema: schema{"platform": req(str("host", "client")), "provider": req(str()), "method": req(str()), "input": opt(anyJSON)},
		call: cordis("read", func(a Args) string {
			return "Query Cordis " + a.Str("platform") + " " + a.Str("provider") + "." + a.Str("method")
		}),
	})
	register([]string{"cordis_inspect_self"}, presenter{
		schema: schema{"pluginId": opt(str()), "packageId": opt(str())},
		call: cordis("read", func(a Args) string {
			switch {
			case !a.Has("pluginId"):
				return "Inspect dynamic Cordis Plugins"
			case !a.Has("packageId"):
				return "Inspect " + a.Str("pluginId")
			}
			return "Inspect " + a.Str("pluginId") + "/" + a.Str("packageId")
		}),
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
		call: cordis("execute", func(a Args) string {
			verb := "Run"
			if a.Str("mode") == "update" {
				verb = "Update"
			}
			return verb + " Cordis Plugin " + a.Str("pluginId") + " · " + a.Str("packageId")
		}),
	})
	register([]string{"cordis_stop"}, presenter{
		schema: schema{"pluginId": req(str())},
		call:   cordis("execute", func(a Args) string { return "Stop Cordis Plugin " + a.Str("pluginId") }),
	})
	register([]string{"cordis_undefine"}, presenter{
		schema: schema{"pluginId": req(str())},
		call:   cordis("delete", func(a Args) string { return "Remove Cordis Plugin " + a.Str("pluginId") }),
	})
}
