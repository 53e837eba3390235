package changes

import (
	"github.com/go-json-experiment/json"
)

// presentedPaths are the files a present call hands over: its arguments'
// path, paths, file or files, as far as they are strings.
func presentedPaths(arguments string) []string {
	var args map[string]any
	if json.Unmarshal([]byte(arguments), &args) != nil {
		return nil
	}
	var out []string
	for _, key := range []string{"path", "paths", "file", "files"} {
		switch v := args[key].(type) {
		case string:
			out = append(out, v)
		case []any:
			for _, p := range v {
				if s, ok := p.(string); ok {
					out = append(out, s)
				}
			}
		}
	}
	return out
}
