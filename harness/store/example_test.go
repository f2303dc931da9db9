package store_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sudokubench/sudokubench/harness/store"
)

// Take a result directory's writer lock: a second writer is refused while
// the first holds it, and may write once it is released.
func ExampleLockDir() {
	parent, err := os.MkdirTemp("", "store")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(parent)
	dir := filepath.Join(parent, "run")
	first, err := store.LockDir(dir, "run")
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = store.LockDir(dir, "merge")
	fmt.Println("second writer refused:", errors.Is(err, store.ErrLocked))
	if err := first.Release(); err != nil {
		fmt.Println(err)
		return
	}
	again, err := store.LockDir(dir, "merge")
	fmt.Println("after the release:", err)
	if err == nil {
		again.Release()
	}
	// Output:
	// second writer refused: true
	// after the release: <nil>
}
