package defs

import (
	"embed"
	"io/fs"
	"path"
	"sort"
)

// shippedFS holds the definitions the suite ships, built into the binary.
//
//go:embed shipped/*.toml
var shippedFS embed.FS

// shippedDir is where the shipped definitions live in the repository;
// their files are named so in records and messages.
const shippedDir = "solvers/defs/shipped"

// Shipped returns the definition files the suite ships, parsed, in name
// order. They are constants of the build: a broken one is a programming
// error, which the package's tests catch.
func Shipped() []*File {
	names, err := fs.Glob(shippedFS, "shipped/*.toml")
	if err != nil {
		panic(err)
	}
	sort.Strings(names)
	var files []*File
	for _, name := range names {
		text, err := shippedFS.ReadFile(name)
		if err != nil {
			panic(err)
		}
		f, err := Parse(path.Join(shippedDir, path.Base(name)), text)
		if err != nil {
			panic("shipped solver definitions: " + err.Error())
		}
		files = append(files, f)
	}
	return files
}
