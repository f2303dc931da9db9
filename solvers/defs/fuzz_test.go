package defs

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// errorLine is how every error of Parse starts: the file, and a line when
// the error has one.
var errorLine = regexp.MustCompile(`^fuzz\.toml(:(\d+))?: `)

// FuzzParse: the parser never panics, and every error it returns names the
// file, and a line within the text where it names one.
func FuzzParse(f *testing.F) {
	f.Add([]byte(good))
	for _, file := range Shipped() {
		f.Add(file.Text)
	}
	f.Add([]byte("[[solver]]\nname = \"a/b\"\noptions = { x = { y = 1 } }\npipe = [[], [1]]\n"))
	f.Add([]byte("[[solver]]\nsizes = [9, 99999999999999999999]\nversion = [[\"a\"], \"b\"]\n"))
	f.Add([]byte("a.b.c = 1\n[x]\n[[solver.x]]\n"))
	f.Fuzz(func(t *testing.T, text []byte) {
		file, err := Parse("fuzz.toml", text)
		if err == nil {
			if len(file.Definitions) == 0 {
				t.Fatal("no error and no definition")
			}
			return
		}
		lines := bytes.Count(text, []byte("\n")) + 1
		for _, msg := range strings.Split(err.Error(), "\n") {
			m := errorLine.FindStringSubmatch(msg)
			if m == nil {
				// A message may run over several lines only inside a
				// quoted value; the first line of each error is checked.
				if !strings.Contains(err.Error(), "fuzz.toml") {
					t.Fatalf("error without the file's name: %q", msg)
				}
				continue
			}
			if m[2] != "" {
				if n, _ := strconv.Atoi(m[2]); n < 1 || n > lines {
					t.Fatalf("error names line %d of a %d-line text: %q", n, lines, msg)
				}
			}
		}
	})
}
