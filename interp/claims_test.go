package interp

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/patience-dev/patience/dsl/check"
)

// Claims shown to players, on generated games, against the plain search
// (written by a helper hunting for false claims): the notation round trip
// of every legal move (what hint and moves print must be accepted back),
// the hint's move is legal, Auto keeps a won position won, the verdicts
// under the budgets the commands really use (AnyLine, memory caps, a
// reused Solver as stats uses), and the save round trip, with its moves and
// with its piles alone.

var claimGames = flag.Int("claims.games", 60, "games TestPlayerClaims generates")
var claimFirst = flag.Int("claims.first", 0, "first game")

func TestPlayerClaims(t *testing.T) {
	t.Parallel()
	var n struct{ pos, wins, losses, auto, autoMoves, notation, unw, saves int }
	for i := *claimFirst; i < *claimFirst+*claimGames; i++ {
		src := genGame(rand.New(rand.NewPCG(uint64(i), 0x5eed)))
		g, err := check.Source("gen.patience", []byte(src))
		if err != nil {
			continue
		}
		r := Compile(g)
		p := &plain{r: r, limit: 30_000}
		shared := r.NewSolver()
		rng := rand.New(rand.NewPCG(uint64(i), 11))
		fail := func(seed uint64, step int, s *State, format string, args ...any) {
			t.Fatalf("game %d seed %d step %d: %s\n%s\nposition:\n%s", i, seed, step, fmt.Sprintf(format, args...), src, r.dumpState(s))
		}
		inconc := 0
		for seed := uint64(1); seed <= 3 && inconc < 2; seed++ {
			game := NewFromRules(r, seed)
			for step := 0; step < 6; step++ {
				s := game.state
				moves := r.Moves(s, nil)
				// notation round trip
				for _, m := range moves {
					text := r.MoveString(m)
					m2, err := r.ParseMove(s, text)
					n.notation++
					if err != nil {
						fail(seed, step, s, "legal move %s (%+v) is refused when typed back: %v", text, m, err)
					}
					a, b := s.Clone(), s.Clone()
					r.Apply(a, m)
					r.Apply(b, m2)
					if !a.Equal(r, b) {
						fail(seed, step, s, "move %s (%+v) typed back is another move %s (%+v)", text, m, r.MoveString(m2), m2)
					}
				}
				// hint
				hm, why, ok := r.Hint(s)
				if ok != (len(moves) > 0) {
					fail(seed, step, s, "hint ok=%v with %d moves", ok, len(moves))
				}
				if ok && !r.Legal(s, hm) {
					fail(seed, step, s, "hint %s (%s) is not legal", r.MoveString(hm), why)
				}
				// status
				st := r.Status(s)
				if (st == Won) != r.Won(s) {
					fail(seed, step, s, "status %v but Won=%v", st, r.Won(s))
				}
				if len(moves) == 0 && !r.Won(s) && st != Lost {
					fail(seed, step, s, "no moves, not won, but status %v", st)
				}
				win, complete := p.wins(s.Clone())
				if !complete {
					inconc++
				} else {
					n.pos++
					if win {
						n.wins++
					} else {
						n.losses++
					}
					// Auto
					if win {
						ag := &Game{Rules: r, Seed: seed, state: s.Clone()}
						played := ag.Auto()
						if len(played) > 0 {
							n.auto++
							n.autoMoves += len(played)
							if w, c := p.wins(ag.state.Clone()); c && !w {
								fail(seed, step, s, "auto played %v and lost a won position", played)
							}
						}
					}
					// verdicts under the CLI's limits
					lims := []struct {
						name string
						sol  func() Solution
					}{
						{"winnable-deal", func() Solution {
							return r.Solve(s, Limits{Time: 2 * time.Second, Memory: 2_000_000, AnyLine: true})
						}},
						{"stats-shared", func() Solution {
							return shared.Solve(s, Limits{Nodes: 300_000, Memory: 256 << 20, AnyLine: true})
						}},
						{"hint", func() Solution {
							return r.Solve(s, Limits{Time: 300 * time.Millisecond, Nodes: 100_000})
						}},
						{"tiny-memory", func() Solution {
							return r.Solve(s, Limits{Nodes: 300_000, Memory: 40_000})
						}},
						{"tiny-nodes", func() Solution {
							return r.Solve(s, Limits{Nodes: 50})
						}},
					}
					for _, l := range lims {
						sol := l.sol()
						switch sol.Verdict {
						case Unwinnable:
							n.unw++
							if win {
								fail(seed, step, s, "%s: solver says unwinnable, plain search wins", l.name)
							}
						case Winnable:
							x := s.Clone()
							for k, m := range sol.Moves {
								if !r.Legal(x, m) {
									fail(seed, step, s, "%s: move %d %s not legal", l.name, k, r.MoveString(m))
								}
								r.Apply(x, m)
							}
							if !r.Won(x) {
								fail(seed, step, s, "%s: line does not win", l.name)
							}
							if !win {
								fail(seed, step, s, "%s: solver wins but plain does not?", l.name)
							}
						}
					}
				}
				// save round trip
				pos := game.Position()
				data, err := json.Marshal(pos)
				if err != nil {
					fail(seed, step, s, "marshal: %v", err)
				}
				var back Position
				if err := json.Unmarshal(data, &back); err != nil {
					fail(seed, step, s, "unmarshal: %v", err)
				}
				lg, err := r.Load(&back)
				if err != nil {
					fail(seed, step, s, "save does not load: %v\n%s", err, data)
				}
				if !lg.state.Equal(r, s) {
					fail(seed, step, s, "save loads another position")
				}
				// piles only
				back.Moves = nil
				lg, err = r.Load(&back)
				if err != nil {
					fail(seed, step, s, "save (piles only) does not load: %v\n%s", err, data)
				}
				if !lg.state.Equal(r, s) {
					fail(seed, step, s, "save (piles only) loads another position")
				}
				n.saves++
				if len(moves) == 0 {
					break
				}
				if err := game.PlayMove(moves[rng.IntN(len(moves))]); err != nil {
					fail(seed, step, s, "%v", err)
				}
			}
		}
	}
	t.Logf("%+v", n)
	if n.pos < 10**claimGames || n.unw < 10**claimGames || n.auto < *claimGames/10 {
		t.Errorf("too few claims checked: %+v", n)
	}
}
