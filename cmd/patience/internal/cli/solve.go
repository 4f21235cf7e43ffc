package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/patience-dev/patience/cmd/patience/internal/prove"
	"github.com/patience-dev/patience/interp"
)

// defaultTimeout is how long solve and stats search one deal unless told.
const defaultTimeout = 10 * time.Second

// limitFlags are the flags that bound a search: --timeout, --nodes and
// --memory.
type limitFlags struct {
	timeout time.Duration
	nodes   int
	memory  byteSize
}

// defaultMemory bounds the memory one search holds, so that a long search,
// times --jobs, stays within the machine's.
const defaultMemory = 256 << 20

// byteSize is a flag value of a number of bytes with an optional unit:
// 1048576, 512KB, 256MB, 1.5GiB (KB, MB, GB are powers of 1000; KiB, MiB,
// GiB of 1024).
type byteSize int

var byteUnits = []struct {
	suffix string
	mult   float64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
	{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30},
	{"B", 1},
}

func (b *byteSize) String() string {
	n := int(*b)
	for _, u := range []struct {
		suffix string
		size   int
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return strconv.Itoa(n/u.size) + u.suffix
		}
	}
	return strconv.Itoa(n)
}

func (b *byteSize) Set(text string) error {
	t := strings.TrimSpace(text)
	mult := 1.0
	for _, u := range byteUnits {
		if len(t) > len(u.suffix) && strings.EqualFold(t[len(t)-len(u.suffix):], u.suffix) {
			t, mult = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.mult
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	// A size that rounds to no byte would read as no limit at all.
	if err != nil || v < 0 || v*mult > math.MaxInt64/2 || math.IsNaN(v) || v > 0 && v*mult < 1 {
		return fmt.Errorf("want a size such as 256MB, 1GiB or 0 for no limit")
	}
	*b = byteSize(v * mult)
	return nil
}

func (b *byteSize) Type() string { return "size" }

func (f *limitFlags) register(cmd *cobra.Command, what string) {
	cmd.Flags().DurationVar(&f.timeout, "timeout", defaultTimeout, "give up on "+what+" after `D` (e.g. 500ms, 1m; 0 for no limit)")
	cmd.Flags().IntVar(&f.nodes, "nodes", 0, "give up on "+what+" after searching `N` positions (0 for no limit)")
	f.memory = defaultMemory
	cmd.Flags().Var(&f.memory, "memory", "give up on "+what+" when its search would hold more than `SIZE` (e.g. 64MB, 1GiB; 0 for no limit)")
	_ = cmd.RegisterFlagCompletionFunc("timeout", cobra.NoFileCompletions)
	_ = cmd.RegisterFlagCompletionFunc("nodes", cobra.NoFileCompletions)
	_ = cmd.RegisterFlagCompletionFunc("memory", cobra.NoFileCompletions)
}

func (f *limitFlags) limits() (interp.Limits, error) {
	if f.timeout < 0 {
		return interp.Limits{}, fmt.Errorf("invalid --timeout %s: want a duration of 0 (no limit) or more, e.g. 10s", f.timeout)
	}
	if f.nodes < 0 {
		return interp.Limits{}, fmt.Errorf("invalid --nodes %d: want 0 (no limit) or more", f.nodes)
	}
	return interp.Limits{Time: f.timeout, Nodes: f.nodes, Memory: int(f.memory)}, nil
}

// rulesetName names a ruleset in what solve and stats write: a built-in by
// its name, a file by its path as given, cleaned, so that shards of one
// study made from the same command line agree.
func rulesetName(arg string) string {
	if !isPath(arg) {
		if name, ok := builtinName(arg); ok {
			return name
		}
	}
	return filepath.Clean(arg)
}

// solveJSON is what solve --json prints.
type solveJSON struct {
	Ruleset   string   `json:"ruleset"`
	RulesHash string   `json:"rules_hash"`
	Seed      uint64   `json:"seed"`
	Verdict   string   `json:"verdict"`
	Moves     []string `json:"moves"`
	Nodes     int      `json:"nodes"`
	ElapsedMS float64  `json:"elapsed_ms"`
	Memory    int      `json:"memory_bytes"`
	// Stuck: the cards that can never leave their piles, when they prove
	// the deal unwinnable, each as its pile and card ("t5 5H").
	Stuck []string `json:"stuck,omitempty"`
}

func newSolveCmd() *cobra.Command {
	var (
		seed   seedFlags
		lim    limitFlags
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "solve NAME|FILE --seed N",
		Short: "Find a winning line for a deal, or prove there is none",
		Long: `Solve a deal: search for a sequence of moves that wins it, playing with
every card known (the face-down cards and the order of the stock), or prove
that none exists. The verdict is one of

  won         a winning line was found; it is printed, one move per line
  unwinnable  every line was searched and none wins, or some card can
              never leave its pile (the verdict names it) and a card at
              or under it can never reach the piles of the win
  unknown     the search gave up at --timeout, --nodes or --memory first

and then come the positions searched and the time taken. Every line but the
moves starts with "#", so the output is itself a file of moves that
"patience play --replay FILE" plays back:

  patience solve NAME --seed 3 > line.txt
  patience play NAME --seed 3 --replay line.txt

The exit code is 0 whatever the verdict; 1 only for bad input.

With --json one object is printed: ruleset, rules_hash, seed, verdict, moves
(the winning line, empty unless won), nodes, elapsed_ms, memory_bytes (the
most the search held at once) and, when cards that can never leave their
piles prove the deal lost, stuck (each as its pile and card: "t5 5H"). It
replays too.`,
		Args:              exactlyOneRuleset,
		ValidArgsFunction: rulesetArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			limits, err := lim.limits()
			if err != nil {
				return err
			}
			n, err := seed.value(cmd)
			if err != nil {
				return err
			}
			game, err := loadGame(args[0])
			if err != nil {
				return err
			}
			r := interp.Compile(game)
			sol := r.Solve(r.Deal(n), limits)
			moves := []string{}
			for _, m := range sol.Moves {
				moves = append(moves, r.MoveString(m))
			}
			out := cmd.OutOrStdout()
			if asJSON {
				return writeJSONLine(out, solveJSON{
					Ruleset: rulesetName(args[0]), RulesHash: r.Hash(), Seed: n,
					Verdict: sol.Verdict.String(), Moves: moves,
					Nodes: sol.Nodes, ElapsedMS: milliseconds(sol.Elapsed), Memory: sol.Memory,
					Stuck: stuckNames(r, sol.Stuck),
				})
			}
			fmt.Fprintf(out, "# %s, seed %d\n", game.Name, n)
			switch sol.Verdict {
			case interp.Winnable:
				fmt.Fprintf(out, "# verdict: won, in %d %s\n", len(moves), plural(len(moves), "move", "moves"))
			case interp.Unwinnable:
				if len(sol.Stuck) > 0 {
					fmt.Fprintf(out, "# verdict: unwinnable: %s, so no line of play wins this deal\n", prove.StuckText(r, sol.Stuck, false, nil))
					break
				}
				fmt.Fprintln(out, "# verdict: unwinnable: no line of play wins this deal")
			default:
				fmt.Fprintf(out, "# verdict: unknown: %s\n", unknownText(limits, sol))
			}
			for _, m := range moves {
				fmt.Fprintln(out, m)
			}
			fmt.Fprintf(out, "# %d %s searched in %s, holding at most %s\n", sol.Nodes, plural(sol.Nodes, "position", "positions"), formatDuration(sol.Elapsed), formatBytes(sol.Memory))
			return nil
		},
	}
	seed.register(cmd)
	cmd.Flags().Lookup("seed").Usage = "solve deal number `N`, a whole number (default: taken from the clock, and printed)"
	lim.register(cmd, "the deal")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as one JSON object")
	return cmd
}

// stuckNames writes the cards that can never leave their piles as JSON
// gives them, each as its pile and card face up ("t5 5H").
func stuckNames(r *interp.Rules, stuck []interp.Stuck) []string {
	var names []string
	for _, st := range stuck {
		names = append(names, r.PileName(st.Pile)+" "+st.Card.Up().String())
	}
	return names
}

// milliseconds is d in milliseconds, to the microsecond.
func milliseconds(d time.Duration) float64 {
	return math.Round(float64(d)/float64(time.Microsecond)) / 1000
}

// formatDuration writes a time to a precision that reads well: "1.234s",
// "56ms", "3.21ms", "87µs".
func formatDuration(d time.Duration) string {
	switch {
	case d >= 10*time.Millisecond:
		return d.Round(time.Millisecond).String()
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond).String()
	}
	return d.Round(time.Microsecond).String()
}

// writeJSONLine writes v as one line of JSON.
func writeJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// unknownText says why a search ended with no verdict: the limits it ran
// within, and whether it filled the memory allowed.
func unknownText(lim interp.Limits, sol interp.Solution) string {
	switch {
	case sol.Full && sol.Nodes == 0:
		return fmt.Sprintf("no win and no proof there is none: the search needs more than the %s it may hold (--memory)", formatBytes(lim.Memory))
	case sol.Full && lim.Time == 0 && lim.Nodes == 0:
		return fmt.Sprintf("no win and no proof there is none within the %s it may hold (--memory)", formatBytes(lim.Memory))
	case sol.Full:
		return fmt.Sprintf("no win and no proof there is none within %s; the search filled the %s it may hold (--memory)", prove.LimitsText(lim), formatBytes(lim.Memory))
	}
	return fmt.Sprintf("no win and no proof there is none within %s", prove.LimitsText(lim))
}
