package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// pythonClient is the Python client the docs give.
const pythonClient = "client/sudokubench_env.py"

func needPython(t *testing.T) string {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed (Debian: apt-get install python3)")
	}
	return python
}

// TestPythonClientPlays runs the documented client as a program: a random
// agent plays three episodes to their ends through the server.
func TestPythonClientPlays(t *testing.T) {
	python := needPython(t)
	_, ts := newTestServer(t, nil)
	out, err := exec.Command(python, pythonClient, "--url", ts.URL, "--episodes", "3", "--seed", "1").Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", pythonClient, err, stderrOf(err))
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	episodes := 0
	for sc.Scan() {
		var ep struct {
			Puzzle                string
			Steps                 int
			Return                float64
			Solved                bool
			DeadEnd               bool `json:"dead_end"`
			Terminated, Truncated bool
		}
		if err := json.Unmarshal(sc.Bytes(), &ep); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		episodes++
		// A random agent over the mask makes only valid moves, one per
		// step, until it solves or meets a dead end.
		if !strings.HasPrefix(ep.Puzzle, "17-clue+28:") || ep.Steps < 1 || ep.Steps > 36 || ep.Truncated ||
			!ep.Terminated || ep.Solved == ep.DeadEnd || ep.Return != float64(ep.Steps-1)+map[bool]float64{true: 100, false: 1}[ep.Solved] {
			t.Errorf("episode %+v", ep)
		}
	}
	if episodes != 3 {
		t.Fatalf("%d episodes, want 3:\n%s", episodes, out)
	}
}

// TestPythonClientAPI uses the client as a library: Gymnasium's method
// names and tuples, seeded resets, and the server's refusals as EnvError.
func TestPythonClientAPI(t *testing.T) {
	python := needPython(t)
	_, ts := newTestServer(t, nil)
	script := `
import sys
sys.path.insert(0, "client")
from sudokubench_env import SudokuEnv, EnvError
env = SudokuEnv(sys.argv[1], corpus="17-clue+28", seed=1, deck=10, reward="sparse")
assert env.action_space.n == 729 and env.observation_space["board"] == 81, env.observation_space
assert env.rules["reward"]["name"] == "sparse"
obs, info = env.reset(seed=5)
obs2, info2 = env.reset(seed=5)
assert info["puzzle"] == info2["puzzle"] and obs == obs2
given = obs["givens"].index(1)
obs, reward, terminated, truncated, info = env.step(given * 9)
assert reward == 0 and not terminated and info["invalid_moves"] == 1, (reward, info)
try:
    env.step(729)
    raise SystemExit("an action out of range was taken")
except EnvError as e:
    assert e.status == 400 and "out of range" in e.message, e
env.close()
try:
    env.reset()
    raise SystemExit("a closed environment was reset")
except ValueError as e:
    assert "closed" in str(e), e
print("ok")
`
	out, err := exec.Command(python, "-c", script, ts.URL).Output()
	if err != nil || strings.TrimSpace(string(out)) != "ok" {
		t.Fatalf("client script: %v\n%s%s", err, out, stderrOf(err))
	}
}

func stderrOf(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}
