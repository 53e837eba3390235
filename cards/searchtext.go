package cards

import (
	"html"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// SearchText is what the viewer's search reads of a card before it draws
// it: the entry's texts as the card shows them (a call's name, title,
// arguments, where a command runs, its error and result; a command's
// output without its escapes, as the terminal would leave it). It keeps
// one rule, for a query of letters alone: every run of letters in the
// card's drawn rows is in one of the texts or in a word of Decorations, so
// a query of letters that is in no word of Decorations is drawn only in a
// card whose texts hold it (TestSearchTextHoldsEveryDrawnWord). Where the
// drawing may join letters the text keeps apart (Markdown's emphasis, a
// control's mark: a\x01b is drawn a^Ab) the text is its letters alone,
// everything between them left out. It is cheap (no drawing, no
// sanitising, the entry's own strings), so a search over a long session
// reads it for every card and draws only the cards it names. ok is false
// where the card says more than the texts hold (a turn's end, an event, a
// plan, a call with an approval, nested calls or a subagent's work; all
// short), where a text holds escape sequences outside a command's output
// or Markdown what may be a tag, or reading it panicked: that card must be
// drawn to be searched.
func SearchText(e session.Entry, cwd string) (texts []string, ok bool) {
	defer func() {
		if recover() != nil {
			texts, ok = nil, false
		}
	}()
	if t, ok := e.(*session.ToolCall); ok {
		cwd = t.WorkingDir(cwd)
	}
	var w textWriter
	switch e := e.(type) {
	case *session.UserMessage:
		w.add(rawText(e, cwd), e.Source)
		for _, b := range e.Content {
			if a := b.Attachment; a != nil {
				w.add(a.Name, a.MediaType)
			}
			w.add(b.Alt)
		}
		return w.texts, !w.bad
	case *session.AssistantText:
		w.md = true
		w.add(rawText(e, cwd))
		return w.texts, !w.bad
	case *session.Reasoning:
		w.add(rawText(e, cwd))
		return w.texts, !w.bad
	case *session.ToolCall:
		if e.Approval != nil || len(e.SubCalls) > 0 || len(e.Nested) > 0 || e.Orphan || e.Duplicate {
			return nil, false
		}
		callSearchText(&w, e, cwd)
		return w.texts, !w.bad
	case *session.TurnStart, *session.TurnEnd, *session.Plan, *session.Event, *session.Notice:
	}
	return nil, false
}

func callSearchText(w *textWriter, t *session.ToolCall, cwd string) {
	r := t.Result
	failed := r != nil && (r.IsError || r.Error != nil)
	var result []string // the result's own text, where the view does not hold it
	if r != nil {
		result = blocksText(nil, r.Content)
	}
	switch v := t.View.(type) {
	case session.TerminalResultView:
		w.addOutput(v.Output)
		w.add(v.Title, v.Signal)
		result = errorText(failed, r)
	case session.ReadResultView:
		for _, l := range v.Lines {
			w.add(l.Text)
		}
		w.add(v.Path, v.Title, v.Lang)
		result = errorText(failed, r)
	case session.SearchMatchesResultView:
		for _, f := range v.Files {
			w.add(f.Path)
			for _, m := range f.Matches {
				w.add(m.Line)
			}
		}
		if pattern, _ := grepPattern(t); pattern != "" {
			w.add(strconv.Quote(pattern)) // as the title may show it
		}
		result = append(errorText(failed, r), toolNote(t)) // a cap note: the last paragraph of the result
	case session.SearchPathsResultView:
		w.add(v.Paths...)
		result = append(errorText(failed, r), toolNote(t))
	case session.DiffResultView:
		w.add(v.Title)
		w.add(diffsText(nil, v.Diffs)...)
	case session.GenericResultView:
		w.md = true
		w.add(blocksText(nil, v.Content)...)
		if v.Todos != nil { // a removed item and what a status was are in no argument
			for _, c := range v.Todos.Changed {
				w.add(c.Content, todoStatus(c.Status), todoStatus(c.Was))
			}
		}
		if d := v.Details; d != nil { // the client's labels and states, a record's JSON reindented
			w.add(d.Summary, d.Empty, d.Caption)
			for _, it := range d.Items {
				w.add(it.Title, it.Subtitle, it.Badge, it.Description, it.Code)
				w.add(it.Lines...)
				for _, f := range it.Fields {
					w.add(f.Label, f.Value)
				}
			}
		}
		w.add(v.DetailsNote)
	case session.WebSearchResultView:
		w.md = true
		w.add(rawText(t, cwd))
		for _, src := range v.Sources {
			w.add(src.Snippet, src.PublishedAt)
		}
	case session.WebFetchResultView:
		w.md = true
		w.add(rawText(t, cwd))
	case nil:
		w.md = true // a pending call's content is Markdown
		w.add(rawText(t, cwd))
	}
	w.add(result...)
	w.add(t.Name, t.Title(), t.Arguments)
	switch c := t.Call.(type) {
	case session.TerminalCallView:
		if c.Cwd != "" {
			cwd = resolve(cwd, c.Cwd)
		}
		w.add(c.Description, cwd)
	case session.GenericCallView: // what an ACP call shows before its result
		w.add(string(c.Kind), compactText(c.RawInput))
		w.add(blocksText(nil, c.Content)...)
		for _, l := range c.Locations {
			w.add(l.Path)
		}
	case session.DiffCallView:
		w.add(diffsText(nil, c.Diffs)...)
	case nil:
	}
	if r != nil && r.Error != nil {
		w.add(r.Error.Name, r.Error.Code, r.Error.Reason)
	}
	w.add(recovered(t)) // the state and why of a call the harness closed after the fact
}

// errorText is a failed result's text, which the big views (a read, a
// command, a search) show only when the call failed.
func errorText(failed bool, r *session.ToolResult) []string {
	if !failed {
		return nil
	}
	return []string{session.TextOf(r.Content)}
}

// diffsText adds what a diff card may show of its files: their paths and
// texts, old and new.
func diffsText(parts []string, diffs []session.FileDiff) []string {
	for _, d := range diffs {
		parts = append(parts, d.Path, d.NewText)
		if d.OldText != nil {
			parts = append(parts, *d.OldText)
		}
	}
	return parts
}

// blocksText adds what a card may show of content blocks: their text,
// types, names, images' names and kinds, and any other block as JSON.
func blocksText(parts []string, blocks []session.ContentBlock) []string {
	for _, b := range blocks {
		parts = append(parts, b.Type, b.Text, b.Alt, b.Name, b.Arguments, string(b.Raw))
		if a := b.Attachment; a != nil {
			parts = append(parts, a.Name, a.MediaType)
		}
		if b.Raw == nil && b.Type != "text" && b.Type != "image" {
			j, _ := compactJSON(b)
			parts = append(parts, string(j))
		}
		parts = blocksText(parts, b.Content)
	}
	return parts
}

// compactText is a value as the card shows it: JSON on one line.
func compactText(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	}
	j, _ := compactJSON(v)
	return string(j)
}

// Decorations is every word a card draws of its own, around and between
// the entry's text: labels, states, units, notes, the names in the marks
// of hidden characters, what Markdown adds (Image, a link's scheme), and
// every letter alone (a control's mark, ^A; a hex digit in ⟨U+FEFF⟩). A
// query in none of these words is drawn only where SearchText has it.
const Decorations = "a b c d e f g h i j k l m n o p q r s t u v w x y z " +
	"A B C D E F G H I J K L M N O P Q R S T U V W X Y Z " +
	"ALM BOM FSI LRE LRI LRM LRO LSEP PDF PDI PSEP RLE RLI RLM RLO SHY TAG VS WJ ZWJ ZWNJ ZWSP " +
	"FFF FFFA FFFB FFA BCA BCAA BCAB BCAC BCAD BCAE BCAF " +
	"Image http https mailto ms " +
	"Bash C CSS Emitters Fetched GB Go HTML HTTP INI JSON Java JavaScript KB KiB Kotlin Lexer Lua MB Markdown MiB " +
	"PHP Plan Python Read Ruby Rust SCSS SQL Swift TOML TSX TypeScript XML YAML " +
	"aborted above added allowed always and approval are as asked at backslashes before blocked bookkeeping by bytes " +
	"cache call calling calls cancelled cap card change changed changes closed code completed content context " +
	"continues could cpp cs css cut deck deep dev display done draw drawn earlier edit edits emphasis empty ended enter " +
	"entries entry err error errors event events exit expand fail failed fatal file files first flattened for " +
	"forked go harness highlighted hits html hunk hunks image in ini injected input interrupted is its java js " +
	"json jsx killed kotlin language less lexer limit line lines links list lists log longer lua many match matches max mcp md mdx " +
	"message messages mid model more moved name nested net new no not notice notices npm null of off offloaded once only options " +
	"out output over panic path paths pending php plain presented progress prompt py quotes ran rb react read reasoning rejected removed replacing " +
	"reply result root row rows rs rule rules running runtime scss second sees session sh showing shown since source " +
	"sources sql starts stats step steps stopped streaming subagent summary swift system terminal text the thinking " +
	"this time to todo token tokens toml too took tool traceback truncated ts tsx turn turns unchanged untitled update updated using wall " +
	"was when whole window without xml yaml"

// textWriter collects a card's texts for SearchText; md: texts the card
// may draw as Markdown; bad: a text it cannot read (the card is drawn).
type textWriter struct {
	texts []string
	md    bool
	bad   bool
}

// add takes texts as they are, unless the drawing may join their letters
// (Markdown, a control's mark: ^A), then their letters alone; Markdown
// with a character reference both as it is and read. It takes none but
// sets bad for a text with escape sequences, C1 controls or bytes that
// are no UTF-8 (the sanitiser reads them in ways this does not follow),
// and Markdown with what may be an HTML tag (goldmark drops it, and joins
// what was on either side) or a relative link drawn escaped (searchlinks.go).
func (w *textWriter) add(texts ...string) {
	for _, s := range texts {
		switch {
		case s == "" || w.bad:
		case !escapeFree(s) || w.md && (mayHoldTag(s) || escapesALink(s)):
			w.bad = true
		case w.md:
			w.texts = append(w.texts, letters(s, false, true))
			if strings.IndexByte(s, '&') >= 0 {
				w.texts = append(w.texts, letters(html.UnescapeString(s), false, true))
			}

		case hasControls(s, false):
			w.texts = append(w.texts, letters(s, false, false))
		default:
			w.texts = append(w.texts, s)
		}
	}
}

// addOutput takes a command's output as the terminal would leave it.
func (w *textWriter) addOutput(out string) {
	if out = terminalText(out); hasControls(out, true) {
		out = letters(out, true, false)
	}
	w.texts = append(w.texts, out)
}

// hasControls reports whether s holds a control the sanitiser shows as a
// mark (but a tab, a newline, and for output (term) a carriage return,
// which ends its line there: terminalText reads the others).
func hasControls(s string, term bool) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' && c != '\n' && !(term && c == '\r') {
			return true
		}
	}
	return false
}

// imageWord is what Markdown draws for an image's ![ ("Image: alt → url"),
// written where it is, as it may join the letters before it.
const imageWord = "Image"

// mayHoldTag reports whether s has a < before a letter, /, ! or ?: what
// may start an HTML tag, a comment or an autolink.
func mayHoldTag(s string) bool {
	for i := strings.IndexByte(s, '<'); i >= 0 && i+1 < len(s); {
		if c := s[i+1]; 'a' <= c|0x20 && c|0x20 <= 'z' || c == '/' || c == '!' || c == '?' {
			return true
		}
		j := strings.IndexByte(s[i+1:], '<')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// letters is the letters of s, everything else left out, but for the
// letter in a control's mark (^A), and for Markdown (md) the word an
// image's ![ draws.
func letters(s string, term, md bool) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if unicode.IsLetter(r) {
				b = append(b, s[i:i+size]...)
			}
			i += size
			continue
		}
		switch {
		case 'a' <= c|0x20 && c|0x20 <= 'z':
			b = append(b, c)
		case md && c == '!' && i+1 < len(s) && s[i+1] == '[':
			b = append(b, imageWord...)
		case c < 0x20 && c != '\t' && c != '\n' && !(term && c == '\r') && unicode.IsLetter(rune('@'+c)):
			b = append(b, '@'+c) // its mark: ^A
		}
		i++
	}
	return string(b)
}

// escapeFree reports whether s holds no escape sequence, no C1 control and
// nothing but UTF-8.
func escapeFree(s string) bool {
	return strings.IndexByte(s, 0x1b) < 0 && !hasC1(s) && utf8.ValidString(s)
}

// hasC1 reports whether s holds a C1 control as UTF-8 (U+0080 to U+009F).
func hasC1(s string) bool {
	for i := strings.IndexByte(s, 0xC2); i >= 0 && i+1 < len(s); {
		if s[i+1] >= 0x80 && s[i+1] <= 0x9F {
			return true
		}
		j := strings.IndexByte(s[i+1:], 0xC2)
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// terminalText is a command's output as the terminal would leave it,
// without colours: read byte by byte when it holds only colours, links and
// ends of lines (most output), else through the terminal parser, as its
// card reads it.
func terminalText(out string) string {
	if !movesCursor(out) && utf8.ValidString(out) && !hasC1(out) {
		if strings.IndexByte(out, 0x1b) < 0 {
			return out
		}
		if s, ok := dropEscapes(out); ok {
			return s
		}
	}
	var b strings.Builder
	for _, r := range termLines(theme.Dark(), out) {
		b.WriteString(r.plain())
		b.WriteByte('\n')
	}
	return b.String()
}

// movesCursor reports whether output writes over itself: a backspace, or a
// carriage return that does not end its line.
func movesCursor(out string) bool {
	if strings.IndexByte(out, '\b') >= 0 {
		return true
	}
	for i := strings.IndexByte(out, '\r'); i >= 0; {
		if i+1 < len(out) && out[i+1] != '\r' && out[i+1] != '\n' {
			return true
		}
		j := strings.IndexByte(out[i+1:], '\r')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// dropEscapes is output without its escape sequences, read byte by byte,
// as the terminal parser leaves it: a link's address after its text, in
// parentheses. ok is false for a sequence other than a whole CSI or OSC
// (the parser reads those its own way).
func dropEscapes(s string) (string, bool) {
	var b strings.Builder
	b.Grow(len(s))
	link := "" // the address of the open link, shown when it closes or its line ends
	closeLink := func() {
		if link != "" {
			b.WriteString(" (" + link + ")")
			link = ""
		}
	}
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], 0x1b)
		if j < 0 {
			j = len(s) - i
		}
		text := s[i : i+j]
		for link != "" {
			k := strings.IndexByte(text, '\n')
			if k < 0 {
				break
			}
			b.WriteString(text[:k])
			closeLink()
			text = text[k:]
		}
		b.WriteString(text)
		if i += j; i >= len(s) {
			break
		}
		end, url, isLink, ok := sequenceAt(s, i)
		if !ok {
			return "", false
		}
		if isLink {
			closeLink()
			link = url
		}
		i = end
	}
	closeLink()
	return b.String(), true
}

// sequenceAt reads the CSI or OSC that starts at s[esc] (an ESC): where it
// ends, and a hyperlink's address; ok is false for any other sequence, or
// one cut off, or holding what the parser would read as something else.
func sequenceAt(s string, esc int) (end int, url string, isLink, ok bool) {
	i := esc + 1
	if i >= len(s) {
		return 0, "", false, false
	}
	switch s[i] {
	case '[':
		i++
		for i < len(s) && s[i] >= 0x30 && s[i] <= 0x3f { // parameters
			i++
		}
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f { // intermediates
			i++
		}
		if i >= len(s) || s[i] < 0x40 || s[i] > 0x7e {
			return 0, "", false, false
		}
		return i + 1, "", false, true
	case ']':
		i++
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x7e {
			i++
		}
		body := s[esc+2 : i]
		switch {
		case i < len(s) && s[i] == 0x07:
			end = i + 1
		case i+1 < len(s) && s[i] == 0x1b && s[i+1] == '\\':
			end = i + 2
		default:
			return 0, "", false, false
		}
		if rest, found := strings.CutPrefix(body, "8;"); found {
			_, url, _ = strings.Cut(rest, ";")
			return end, url, true, true
		}
		return end, "", false, true
	}
	return 0, "", false, false
}

// escapeEnd is where the escape sequence that starts at s[esc] (an ESC)
// ends, read byte by byte: a CSI at its final byte (@ to ~), a string
// (OSC, DCS, APC, PM) after its BEL or ST, a charset a byte later, any
// other after the byte past ESC; a sequence cut off at the end, at the end.
func escapeEnd(s string, esc int) int {
	i := esc + 1
	switch {
	case i >= len(s):
		return len(s)
	case s[i] == '[':
		i++
		for i < len(s) && (s[i] < 0x40 || s[i] > 0x7e) {
			i++
		}
		return min(i+1, len(s))
	case s[i] == ']' || s[i] == 'P' || s[i] == '_' || s[i] == '^':
		for i < len(s) && s[i] != 0x07 && !(s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\') {
			i++
		}
		if i < len(s) && s[i] == 0x1b {
			i++
		}
		return min(i+1, len(s))
	case strings.IndexByte("()*+", s[i]) >= 0:
		return min(i+2, len(s))
	}
	return i + 1
}
