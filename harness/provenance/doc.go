// Package provenance says by what and where a benchmark's runs were made:
// the build stamped into the binary (Build, ReadStamp), never guessed from
// the working directory; the binary's hash; the host; the machine's load
// at start and end; and the manifest that records them with the plan, the
// machine, the Go modules built in, the outside programs' versions and
// the definition files (NewManifest). Every record names its build and
// host (Origin); a benchmark resumed by another build is refused unless
// asked for (SameBuild), and a busy machine is said before the runs
// (BusyWarning).
//
// The package is Linux only where it reads /proc (the CPU model, the
// kernel, the load, the binary's image).
package provenance
