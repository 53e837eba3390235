package present

import "github.com/deck-tui/deck/session"

// The details row of the Cordis inspect tools (inspection-details-model.ts
// as the zsagi1368 fork of the harness keeps it; cases from
// 1394225561/deepseek-harness's details-models test): the providers, a
// query's data, the dynamic plugins or one plugin, as their records.

func init() {
	detailRules["cordis_inspect_list"] = cordisListDetails
	detailRules["cordis_inspect_query"] = cordisQueryDetails
	detailRules["cordis_inspect_self"] = cordisSelfDetails
}

// inspected is a result whose text is one JSON object and no spill notice.
func inspected(text string) (*record, bool) {
	if Spilled(text) {
		return nil, false
	}
	return recordResult(text)
}

func cordisListDetails(_ Args, text string) *session.Details {
	r, ok := inspected(text)
	if !ok {
		return nil
	}
	providers, ok := r.at("providers").(*list)
	if !ok {
		return nil
	}
	return &session.Details{Summary: plural(len(providers.items), "inspect provider", "inspect providers"),
		Items: recordItems(providers, 0, 0), Empty: noResults}
}

func cordisQueryDetails(_ Args, text string) *session.Details {
	r, ok := inspected(text)
	if !ok {
		return nil
	}
	data, there := r.get("data")
	provider, pok := r.at("provider").(string)
	method, mok := r.at("method").(string)
	if !there || !pok || !mok {
		return nil
	}
	return &session.Details{Summary: provider + "." + method, Items: recordItems(data, 0, 0), Empty: noResults}
}

func cordisSelfDetails(a Args, text string) *session.Details {
	r, ok := inspected(text)
	if !ok {
		return nil
	}
	if plugins, ok := r.at("plugins").(*list); ok {
		return &session.Details{Summary: plural(len(plugins.items), "dynamic plugin", "dynamic plugins"),
			Items: recordItems(plugins, 0, 0), Empty: noResults}
	}
	summary := a.Str("pluginId")
	if !a.Has("pluginId") {
		summary = a.Str("packageId")
	}
	if !a.Has("pluginId") && !a.Has("packageId") {
		summary, _ = r.at("mode").(string)
	}
	return &session.Details{Summary: summary, Items: recordItems(r, 0, 0), Empty: noResults}
}
