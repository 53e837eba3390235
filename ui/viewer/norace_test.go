//go:build !race

package viewer

const raceEnabled = false
