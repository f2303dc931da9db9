package provenance

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

// Origin is what every record and the manifest say about where and by
// what the runs were made.
type Origin struct {
	commit     string // VCS revision stamped into this binary, else its module version, else record.UnknownBuild
	dirty      bool   // the stamp marks the tree as modified
	executable string // hex SHA-256 of this binary; "" when unreadable
	Host       string
	LoadStart  [3]float64 // load averages when the benchmark started; zero if unknown
}

// Build names the build as records carry it.
func (p Origin) Build() string { return record.BuildName(p.commit, p.dirty) }

// Current reads this binary's build stamp and hash, the host name
// and the load averages.
func Current() Origin {
	p := Origin{executable: executableSHA256()}
	p.commit, p.dirty = vcsStamp(debug.ReadBuildInfo())
	p.Host, _ = os.Hostname()
	p.LoadStart, _ = LoadAverages()
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

// LoadAverages reads the 1-, 5- and 15-minute load averages.
func LoadAverages() ([3]float64, error) {
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

// BusyWarning says when the machine was busy as a benchmark started: a
// 1-minute load above the cores less one means other work was running
// beside the one core a run takes and the parent that watches it.
func BusyWarning(load [3]float64, cores int) string {
	if load[0] <= float64(cores-1) {
		return ""
	}
	return fmt.Sprintf("the machine is busy: load average %.2f over the last minute on %d cores; times will be slower and noisier than on a quiet machine (the manifest records the load at start and end)",
		load[0], cores)
}

// SameBuild says how the build that recorded a benchmark differs from this
// one: by the stamp, or, where both hashed their binary, by its hash.
func SameBuild(old *record.Manifest, now Origin) error {
	if old.Build() != now.Build() {
		return fmt.Errorf("it was recorded by build %s, this binary is %s", old.Build(), now.Build())
	}
	if old.Executable != "" && now.executable != "" && old.Executable != now.executable {
		return fmt.Errorf("it was recorded by another binary of build %s (sha256 %.12s…, this one %.12s…)", now.Build(), old.Executable, now.executable)
	}
	return nil
}
