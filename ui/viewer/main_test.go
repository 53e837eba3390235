package viewer

import (
	"os"
	"testing"
	"time"
)

// The fixtures live with the golden tests.
const testdata = "../../golden/testdata"

func TestMain(m *testing.M) {
	time.Local = time.UTC // cards show wall-clock times
	os.Exit(m.Run())
}
