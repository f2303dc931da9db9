package harness

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/harness/record"
)

// provenance is what every record and the manifest say about where and by
// what the runs were made.
type provenance struct {
	commit     string // VCS revision stamped into this binary, else its module version, else record.UnknownBuild
	dirty      bool   // the stamp marks the tree as modified
	executable string // hex SHA-256 of this binary; "" when unreadable
	host       string
	loadStart  [3]float64 // load averages when the benchmark started; zero if unknown
}

// build names the build as records carry it.
func (p provenance) build() string { return record.BuildName(p.commit, p.dirty) }

// currentProvenance reads this binary's build stamp and hash, the host name
// and the load averages.
func currentProvenance() provenance {
	p := provenance{executable: executableSHA256()}
	p.commit, p.dirty = vcsStamp(debug.ReadBuildInfo())
	p.host, _ = os.Hostname()
	p.loadStart, _ = loadAverages()
	return p
}

// executableSHA256 hashes the running binary through /proc/self/exe, which
// is the image that runs even when its file has since been rebuilt.
func executableSHA256() string {
	f, err := os.Open("/proc/self/exe")
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

// loadAverages reads the 1-, 5- and 15-minute load averages.
func loadAverages() ([3]float64, error) {
	var avg [3]float64
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return avg, err
	}
	fields := strings.Fields(string(b))
	if len(fields) < 3 {
		return avg, fmt.Errorf("/proc/loadavg: %q", b)
	}
	for i := range avg {
		if avg[i], err = strconv.ParseFloat(fields[i], 64); err != nil {
			return avg, fmt.Errorf("/proc/loadavg: %w", err)
		}
	}
	return avg, nil
}

// busyWarning says when the machine was busy as a benchmark started: a
// 1-minute load above the cores less one means other work was running
// beside the one core a run takes and the parent that watches it.
func busyWarning(load [3]float64, cores int) string {
	if load[0] <= float64(cores-1) {
		return ""
	}
	return fmt.Sprintf("the machine is busy: load average %.2f over the last minute on %d cores; times will be slower and noisier than on a quiet machine (the manifest records the load at start and end)",
		load[0], cores)
}

// sameBuild says how the build that recorded a benchmark differs from this
// one: by the stamp, or, where both hashed their binary, by its hash.
func sameBuild(old *record.Manifest, now provenance) error {
	if old.Build() != now.build() {
		return fmt.Errorf("it was recorded by build %s, this binary is %s", old.Build(), now.build())
	}
	if old.Executable != "" && now.executable != "" && old.Executable != now.executable {
		return fmt.Errorf("it was recorded by another binary of build %s (sha256 %.12s…, this one %.12s…)", now.build(), old.Executable, now.executable)
	}
	return nil
}
