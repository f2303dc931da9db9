package runner

import "sync"

// Spares keeps the workers of streams that ended, a few per solver, for
// the next stream of the same solver: a worker's start (a process, its
// registry, its hello, the priming of a geometry) costs more than
// thousands of fast solves, and a server answering batch after batch
// would pay it on each. Only a worker that answered every job of its
// stream is kept; one found dead when taken is dropped. Close ends them.
type Spares struct {
	mu        sync.Mutex
	perSolver int
	idle      map[string][]*workerProc
	closed    bool
}

// NewSpares keeps up to perSolver idle workers of each solver.
func NewSpares(perSolver int) *Spares {
	return &Spares{perSolver: perSolver, idle: make(map[string][]*workerProc)}
}

// take returns an idle worker of the solver that is still alive, or nil.
func (sp *Spares) take(solver string) *workerProc {
	if sp == nil {
		return nil
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	for list := sp.idle[solver]; len(list) > 0; list = sp.idle[solver] {
		w := list[len(list)-1]
		sp.idle[solver] = list[:len(list)-1]
		if w.idleAndAlive() {
			return w
		}
		w.kill()
	}
	return nil
}

// keep keeps an idle worker, or ends it when the solver has perSolver
// already or the spares are closed.
func (sp *Spares) keep(solver string, w *workerProc) {
	if sp != nil {
		sp.mu.Lock()
		if !sp.closed && len(sp.idle[solver]) < sp.perSolver {
			sp.idle[solver] = append(sp.idle[solver], w)
			w = nil
		}
		sp.mu.Unlock()
	}
	if w != nil {
		w.close()
	}
}

// Close ends every idle worker; workers handed back later are ended too.
func (sp *Spares) Close() {
	sp.mu.Lock()
	idle := sp.idle
	sp.idle, sp.closed = nil, true
	sp.mu.Unlock()
	for _, list := range idle {
		for _, w := range list {
			w.close()
		}
	}
}

// idleAndAlive reports whether a worker that owes no reply has written
// nothing and not ended its output: a closed output is a worker that
// died while idle.
func (p *workerProc) idleAndAlive() bool {
	select {
	case <-p.lines:
		return false
	default:
		return p.cmd.ProcessState == nil
	}
}
