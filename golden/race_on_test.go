//go:build race

package golden

// raceDetector says the tests run under -race.
const raceDetector = true
