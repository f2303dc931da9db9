package corpora

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dataTree makes root/sub holding one catalog file and returns root and
// the data directory.
func dataTree(t *testing.T, sub string) (root, data string) {
	t.Helper()
	root = t.TempDir()
	data = filepath.Join(root, sub)
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(data, "top1465.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return root, data
}

func TestFindDir(t *testing.T) {
	root, data := dataTree(t, filepath.Join("corpora", "data"))
	flatRoot, flatData := dataTree(t, "corpora")
	other := t.TempDir()
	exe := filepath.Join(root, "sudokubench")
	tests := []struct {
		name                    string
		explicit, env, cwd, exe string
		want                    string
	}{
		{"from=explicit", other, data, root, exe, other},
		{"from=env", "", other, root, exe, other},
		{"from=cwd", "", "", root, "", data},
		{"from=cwd-flat", "", "", flatRoot, "", flatData},
		{"from=executable", "", "", other, exe, data},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := findDir(tt.explicit, tt.env, tt.cwd, tt.exe)
			if err != nil || got != tt.want {
				t.Errorf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestFindDirErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nowhere")
	tests := []struct {
		name                    string
		explicit, env, cwd, exe string
		says                    string
	}{
		{"from=explicit", missing, "", "", "", "--corpora"},
		{"from=env", "", missing, "", "", "$" + EnvDir},
		{"from=nowhere", "", "", t.TempDir(), "", "pass --corpora DIR or set $" + EnvDir},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := findDir(tt.explicit, tt.env, tt.cwd, tt.exe)
			if err == nil || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %v, want one that says %q", err, tt.says)
			}
		})
	}
}
