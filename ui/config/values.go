package config

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// themeName is a built-in theme's name, or "auto" (written back as "").
type themeName string

func (t *themeName) UnmarshalText(b []byte) error {
	switch s := string(b); s {
	case "dark", "light":
		*t = themeName(s)
	case "auto":
		*t = ""
	default:
		return fmt.Errorf("theme is %q: want dark, light or auto", s)
	}
	return nil
}

// count is how many items a collapsed card keeps: at least 1.
type count int

func (c *count) UnmarshalTOML(v any) error {
	n, ok := v.(int64)
	if !ok {
		return fmt.Errorf("a collapse figure is a whole number, not %s", shown(v))
	}
	if n < 1 || n > 10000 {
		return fmt.Errorf("a collapse figure is from 1 to 10000, not %d", n)
	}
	*c = count(n)
	return nil
}

// flag is true or false, or nil when the file does not say.
type flag struct{ value *bool }

func (f *flag) UnmarshalTOML(v any) error {
	b, ok := v.(bool)
	if !ok {
		return fmt.Errorf("want true or false, not %s", shown(v))
	}
	f.value = &b
	return nil
}

// keyList is the keys of one action: a list of key names, or one.
type keyList []string

func (l *keyList) UnmarshalTOML(v any) error {
	var keys []any
	switch v := v.(type) {
	case string:
		keys = []any{v}
	case []any:
		keys = v
	default:
		return fmt.Errorf("want a list of keys, like [\"q\", \"ctrl+c\"], not %s", shown(v))
	}
	if len(keys) == 0 {
		return fmt.Errorf("an action needs at least one key")
	}
	for _, k := range keys {
		s, ok := k.(string)
		if !ok {
			return fmt.Errorf("a key is a string, like \"q\", not %s", shown(k))
		}
		if err := checkKey(s); err != nil {
			return err
		}
		*l = append(*l, s)
	}
	return nil
}

// shown writes a value the file gave, as TOML would.
func shown(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%v", v)
}

// Keys are named as the viewer names them: a character, or a named key
// (enter, pgdown, f5 …), after modifiers in Bubble Tea's order (ctrl+,
// alt+, shift+, meta+, hyper+, super+).
var namedKeys = map[string]bool{
	"enter": true, "tab": true, "backspace": true, "esc": true, "space": true,
	"up": true, "down": true, "left": true, "right": true, "home": true, "end": true,
	"pgup": true, "pgdown": true, "insert": true, "delete": true, "begin": true,
}

var modifiers = []string{"ctrl", "alt", "shift", "meta", "hyper", "super"}

func checkKey(s string) error {
	base, next := s, 0
	for {
		i := strings.Index(base, "+")
		if i <= 0 || i == len(base)-1 {
			break
		}
		mod := base[:i]
		j := indexOf(modifiers, mod)
		if j < 0 {
			return fmt.Errorf("key %q: %q is no modifier (ctrl, alt, shift, meta, hyper, super)", s, mod)
		}
		if j < next {
			return fmt.Errorf("key %q: write modifiers in the order %s", s, strings.Join(modifiers, "+"))
		}
		next = j + 1
		base = base[i+1:]
	}
	if namedKeys[base] || isFunctionKey(base) {
		return nil
	}
	if r, n := utf8.DecodeRuneInString(base); n == len(base) && r != utf8.RuneError && unicode.IsGraphic(r) && r != ' ' {
		return nil
	}
	return fmt.Errorf("key %q: not a key (a character, or one of enter, tab, backspace, esc, space, up, down, left, right, home, end, pgup, pgdown, insert, delete, f1–f63, after modifiers like ctrl+)", s)
}

func isFunctionKey(s string) bool {
	var n int
	if _, err := fmt.Sscanf(s, "f%d", &n); err != nil || fmt.Sprintf("f%d", n) != s {
		return false
	}
	return n >= 1 && n <= 63
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
