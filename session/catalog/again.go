package catalog

import "path/filepath"

// Again looks at one log an earlier listing found, as a listing would now,
// without listing its folder: its row, or false when only a listing can
// tell (a harness session folder whose names changed since, or whose
// names alone did not pick its log; a store's session; a log gone, or no
// regular file now). An update looks so at the logs that changed last,
// and reads one that changed again while the listing goes on.
// folderMod is the session folder's mtime the earlier listing gave
// (Item.FolderMod).
func Again(agent, path string, folderMod int64) (Item, bool) {
	if (Item{Agent: agent}).Stored() {
		return Item{}, false
	}
	if agent == AgentHarness {
		if folderMod == 0 {
			return Item{}, false
		}
		// the folder before its log, as folderLog looks: a name made
		// after this look changes the mtime the next one sees
		folder, err := statPath(filepath.Dir(path))
		if err != nil || folder.mod.UnixNano() != folderMod {
			return Item{}, false
		}
	} else {
		folderMod = 0
	}
	it := found(agent, logFile{path: path, folderMod: folderMod})
	return it, it.Path != ""
}
