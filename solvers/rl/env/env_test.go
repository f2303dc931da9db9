package env_test

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/rl/env"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

var ctx = context.Background()

// withSolution is a 45-hint puzzle of 17-clue+28 and its unique solution.
func withSolution(t *testing.T) (env.Puzzle, *sudoku.Grid) {
	t.Helper()
	p := solvertest.Corpus(t, "17-clue+28", 1)[0]
	return env.Puzzle{ID: p.ID, Grid: p.Grid}, p.Solution
}

// started returns an environment of the rules with an episode begun on p.
func started(t *testing.T, cfg env.Config, p env.Puzzle) (*env.Env, env.Info) {
	t.Helper()
	deck, err := env.NewDeck([]env.Puzzle{p})
	if err != nil {
		t.Fatal(err)
	}
	e, err := env.New(cfg, deck, 1)
	if err != nil {
		t.Fatal(err)
	}
	_, info, err := e.Start(p)
	if err != nil {
		t.Fatal(err)
	}
	return e, info
}

func action(n, cell, digit int) int { return cell*n + digit - 1 }

func step(t *testing.T, e *env.Env, a int) env.Transition {
	t.Helper()
	tr, err := e.Step(a)
	if err != nil {
		t.Fatalf("step %d: %v", a, err)
	}
	return tr
}

// TestArticleRewards plays the article's description: +1 a valid
// placement, −5 an invalid move that leaves the board as it was, +100 the
// placement that solves, and the episode's statistics in the info.
func TestArticleRewards(t *testing.T) {
	p, sol := withSolution(t)
	e, info := started(t, env.Config{}, p)
	if info.Rules == nil || info.Rules.Reward != env.Article || info.Rules.Invalid != env.InvalidContinue || info.Rules.ValidMove == "" {
		t.Fatalf("reset info rules = %+v, want the article's scheme, continue, and what a valid move is", info.Rules)
	}
	if info.Hints != 45 || info.Blanks != 36 || info.Horizon != 72 {
		t.Fatalf("reset info = %+v, want 45 hints, 36 blanks, horizon 72", info)
	}
	var blanks []int
	given := -1
	for c, d := range p.Grid.Cells() {
		if d == 0 {
			blanks = append(blanks, c)
		} else if given < 0 {
			given = c
		}
	}
	// An invalid move: a digit on a given. The board and the mask stay.
	before := slices.Clone(e.Observation().Board)
	mask := slices.Clone(e.Observation().ActionMask)
	other := p.Grid.Cell(given)%9 + 1
	tr := step(t, e, action(9, given, other))
	if tr.Reward != -5 || tr.Terminated || tr.Truncated || tr.Info.InvalidMoves != 1 {
		t.Fatalf("invalid move on a given: %+v, want reward −5, the episode going on, one invalid move", tr)
	}
	if !slices.Equal(tr.Observation.Board, before) || !slices.Equal(tr.Observation.ActionMask, mask) {
		t.Fatal("an invalid move changed the board or the mask")
	}
	// A clashing digit on a blank: invalid too.
	first := blanks[0]
	clash := p.Grid.Cell(p.Grid.Geometry().Peers[first][slices.IndexFunc(p.Grid.Geometry().Peers[first], func(q int) bool { return p.Grid.Cell(q) != 0 })])
	if tr = step(t, e, action(9, first, clash)); tr.Reward != -5 || !slices.Equal(tr.Observation.Board, before) {
		t.Fatalf("a digit a peer holds: reward %g, want −5 and the board unchanged", tr.Reward)
	}
	for i, c := range blanks {
		tr = step(t, e, action(9, c, sol.Cell(c)))
		last := i == len(blanks)-1
		switch {
		case !last && (tr.Reward != 1 || tr.Terminated || tr.Observation.Board[c] != uint8(sol.Cell(c))):
			t.Fatalf("valid placement %d: %+v, want +1, the digit on the board, the episode going on", i, tr)
		case last && (tr.Reward != 100 || !tr.Terminated || tr.Truncated || !tr.Info.Solved):
			t.Fatalf("solving placement: %+v, want +100, terminated, solved", tr)
		}
	}
	want := env.Info{Puzzle: p.ID, Hints: 45, Blanks: 0, Legal: 0, Steps: 38, InvalidMoves: 2, Return: 35 + 100 - 10, Solved: true, Horizon: 72}
	if tr.Info != want {
		t.Fatalf("final info %+v, want %+v", tr.Info, want)
	}
	if _, err := e.Step(0); !errors.Is(err, env.ErrEpisodeOver) {
		t.Fatalf("step after the end: %v, want ErrEpisodeOver", err)
	}
}

// TestValidIsNotRight: a legal digit that is not the solution's is a
// valid placement, +1, and the episode does not know it went wrong.
func TestValidIsNotRight(t *testing.T) {
	p, sol := withSolution(t)
	e, _ := started(t, env.Config{}, p)
	mask := e.Observation().ActionMask
	for a, legal := range mask {
		if legal == 1 && a%9+1 != sol.Cell(a/9) {
			tr := step(t, e, a)
			if tr.Reward != 1 || tr.Info.Solved || tr.Info.InvalidMoves != 0 {
				t.Fatalf("a legal but wrong digit: %+v, want +1 as a valid placement", tr)
			}
			return
		}
	}
	t.Fatal("no legal wrong digit in the puzzle's mask")
}

func TestSparseAndInvalidEnd(t *testing.T) {
	p, sol := withSolution(t)
	e, _ := started(t, env.Config{Reward: env.Sparse, Invalid: env.InvalidEnd}, p)
	var blank int
	for c, d := range p.Grid.Cells() {
		if d == 0 {
			blank = c
			break
		}
	}
	if tr := step(t, e, action(9, blank, sol.Cell(blank))); tr.Reward != 0 || tr.Terminated {
		t.Fatalf("sparse valid placement: %+v, want 0 and the episode going on", tr)
	}
	tr := step(t, e, action(9, blank, sol.Cell(blank))) // the cell is filled now
	if tr.Reward != 0 || !tr.Terminated || tr.Truncated || tr.Info.Solved || tr.Info.InvalidMoves != 1 {
		t.Fatalf("invalid move under invalid=end: %+v, want terminated, unsolved, reward 0", tr)
	}
	e, _ = started(t, env.Config{Reward: env.Sparse}, p)
	var last env.Transition
	for c, d := range p.Grid.Cells() {
		if d == 0 {
			last = step(t, e, action(9, c, sol.Cell(c)))
		}
	}
	if last.Reward != 1 || last.Info.Return != 1 || !last.Info.Solved {
		t.Fatalf("sparse solve: %+v, want 1 on solving and a return of 1", last)
	}
}

// TestHorizonTruncates: invalid moves under the article's rule go on
// until the horizon, which truncates, not terminates.
func TestHorizonTruncates(t *testing.T) {
	p, _ := withSolution(t)
	for _, horizon := range []int{0, 5} {
		e, info := started(t, env.Config{Horizon: horizon}, p)
		want := horizon
		if want == 0 {
			want = 72
		}
		if info.Horizon != want {
			t.Fatalf("horizon %d: info says %d, want %d", horizon, info.Horizon, want)
		}
		given := slices.IndexFunc(p.Grid.Cells(), func(d uint8) bool { return d != 0 })
		var tr env.Transition
		for i := range want {
			tr = step(t, e, action(9, given, 1))
			if (i == want-1) != tr.Truncated || tr.Terminated {
				t.Fatalf("horizon %d, step %d: truncated %v terminated %v", want, i+1, tr.Truncated, tr.Terminated)
			}
		}
		if tr.Info.Return != float64(-5*want) {
			t.Fatalf("return %g after %d invalid moves, want %d", tr.Info.Return, want, -5*want)
		}
	}
}

func TestStepErrors(t *testing.T) {
	p, _ := withSolution(t)
	deck, _ := env.NewDeck([]env.Puzzle{p})
	e, _ := env.New(env.Config{}, deck, 1)
	if _, err := e.Step(0); !errors.Is(err, env.ErrNoEpisode) {
		t.Fatalf("step before reset: %v, want ErrNoEpisode", err)
	}
	if _, _, err := e.Reset(ctx); err != nil {
		t.Fatal(err)
	}
	for _, a := range []int{-1, 729, 1 << 40} {
		_, err := e.Step(a)
		if err == nil || !strings.Contains(err.Error(), "out of range") {
			t.Fatalf("action %d: %v, want out of range", a, err)
		}
	}
	if info := e.Info(); info.Steps != 0 || info.InvalidMoves != 0 {
		t.Fatalf("refused actions counted: %+v", info)
	}
}

func TestStartRefuses(t *testing.T) {
	p, sol := withSolution(t)
	e, _ := started(t, env.Config{}, p)
	geo := p.Grid.Geometry()
	clash := p.Grid.Clone()
	for c, d := range p.Grid.Cells() {
		if d != 0 {
			continue
		}
		if i := slices.IndexFunc(geo.Peers[c], func(q int) bool { return p.Grid.Cell(q) != 0 }); i >= 0 {
			clash.Set(c, p.Grid.Cell(geo.Peers[c][i]))
			break
		}
	}
	for _, tc := range []struct {
		name string
		grid *sudoku.Grid
		want string
	}{
		{"full", sol, "no blank cell"},
		{"other size", sudoku.NewGrid(sudoku.MustGeometry(2, sudoku.Classic)), "this environment plays 9×9 classic"},
		{"clash", clash, "cannot be solved"},
	} {
		if _, _, err := e.Start(env.Puzzle{ID: tc.name, Grid: tc.grid}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestRandomPlayKeepsTheRules plays random actions, legal and not, on
// puzzles of every size and variant, and checks after every step the
// mask, the legal count, the board, the rewards and the ends against a
// recomputation from the board alone.
func TestRandomPlayKeepsTheRules(t *testing.T) {
	for _, box := range []int{2, 3, 4} {
		for _, v := range []sudoku.Variant{sudoku.Classic, sudoku.Diagonal} {
			t.Run(fmt.Sprintf("box=%d/variant=%s", box, v), func(t *testing.T) {
				puzzles := solvertest.HolesPuzzles(t, box, v, 0.5, 6, 1)
				rng := rand.New(rand.NewPCG(1, 2))
				ends := map[string]int{}
				for i, g := range puzzles {
					e, _ := started(t, env.Config{Invalid: env.InvalidContinue}, env.Puzzle{ID: fmt.Sprint(i), Grid: g})
					ends[playRandom(t, e, rng)]++
				}
				if ends["truncated"]+ends["solved"]+ends["dead end"] != len(puzzles) {
					t.Fatalf("episode ends %v", ends)
				}
			})
		}
	}
}

// playRandom plays until the episode ends, legal actions three times in
// four, and returns how it ended.
func playRandom(t *testing.T, e *env.Env, rng *rand.Rand) string {
	t.Helper()
	geo := e.Geometry()
	for {
		obs := e.Observation()
		board, mask := slices.Clone(obs.Board), slices.Clone(obs.ActionMask)
		var legal []int
		for a, m := range mask {
			if m == 1 {
				legal = append(legal, a)
			}
		}
		a := rng.IntN(e.Actions())
		if len(legal) > 0 && rng.IntN(4) > 0 {
			a = legal[rng.IntN(len(legal))]
		}
		tr := step(t, e, a)
		wantBoard := slices.Clone(board)
		reward := env.Article.Invalid
		if mask[a] == 1 {
			wantBoard[a/geo.N] = uint8(a%geo.N + 1)
			reward = env.Article.Valid
		}
		if !slices.Equal(tr.Observation.Board, wantBoard) {
			t.Fatalf("action %d: board %v, want %v", a, tr.Observation.Board, wantBoard)
		}
		checkMask(t, geo, tr)
		blanks := bytesZero(wantBoard)
		if blanks == 0 {
			reward = env.Article.Solved
		}
		if tr.Reward != reward || tr.Info.Blanks != blanks {
			t.Fatalf("action %d: reward %g blanks %d, want %g and %d", a, tr.Reward, tr.Info.Blanks, reward, blanks)
		}
		switch {
		case blanks == 0:
			if !tr.Terminated || !tr.Info.Solved || checkSolved(geo, tr.Observation.Board) != nil {
				t.Fatalf("full board: %+v", tr)
			}
			return "solved"
		case tr.Info.Legal == 0:
			if !tr.Terminated || !tr.Info.DeadEnd || tr.Info.Solved {
				t.Fatalf("no legal action left: terminated %v dead end %v", tr.Terminated, tr.Info.DeadEnd)
			}
			return "dead end"
		case tr.Terminated:
			t.Fatalf("terminated with %d legal actions and %d blanks", tr.Info.Legal, blanks)
		case tr.Truncated:
			if tr.Info.Steps != tr.Info.Horizon {
				t.Fatalf("truncated at step %d, horizon %d", tr.Info.Steps, tr.Info.Horizon)
			}
			return "truncated"
		}
	}
}

// checkMask recomputes the mask from the board.
func checkMask(t *testing.T, geo *sudoku.Geometry, tr env.Transition) {
	t.Helper()
	g := sudoku.NewGrid(geo)
	copy(g.Cells(), tr.Observation.Board)
	cand := g.Candidates()
	legal := 0
	for c := range geo.Cells {
		for d := 1; d <= geo.N; d++ {
			want := uint8(cand[c] >> d & 1)
			if tr.Observation.ActionMask[c*geo.N+d-1] != want {
				t.Fatalf("mask of %s digit %d is %d, want %d", geo.CellName(c), d, tr.Observation.ActionMask[c*geo.N+d-1], want)
			}
		}
		legal += bits.OnesCount64(cand[c])
	}
	if tr.Info.Legal != legal {
		t.Fatalf("legal actions %d, want %d", tr.Info.Legal, legal)
	}
}

func bytesZero(b []uint8) int {
	n := 0
	for _, v := range b {
		if v == 0 {
			n++
		}
	}
	return n
}

func checkSolved(geo *sudoku.Geometry, board []uint8) error {
	g := sudoku.NewGrid(geo)
	copy(g.Cells(), board)
	return sudoku.CheckSolution(sudoku.NewGrid(geo), g)
}

// TestSeededResets: the same seed draws the same puzzles; ResetSeed
// starts the draws again.
func TestSeededResets(t *testing.T) {
	draws := func(seed uint64) []string {
		e, err := env.Options{Corpus: "17-clue+28", Seed: seed, Deck: 50}.Build(corporatest.DataDir(t), dlx.Oracle{})
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for range 5 {
			_, info, err := e.Reset(ctx)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, info.Puzzle)
		}
		_, info, _ := e.ResetSeed(ctx, seed)
		_, again, _ := e.ResetSeed(ctx, seed)
		if info.Puzzle != again.Puzzle {
			t.Fatalf("ResetSeed(%d) drew %s, then %s", seed, info.Puzzle, again.Puzzle)
		}
		return ids
	}
	a, b, c := draws(1), draws(1), draws(2)
	if !slices.Equal(a, b) || slices.Equal(a, c) {
		t.Fatalf("seed 1: %v and %v; seed 2: %v", a, b, c)
	}
}

func TestOptions(t *testing.T) {
	dir := corporatest.DataDir(t)
	for _, tc := range []struct {
		o    env.Options
		want string
	}{
		{env.Options{Reward: "dense"}, `reward "dense"`},
		{env.Options{Invalid: "stop"}, `invalid "stop"`},
		{env.Options{Horizon: -1}, "horizon -1"},
		{env.Options{Corpus: "no-such-corpus"}, "no-such-corpus"},
		{env.Options{Hints: "70-80"}, "no puzzle in hint range"},
		{env.Options{Deck: -3}, "deck of -3"},
		{env.Options{Variant: "jigsaw"}, "jigsaw"},
		{env.Options{Generate: &env.GenerateOptions{Size: 9, Hints: 30}, Corpus: "top1465"}, "one or the other"},
		{env.Options{Generate: &env.GenerateOptions{Size: 10, Hints: 30}}, "side 10"},
		{env.Options{Generate: &env.GenerateOptions{Size: 9, Hints: 81}}, "81 hints"},
	} {
		if _, err := tc.o.Build(dir, dlx.Oracle{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.o, err, tc.want)
		}
	}
}

// TestSources: a deck holds the corpus's puzzles in range, the generator
// makes puzzles of its hint count; both on other sizes and variants.
func TestSources(t *testing.T) {
	dir := corporatest.DataDir(t)
	for _, tc := range []struct {
		name  string
		o     env.Options
		n     int
		hints func(int) bool
	}{
		{"17-clue+8", env.Options{Corpus: "17-clue+8", Deck: 20}, 9, func(h int) bool { return h == 25 }},
		{"holes-16", env.Options{Corpus: "holes-16@0.60", Deck: 3}, 16, func(h int) bool { return h == 154 }},
		{"top1465 hints", env.Options{Corpus: "top1465", Hints: "24-", Deck: 30}, 9, func(h int) bool { return h >= 24 }},
		{"generator", env.Options{Generate: &env.GenerateOptions{Size: 9, Hints: 30}}, 9, func(h int) bool { return h == 30 }},
		{"generator diagonal 4", env.Options{Generate: &env.GenerateOptions{Size: 4, Hints: 6}, Variant: "diagonal"}, 4, func(h int) bool { return h == 6 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := tc.o.Build(dir, dlx.Oracle{})
			if err != nil {
				t.Fatal(err)
			}
			if e.Geometry().N != tc.n || e.Actions() != tc.n*tc.n*tc.n {
				t.Fatalf("geometry %s, %d actions", e.Geometry(), e.Actions())
			}
			for range 3 {
				obs, info, err := e.Reset(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if !tc.hints(info.Hints) || len(obs.Board) != tc.n*tc.n || len(obs.ActionMask) != tc.n*tc.n*tc.n {
					t.Fatalf("%s: %d hints, board of %d, mask of %d", info.Puzzle, info.Hints, len(obs.Board), len(obs.ActionMask))
				}
			}
		})
	}
}

var _ corpora.Oracle = dlx.Oracle{}
