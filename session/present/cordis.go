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
		schema: schema{"platform": oneOf("host", "client"), "provider": req("string"), "method": req("string")},
		call: cordis("read", func(a Args) string {
			return "Query Cordis " + a.Str("platform") + " " + a.Str("provider") + "." + a.Str("method")
		}),
	})
	register([]string{"cordis_inspect_self"}, presenter{
		schema: schema{"pluginId": opt("string"), "packageId": opt("string")},
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
		schema: schema{"plugin": req("object"), "name": req("string"), "purpose": req("string"), "code": req("object")},
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
		schema: schema{"pluginId": req("string"), "packageId": req("string"), "mode": oneOf("run", "update")},
		call: cordis("execute", func(a Args) string {
			verb := "Run"
			if a.Str("mode") == "update" {
				verb = "Update"
			}
			return verb + " Cordis Plugin " + a.Str("pluginId") + " · " + a.Str("packageId")
		}),
	})
	register([]string{"cordis_stop"}, presenter{
		schema: schema{"pluginId": req("string")},
		call:   cordis("execute", func(a Args) string { return "Stop Cordis Plugin " + a.Str("pluginId") }),
	})
	register([]string{"cordis_undefine"}, presenter{
		schema: schema{"pluginId": req("string")},
		call:   cordis("delete", func(a Args) string { return "Remove Cordis Plugin " + a.Str("pluginId") }),
	})
}
