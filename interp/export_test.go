package interp

// Hooks for the external tests.

// SolveDealByDeal solves as Solve does, but searches every deal on its own
// instead of as part of the play that follows it (see wasteMask).
func (r *Rules) SolveDealByDeal(s *State, lim Limits) Solution {
	return r.solve(s, lim, 0, true)
}

// SolveWithoutSafeMoves solves as Solve does, but plays no move before
// searching the alternatives (see safety).
func (r *Rules) SolveWithoutSafeMoves(s *State, lim Limits) Solution {
	return r.solve(s, lim, r.wasteMask(), false)
}

// CommutingWaste is the set of piles the stock deals to when deals commute.
func (r *Rules) CommutingWaste() uint64 { return r.wasteMask() }

// ShortenLine is the solver's shortening of a winning line from s.
func (r *Rules) ShortenLine(s *State, line []Move) []Move {
	return r.newSolver(s, Limits{}, r.wasteMask(), true).shorten(s, line)
}

// StepPlayouts runs the playouts over steps (see portfolio) from s for
// about nodes positions: the line found, whether it wins, and whether
// Solve runs them for these rules at all.
func (r *Rules) StepPlayouts(s *State, nodes int) (line []Move, won, enabled bool) {
	sv := r.newSolver(s, Limits{Nodes: nodes}, r.wasteMask(), true)
	line, won = sv.playouts(s.Clone(), 0, true)
	return line, won, sv.stepPlayouts
}

// PlayoutLines runs the playouts from s for about nodes positions and
// returns the longest line they kept and the most held counts for one.
func (r *Rules) PlayoutLines(s *State, nodes int, bySteps bool) (longest, counted int) {
	sv := r.newSolver(s, Limits{Nodes: nodes}, r.wasteMask(), true)
	sv.playouts(s.Clone(), 0, bySteps)
	return max(cap(sv.pool.record), cap(sv.pool.line)), playoutMoves(r)
}
