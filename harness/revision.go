package harness

// SourceRevision returns the commit this binary was built from and whether
// its tree had changes, as the manifest records them, for other records of
// provenance (trained weights, say).
func SourceRevision() (commit string, dirty bool) { return sourceRevision() }
