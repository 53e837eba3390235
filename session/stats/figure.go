package stats

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/deck-tui/deck/session/human"
)

// Figure is one number a log may or may not hold. A figure the log does not
// record is NotRecorded, which prints as "not recorded" and is null in JSON:
// never a 0 a reader would take for a measurement.
type Figure struct {
	value float64
	known bool
}

// NotRecorded is the figure a format does not hold.
var NotRecorded = Figure{}

// Measured is a figure the log recorded.
func Measured[N int | int64 | float64](v N) Figure { return Figure{float64(v), true} }

// Value is the figure and whether the log recorded it.
func (f Figure) Value() (float64, bool) { return f.value, f.known }

// Recorded reports whether the log holds the figure.
func (f Figure) Recorded() bool { return f.known }

// plus adds two figures; either being recorded makes the sum recorded.
func (f Figure) plus(o Figure) Figure {
	if !o.known {
		return f
	}
	return Figure{f.value + o.value, true}
}

// MarshalJSON writes the number, or null when it is not recorded.
func (f Figure) MarshalJSON() ([]byte, error) {
	if !f.known {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, f.value, 'f', -1, 64), nil
}

// Count writes a whole number: 1,234.
func (f Figure) Count() string {
	if !f.known {
		return "not recorded"
	}
	// a sum at the top of int64 (a hostile log's) is held as the float
	// 2^63, which no int64 holds: converted, it is whatever the CPU makes
	// of it (amd64: the most negative int64)
	n := int64(math.MaxInt64)
	if f.value < math.MaxInt64 {
		n = int64(f.value)
	}
	return human.Thousands(n)
}

// Millis writes a duration held in ms: 850ms, 12.3s, 4m05s.
func (f Figure) Millis() string {
	if !f.known {
		return "not recorded"
	}
	d := time.Duration(f.value) * time.Millisecond
	switch {
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
}

// Rate writes a per-second figure as the web client does: a whole number
// from ten on (42/s), one decimal below (4.5/s), halves rounded up.
func (f Figure) Rate() string {
	if !f.known {
		return "not recorded"
	}
	v := max(f.value, 0)
	if v >= 10 {
		return strconv.FormatFloat(math.Floor(v+0.5), 'f', -1, 64) + "/s"
	}
	return strconv.FormatFloat(math.Floor(v*10+0.5)/10, 'f', -1, 64) + "/s"
}
