package index

import "testing"

// A list's value cut anywhere short is an error, never a panic nor a
// list; whole, it is the list.
func TestAListCutShort(t *testing.T) {
	list := []Session{{ID: 3, Path: "/a", Agent: "x", Title: "t", Turns: 2}, {ID: 1, Path: "/b", Unreadable: "gone"}}
	for i := range list {
		list[i].file = fileState{size: 10, mtime: 5, head: []byte{1, 2}, headLen: 2, closed: true, folderMod: 7}
	}
	raw := string(encodeList(list))
	for n := range len(raw) {
		if got, err := decodeList(raw[:n]); err == nil {
			t.Fatalf("cut at %d: %v", n, got)
		}
	}
	got, err := decodeList(raw)
	if err != nil || len(got) != 2 || got[0].Path != "/a" || got[1].Unreadable != "gone" || got[0].file.folderMod != 7 || string(got[1].file.head) != "\x01\x02" {
		t.Errorf("%+v %v", got, err)
	}
}
