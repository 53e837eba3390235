package present

import "strings"

// MCPTitle reads the name of an MCP server's tool as agents write it,
// mcp__server__tool (Claude Code, Codex) or mcp.server.tool, as "server ·
// tool"; ok is false for any other name, which stays as it is.
func MCPTitle(name string) (title string, ok bool) {
	for _, sep := range []string{"__", "."} {
		rest, found := strings.CutPrefix(name, "mcp"+sep)
		if !found || strings.ContainsAny(rest, " \t\n") {
			continue
		}
		if server, tool, found := strings.Cut(rest, sep); found && server != "" && tool != "" {
			return server + " · " + tool, true
		}
	}
	return name, false
}
