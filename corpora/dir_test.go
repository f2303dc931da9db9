package corpora

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFindDir(t *testing.T) {
	flag, env := t.TempDir(), t.TempDir()
	tests := []struct {
		name, explicit, env, want string
	}{
		{"from=explicit", flag, env, flag},
		{"from=env", "", env, env},
		{"from=built-in", "", "", builtInDir},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := findDir(tt.explicit, tt.env)
			if err != nil || got != tt.want {
				t.Errorf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestFindDirErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nowhere")
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, explicit, env, says string
	}{
		{"from=explicit", missing, "", "--corpora"},
		{"from=env", "", missing, "$" + EnvDir},
		{"from=file", file, "", "is not a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := findDir(tt.explicit, tt.env)
			if err == nil || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %v, want one that says %q", err, tt.says)
			}
		})
	}
}

// The binary carries every shipped corpus file, byte for byte the catalog's.
func TestBuiltInCorporaMatchTheCatalog(t *testing.T) {
	for _, e := range Catalog() {
		sum, err := Verify(builtInDir, e)
		if err != nil || !sum.Match() {
			t.Errorf("built-in %s: %v, sha256 %s, want %s", e.File, err, sum.Got, e.SHA256)
		}
	}
}
