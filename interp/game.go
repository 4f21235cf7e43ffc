package interp

import "github.com/patience-dev/patience/dsl/check"

// Game is one game in play: rules, seed, the current position, and the
// history that undo and redo walk.
type Game struct {
	Rules *Rules
	Seed  uint64

	state  *State
	past   []*State // position before each move played
	played []Move   // moves played, in order
	future []Move   // moves undone, most recent last
	// fromPiles: the game began from a position given by its piles, not
	// from the seed's deal, so its moves do not replay from the deal.
	fromPiles bool
}

// New compiles a checked game and deals it for seed.
func New(g *check.Game, seed uint64) *Game {
	return NewFromRules(Compile(g), seed)
}

// NewFromRules deals a game from compiled rules.
func NewFromRules(r *Rules, seed uint64) *Game {
	return &Game{Rules: r, Seed: seed, state: r.Deal(seed)}
}

// State is the current position. Do not modify it.
func (g *Game) State() *State { return g.state }

// Moves lists the legal moves now.
func (g *Game) Moves() []Move { return g.Rules.Moves(g.state, nil) }

// History is the moves played so far.
func (g *Game) History() []Move { return g.played }

// Status says whether the game is won, lost or still playing.
func (g *Game) Status() Status { return g.Rules.Status(g.state) }

// Play parses a move and plays it. An illegal move returns an error that
// says why, and changes nothing.
func (g *Game) Play(text string) (Move, error) {
	m, err := g.Rules.ParseMove(g.state, text)
	if err != nil {
		return m, err
	}
	g.apply(m)
	g.future = g.future[:0]
	return m, nil
}

// PlayMove plays a move given as data, refusing an illegal one.
func (g *Game) PlayMove(m Move) error {
	if !g.Rules.Legal(g.state, m) {
		return refusedf("%s is not a legal move now", g.Rules.MoveString(m))
	}
	g.apply(m)
	g.future = g.future[:0]
	return nil
}

func (g *Game) apply(m Move) {
	g.past = append(g.past, g.state.Clone())
	g.played = append(g.played, m)
	g.Rules.Apply(g.state, m)
}

// Undo takes back the last move. It reports false when there is none.
func (g *Game) Undo() bool {
	n := len(g.past)
	if n == 0 {
		return false
	}
	g.state = g.past[n-1]
	g.future = append(g.future, g.played[n-1])
	g.past, g.played = g.past[:n-1], g.played[:n-1]
	return true
}

// Redo plays again the last move undone. It reports false when there is none.
func (g *Game) Redo() bool {
	n := len(g.future)
	if n == 0 {
		return false
	}
	m := g.future[n-1]
	g.future = g.future[:n-1]
	g.apply(m)
	return true
}

// CanUndo and CanRedo report whether Undo and Redo would do anything.
func (g *Game) CanUndo() bool { return len(g.past) > 0 }
func (g *Game) CanRedo() bool { return len(g.future) > 0 }
