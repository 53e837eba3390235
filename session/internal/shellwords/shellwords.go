// Package shellwords reads and writes POSIX shell command lines as agents'
// logs hold them: a script split into its simple commands, an argv joined
// into a line a shell reads back as it was, and the script a shell wrapper
// (bash -lc SCRIPT) runs. One rule for every agent's log.
package shellwords

import (
	"path"
	"strings"
)

// Split splits a shell script into simple commands, each its words
// with quotes removed, and the operators between them (|, &&, ||, ;, &,
// newline). ok is false for anything whose meaning depends on the shell's
// state or on files (expansions, substitutions, redirections, globs, here
// documents, comments): such a script is shown as it is, never guessed at.
func Split(script string) (cmds [][]string, ops []string, ok bool) {
	var words []string
	var word strings.Builder
	inWord := false
	endWord := func() {
		if inWord {
			words = append(words, word.String())
			word.Reset()
			inWord = false
		}
	}
	endCmd := func(op string) bool {
		endWord()
		if len(words) == 0 {
			return false // an operator with no command before it
		}
		cmds, ops, words = append(cmds, words), append(ops, op), nil
		return true
	}
	for i := 0; i < len(script); i++ {
		c := script[i]
		switch c {
		case ' ', '\t':
			endWord()
		case '\n':
			if len(words) == 0 && !inWord {
				continue // a blank line, or a line break after && or |
			}
			endCmd("\n")
		case '|', '&', ';':
			op := string(c)
			if i+1 < len(script) && (c == '|' || c == '&') && script[i+1] == c {
				op += string(c)
				i++
			}
			if !endCmd(op) {
				return nil, nil, false
			}
		case '\'':
			end := strings.IndexByte(script[i+1:], '\'')
			if end < 0 {
				return nil, nil, false
			}
			word.WriteString(script[i+1 : i+1+end])
			inWord = true
			i += end + 1
		case '"':
			j := i + 1
			for ; j < len(script) && script[j] != '"'; j++ {
				switch script[j] {
				case '$', '`':
					return nil, nil, false
				case '\\':
					if j+1 < len(script) && strings.IndexByte("$`\"\\\n", script[j+1]) >= 0 {
						j++
					}
				}
				word.WriteByte(script[j])
			}
			if j >= len(script) {
				return nil, nil, false
			}
			inWord = true
			i = j
		case '\\':
			if i+1 >= len(script) {
				return nil, nil, false
			}
			i++
			if script[i] != '\n' { // a line continuation joins lines
				word.WriteByte(script[i])
				inWord = true
			}
		case '#', '~', '{', '}':
			if !inWord { // a comment, a home directory, a group
				return nil, nil, false
			}
			word.WriteByte(c) // inside a word, a letter
		case '$', '`', '<', '>', '(', ')', '*', '?', '[':
			return nil, nil, false
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	endWord()
	if len(words) > 0 {
		cmds, ops = append(cmds, words), append(ops, "")
	}
	if len(cmds) == 0 || ops[len(ops)-1] != "" && ops[len(ops)-1] != "\n" && ops[len(ops)-1] != ";" {
		return nil, nil, false
	}
	return cmds, ops, true
}

// Quote writes a word so a shell reads it back as it is: as it is when it
// holds only characters no shell gives a meaning, else in single quotes.
func Quote(w string) string {
	if w == "" {
		return "''"
	}
	if strings.IndexFunc(w, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%", r))
	}) < 0 {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

// Join writes an argv as a command line.
func Join(argv []string) string {
	q := make([]string, len(argv))
	for i, w := range argv {
		q[i] = Quote(w)
	}
	return strings.Join(q, " ")
}

// Command is the command line an argv runs: the script of a shell wrapper
// (`bash -lc SCRIPT`), else the words joined.
func Command(argv []string) string {
	if len(argv) == 3 && (argv[1] == "-lc" || argv[1] == "-c") {
		switch path.Base(argv[0]) {
		case "bash", "sh", "zsh", "dash", "ksh", "fish":
			return argv[2]
		}
	}
	return Join(argv)
}
