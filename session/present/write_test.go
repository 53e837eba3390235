package present

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

// oldText null in a write's diff is a new file or an overwrite (the
// harness says so): only the tool's "Created file" makes it a new file.
func TestAWriteIsANewFileOnlyWhenTheToolSaysSo(t *testing.T) {
	args := `{"file_path":"a.txt","content":"x\n"}`
	meta := `{"diffs":[{"path":"/w/a.txt","oldText":null,"newText":"x\n"}]}`
	for text, whole := range map[string]bool{
		"<path>/w/a.txt</path>\n<type>file</type>\n<content>\nCreated file\n</content>": false,
		"<path>/w/a.txt</path>\n<type>file</type>\n<content>\nUpdated file\n</content>": true,
		"Wrote file successfully.": true,
		// the outcome is a line of its own, never words of the path
		"<path>/w/Created file.md</path>\n<type>file</type>\n<content>\nUpdated file\n</content>": true,
		"<path>/w/Created file</path>\n<type>file</type>\n<content>\nUpdated file\n</content>":    true,
		"<path>/w/Created file</path>": true,
	} {
		for _, m := range []string{meta, ""} { // from the meta, and the fallback from the arguments
			v, ok := Result("write", args, result(t, text, false, m)).(session.DiffResultView)
			if !ok || len(v.Diffs) != 1 || v.Diffs[0].OldText != nil || v.Diffs[0].Whole != whole {
				t.Errorf("%q (meta %q): %#v, want Whole %v", text, m, v, whole)
			}
		}
	}
}
