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
