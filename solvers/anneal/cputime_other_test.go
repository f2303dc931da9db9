//go:build !unix

package anneal

import "time"

// processCPU is not measured here.
func processCPU() time.Duration { return 0 }
