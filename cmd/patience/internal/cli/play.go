package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/patience-dev/patience/cmd/patience/internal/board"
	"github.com/patience-dev/patience/cmd/patience/internal/store"
	"github.com/patience-dev/patience/cmd/patience/internal/tui"
	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets"
)

// maxLine bounds one command line; a longer one is refused, not read whole.
const maxLine = 64 << 10

func newPlayCmd() *cobra.Command {
	var (
		seed   seedFlags
		resume string
		asJSON bool
		ascii  bool
		plain  bool
	)
	cmd := &cobra.Command{
		Use:   "play [NAME|FILE]",
		Short: "Play a game, full screen on a terminal or one command per line",
		Long: `Play a game. On a terminal (stdin and stdout both) the game opens full
screen: pick cards up and drop them with the keyboard or the mouse, "?" lists
the keys. Without a ruleset a picker of the built-in rulesets opens, with your
statistics. The game in progress is saved after every move in the patience
directory of the user's config directory ($PATIENCE_HOME overrides it) and
offered again next time. NO_COLOR turns colours off; --ascii writes suits as
letters.

Elsewhere, or with --plain, the game runs in line mode: the board is printed,
then each line read from stdin is a command and its result is printed. It
works with pipes, so games can be scripted. Type "help" for the commands.
Line mode saves after every move too, in the same place as the full-screen
game, and says where on stderr as it starts.

The seed is printed at the start; give it with --seed to play the same deal
again. "save FILE" writes the position, and --resume FILE goes on from it
(the ruleset may then be left out if the save names it).

With --json every line of output is one JSON object: the first is the
opening state, then one per line of input, with the fields position, moves
(the legal moves), status, command, result, why (for a hint) and error.
Nothing is saved unless asked for with "save FILE".`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 && (resume != "" || fullScreen(cmd, plain, asJSON)) {
				return nil
			}
			return exactlyOneRuleset(cmd, args)
		},
		ValidArgsFunction: rulesetArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			if fullScreen(cmd, plain, asJSON) {
				return playFullScreen(cmd, args, &seed, resume, ascii)
			}
			var (
				g       *interp.Game
				resumed *store.Saved
				ruleset string
				err     error
			)
			if resume != "" {
				if cmd.Flags().Changed("seed") {
					return fmt.Errorf("--seed and --resume do not go together: a saved game has its own seed")
				}
				g, resumed, ruleset, err = resumeGame(resume, args)
			} else {
				ruleset = args[0]
				g, err = newGame(cmd, ruleset, &seed)
			}
			if err != nil {
				return err
			}
			s := &session{g: g, ruleset: ruleset, opt: board.Options{ASCII: ascii}}
			in := newLineReader(cmd.InOrStdin())
			if asJSON {
				// The protocol is for programs, which keep what they need.
				return s.runJSON(cmd, in)
			}
			s.keep = newKeeper(rulesetKey(ruleset), resumed)
			return s.runText(cmd, in, isTerminal(cmd.InOrStdin()))
		},
	}
	seed.register(cmd)
	cmd.Flags().StringVar(&resume, "resume", "", "go on from the game saved in `FILE` by the save command")
	cmd.Flags().BoolVar(&asJSON, "json", false, "read commands and write one JSON object per line")
	cmd.Flags().BoolVar(&ascii, "ascii", false, "write suits as the letters C D H S")
	cmd.Flags().BoolVar(&plain, "plain", false, "play in line mode even on a terminal")
	_ = cmd.RegisterFlagCompletionFunc("resume", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"json"}, cobra.ShellCompDirectiveFilterFileExt
	})
	return cmd
}

func newGame(cmd *cobra.Command, ruleset string, seed *seedFlags) (*interp.Game, error) {
	n, err := seed.value(cmd)
	if err != nil {
		return nil, err
	}
	game, err := loadGame(ruleset)
	if err != nil {
		return nil, err
	}
	return interp.New(game, n), nil
}

// resumeGame loads a saved position. The ruleset is the argument if given,
// else the one the save names.
func resumeGame(path string, args []string) (*interp.Game, *store.Saved, string, error) {
	sv, err := store.Read(path)
	if err != nil {
		return nil, nil, "", fmt.Errorf("cannot resume from %s: %v", path, err)
	}
	ruleset := sv.Ruleset
	if len(args) > 0 {
		ruleset = args[0]
	}
	if ruleset == "" {
		return nil, nil, "", fmt.Errorf("cannot resume from %s: it does not say which ruleset it is for; give one: patience play NAME|FILE --resume %s", path, path)
	}
	game, err := loadGame(ruleset)
	if err != nil {
		return nil, nil, "", err
	}
	g, err := interp.Compile(game).Load(sv.Position)
	if err != nil {
		return nil, nil, "", fmt.Errorf("cannot resume from %s: %v", path, err)
	}
	return g, sv, ruleset, nil
}

// fullScreen reports whether play opens the full-screen game: on a
// terminal, unless line mode was asked for.
func fullScreen(cmd *cobra.Command, plain, asJSON bool) bool {
	return !plain && !asJSON && isTerminal(cmd.InOrStdin()) && isTerminal(cmd.OutOrStdout())
}

// playFullScreen runs the terminal game: the ruleset given, the game of
// --resume, or, with neither, the picker.
func playFullScreen(cmd *cobra.Command, args []string, seed *seedFlags, resume string, ascii bool) error {
	dir, err := store.DefaultDir()
	if err != nil {
		return err
	}
	cfg := tui.Config{
		ASCII:    ascii,
		NoColor:  os.Getenv("NO_COLOR") != "",
		Dir:      dir,
		Builtins: rulesets.Names(),
		Load:     loadKeyed,
	}
	switch {
	case resume != "":
		if cmd.Flags().Changed("seed") {
			return fmt.Errorf("--seed and --resume do not go together: a saved game has its own seed")
		}
		g, _, ruleset, err := resumeGame(resume, args)
		if err != nil {
			return err
		}
		cfg.Resumed, cfg.ResumedFrom, cfg.Key = g, resume, rulesetKey(ruleset)
	case len(args) > 0:
		game, key, err := loadKeyed(args[0])
		if err != nil {
			return err
		}
		cfg.Game, cfg.Key = game, key
		if cmd.Flags().Changed("seed") {
			n, err := seed.value(cmd)
			if err != nil {
				return err
			}
			cfg.Seed = &n
		}
	}
	return tui.Run(cmd.Context(), cfg, cmd.InOrStdin(), cmd.OutOrStdout())
}

// loadKeyed loads a ruleset and names it for the store of saved games and
// statistics: a built-in by its name, a file by its absolute path.
func loadKeyed(arg string) (*check.Game, string, error) {
	g, err := loadGame(arg)
	if err != nil {
		return nil, "", err
	}
	return g, rulesetKey(arg), nil
}

func rulesetKey(arg string) string {
	if !isPath(arg) {
		if name, ok := builtinName(arg); ok {
			return name
		}
	}
	if abs, err := filepath.Abs(arg); err == nil {
		return abs
	}
	return arg
}

func isTerminal(r any) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// lineReader reads commands line by line, refusing overlong lines instead
// of growing without bound.
type lineReader struct {
	r *bufio.Reader
}

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, maxLine)}
}

// next returns the next line without its line ending. tooLong reports a
// line longer than maxLine, which is skipped. err is io.EOF at the end.
func (l *lineReader) next() (line string, tooLong bool, err error) {
	b, err := l.r.ReadSlice('\n')
	for errors.Is(err, bufio.ErrBufferFull) {
		tooLong = true
		_, err = l.r.ReadSlice('\n')
	}
	if tooLong {
		if errors.Is(err, io.EOF) {
			err = nil // report the long line; EOF comes with the next call
		}
		return "", true, err
	}
	if errors.Is(err, io.EOF) && len(b) > 0 {
		err = nil
	}
	return strings.TrimRight(string(b), "\r\n"), false, err
}
