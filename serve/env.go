package serve

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers/bitboard"
	"github.com/sudokubench/sudokubench/solvers/rl/env"
)

// Bounds of the RL environments a server keeps.
const (
	// maxEnvsPerClient is how many environments one client address may
	// hold at once; maxEnvs how many the server holds in all.
	maxEnvsPerClient = 64
	maxEnvs          = 1024
	// envIdle is how long an environment may go unused before the server
	// drops it.
	envIdle = 10 * time.Minute
	// maxEnvDeck bounds the puzzles an environment's deck holds.
	maxEnvDeck = 10_000
)

// envTable holds the server's RL environments by id. Each environment
// has a lock of its own: an Env is not safe for concurrent use, and two
// requests on one environment take turns.
type envTable struct {
	s    *Server
	mu   sync.Mutex
	envs map[string]*servedEnv
	now  func() time.Time
}

// servedEnv is one environment and who made it.
type servedEnv struct {
	mu     sync.Mutex
	env    *env.Env
	client string
	used   time.Time // guarded by the table's lock
}

// envRoutes adds the environment's endpoints: Gymnasium's make, reset,
// step and close over HTTP (gym-http-api's shape).
func (s *Server) envRoutes(api func(pattern string, h http.HandlerFunc)) {
	t := &envTable{s: s, envs: make(map[string]*servedEnv), now: time.Now}
	t.register(api)
}

// register adds the table's handlers.
func (t *envTable) register(handle func(pattern string, h http.HandlerFunc)) {
	handle("POST /api/env", t.handleCreate)
	handle("POST /api/env/{id}/reset", t.handleReset)
	handle("POST /api/env/{id}/step", t.handleStep)
	handle("DELETE /api/env/{id}", t.handleClose)
}

// envCreated is the answer of POST /api/env: the id and the spaces.
type envCreated struct {
	ID string `json:"id"`
	// ActionSpace is N³: action A places digit A mod N + 1 in cell
	// ⌊A / N⌋, cell = row × N + column.
	ActionSpace int `json:"action_space"`
	// ObservationSpace is the length of each array of an observation.
	ObservationSpace observationSpace `json:"observation_space"`
	Size             int              `json:"size"`
	Variant          string           `json:"variant"`
	Rules            env.Rules        `json:"rules"`
	Options          env.Options      `json:"options"`
}

type observationSpace struct {
	Board      int `json:"board"`
	Givens     int `json:"givens"`
	ActionMask int `json:"action_mask"`
}

// handleCreate answers POST /api/env with the options of env.Options.
func (t *envTable) handleCreate(w http.ResponseWriter, r *http.Request) {
	o, err := decodeBody[env.Options](r)
	if err != nil {
		writeError(w, err)
		return
	}
	if o.Corpus != "" {
		if _, err := corpora.LookupShipped(o.Corpus); err != nil {
			writeError(w, badRequest("corpus: %v (the server reads no files: name a shipped, derived or generated corpus)", err))
			return
		}
	}
	if o.Deck > maxEnvDeck {
		writeError(w, badRequest("deck of %d puzzles: a server's environment holds at most %d", o.Deck, maxEnvDeck))
		return
	}
	client := clientOf(r)
	if err := t.room(client); err != nil {
		writeError(w, err)
		return
	}
	e, err := o.Build(t.s.corpora, bitboard.Oracle{})
	if err != nil {
		writeError(w, badRequest("%s", t.s.corpusMessage(err)))
		return
	}
	id, err := t.add(e, client)
	if err != nil {
		writeError(w, err)
		return
	}
	geo, cfg := e.Geometry(), e.Config()
	writeJSON(w, http.StatusCreated, envCreated{
		ID: id, ActionSpace: e.Actions(), Size: geo.N, Variant: geo.Variant.String(), Options: o,
		ObservationSpace: observationSpace{Board: geo.Cells, Givens: geo.Cells, ActionMask: e.Actions()},
		Rules:            env.Rules{Reward: cfg.Reward, Invalid: cfg.Invalid, ValidMove: env.ValidMove, Horizon: cfg.Horizon},
	})
}

// corpusMessage is an error's message without the corpus directory's
// path, as corpusError words it: an answer names no path of the server's.
func (s *Server) corpusMessage(err error) string {
	return strings.TrimPrefix(s.corpusError(err).msg, "the corpus files cannot be read: ")
}

// clientOf is the address a request came from, without its port.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// room drops idle environments, then refuses a client that holds its
// share, or a server that holds its all, with 429.
func (t *envTable) room(client string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	now, mine := t.now(), 0
	for id, e := range t.envs {
		if now.Sub(e.used) > envIdle {
			delete(t.envs, id)
		} else if e.client == client {
			mine++
		}
	}
	switch {
	case mine >= maxEnvsPerClient:
		return &apiError{code: http.StatusTooManyRequests, msg: fmt.Sprintf("this client holds %d environments, the most one may: DELETE /api/env/{id} those it is done with (idle ones go after %s)", mine, envIdle)}
	case len(t.envs) >= maxEnvs:
		return &apiError{code: http.StatusTooManyRequests, msg: fmt.Sprintf("the server holds %d environments, the most it keeps; retry when some are closed or idle past %s", len(t.envs), envIdle), retryAfter: 1}
	}
	return nil
}

// add files an environment under a new random id.
func (t *envTable) add(e *env.Env, client string) (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	id := hex.EncodeToString(b[:])
	t.mu.Lock()
	defer t.mu.Unlock()
	t.envs[id] = &servedEnv{env: e, client: client, used: t.now()}
	return id, nil
}

// lookup returns the environment of the request's id, marked used, or
// 404.
func (t *envTable) lookup(r *http.Request) (*servedEnv, error) {
	id := r.PathValue("id")
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.envs[id]
	if ok && t.now().Sub(e.used) > envIdle {
		delete(t.envs, id)
		ok = false
	}
	if !ok {
		return nil, &apiError{code: http.StatusNotFound, msg: fmt.Sprintf("no environment %q: it was closed, expired after %s idle, or never made (POST /api/env makes one)", id, envIdle)}
	}
	e.used = t.now()
	return e, nil
}

// resetRequest is the optional body of a reset.
type resetRequest struct {
	Seed *uint64 `json:"seed"`
}

// handleReset answers POST /api/env/{id}/reset, optionally {"seed": s}:
// the first observation of a new episode and its info.
func (t *envTable) handleReset(w http.ResponseWriter, r *http.Request) {
	var req resetRequest
	if r.ContentLength != 0 {
		var err error
		if req, err = decodeBody[resetRequest](r); err != nil {
			writeError(w, err)
			return
		}
	}
	se, err := t.lookup(r)
	if err != nil {
		writeError(w, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), t.s.cfg.Timeout)
	defer cancel()
	se.mu.Lock()
	defer se.mu.Unlock()
	var obs env.Observation
	var info env.Info
	if req.Seed != nil {
		obs, info, err = se.env.ResetSeed(ctx, *req.Seed)
	} else {
		obs, info, err = se.env.Reset(ctx)
	}
	if err != nil {
		writeError(w, resetError(err))
		return
	}
	b := make([]byte, 0, observationBytes(obs)+1024)
	b = appendObservation(append(b, `{"observation":`...), obs)
	b = append(b, `,"info":`...)
	b = appendInfo(b, info)
	writeRaw(w, append(b, "}\n"...))
}

// resetError says why no episode began: the generator gave up or ran out
// of time (503), or the puzzle drawn cannot be played (422).
func resetError(err error) error {
	var gaveUp *corpora.GiveUpError
	if errors.As(err, &gaveUp) || errors.Is(err, context.DeadlineExceeded) {
		return &apiError{code: http.StatusServiceUnavailable, msg: "reset: " + err.Error(), retryAfter: 1}
	}
	return &apiError{code: http.StatusUnprocessableEntity, msg: "reset: " + err.Error()}
}

// stepRequest is a step's body.
type stepRequest struct {
	Action *int64 `json:"action"`
}

// handleStep answers POST /api/env/{id}/step with {"action": A}.
func (t *envTable) handleStep(w http.ResponseWriter, r *http.Request) {
	req, err := decodeBody[stepRequest](r)
	if err != nil {
		writeError(w, err)
		return
	}
	if req.Action == nil {
		writeError(w, badRequest(`no action: send {"action": A}, A = cell × N + digit − 1`))
		return
	}
	se, err := t.lookup(r)
	if err != nil {
		writeError(w, err)
		return
	}
	se.mu.Lock()
	defer se.mu.Unlock()
	a := int(*req.Action)
	if int64(a) != *req.Action {
		a = -1 // out of range on any machine
	}
	tr, err := se.env.Step(a)
	switch {
	case errors.Is(err, env.ErrNoEpisode), errors.Is(err, env.ErrEpisodeOver):
		writeError(w, &apiError{code: http.StatusConflict, msg: err.Error()})
		return
	case err != nil:
		writeError(w, badRequest("%v", err))
		return
	}
	b := make([]byte, 0, observationBytes(tr.Observation)+512)
	b = appendObservation(append(b, `{"observation":`...), tr.Observation)
	b = append(b, `,"reward":`...)
	b = strconv.AppendFloat(b, tr.Reward, 'g', -1, 64)
	b = append(b, `,"terminated":`...)
	b = strconv.AppendBool(b, tr.Terminated)
	b = append(b, `,"truncated":`...)
	b = strconv.AppendBool(b, tr.Truncated)
	b = append(b, `,"info":`...)
	b = appendInfo(b, tr.Info)
	writeRaw(w, append(b, "}\n"...))
}

// handleClose answers DELETE /api/env/{id}.
func (t *envTable) handleClose(w http.ResponseWriter, r *http.Request) {
	if _, err := t.lookup(r); err != nil {
		writeError(w, err)
		return
	}
	id := r.PathValue("id")
	t.mu.Lock()
	delete(t.envs, id)
	t.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]string{"closed": id})
}

// appendObservation writes an observation as JSON arrays of numbers.
func appendObservation(b []byte, obs env.Observation) []byte {
	b = append(b, `{"board":`...)
	b = appendNumbers(b, obs.Board)
	b = append(b, `,"givens":`...)
	b = appendNumbers(b, obs.Givens)
	b = append(b, `,"action_mask":`...)
	b = appendNumbers(b, obs.ActionMask)
	return append(b, '}')
}

// appendNumbers writes numbers of 0 to 99 (a board's digits, 0 and 1 of
// a mask) as a JSON array.
func appendNumbers(b []byte, v []uint8) []byte {
	b = append(b, '[')
	for i, x := range v {
		if i > 0 {
			b = append(b, ',')
		}
		if x >= 10 {
			b = append(b, '0'+x/10)
		}
		b = append(b, '0'+x%10)
	}
	return append(b, ']')
}

// observationBytes bounds what an observation of n² cells and n³ actions
// takes as JSON, so that its buffer is allocated once.
func observationBytes(obs env.Observation) int {
	return 3*(len(obs.Board)+len(obs.Givens)) + 2*len(obs.ActionMask) + 64
}

// appendInfo writes an info as JSON: by hand, field by field as
// encoding/json writes them, since it goes out with every step; the rules
// of a reset's info through encoding/json.
func appendInfo(b []byte, info env.Info) []byte {
	b = append(b, `{"puzzle":`...)
	b = strconv.AppendQuote(b, info.Puzzle)
	for _, f := range []struct {
		name string
		v    int
	}{{"hints", info.Hints}, {"blanks", info.Blanks}, {"legal_actions", info.Legal}, {"steps", info.Steps}, {"invalid_moves", info.InvalidMoves}} {
		b = append(append(append(b, `,"`...), f.name...), `":`...)
		b = strconv.AppendInt(b, int64(f.v), 10)
	}
	b = append(b, `,"return":`...)
	b = strconv.AppendFloat(b, info.Return, 'g', -1, 64)
	b = append(b, `,"solved":`...)
	b = strconv.AppendBool(b, info.Solved)
	b = append(b, `,"dead_end":`...)
	b = strconv.AppendBool(b, info.DeadEnd)
	b = append(b, `,"horizon":`...)
	b = strconv.AppendInt(b, int64(info.Horizon), 10)
	if info.Rules != nil {
		rules, err := json.Marshal(info.Rules)
		if err == nil { // plain data: it cannot fail
			b = append(append(b, `,"rules":`...), rules...)
		}
	}
	return append(b, '}')
}

// writeRaw answers 200 with JSON already written.
func writeRaw(w http.ResponseWriter, b []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
}
