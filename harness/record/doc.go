// Package record defines the suite's results on disk: one JSON line per run
// (Record), appended and flushed as each run finishes, and a manifest.json
// that says how the runs were made. The harness writes them; the report,
// merge and compare read them. Changing a field's name breaks every committed
// result, so fields are only ever added.
//
// # Records
//
// OUT/results.jsonl holds one record per run, written through to the
// operating system as it finishes and synced every second; a committed run
// keeps it gzip-compressed (ResultsPath finds either, Read decompresses by
// the name) and is read, never resumed or merged into. A record names the
// solver, its options and family; the puzzle (id corpus:line or path:line,
// SHA-256, the puzzle itself on one line, hints, size, variant; for an
// equivalent form, form and transform); mode, seed and repetition; status,
// detail, cross-check and what the run found against the corpus; times and
// how they were taken; memory; the limit; counters and model size; when it
// started, the host and the build. Its key is solver|puzzle|mode|seed|rep,
// with |form=k after it for a form k > 0.
//
// # Schema
//
// Records and manifests carry schema, the format's version (Schema). An
// added field does not change it: readers ignore what they do not know,
// and fields are added with omitempty (or omitzero), never renamed or
// removed. It goes up only for a change a reader of the old schema would
// misread (a field's meaning, unit or type, a status the old readers would
// count as another); a reader refuses a newer schema than its own, naming
// the file and line. Each record and manifest is written in the oldest
// schema that reads it right: 2 for a record of an equivalent form and the
// manifest of a plan with forms, 1 for everything else. Records written
// before the field existed read as schema 1; testdata/before-provenance
// and the committed runs are the test.
//
// # Manifest
//
// OUT/manifest.json says how the runs were made: the build (the revision
// stamped into the binary and its modified flag, else the module version,
// else "unknown"; never asked of git in the working directory), the
// binary's SHA-256, Go, GOMAXPROCS, CPU, kernel, host, dependency and
// outside-program versions, the solver definition files used, the
// corpora's SHA-256 sums, the plan (with the puzzles it left out because a
// pipeline does not take them), the shard, merged pieces, and the load
// averages at the start and the end.
//
// # Outputs
//
// Only a run and a merge write a result directory's records, manifest and
// lock. CheckOutput refuses, forced or not, any other command's output path
// that resolves (through .. and symbolic links, as the kernel opens it) to
// results.jsonl*, manifest.json or .writer.lock in a directory holding a
// run, or that is one of those under another name (by device and inode in
// the run's directory, and anywhere by content). The files written in
// place (appended records and certificates, the lock) are opened by
// OpenInPlace, which refuses a symbolic link and a file with other names.
package record
