package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/patience-dev/patience/cmd/patience/internal/board"
	"github.com/patience-dev/patience/cmd/patience/internal/protocol"
	"github.com/patience-dev/patience/interp"
)

// seedFlags are the flags that choose a deal.
type seedFlags struct {
	seed string
}

func (f *seedFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.seed, "seed", "", "deal number `N`, a whole number (default: taken from the clock, and printed)")
	_ = cmd.RegisterFlagCompletionFunc("seed", cobra.NoFileCompletions)
}

// value returns the seed given, or one taken from the clock when none is.
func (f *seedFlags) value(cmd *cobra.Command) (uint64, error) {
	if !cmd.Flags().Changed("seed") {
		// Nine digits: easy to read back and type again, and plenty of deals.
		return uint64(time.Now().UnixNano()) % 1_000_000_000, nil
	}
	return protocol.ParseSeed(f.seed)
}

// header is the line above a board (see board.Header).
func header(g *interp.Game) string { return board.Header(g, "T") }

// position is g's position as data, naming the ruleset it was played from.
func position(g *interp.Game, ruleset string) *interp.Position {
	p := g.Position()
	p.Ruleset = ruleset
	return p
}

func writeJSONIndent(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func newShowCmd() *cobra.Command {
	var (
		seed   seedFlags
		ascii  bool
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "show NAME|FILE",
		Short: "Show the opening layout of a deal",
		Long: `Show the opening layout of a game for a seed: each row of the game's layout
with its piles, tableau piles fanned downward, grid piles slot by slot with
their gaps, face-down cards as [##] and the stock as a count.

With --json the position is printed as JSON, as "play" saves it.`,
		Args:              exactlyOneRuleset,
		ValidArgsFunction: rulesetArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := seed.value(cmd)
			if err != nil {
				return err
			}
			game, err := loadGame(args[0])
			if err != nil {
				return err
			}
			g := interp.New(game, n)
			out := cmd.OutOrStdout()
			if asJSON {
				return writeJSONIndent(out, position(g, args[0]))
			}
			fmt.Fprintln(out, header(g))
			fmt.Fprintln(out)
			return board.Draw(out, g.Rules, g.State(), board.Options{ASCII: ascii, Width: terminalWidth(out)})
		},
	}
	seed.register(cmd)
	cmd.Flags().BoolVar(&ascii, "ascii", false, "write suits as the letters C D H S")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the position as JSON")
	return cmd
}

// isRuleFile reports whether a ruleset argument names a file rather than a
// built-in game.
func isRuleFile(ruleset string) bool {
	return strings.ContainsAny(ruleset, `/\`) || strings.HasSuffix(ruleset, ".patience")
}

// besideFile is the rule file a save or a line of play names, found as
// named (from the working directory) or else beside the file that names it,
// so that a save or a solution kept next to its rule file can be used from
// anywhere. A built-in name, or a file found neither way, is left as it is.
func besideFile(ruleset, file string) string {
	if !isRuleFile(ruleset) || filepath.IsAbs(ruleset) || file == "-" {
		return ruleset
	}
	if _, err := os.Stat(ruleset); err == nil {
		return ruleset
	}
	near := filepath.Join(filepath.Dir(file), ruleset)
	if _, err := os.Stat(near); err == nil {
		return near
	}
	return ruleset
}

// relativeTo names a rule file as seen from the directory of file, which
// will name it (a save): resumed from anywhere, besideFile finds it.
func relativeTo(ruleset, file string) string {
	if !isRuleFile(ruleset) {
		return ruleset
	}
	absRules, err1 := filepath.Abs(ruleset)
	absFile, err2 := filepath.Abs(file)
	if err1 != nil || err2 != nil {
		return ruleset
	}
	rel, err := filepath.Rel(filepath.Dir(absFile), absRules)
	if err != nil {
		return absRules
	}
	return filepath.ToSlash(rel)
}
