package main

import (
	"strings"
	"testing"
)

func TestTrainRefusesBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"train", "--model", "gpt", "--out", "x.bin"}, `--model "gpt": use rrn or cnn`},
		{[]string{"train", "--hours", "-1", "--out", "x.bin"}, "want hours ≥ 0"},
		{[]string{"train", "--workers", "0", "--out", "x.bin"}, "at least one worker"},
		{[]string{"train", "--model", "rrn"}, `"out" not set`},
		{[]string{"train", "--out", "no/such/dir/x.bin"}, "directory does not exist"},
	} {
		t.Run(strings.Join(tc.args[1:], " "), func(t *testing.T) {
			out, err := runCLI(t, tc.args...)
			if err == nil || !strings.Contains(err.Error()+out, tc.want) {
				t.Errorf("error %v, output %q; want one saying %q", err, out, tc.want)
			}
		})
	}
}
