//go:build unix && !linux

package regular_test

import (
	"os"
	"testing"
)

// nonblocking: only Linux's flags are looked at.
func nonblocking(*testing.T, *os.File) bool { return false }
