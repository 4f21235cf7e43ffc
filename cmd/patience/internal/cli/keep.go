package cli

import (
	"fmt"
	"io"

	"github.com/patience-dev/patience/cmd/patience/internal/store"
	"github.com/patience-dev/patience/interp"
)

// keeper saves a game played in line mode after every change, where the
// full-screen game keeps its own (one file per ruleset and seed), so that
// either mode can go on with it, and keeps the player's statistics as the
// full-screen game does: a game counts as played from its first move, and
// as won or lost once it is. A failure to save is reported once, and the
// game goes on.
type keeper struct {
	key       string
	resumed   *store.Saved // what a resumed save carried besides the position
	st        *store.Store
	path      string
	failing   bool   // a failure was reported and nothing has been saved since
	counted   bool   // the game is counted as played in the statistics
	result    string // "won" or "lost" once counted so
	statsFail bool   // a failure to keep the statistics was reported
	note      string // what the store said of a damaged statistics file, to say once
	other     int    // the moves of another game of the deal kept where this one goes, set aside at the first save
}

func newKeeper(key string, resumed *store.Saved) *keeper {
	k := &keeper{key: key, resumed: resumed}
	if resumed != nil {
		k.counted, k.result = resumed.Counted, resumed.Result
	}
	return k
}

// start says on w, in one line, where g will be saved, or why it will not.
func (k *keeper) start(w io.Writer, g *interp.Game) {
	if g.Status() == interp.Won && len(g.History()) == 0 {
		// Won as dealt: no move is played, so nothing is kept or counted
		// (it said "saving to", and saved nothing).
		fmt.Fprintln(w, "the deal is won as dealt: nothing to save")
		return
	}
	dir, err := store.DefaultDir()
	if err != nil {
		k.fail(w, err)
		return
	}
	k.st = &store.Store{Dir: dir}
	k.path = k.st.SavePath(k.key, g.Seed)
	if err := k.st.Check(k.key, g.Seed, g.Rules); err != nil {
		k.fail(w, err)
		return
	}
	if k.other = k.st.Other(k.key, g.Seed, g.Position().Moves); k.other > 0 {
		fmt.Fprintf(w, "saving to %s from the first move; the game of %d %s kept there will be set aside beside it\n",
			k.path, k.other, plural(k.other, "move", "moves"))
		return
	}
	fmt.Fprintf(w, "saving to %s\n", k.path)
}

// setAside moves another game of the deal out of the way of this one's
// first save, and says where it went. It reports false when it could not,
// and nothing must be saved.
func (k *keeper) setAside(w io.Writer, g *interp.Game) bool {
	if k.other == 0 {
		return true
	}
	aside, err := k.st.SetAsideSave(k.key, g.Seed)
	if err != nil {
		k.fail(w, err)
		return false
	}
	fmt.Fprintf(w, "patience: the game of %d %s that was kept in %s is now in %s (patience play --resume %s goes on with it)\n",
		k.other, plural(k.other, "move", "moves"), k.path, aside, aside)
	k.other = 0
	return true
}

// save keeps g as it is now. A won game is not kept, as in the full-screen
// game.
func (k *keeper) save(w io.Writer, g *interp.Game) {
	if k.st == nil {
		return
	}
	statsErr := k.count(g)
	if k.note != "" {
		fmt.Fprintf(w, "patience: %s\n", k.note)
		k.note = ""
	}
	var err error
	switch {
	case !k.setAside(w, g):
		return // said so: nothing is written over the other game
	case g.Status() == interp.Won:
		err = k.st.Remove(k.key, g.Seed, g.Rules)
	default:
		err = k.st.Save(k.key, g.Rules, k.saved(g))
	}
	switch {
	case err != nil:
		k.fail(w, err)
	case k.failing:
		k.failing = false
		fmt.Fprintf(w, "saving to %s\n", k.path)
	}
	// A failure to keep the statistics is said once, and not at all when
	// saving the game failed too: the player has heard of the place already.
	if statsErr != nil && !k.statsFail {
		k.statsFail = true
		if !k.failing {
			fmt.Fprintf(w, "patience: not keeping the statistics: %s\n", oneLine(statsErr.Error()))
		}
	}
}

// finish drops the save of a lost game being left, as the full-screen game
// does: only undo could have helped it, and undo has been on offer.
func (k *keeper) finish(w io.Writer, g *interp.Game) {
	if k.st != nil && k.other == 0 && g.Status() == interp.Lost { // (what is kept is another game's)
		if err := k.st.Remove(k.key, g.Seed, g.Rules); err != nil {
			k.fail(w, err)
		}
	}
}

// count keeps the statistics of g as it is now, the same way as the
// full-screen game, and returns the first error.
func (k *keeper) count(g *interp.Game) error {
	notes, err := k.st.Count(k.key, &k.counted, &k.result, len(g.History()), g.Status())
	if len(notes) > 0 {
		k.note = notes[0] // said once, by save
	}
	return err
}

// saveNow saves g once more when a signal stops the game, and returns
// where it is kept: nowhere when there is no keeper, saving has failed, or
// there is no game in progress to go on with (no move yet, or won or lost).
// Another game of the deal kept in its place stays there.
func (k *keeper) saveNow(g *interp.Game) string {
	if k == nil || k.st == nil || k.failing || k.other > 0 || g.Status() != interp.Playing || len(g.History()) == 0 {
		return "" // (with another game kept there, no move was made, and it is not written over)
	}
	if err := k.st.Save(k.key, g.Rules, k.saved(g)); err != nil {
		return ""
	}
	return k.path
}

func (k *keeper) fail(w io.Writer, err error) {
	if !k.failing {
		fmt.Fprintf(w, "patience: not saving this game: %s\n", oneLine(err.Error()))
	}
	k.failing = true
}

func (k *keeper) saved(g *interp.Game) *store.Saved {
	sv := &store.Saved{Position: position(g, k.key), Counted: k.counted, Result: k.result}
	if r := k.resumed; r != nil {
		sv.ElapsedMS = r.ElapsedMS
	}
	return sv
}
