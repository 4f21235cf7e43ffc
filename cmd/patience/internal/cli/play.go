package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/patience-dev/patience/cmd/patience/internal/board"
	"github.com/patience-dev/patience/cmd/patience/internal/prove"
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
		seed     seedFlags
		resume   string
		replay   string
		winnable bool
		asJSON   bool
		ascii    bool
		plain    bool
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
game, says where on stderr as it starts, and keeps the same statistics.
Command words may be typed in any case, and a line starting with # is a
comment.

SIGTERM or an interrupt stops the game, in either mode, with the game saved
and a line on stderr that says where; the exit code is 128 plus the
signal's number (143 for SIGTERM).

The seed is printed at the start; give it with --seed to play the same deal
again. "save FILE" writes the position, and --resume FILE goes on from it
(the ruleset may then be left out if the save names it). Such a file is a
snapshot that may be resumed again and again: each game resumed from it
counts as a game of its own in the statistics.

"hint" asks the solver first, for a moment: if it finds a winning line, the
hint is its first move ("this position is still winnable: play t3 f1");
otherwise it is a likely move, and says whether the position was proved
lost or the solver ran out of time.

With --winnable only a deal the solver proves winnable is dealt: the seeds
from --seed (or the clock's) upward are tried, a few seconds each, and the
one settled on is printed. With --winnable the full-screen game deals its
new games ("n", the picker) so too; without it, any deal.

--replay FILE plays a line of play from the seed's deal and goes on from
there in line mode: a file of moves, one per line as play takes them (lines
starting with # are skipped, so what "patience solve" prints will do, and
its first line names the seed, so --seed may be left out), or what
"patience solve --json" prints, which names the ruleset and the seed.
"-" reads it from standard input. A move that cannot be played is an error
that names its line. A replayed game is not saved unless asked for.

With --json every line of output is one JSON object: the first is the
opening state, then one per line of input, with the fields position, moves
(the legal moves), status, command, result, why and verdict (for a hint:
the reason, and the solver's verdict on the position: won, unwinnable or
unknown) and error. Nothing is saved unless asked for with "save FILE".`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 && (resume != "" || replay != "" || fullScreen(cmd, plain || replay != "", asJSON)) {
				return nil
			}
			return exactlyOneRuleset(cmd, args)
		},
		ValidArgsFunction: rulesetArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			// A signal stops the game at the next command, which saves it
			// and says where, rather than end the process mid-move.
			parent := cmd.Context()
			ctx, stop := catchSignals(parent)
			defer stop()
			cmd.SetContext(ctx)
			var note func() string
			err := func() error {
				switch {
				case resume != "" && cmd.Flags().Changed("seed"):
					return fmt.Errorf("--seed and --resume do not go together: a saved game has its own seed")
				case resume != "" && replay != "":
					return fmt.Errorf("--resume and --replay do not go together: each says where the game starts")
				case resume != "" && winnable:
					return fmt.Errorf("--winnable and --resume do not go together: a saved game has its own deal")
				case replay != "" && winnable:
					return fmt.Errorf("--winnable and --replay do not go together: a line of play has its own deal")
				}
				if fullScreen(cmd, plain || replay != "", asJSON) {
					since := time.Now()
					note = func() string { return savedNote(latestSave(since)) }
					// The full-screen game quits on SIGTERM by itself and saves
					// the game as it stands, the time since its last move
					// included; its context is not cancelled too, which
					// would race its own quitting.
					err := playFullScreen(parent, cmd, args, &seed, resume, ascii, winnable)
					select {
					case <-ctx.Done(): // the signal, if one came, is noted
					case <-time.After(100 * time.Millisecond):
					}
					return err
				}
				var (
					g       *interp.Game
					resumed *store.Saved
					ruleset string
					proof   []interp.Move // the line that proved the deal winnable
					err     error
				)
				switch {
				case resume != "":
					g, resumed, ruleset, err = resumeGame(resume, args)
				case replay != "":
					var n uint64
					if cmd.Flags().Changed("seed") {
						if n, err = seed.value(cmd); err != nil {
							return err
						}
					}
					var rf *replayFile
					g, ruleset, rf, err = replayGame(replay, cmd.InOrStdin(), args, cmd.Flags().Changed("seed"), n, board.Options{ASCII: ascii}.Card)
					if err == nil {
						n := len(rf.moves)
						fmt.Fprintf(cmd.ErrOrStderr(), "replayed %d %s from %s\n", n, plural(n, "move", "moves"), rf.name)
					}
				default:
					ruleset = args[0]
					g, proof, err = newGame(cmd, ruleset, &seed, winnable)
				}
				if err != nil {
					return err
				}
				s := &session{g: g, ruleset: ruleset, opt: board.Options{ASCII: ascii, Width: terminalWidth(cmd.OutOrStdout())}}
				s.hints.Learn(g.Rules, g.State(), proof)
				in := newLineReader(cmd.InOrStdin())
				if asJSON {
					// The protocol is for programs, which keep what they need.
					return s.runJSON(cmd, in)
				}
				if replay == "" {
					s.keep = newKeeper(rulesetKey(ruleset), resumed)
				}
				note = func() string { return savedNote(s.keep.saveNow(s.g)) }
				return s.runText(cmd, in, isTerminal(cmd.InOrStdin()))
			}()
			return stopped(ctx, err, note)
		},
	}
	seed.register(cmd)
	cmd.Flags().StringVar(&resume, "resume", "", "go on from the game saved in `FILE` by the save command")
	cmd.Flags().BoolVar(&asJSON, "json", false, "read commands and write one JSON object per line")
	cmd.Flags().BoolVar(&ascii, "ascii", false, "write suits as the letters C D H S")
	cmd.Flags().BoolVar(&plain, "plain", false, "play in line mode even on a terminal")
	cmd.Flags().BoolVar(&winnable, "winnable", false, "deal only a deal the solver proves winnable, trying seeds from --seed upward")
	cmd.Flags().StringVar(&replay, "replay", "", "play the moves in `FILE` (one per line, or solve --json output) from the deal, then go on in line mode")
	_ = cmd.RegisterFlagCompletionFunc("resume", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"json"}, cobra.ShellCompDirectiveFilterFileExt
	})
	_ = cmd.RegisterFlagCompletionFunc("replay", cobra.FixedCompletions(nil, cobra.ShellCompDirectiveDefault))
	return cmd
}

// newGame deals the game to play: the seed's, or with winnable the first
// from the seed up that the solver proves winnable, with the line that
// proves it.
func newGame(cmd *cobra.Command, ruleset string, seed *seedFlags, winnable bool) (*interp.Game, []interp.Move, error) {
	n, err := seed.value(cmd)
	if err != nil {
		return nil, nil, err
	}
	game, err := loadGame(ruleset)
	if err != nil {
		return nil, nil, err
	}
	r := interp.Compile(game)
	var proof []interp.Move
	if winnable {
		if n, proof, err = winnableSeed(cmd, r, n); err != nil {
			return nil, nil, err
		}
	}
	return interp.NewFromRules(r, n), proof, nil
}

// winnableSeed finds a deal the solver proves winnable, from seed upward,
// saying on stderr what it is doing and which seed it settled on; and the
// winning line.
func winnableSeed(cmd *cobra.Command, r *interp.Rules, from uint64) (uint64, []interp.Move, error) {
	errOut := cmd.ErrOrStderr()
	fmt.Fprintf(errOut, "looking for a deal proved winnable from seed %d (up to %d deals, %s each)\n",
		from, prove.DealTries, prove.LimitsText(prove.DealLimits))
	res, err := prove.WinnableDeal(cmd.Context(), r, from, prove.DealTries, prove.DealLimits)
	if err != nil {
		return 0, nil, err
	}
	if !res.Found {
		return 0, nil, fmt.Errorf("%s; try another --seed, or play without --winnable", res.Report(prove.DealLimits))
	}
	fmt.Fprintln(errOut, res.Report(prove.DealLimits))
	return res.Seed, res.Line, nil
}

// resumeGame loads a saved position. The ruleset is the argument if given,
// else the one the save names.
func resumeGame(path string, args []string) (*interp.Game, *store.Saved, string, error) {
	sv, err := store.Read(path)
	if err != nil {
		return nil, nil, "", fmt.Errorf("cannot resume from %s: %v", path, err)
	}
	ruleset := besideFile(sv.Ruleset, path)
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
func playFullScreen(ctx context.Context, cmd *cobra.Command, args []string, seed *seedFlags, resume string, ascii, winnable bool) error {
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
		Winnable: winnable,
	}
	switch {
	case resume != "":
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
	return tui.Run(ctx, cfg, cmd.InOrStdin(), raw(cmd.OutOrStdout()))
}

// latestSave returns the save of a game in progress written last since
// the given time, if any: the full-screen game's, which only it knows.
func latestSave(since time.Time) string {
	dir, err := store.DefaultDir()
	if err != nil {
		return ""
	}
	saves := filepath.Dir((&store.Store{Dir: dir}).SavePath("x", 0))
	entries, _ := os.ReadDir(saves)
	best, bestTime := "", since
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || store.IsTemp(e.Name()) || !info.Mode().IsRegular() || info.ModTime().Before(bestTime) {
			continue
		}
		path := filepath.Join(saves, e.Name())
		if sv, err := store.Read(path); err == nil && sv.Status == interp.Playing.String() {
			best, bestTime = path, info.ModTime()
		}
	}
	return best
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

// lineReader reads commands line by line, refusing overlong lines instead
// of growing without bound.
type lineReader struct {
	r *bufio.Reader
}

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, maxLine+2)} // a line of maxLine bytes and its CR LF
}

// readLine is one line read, as next returns it.
type readLine struct {
	line    string
	tooLong bool
	err     error
}

// lines reads the lines on a goroutine of their own, so that a command
// waiting for one can give up when ctx is done; the goroutine ends after
// the first error (io.EOF at the end), or when ctx is done.
func (l *lineReader) lines(ctx context.Context) <-chan readLine {
	ch := make(chan readLine)
	go func() {
		for {
			var r readLine
			r.line, r.tooLong, r.err = l.next()
			select {
			case ch <- r:
			case <-ctx.Done():
				return
			}
			if r.err != nil {
				return
			}
		}
	}()
	return ch
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
	line = strings.TrimRight(string(b), "\r\n")
	if len(line) > maxLine {
		return "", true, err
	}
	return line, false, err
}
