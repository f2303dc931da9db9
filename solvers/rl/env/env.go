// Package env is Sudoku as a reinforcement-learning environment: the
// source article's Gym environment, in Gymnasium's convention, for every
// size and variant the suite has. Reset draws a puzzle and returns the
// first observation and an info; Step takes an action and returns the
// next observation, the reward, whether the episode terminated, whether
// it was truncated at its horizon, and the info.
//
// The observation is the board (N² numbers, 0 for a blank), the givens
// (N², 1 for a given) and Jumanji's action mask (N³, 1 for a legal
// action). Action A places digit A mod N + 1 in cell ⌊A / N⌋, cell =
// row × N + column: the article's divmod(action, 9).
//
// The package's opinion, where the article is silent:
//
//   - A move is valid when its cell is blank and no peer (a cell sharing a
//     row, column, box or, for the diagonal variant, diagonal) holds its
//     digit on the current board. Validity is not agreement with the
//     solution: a valid move can be wrong, and the agent finds out later,
//     at a dead end. The action mask marks exactly the valid moves.
//   - An action outside the mask (a filled cell, a clashing digit) leaves
//     the board unchanged and earns the scheme's invalid reward; the
//     episode goes on (the article's rule) or ends (InvalidEnd).
//   - The placement that completes the grid earns the scheme's solved
//     reward instead of its valid one (the article's +100, not +101), and
//     terminates the episode. A board completed by valid moves keeps every
//     rule, so it is a solution.
//   - When no legal action is left on a board with blanks (some blank cell
//     has no digit left), the episode terminates unsolved, as Jumanji's
//     does: nothing the agent does can change that board.
//   - The horizon truncates an episode that has neither solved nor
//     terminated after that many steps; its default is twice the puzzle's
//     blank cells.
//
// An Env is deterministic for a seed, allocates nothing in Step, and is
// not safe for concurrent use.
package env

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/sudoku"
)

// RewardScheme is what each kind of move earns.
type RewardScheme struct {
	Name    string  `json:"name"`
	Valid   float64 `json:"valid"`   // a valid placement that does not complete the grid
	Solved  float64 `json:"solved"`  // the placement that completes it (instead of Valid)
	Invalid float64 `json:"invalid"` // an action outside the mask
}

// The reward schemes: the article's (the default) and Jumanji's sparse one.
var (
	Article = RewardScheme{Name: "article", Valid: 1, Solved: 100, Invalid: -5}
	Sparse  = RewardScheme{Name: "sparse", Valid: 0, Solved: 1, Invalid: 0}
)

// Schemes lists the reward schemes by name.
var Schemes = []RewardScheme{Article, Sparse}

// Scheme returns the reward scheme of a name; "" is the article's.
func Scheme(name string) (RewardScheme, error) {
	if name == "" {
		return Article, nil
	}
	for _, s := range Schemes {
		if s.Name == name {
			return s, nil
		}
	}
	return RewardScheme{}, fmt.Errorf("reward %q: use article (+1 a valid placement, +100 solving, −5 an invalid move) or sparse (1 on solving, 0 otherwise)", name)
}

// InvalidRule says what an action outside the mask does besides its reward.
type InvalidRule string

// The invalid-move rules.
const (
	// InvalidContinue leaves the board unchanged and the episode going:
	// the article's rule and the default.
	InvalidContinue InvalidRule = "continue"
	// InvalidEnd terminates the episode, unsolved.
	InvalidEnd InvalidRule = "end"
)

// ParseInvalidRule reads "continue" or "end"; "" is "continue".
func ParseInvalidRule(s string) (InvalidRule, error) {
	switch InvalidRule(s) {
	case "", InvalidContinue:
		return InvalidContinue, nil
	case InvalidEnd:
		return InvalidEnd, nil
	}
	return "", fmt.Errorf("invalid %q: use continue (the board unchanged, the episode goes on: the article's rule) or end (the episode ends unsolved)", s)
}

// ValidMove says what makes a move valid, for the info of every episode.
const ValidMove = "a blank cell and a digit that no peer holds on the current board (the action mask); not checked against the solution"

// Config is an environment's rules.
type Config struct {
	Reward  RewardScheme
	Invalid InvalidRule
	// Horizon is the step count at which an episode is truncated; 0 is
	// twice the puzzle's blank cells.
	Horizon int
}

// Rules are an episode's rules as its reset info states them.
type Rules struct {
	Reward    RewardScheme `json:"reward"`
	Invalid   InvalidRule  `json:"invalid_action"`
	ValidMove string       `json:"valid_move"`
	Horizon   int          `json:"horizon"`
}

// Puzzle is one puzzle a Source gives: its id and grid.
type Puzzle struct {
	ID   string
	Grid *sudoku.Grid
}

// Source gives the puzzles of an environment's episodes.
type Source interface {
	// Geometry is the shape of every puzzle the source gives.
	Geometry() *sudoku.Geometry
	// Draw returns a puzzle chosen with rng, stopping with ctx's error
	// when making one takes past ctx's end.
	Draw(ctx context.Context, rng *rand.Rand) (Puzzle, error)
}

// Observation is what the agent sees. Its slices are the environment's
// own: valid until the next Step or Reset, and not to be written.
type Observation struct {
	Board      []uint8 // N² cells row-major, 0 for a blank
	Givens     []uint8 // N², 1 for a given
	ActionMask []uint8 // N³, 1 for a legal action
}

// Info is an episode's statistics so far; Rules is set in the info of a
// reset only.
type Info struct {
	Puzzle       string  `json:"puzzle"`
	Hints        int     `json:"hints"`
	Blanks       int     `json:"blanks"` // blank cells left
	Legal        int     `json:"legal_actions"`
	Steps        int     `json:"steps"`
	InvalidMoves int     `json:"invalid_moves"`
	Return       float64 `json:"return"`
	Solved       bool    `json:"solved"`
	DeadEnd      bool    `json:"dead_end"` // no legal action left on an unsolved board
	Horizon      int     `json:"horizon"`
	Rules        *Rules  `json:"rules,omitempty"`
}

// Transition is what a step returns.
type Transition struct {
	Observation Observation
	Reward      float64
	Terminated  bool // solved, dead end, or an invalid move under InvalidEnd
	Truncated   bool // the horizon reached first
	Info        Info
}

// Errors of Step.
var (
	ErrNoEpisode   = errors.New("no episode: reset the environment first")
	ErrEpisodeOver = errors.New("the episode is over (terminated or truncated): reset the environment")
	ErrNoSource    = errors.New("this environment has no source of puzzles: start an episode on a puzzle")
)

// streamRNG separates the environment's draws from other uses of a seed.
const streamRNG = 0x656e76 // "env"

// Env is one environment: its rules, its puzzles, and the episode under
// way.
type Env struct {
	cfg   Config
	src   Source
	geo   *sudoku.Geometry
	rng   *rand.Rand
	board []uint8
	given []uint8
	mask  []uint8
	count []int32 // legal digits of each blank cell
	legal int     // legal actions in all
	// blanks is the blank cells left, horizon this episode's.
	blanks, horizon int
	info            Info
	started, over   bool
}

// New returns an environment with rules cfg whose resets draw from src,
// seeded with seed.
func New(cfg Config, src Source, seed uint64) (*Env, error) {
	e, err := Fixed(cfg, src.Geometry())
	if err != nil {
		return nil, err
	}
	e.src, e.rng = src, rand.New(rand.NewPCG(seed, streamRNG))
	return e, nil
}

// Fixed returns an environment of a geometry without a source of
// puzzles: Start plays the puzzles it is given (an agent solving a
// benchmark's puzzle, a trainer's rollouts); Reset is an error.
func Fixed(cfg Config, geo *sudoku.Geometry) (*Env, error) {
	if cfg.Horizon < 0 {
		return nil, fmt.Errorf("horizon %d: want a positive step count, or 0 for twice the puzzle's blanks", cfg.Horizon)
	}
	if cfg.Reward.Name == "" {
		cfg.Reward = Article
	}
	if cfg.Invalid == "" {
		cfg.Invalid = InvalidContinue
	}
	n := geo.N
	return &Env{
		cfg: cfg, geo: geo,
		board: make([]uint8, geo.Cells), given: make([]uint8, geo.Cells),
		mask: make([]uint8, geo.Cells*n), count: make([]int32, geo.Cells),
	}, nil
}

// Geometry returns the shape of the environment's boards.
func (e *Env) Geometry() *sudoku.Geometry { return e.geo }

// Actions returns the size of the action space, N³.
func (e *Env) Actions() int { return e.geo.Cells * e.geo.N }

// Config returns the environment's rules.
func (e *Env) Config() Config { return e.cfg }

// Reset draws the next puzzle and starts an episode on it.
func (e *Env) Reset(ctx context.Context) (Observation, Info, error) {
	if e.src == nil {
		return Observation{}, Info{}, ErrNoSource
	}
	p, err := e.src.Draw(ctx, e.rng)
	if err != nil {
		return Observation{}, Info{}, err
	}
	return e.Start(p)
}

// ResetSeed seeds the environment's draws with seed, as Gymnasium's
// reset(seed=…) does, then resets it.
func (e *Env) ResetSeed(ctx context.Context, seed uint64) (Observation, Info, error) {
	if e.src == nil {
		return Observation{}, Info{}, ErrNoSource
	}
	e.rng = rand.New(rand.NewPCG(seed, streamRNG))
	return e.Reset(ctx)
}

// Start starts an episode on a given puzzle, which must have the
// environment's geometry, a blank cell, and no contradiction at sight
// (sudoku.Validate): two equal givens in a unit, or a blank without a
// digit left.
func (e *Env) Start(p Puzzle) (Observation, Info, error) {
	e.started, e.over = false, false
	if p.Grid.Geometry() != e.geo {
		return Observation{}, Info{}, fmt.Errorf("puzzle %s is %s; this environment plays %s", p.ID, p.Grid.Geometry(), e.geo)
	}
	if err := p.Grid.Validate(); err != nil {
		return Observation{}, Info{}, fmt.Errorf("puzzle %s cannot be solved: %w", p.ID, err)
	}
	if p.Grid.Complete() {
		return Observation{}, Info{}, fmt.Errorf("puzzle %s has no blank cell: nothing to play", p.ID)
	}
	copy(e.board, p.Grid.Cells())
	e.blanks = 0
	for c, d := range e.board {
		e.given[c] = 0
		if d != 0 {
			e.given[c] = 1
		} else {
			e.blanks++
		}
	}
	e.computeMask()
	e.horizon = e.cfg.Horizon
	if e.horizon == 0 {
		e.horizon = max(2*e.blanks, 1)
	}
	e.info = Info{Puzzle: p.ID, Hints: e.geo.Cells - e.blanks, Blanks: e.blanks, Legal: e.legal, Horizon: e.horizon}
	e.started = true
	info := e.info
	info.Rules = &Rules{Reward: e.cfg.Reward, Invalid: e.cfg.Invalid, ValidMove: ValidMove, Horizon: e.horizon}
	return e.Observation(), info, nil
}

// computeMask sets the mask and the legal counts from the board.
func (e *Env) computeMask() {
	n := e.geo.N
	clear(e.mask)
	e.legal = 0
	for c, d := range e.board {
		e.count[c] = 0
		if d != 0 {
			continue
		}
		row := e.mask[c*n : (c+1)*n]
		for i := range row {
			row[i] = 1
		}
		for _, p := range e.geo.Peers[c] {
			if q := e.board[p]; q != 0 {
				row[q-1] = 0
			}
		}
		for _, v := range row {
			e.count[c] += int32(v)
		}
		e.legal += int(e.count[c])
	}
}

// Observation returns the current observation.
func (e *Env) Observation() Observation {
	return Observation{Board: e.board, Givens: e.given, ActionMask: e.mask}
}

// Info returns the episode's statistics so far.
func (e *Env) Info() Info { return e.info }

// Over reports whether the episode has ended (or none has begun).
func (e *Env) Over() bool { return !e.started || e.over }

// Step plays action a: digit a mod N + 1 in cell ⌊a / N⌋. An action out of
// range, or a step outside an episode, is an error and changes nothing.
func (e *Env) Step(a int) (Transition, error) {
	switch {
	case !e.started:
		return Transition{}, ErrNoEpisode
	case e.over:
		return Transition{}, ErrEpisodeOver
	case a < 0 || a >= len(e.mask):
		return Transition{}, fmt.Errorf("action %d out of range: want 0 to %d (cell × %d + digit − 1)", a, len(e.mask)-1, e.geo.N)
	}
	t := Transition{}
	if e.mask[a] == 1 {
		e.place(a)
		t.Reward = e.cfg.Reward.Valid
		if e.blanks == 0 {
			t.Reward = e.cfg.Reward.Solved
			e.info.Solved, t.Terminated = true, true
		} else if e.legal == 0 {
			e.info.DeadEnd, t.Terminated = true, true
		}
	} else {
		t.Reward = e.cfg.Reward.Invalid
		e.info.InvalidMoves++
		t.Terminated = e.cfg.Invalid == InvalidEnd
	}
	e.info.Steps++
	e.info.Return += t.Reward
	e.info.Blanks, e.info.Legal = e.blanks, e.legal
	t.Truncated = !t.Terminated && e.info.Steps >= e.horizon
	e.over = t.Terminated || t.Truncated
	t.Observation, t.Info = e.Observation(), e.info
	return t, nil
}

// place puts a legal action's digit on the board and takes it out of its
// peers' masks.
func (e *Env) place(a int) {
	n := e.geo.N
	cell, digit := a/n, a%n
	e.board[cell] = uint8(digit + 1)
	e.blanks--
	e.legal -= int(e.count[cell])
	e.count[cell] = 0
	clear(e.mask[cell*n : (cell+1)*n])
	for _, p := range e.geo.Peers[cell] {
		if i := p*n + digit; e.mask[i] == 1 {
			e.mask[i] = 0
			e.count[p]--
			e.legal--
		}
	}
}

// Grid returns the current board as a grid.
func (e *Env) Grid() *sudoku.Grid {
	g := sudoku.NewGrid(e.geo)
	copy(g.Cells(), e.board)
	return g
}
