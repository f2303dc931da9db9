package harness

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/solvers"
)

// modulePath identifies the suite's own repository when asking git.
const modulePath = "github.com/sudokubench/sudokubench"

// newManifest describes the machine, the build and the plan.
func newManifest(plan record.Plan, shard Shard, infos []solvers.Info, corpusSHA map[string]string) *record.Manifest {
	commit, dirty := sourceRevision()
	host, _ := os.Hostname()
	return &record.Manifest{
		Suite:        "sudokubench",
		Created:      time.Now().UTC(),
		Commit:       commit,
		Dirty:        dirty,
		GoVersion:    runtime.Version(),
		GOMAXPROCS:   runtime.GOMAXPROCS(0),
		CPUModel:     cpuModel(),
		Kernel:       kernelRelease(),
		OS:           runtime.GOOS,
		Arch:         runtime.GOARCH,
		Hostname:     host,
		Dependencies: dependencies(),
		External:     externalVersions(infos),
		Plan:         plan,
		Corpora:      corpusSHA,
		Shard:        shard.String(),
	}
}

// sourceRevision returns the commit the binary was built from and whether
// the tree had changes: from the build's VCS stamp when there is one, else
// from git in the working directory if it is this suite's repository, else
// "unknown".
func sourceRevision() (string, bool) {
	if bi, ok := debug.ReadBuildInfo(); ok {
		var rev string
		var dirty bool
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
		if rev != "" {
			return rev, dirty
		}
	}
	return gitRevision()
}

// gitRevision asks git about the working directory's repository, if it
// holds this module.
func gitRevision() (string, bool) {
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return "unknown", false
	}
	gomod, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(top)), "go.mod"))
	if err != nil || !strings.Contains(string(gomod), "module "+modulePath+"\n") {
		return "unknown", false
	}
	rev, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		return "unknown", false
	}
	status, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output()
	return strings.TrimSpace(string(rev)), err != nil || len(strings.TrimSpace(string(status))) > 0
}

// cpuModel returns the first "model name" of /proc/cpuinfo.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(key) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return "unknown"
}

// kernelRelease returns what uname -r prints.
func kernelRelease() string {
	b, err := os.ReadFile("/proc/sys/kernel/osrelease")
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(b))
}

// dependencies maps each Go module built in to its version.
func dependencies() map[string]string {
	deps := make(map[string]string)
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return deps
	}
	for _, d := range bi.Deps {
		v := d.Version
		if d.Replace != nil {
			v += " => " + d.Replace.Path + " " + d.Replace.Version
		}
		deps[d.Path] = v
	}
	return deps
}

// externalVersions asks every selected pipeline that reports a version.
func externalVersions(infos []solvers.Info) map[string]string {
	versions := make(map[string]string)
	for _, in := range infos {
		if in.Version != nil {
			versions[in.Name] = in.Version()
		}
	}
	if len(versions) == 0 {
		return nil
	}
	return versions
}
