package config

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// lineOf finds the line that sets key, for the settings the TOML decoder
// gives no position of (an unknown name, a key bound twice): the line under
// the key's table that starts with its last part, or that starts with the
// whole dotted key; 0 when there is none.
func lineOf(src string, key toml.Key) int {
	table := ""
	last := key[len(key)-1]
	parent := strings.Join(key[:len(key)-1], ".")
	for i, line := range strings.Split(src, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			table = strings.Trim(strings.TrimSpace(strings.SplitN(line, "#", 2)[0]), "[] ")
			continue
		}
		name := strings.Trim(strings.TrimSpace(strings.SplitN(line, "=", 2)[0]), `"'`)
		if !strings.Contains(line, "=") {
			continue
		}
		if table == parent && name == last || table == "" && name == key.String() {
			return i + 1
		}
	}
	return 0
}

// conflicts refuses one key bound to two actions, the file's or an
// action's default it leaves alone: whichever deck took, the other would
// never run.
func conflicts(src string, chosen map[string]keyList, defaults map[string][]string) error {
	owner := map[string]string{}
	for a, keys := range defaults {
		if _, rebound := chosen[a]; !rebound {
			for _, k := range keys {
				owner[k] = a
			}
		}
	}
	for _, a := range slices.Sorted(maps.Keys(chosen)) {
		for _, k := range chosen[a] {
			if other, ok := owner[k]; ok && other != a {
				return fmt.Errorf("%s: key %q is bound to both %s and %s", at(lineOf(src, toml.Key{"keys", a})), k, other, a)
			}
			owner[k] = a
		}
	}
	return nil
}
