//go:build !unix

package extract

import "time"

// cpuTime is 0 where getrusage is not available: the benchmarks then report wall-clock MB/s
// only.
func cpuTime() time.Duration { return 0 }
