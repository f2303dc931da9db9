package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ratFormula is unsatisfiable: the unit 1 is RAT, and with it unit
// propagation conflicts.
const ratFormula = "p cnf 3 6\n-1 2 0\n-1 -2 0\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n"

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestDratCommand(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"f.cnf":       ratFormula,
		"good.drat":   "1 0\n0\n",
		"good.bin":    "a\x02\x00a\x00",
		"sat.cnf":     "p cnf 3 4\n1 2 0\n-1 3 0\n-2 -3 0\n1 -3 0\n",
		"bad.drat":    "c units that contradict\n1 0\n-1 0\n0\n",
		"cut.drat":    "1 0\n1 2",
		"garbage.cnf": "p cnf 3 1\n1 2 4 0\n",
	})
	at := func(name string) string { return filepath.Join(dir, name) }
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"verified/text", []string{"drat", at("f.cnf"), at("good.drat")}, 0, "verified: " + at("f.cnf") + ", text proof of 6 B, 2 lemmas and 0 deletions; backward checking checked 1 lemmas (1 RAT)"},
		{"verified/binary", []string{"drat", at("f.cnf"), at("good.bin")}, 0, "binary proof of 5 B"},
		{"verified/forward", []string{"drat", "--forward", at("f.cnf"), at("good.drat")}, 0, "forward checking checked 1 lemmas"},
		{"rejected/forward", []string{"drat", "--forward", at("sat.cnf"), at("bad.drat")}, 1, "not verified\nsudokubench: lemma 1 (" + at("bad.drat") + ":2) fails: 1 0 is neither RUP nor RAT on 1"},
		{"rejected/backward", []string{"drat", at("sat.cnf"), at("bad.drat")}, 1, "not verified\nsudokubench: lemma 2 (" + at("bad.drat") + ":3) fails: -1 0 is neither RUP nor RAT on -1"},
		{"rejected/satisfiable", []string{"drat", at("sat.cnf"), at("good.drat")}, 1, "lemma 2 (" + at("good.drat") + ":2) fails: the empty clause does not follow"},
		{"usage/one-file", []string{"drat", at("f.cnf")}, 2, "drat takes two files"},
		{"usage/bad-flag", []string{"drat", "--backwards", at("f.cnf"), at("good.drat")}, 2, "unknown flag: --backwards"},
		{"input/missing", []string{"drat", at("f.cnf"), at("none.drat")}, 2, "no such file"},
		{"input/bad-formula", []string{"drat", at("garbage.cnf"), at("good.drat")}, 2, at("garbage.cnf") + ":2: literal 4 is beyond the header's 3 variables"},
		{"input/cut-proof", []string{"drat", at("f.cnf"), at("cut.drat")}, 2, at("cut.drat") + ":2: the last step has no terminating 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, err := runCLIInput(t, "", tc.args...)
			out := stdout
			if err != nil {
				out += "sudokubench: " + err.Error()
			}
			if exitCodeOf(err) != tc.code || !strings.Contains(out, tc.want) {
				t.Errorf("exit %d, output %q %q; want exit %d with %q", exitCodeOf(err), out, stderr, tc.code, tc.want)
			}
		})
	}
}

func exitCodeOf(err error) int {
	if err == nil {
		return 0
	}
	return exitCode(err)
}
