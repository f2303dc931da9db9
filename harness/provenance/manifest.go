package provenance

import (
	"bufio"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/solvers"
)

// NewManifest describes the machine, the build and the plan.
func NewManifest(plan record.Plan, shard record.Shard, infos []solvers.Info, corpusSHA map[string]string, prov Origin) *record.Manifest {
	return &record.Manifest{
		Suite:        "sudokubench",
		Created:      time.Now().UTC(),
		Commit:       prov.commit,
		Dirty:        prov.dirty,
		Executable:   prov.executable,
		GoVersion:    runtime.Version(),
		GOMAXPROCS:   runtime.GOMAXPROCS(0),
		CPUModel:     cpuModel(),
		Kernel:       kernelRelease(),
		OS:           runtime.GOOS,
		Arch:         runtime.GOARCH,
		Hostname:     prov.Host,
		Dependencies: dependencies(),
		External:     externalVersions(infos),
		Definitions:  definitions(infos),
		Plan:         plan,
		Corpora:      corpusSHA,
		Shard:        shard.String(),
		LoadStart:    prov.LoadStart,
	}
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

// definitions gathers the definition files of the selected pipelines that
// come from one.
func definitions(infos []solvers.Info) []record.Definition {
	var out []record.Definition
	index := make(map[string]int) // file and SHA-256 → position in out
	for _, in := range infos {
		if in.Source == nil {
			continue
		}
		key := in.Source.File + "\x00" + in.Source.SHA256
		i, ok := index[key]
		if !ok {
			i = len(out)
			index[key] = i
			out = append(out, record.Definition{File: in.Source.File, SHA256: in.Source.SHA256, Text: in.Source.Text})
		}
		out[i].Solvers = append(out[i].Solvers, in.Name)
	}
	return out
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
