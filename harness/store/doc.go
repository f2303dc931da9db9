// Package store keeps a benchmark's result directory whole: one writer
// at a time, pieces merged into one, a torn last line cut back.
//
// A run and a merge hold an exclusive flock on OUT/.writer.lock (LockDir)
// from start to end, naming their holder; the kernel drops it however the
// holder ends, so that a resume after kill -9 works at once, and a second
// process on the same directory is refused (ErrLocked) rather than mixing
// two benchmarks in one file. NewResultDir makes a fresh directory that
// no other run shares. TrimPartialLine cuts a file of JSON lines back to
// its last complete line, so that a resumed run drops the line its killed
// predecessor was writing. Merge joins the directories of one plan's
// shards, refuses different plans (PlanDiff) and pieces whose records
// disagree with their manifest, and keeps the first record of each key,
// streaming the records rather than holding them.
package store
