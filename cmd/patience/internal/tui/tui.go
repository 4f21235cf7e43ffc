// Package tui is the full-screen terminal game: any ruleset laid out from
// its rule file alone, played with the keyboard or the mouse, a picker of
// the built-in rulesets with the player's statistics, and every game in
// progress saved after each move so that it can be resumed. It knows games
// only through the checked model and the interp API, so a new rule file
// needs no Go.
package tui

import (
	"context"
	"errors"
	"io"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
)

// Config is what the terminal game starts from.
type Config struct {
	// Game is the ruleset to play, and Key its name in the store: a
	// built-in name or the absolute path of its file. With no Game the
	// picker opens.
	Game *check.Game
	Key  string
	// Seed is the deal to play; nil deals a new one, after offering to
	// resume the last game of the ruleset in progress.
	Seed *uint64
	// Resumed is a game to go on with at once (--resume FILE), read from
	// the file ResumedFrom; the time played and the statistics state are
	// taken from it too when it is a save of this package.
	Resumed     *interp.Game
	ResumedFrom string

	// Winnable deals only deals the solver proves winnable: each new deal
	// is looked for from its seed (Seed, or NewSeed's) upward, as play
	// --winnable does in line mode (see prove.WinnableDeal). With a Seed,
	// no game in progress is offered first.
	Winnable bool

	ASCII   bool // suits as letters
	NoColor bool // no colours, only bold and reverse video (NO_COLOR)

	// Dir keeps saved games and statistics (see DefaultDir).
	Dir string
	// Builtins are the built-in rulesets, for the picker; Load turns a
	// built-in name or a path into a checked game and its key.
	Builtins []string
	Load     func(arg string) (*check.Game, string, error)

	// NewSeed deals a new game; Now is the clock. Both may be left nil.
	NewSeed func() uint64
	Now     func() time.Time
}

// Run plays on a terminal until the player quits.
func Run(ctx context.Context, cfg Config, in io.Reader, out io.Writer) error {
	r := lipgloss.NewRenderer(out)
	if cfg.NoColor {
		// NO_COLOR asks for no colour, not for no emphasis.
		r.SetColorProfile(termenv.ANSI)
	}
	game := newApp(cfg, newTheme(r, !cfg.NoColor))
	p := tea.NewProgram(game,
		tea.WithContext(ctx),
		tea.WithInput(in),
		tea.WithOutput(out),
		tea.WithAltScreen(),
		tea.WithMouseCellMotion(),
	)
	final, err := p.Run()
	if a, ok := final.(*app); ok {
		// Stopped from outside (SIGTERM, or ctx), the program quits
		// without a last message to the game: save it here, so that the
		// time since its last move is kept as quitting keeps it.
		a.stopSearch()
		a.keep()
	}
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// clockSeed is a new deal number from the clock: nine digits, easy to read
// back and type again.
func clockSeed() uint64 {
	return uint64(time.Now().UnixNano()) % 1_000_000_000
}
