package cards

import "strconv"

// NestedHit says where a search hit in a subagent's work is, on a row of
// hits (deck search, the picker's content search): the subagent's name as
// its call's card heads it, made safe and cut to most cells, and the place
// of the nested entry that holds the match, as the viewer's status bar
// counts it: "↳ Task: find callers · nested 2 of 3".
func NestedHit(subagent string, k, n, most int) string {
	name := Safe(subagent)
	if name == "" {
		name = "subagent"
	}
	return "↳ " + Truncate(name, max(most, 1), "…") + " · nested " + strconv.Itoa(k) + " of " + strconv.Itoa(n)
}
