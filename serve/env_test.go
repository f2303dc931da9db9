package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/solvers/rl/env"
)

// envObservation is an observation as the API writes it.
type envObservation struct {
	Board      []int `json:"board"`
	Givens     []int `json:"givens"`
	ActionMask []int `json:"action_mask"`
}

type envReset struct {
	Observation envObservation `json:"observation"`
	Info        env.Info       `json:"info"`
}

type envStep struct {
	Observation envObservation `json:"observation"`
	Reward      float64        `json:"reward"`
	Terminated  bool           `json:"terminated"`
	Truncated   bool           `json:"truncated"`
	Info        env.Info       `json:"info"`
}

func makeEnv(t *testing.T, ts *httptest.Server, options any) envCreated {
	t.Helper()
	a := post(t, ts, "/api/env", options)
	if a.code != http.StatusCreated {
		t.Fatalf("POST /api/env %v: %d %s", options, a.code, a.body)
	}
	var c envCreated
	a.decode(t, &c)
	return c
}

func del(t *testing.T, ts *httptest.Server, path string) answer {
	t.Helper()
	req, err := http.NewRequest(http.MethodDelete, ts.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return read(t, res)
}

// TestEnvPlaysTheArticlesRules drives an environment over HTTP: make,
// reset with a seed, a valid placement (+1), an invalid move (−5, the
// board unchanged), close.
func TestEnvPlaysTheArticlesRules(t *testing.T) {
	_, ts := newTestServer(t, nil)
	c := makeEnv(t, ts, map[string]any{"corpus": "17-clue+28", "seed": 1, "reward": "article", "deck": 20})
	if c.ActionSpace != 729 || c.ObservationSpace != (observationSpace{81, 81, 729}) || c.Size != 9 || c.Rules.Reward != env.Article {
		t.Fatalf("made %+v", c)
	}
	base := "/api/env/" + c.ID
	if a := post(t, ts, base+"/step", map[string]int{"action": 0}); a.code != http.StatusConflict {
		t.Fatalf("step before reset: %d %s, want 409", a.code, a.body)
	}
	var first, again envReset
	post(t, ts, base+"/reset", map[string]uint64{"seed": 7}).decode(t, &first)
	post(t, ts, base+"/reset", map[string]uint64{"seed": 7}).decode(t, &again)
	if first.Info.Puzzle != again.Info.Puzzle || first.Info.Hints != 45 || first.Info.Rules == nil || len(first.Observation.ActionMask) != 729 {
		t.Fatalf("resets with seed 7: %+v and %+v", first.Info, again.Info)
	}
	obs := first.Observation
	legal := slices.Index(obs.ActionMask, 1)
	given := slices.Index(obs.Givens, 1)
	var s envStep
	post(t, ts, base+"/step", map[string]int{"action": given * 9}).decode(t, &s)
	if s.Reward != -5 || s.Terminated || s.Truncated || !slices.Equal(s.Observation.Board, obs.Board) || s.Info.InvalidMoves != 1 {
		t.Fatalf("invalid move: %+v", s)
	}
	post(t, ts, base+"/step", map[string]int{"action": legal}).decode(t, &s)
	if s.Reward != 1 || s.Observation.Board[legal/9] != legal%9+1 || s.Info.Steps != 2 || s.Info.Return != -4 {
		t.Fatalf("valid placement %d: %+v", legal, s)
	}
	if a := del(t, ts, base); a.code != http.StatusOK {
		t.Fatalf("DELETE: %d %s", a.code, a.body)
	}
	if a := post(t, ts, base+"/step", map[string]int{"action": legal}); a.code != http.StatusNotFound {
		t.Fatalf("step after close: %d %s, want 404", a.code, a.body)
	}
}

// TestEnvRefusesBadRequests: every bad option, action and id gets a 4xx
// JSON error that says what was wrong, never a panic.
func TestEnvRefusesBadRequests(t *testing.T) {
	_, ts := newTestServer(t, nil)
	c := makeEnv(t, ts, map[string]any{"corpus": "top1465", "deck": 5})
	base := "/api/env/" + c.ID
	post(t, ts, base+"/reset", "")
	for _, tc := range []struct {
		path string
		body any
		code int
		want string
	}{
		{"/api/env", map[string]any{"reward": "dense"}, 400, `reward "dense"`},
		{"/api/env", map[string]any{"invalid": "stop"}, 400, `invalid "stop"`},
		{"/api/env", map[string]any{"corpus": corporaDir + "/top1465.txt"}, 400, "reads no files"},
		{"/api/env", map[string]any{"corpus": "17-clue+99"}, 400, "17-clue+99"},
		{"/api/env", map[string]any{"deck": 20000}, 400, "at most 10000"},
		{"/api/env", map[string]any{"horizon": -2}, 400, "horizon -2"},
		{"/api/env", map[string]any{"generate": map[string]int{"size": 7, "hints": 20}}, 400, "side 7"},
		{"/api/env", map[string]any{"colour": "red"}, 400, `unknown field "colour"`},
		{"/api/env", "[1,2]", 400, "want an object"},
		{base + "/step", map[string]any{"action": 729}, 400, "out of range"},
		{base + "/step", map[string]any{"action": -1}, 400, "out of range"},
		{base + "/step", map[string]any{"action": 1e30}, 400, "action"},
		{base + "/step", map[string]any{"action": "r1c1=5"}, 400, "action"},
		{base + "/step", map[string]any{}, 400, "no action"},
		{base + "/step", "", 400, "empty request body"},
		{base + "/reset", map[string]any{"seed": -1}, 400, "seed"},
		{"/api/env/nope/step", map[string]any{"action": 0}, 404, "no environment"},
		{"/api/env/nope/reset", "", 404, "no environment"},
	} {
		a := post(t, ts, tc.path, tc.body)
		if a.code != tc.code || !strings.Contains(a.refusal(t).Error, tc.want) {
			t.Errorf("POST %s %v: %d %s, want %d and %q", tc.path, tc.body, a.code, a.body, tc.code, tc.want)
		}
	}
	if a := del(t, ts, "/api/env/nope"); a.code != http.StatusNotFound {
		t.Errorf("DELETE an unknown id: %d %s", a.code, a.body)
	}
}

// TestEnvOtherSizesAndTheGenerator: a generated 4×4 diagonal
// environment and a 16×16 holes corpus have their sizes' spaces.
func TestEnvOtherSizesAndTheGenerator(t *testing.T) {
	_, ts := newTestServer(t, nil)
	for _, tc := range []struct {
		options any
		n       int
	}{
		{map[string]any{"generate": map[string]int{"size": 4, "hints": 6}, "variant": "diagonal", "seed": 3}, 4},
		{map[string]any{"corpus": "holes-16@0.60", "deck": 2}, 16},
	} {
		c := makeEnv(t, ts, tc.options)
		var r envReset
		post(t, ts, "/api/env/"+c.ID+"/reset", "").decode(t, &r)
		if c.ActionSpace != tc.n*tc.n*tc.n || len(r.Observation.Board) != tc.n*tc.n || len(r.Observation.ActionMask) != c.ActionSpace {
			t.Errorf("%v: %+v, board of %d", tc.options, c, len(r.Observation.Board))
		}
	}
}

// TestEnvBounds: a client holds at most maxEnvsPerClient environments,
// and an environment idle past envIdle is gone.
func TestEnvBounds(t *testing.T) {
	s, _ := newTestServer(t, nil)
	clock := time.Unix(0, 0)
	table := &envTable{s: s, envs: make(map[string]*servedEnv), now: func() time.Time { return clock }}
	mux := http.NewServeMux()
	table.register(func(p string, h http.HandlerFunc) { mux.Handle(p, h) })
	ts := httptest.NewServer(mux)
	defer ts.Close()
	var ids []string
	for range maxEnvsPerClient {
		ids = append(ids, makeEnv(t, ts, map[string]any{"corpus": "top1465", "deck": 1}).ID)
	}
	a := post(t, ts, "/api/env", map[string]any{"corpus": "top1465", "deck": 1})
	if a.code != http.StatusTooManyRequests || !strings.Contains(a.refusal(t).Error, fmt.Sprint(maxEnvsPerClient)) {
		t.Fatalf("environment %d: %d %s, want 429", maxEnvsPerClient+1, a.code, a.body)
	}
	clock = clock.Add(envIdle / 2)
	post(t, ts, "/api/env/"+ids[0]+"/reset", "") // used: stays
	clock = clock.Add(envIdle/2 + time.Second)
	if a := post(t, ts, "/api/env/"+ids[1]+"/reset", ""); a.code != http.StatusNotFound {
		t.Fatalf("an environment idle past %s: %d %s, want 404", envIdle, a.code, a.body)
	}
	if a := post(t, ts, "/api/env/"+ids[0]+"/reset", ""); a.code != http.StatusOK {
		t.Fatalf("an environment used within %s: %d %s", envIdle, a.code, a.body)
	}
	makeEnv(t, ts, map[string]any{"corpus": "top1465", "deck": 1}) // the idle ones made room
}

// TestEnvInfoJSON: the info written by hand reads back as encoding/json
// reads env.Info, rules and all.
func TestEnvInfoJSON(t *testing.T) {
	for _, info := range []env.Info{
		{Puzzle: `17-clue+28:3 "quoted"`, Hints: 45, Blanks: 30, Legal: 71, Steps: 9, InvalidMoves: 3, Return: -9.5, Horizon: 72},
		{Puzzle: "x", Solved: true, DeadEnd: true, Return: 135, Rules: &env.Rules{Reward: env.Sparse, Invalid: env.InvalidEnd, ValidMove: env.ValidMove, Horizon: 5}},
	} {
		var got env.Info
		if err := json.Unmarshal(appendInfo(nil, info), &got); err != nil {
			t.Fatalf("%s: %v", appendInfo(nil, info), err)
		}
		want, _ := json.Marshal(info)
		back, _ := json.Marshal(got)
		if string(want) != string(back) {
			t.Errorf("info %s read back as %s", want, back)
		}
	}
}
