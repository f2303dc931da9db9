package anneal

import (
	"slices"
	"strconv"
)

// Kerberos is a hybrid in the manner of D-Wave's KerberosSampler, as the
// D-Wave Sudoku example runs it: a loop whose every iteration races three
// branches from the current state and keeps the best (least energy, the
// earlier branch on ties) —
//
//   - tabu search (Tabu's tenure, stall and kick; TabuSteps steps) from
//     the current state;
//   - simulated annealing (one read of SA.Sweeps sweeps) from the current
//     state;
//   - an energy-impact decomposer that picks a connected subproblem of
//     Subproblem variables, breadth first from the variables whose flip
//     would lower the energy most, skipping those picked lately (a rolling
//     history of RollingHistory·n), and solves it exactly with the rest
//     held, where Kerberos asks the QPU (at most NodeLimit search nodes).
//
// A read is the loop from a random state until energy 0, MaxIter
// iterations, or Convergence iterations in a row without a lower energy.
// The branches run one after another on one core, each with a budget in
// steps, sweeps and nodes rather than time, so that a seed gives the same
// answer on any machine.
type Kerberos struct {
	MaxIter, Convergence int
	Tabu                 Tabu
	TabuSteps            int
	SA                   SA
	Subproblem           int
	RollingHistory       float64
	NodeLimit            int64
}

func (c Kerberos) options() map[string]string {
	return map[string]string{
		"max_iter":          strconv.Itoa(c.MaxIter),
		"convergence":       strconv.Itoa(c.Convergence),
		"tabu_steps":        strconv.Itoa(c.TabuSteps),
		"sa_sweeps":         strconv.Itoa(c.SA.Sweeps),
		"subproblem":        strconv.Itoa(c.Subproblem),
		"rolling_history":   strconv.FormatFloat(c.RollingHistory, 'g', -1, 64),
		"subproblem_solver": "exact branch and bound, node limit " + strconv.FormatInt(c.NodeLimit, 10),
	}
}

// kerberosRun is the state of one Kerberos run.
type kerberosRun struct {
	Kerberos
	acc        *acceptance
	cur, trial *state
	best       *state // the best branch result of an iteration
	sub        *subproblem
	used       []bool // picked in the rolling history
	usedCount  int
	order      []int32 // variables by energy impact, scratch
	queue      []int32
	seen       []bool
}

func (c Kerberos) sample(r *run) {
	n := r.p.n
	k := &kerberosRun{Kerberos: c, acc: c.SA.acceptance(r, c.SA.Sweeps),
		cur: newState(n), trial: newState(n), best: newState(n), sub: newSubproblem(r.p),
		used: make([]bool, n), order: make([]int32, n), seen: make([]bool, n)}
	for !r.stopped() {
		k.cur.randomize(r.p, r.rng)
		if !k.read(r) {
			r.abandonRead(k.cur)
			return
		}
		if r.endRead(k.cur) {
			return
		}
	}
}

// read runs the loop from k.cur; it reports false if it was stopped.
func (k *kerberosRun) read(r *run) bool {
	idle := 0
	for iter := 0; iter < k.MaxIter && idle < k.Convergence && k.cur.energy > 0; iter++ {
		before := k.cur.energy
		if !k.iterate(r) {
			return false
		}
		r.extra["iterations"]++
		if k.cur.energy < before {
			idle = 0
		} else {
			idle++
		}
	}
	return true
}

// iterate races the three branches from k.cur and moves k.cur to the best
// result, counting the branch that lowered the energy; it reports false
// if it was stopped.
func (k *kerberosRun) iterate(r *run) bool {
	k.trial.copyFrom(k.cur)
	tabuBest, ok := k.Tabu.search(r, k.trial, k.TabuSteps)
	if !ok {
		return false
	}
	k.best.copyFrom(tabuBest)
	winner := "wins_tabu"
	k.trial.copyFrom(k.cur)
	if !r.anneal(k.trial, k.acc) {
		return false
	}
	if k.trial.energy < k.best.energy {
		k.best.copyFrom(k.trial)
		winner = "wins_sa"
	}
	k.trial.copyFrom(k.cur)
	k.decompose(r, k.trial)
	if k.trial.energy < k.best.energy {
		k.best.copyFrom(k.trial)
		winner = "wins_subproblem"
	}
	if k.best.energy < k.cur.energy {
		r.extra[winner]++
	}
	k.cur.copyFrom(k.best)
	return true
}

// decompose picks a subproblem around the highest energy impact and
// minimises it exactly in s.
func (k *kerberosRun) decompose(r *run, s *state) {
	vars := k.pick(s)
	nodes, flips := k.sub.minimize(s, vars, k.NodeLimit)
	if nodes >= k.NodeLimit {
		r.extra["subproblems_cut"]++ // not solved to optimality
	}
	r.attempted += nodes
	r.accepted += int64(flips)
	r.extra["subproblems"]++
	r.extra["subproblem_nodes"] += float64(nodes)
}

// pick chooses up to Subproblem variables outside the rolling history:
// breadth first over the couplings, starting from the variable with the
// least ΔE (the largest energy gain) and visiting each node's neighbours
// in that order too.
func (k *kerberosRun) pick(s *state) []int32 {
	n := len(s.v)
	if k.usedCount+k.Subproblem > int(k.RollingHistory*float64(n)) {
		clear(k.used)
		k.usedCount = 0
	}
	for i := range k.order {
		k.order[i] = int32(i)
	}
	slices.SortStableFunc(k.order, func(a, b int32) int { return int(s.gain(a) - s.gain(b)) })
	clear(k.seen)
	var picked []int32
	for _, root := range k.order {
		if len(picked) >= k.Subproblem {
			break
		}
		if k.used[root] || k.seen[root] {
			continue
		}
		picked = k.bfs(s, root, picked)
	}
	for _, v := range picked {
		k.used[v] = true
	}
	k.usedCount += len(picked)
	return picked
}

// bfs adds to picked the variables reached breadth first from root, up to
// Subproblem in all.
func (k *kerberosRun) bfs(s *state, root int32, picked []int32) []int32 {
	p := k.sub.p
	k.queue = append(k.queue[:0], root)
	k.seen[root] = true
	for h := 0; h < len(k.queue) && len(picked) < k.Subproblem; h++ {
		v := k.queue[h]
		picked = append(picked, v)
		from := len(k.queue)
		for e := p.start[v]; e < p.start[v+1]; e++ {
			if j := p.nbr[e]; !k.seen[j] && !k.used[j] {
				k.seen[j] = true
				k.queue = append(k.queue, j)
			}
		}
		next := k.queue[from:]
		slices.SortStableFunc(next, func(a, b int32) int { return int(s.gain(a) - s.gain(b)) })
	}
	return picked
}
