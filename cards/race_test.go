//go:build race

package cards

const raceEnabled = true
