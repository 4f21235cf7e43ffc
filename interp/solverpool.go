package interp

import "unsafe"

// Solver solves deal after deal, keeping the memory its searches used for
// the next one: its positions at every depth, its lists of steps and its
// transposition tables. A stats worker uses one, so that the workers do
// not each allocate (and the collector reclaim, stopping them all) a
// search's memory for every deal. Its searches are the same as Solve's,
// step for step: they count their memory as a fresh search would (see
// solver.held), so that Limits.Memory and every verdict stay the same. A
// Solver is for one goroutine at a time.
type Solver struct {
	r    *Rules
	pool solverPool
}

// NewSolver returns a Solver for these rules.
func (r *Rules) NewSolver() *Solver { return &Solver{r: r} }

// Solve is Rules.Solve, reusing the memory of the solver's earlier searches.
func (x *Solver) Solve(s *State, lim Limits) Solution {
	return x.r.solveWith(s, lim, x.r.wasteMask(), true, &x.pool)
}

// Kept is the memory the solver keeps between searches, in bytes: the
// positions and step lists of its deepest search, the playouts' lines, and
// a table array of each size its tables grew through (up to about twice
// what its largest search held).
func (x *Solver) Kept() int {
	p := &x.pool
	n := len(p.states) * x.r.stateBytes()
	for _, st := range p.steps {
		n += cap(st) * stepBytes
	}
	for _, t := range p.tables {
		n += len(t) * keyBytes
	}
	if p.playout != nil {
		n += x.r.stateBytes()
	}
	return n + (cap(p.line)+cap(p.moves)+cap(p.record))*int(unsafe.Sizeof(Move{}))
}

// solverPool is the memory a search leaves for the next.
type solverPool struct {
	states []*State
	steps  [][]step
	tables [][]key128 // transposition tables' arrays, their contents dead
	// The playouts' position and lines (held counts these at their
	// longest whatever they are).
	playout             *State
	line, moves, record []Move
}

// state returns a position to overwrite.
func (p *solverPool) state(r *Rules) *State {
	if n := len(p.states); n > 0 {
		s := p.states[n-1]
		p.states = p.states[:n-1]
		return s
	}
	return r.newState()
}

// stepList returns an empty list of steps with room for 32, as a new one
// would have: what is kept beyond that is out of its reach.
func (p *solverPool) stepList() []step {
	if n := len(p.steps); n > 0 && cap(p.steps[n-1]) >= 32 {
		st := p.steps[n-1]
		p.steps = p.steps[:n-1]
		return st[:0:32]
	}
	return make([]step, 0, 32)
}

// keys returns a cleared array of n keys for a table.
func (p *solverPool) keys(n int) []key128 {
	for i, t := range p.tables {
		if len(t) == n {
			p.tables = append(p.tables[:i], p.tables[i+1:]...)
			clear(t)
			return t
		}
	}
	return make([]key128, n)
}

// putKeys keeps a table's array for another, unless one of its size is
// kept already.
func (p *solverPool) putKeys(keys []key128) {
	for _, t := range p.tables {
		if len(t) == len(keys) {
			return
		}
	}
	if len(keys) > 0 {
		p.tables = append(p.tables, keys)
	}
}

// put takes back the memory of a finished search.
func (p *solverPool) put(sv *solver) {
	p.states = append(p.states, sv.states...)
	for _, st := range sv.steps {
		p.steps = append(p.steps, st[:0:cap(st)])
	}
	p.putKeys(sv.seen.keys)
	p.putKeys(sv.dead.keys)
	sv.states, sv.steps, sv.stepsCap, sv.seen, sv.dead = nil, nil, 0, table{}, table{}
}
