//go:build !race

package whatwg

// raceEnabled: the race detector makes sync.Pool drop items, so allocation counts differ.
const raceEnabled = false
