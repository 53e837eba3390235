//go:build !race

package golden

const raceDetector = false
