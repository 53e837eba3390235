package present

import "testing"

// An MCP tool's name reads "server · tool" in both spellings agents use;
// any other name stays as it is.
func TestMCPTitle(t *testing.T) {
	for name, want := range map[string]string{
		"mcp__github__search":   "github · search",
		"mcp.github.search":     "github · search",
		"mcp__github__a__b":     "github · a__b",
		"mcp__github":           "",
		"mcp.github":            "",
		"mcp.git hub.search":    "",
		"mcp__.search":          "",
		"bash":                  "",
		"mcp_github_search":     "",
		"mcpgithub.search.tool": "",
	} {
		got, ok := MCPTitle(name)
		if ok != (want != "") || ok && got != want || !ok && got != name {
			t.Errorf("%q: %q, %v; want %q", name, got, ok, want)
		}
	}
}
