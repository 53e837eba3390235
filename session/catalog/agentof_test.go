package catalog_test

import "github.com/deck-tui/deck/session/catalog"

// scannedOf finds the sessions under the default roots and scans those of
// one agent, in the order found.
func scannedOf(agent string) []catalog.Item {
	return agentOf(catalog.ScanAll(catalog.Find(catalog.DefaultRoots())), agent)
}

// agentOf keeps the items of one agent, in order.
func agentOf(items []catalog.Item, agent string) []catalog.Item {
	var out []catalog.Item
	for _, it := range items {
		if it.Agent == agent {
			out = append(out, it)
		}
	}
	return out
}
