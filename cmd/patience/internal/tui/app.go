package tui

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/patience-dev/patience/cmd/patience/internal/board"
	"github.com/patience-dev/patience/cmd/patience/internal/prove"
	"github.com/patience-dev/patience/cmd/patience/internal/store"
	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
)

type screen uint8

const (
	screenPicker screen = iota
	screenPrompt
	screenGame
	screenSearch // looking for a winnable deal
)

// search is a look for a winnable deal, running or done.
type search struct {
	id     int
	from   uint64
	note   string // said once the deal is found: why there was a search
	cancel context.CancelFunc
	done   *prove.Search // the search, once it has failed
}

// searchedMsg ends a search for a winnable deal.
type searchedMsg struct {
	id  int
	res prove.Search
}

// prompt asks whether to resume a game in progress.
type prompt struct {
	saved *store.Saved
	seed  *uint64 // the deal to play instead, if the player asked for one
	note  string  // why other saves are not offered
}

// app is the whole program: the picker, the resume question and the game,
// one at a time, with the help over the game when asked for.
type app struct {
	cfg     Config
	store   *store.Store
	theme   *theme
	opt     board.Options
	width   int
	height  int
	screen  screen
	picker  *picker
	prompt  *prompt
	play    *play
	search  *search
	help    bool
	picking bool // the game was chosen in the picker: q goes back to it
	ask     *question
	drag    *spot  // where a mouse press picked cards up, until released
	dragAt  [2]int // the screen cell of that press

	// The ruleset being played.
	game  *check.Game
	rules *interp.Rules
	key   string

	initCmd  tea.Cmd // what the first screen needs run, e.g. a search
	searches int     // searches started, to tell their answers apart
}

// question asks the player to confirm something that loses a game: y
// does it, any other key goes on playing.
type question struct {
	yes func() tea.Cmd
}

// tickMsg moves the clock on.
type tickMsg time.Time

func newApp(cfg Config, t *theme) *app {
	if cfg.NewSeed == nil {
		cfg.NewSeed = clockSeed
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	a := &app{cfg: cfg, store: &store.Store{Dir: cfg.Dir}, theme: t, opt: board.Options{ASCII: cfg.ASCII}}
	switch {
	case cfg.Resumed != nil:
		a.game, a.rules, a.key = cfg.Resumed.Rules.Game, cfg.Resumed.Rules, cfg.Key
		a.play = newPlay(cfg.Resumed, cfg.Key, a.opt, cfg.Now())
		if sv, err := store.Read(cfg.ResumedFrom); err == nil {
			a.play = resumePlay(cfg.Resumed, sv, cfg.Key, a.opt, cfg.Now())
		}
		a.screen = screenGame
		a.checkSave()
	case cfg.Game != nil:
		a.initCmd = a.start(cfg.Game, cfg.Key, cfg.Seed)
	default:
		a.openPicker()
	}
	return a
}

func (a *app) openPicker() {
	a.picker = newPicker(&a.cfg, a.store, a.key)
	a.screen = screenPicker
	a.play = nil
}

// start opens a ruleset: it offers to resume its game in progress, if any,
// and deals otherwise.
func (a *app) start(g *check.Game, key string, seed *uint64) tea.Cmd {
	a.game, a.rules, a.key = g, interp.Compile(g), key
	var sv *store.Saved
	var notes []string
	switch {
	case seed != nil && a.cfg.Winnable:
		// The seed is where the search starts, not a deal to go back to.
	case seed != nil:
		path := a.store.SavePath(key, *seed)
		s, err := a.store.Load(key, *seed)
		switch {
		case err == nil && s.Status == interp.Playing.String() && len(s.Moves) > 0:
			if _, lerr := a.rules.Load(s.Position); lerr != nil {
				notes = append(notes, store.Passed{Path: path, Seed: s.Seed, Moves: len(s.Moves), Err: lerr}.Note())
			} else {
				sv = s
			}
		case err != nil && !errors.Is(err, fs.ErrNotExist) && strings.HasPrefix(err.Error(), "not a saved game"):
			if aside, aerr := store.SetAside(path); aerr == nil {
				notes = append(notes, store.Passed{Path: path, Err: err, Aside: aside}.Note())
			}
		}
	default:
		s, passed := a.store.Resumable(key, a.rules)
		sv = s
		for _, ps := range passed {
			notes = append(notes, ps.Note())
		}
	}
	note := capitalize(strings.Join(notes, "; "))
	if sv != nil {
		a.prompt = &prompt{saved: sv, seed: seed, note: note}
		a.screen = screenPrompt
		return nil
	}
	if note != "" && a.cfg.Winnable {
		n := a.cfg.NewSeed()
		if seed != nil {
			n = *seed
		}
		return a.findWinnable(n, note)
	}
	cmd := a.deal(seed)
	if note != "" && a.play != nil {
		switch {
		case a.play.saveErr != nil && seed != nil:
			note += ", and this deal is played unsaved" // the same file
		case a.play.msgKind == msgError:
			note += ". " + capitalize(a.play.msg)
		}
		a.play.say(msgError, "%s", note)
	}
	return cmd
}

// deal starts a new game of the ruleset being played, or with Winnable the
// search for one.
func (a *app) deal(seed *uint64) tea.Cmd {
	n := a.cfg.NewSeed()
	if seed != nil {
		n = *seed
	}
	if a.cfg.Winnable {
		return a.findWinnable(n, "")
	}
	a.dealSeed(n)
	a.play.say(msgInfo, "deal %d: good luck", n)
	a.checkSave()
	return nil
}

func (a *app) dealSeed(n uint64) {
	a.play = newPlay(interp.NewFromRules(a.rules, n), a.key, a.opt, a.cfg.Now())
	a.screen = screenGame
}

// findWinnable looks for a deal the solver proves winnable from seed from
// upward, in the background; a searchedMsg brings the answer. note is said
// with the deal found.
func (a *app) findWinnable(from uint64, note string) tea.Cmd {
	a.stopSearch()
	a.searches++
	ctx, cancel := context.WithCancel(context.Background())
	a.search = &search{id: a.searches, from: from, note: note, cancel: cancel}
	a.play = nil
	a.screen = screenSearch
	id, rules := a.searches, a.rules
	return func() tea.Msg {
		res, _ := prove.WinnableDeal(ctx, rules, from, prove.DealTries, prove.DealLimits)
		return searchedMsg{id: id, res: res}
	}
}

// stopSearch stops a search running, if any: its answer is no longer
// wanted.
func (a *app) stopSearch() {
	if a.search != nil {
		a.search.cancel()
		a.search = nil
	}
}

// searched deals the deal a search found, or says that it found none.
func (a *app) searched(msg searchedMsg) {
	sr := a.search
	if a.screen != screenSearch || sr == nil || sr.id != msg.id {
		return // stopped meanwhile
	}
	if !msg.res.Found {
		sr.done = &msg.res
		return
	}
	a.search = nil
	a.dealSeed(msg.res.Seed)
	a.play.hints.Learn(a.rules, a.play.g.State(), msg.res.Line) // hints go on with the proof
	text := msg.res.Report(prove.DealLimits) + ": good luck"
	if sr.note != "" {
		a.play.say(msgError, "%s; %s", sr.note, text)
	} else {
		a.play.say(msgInfo, "%s", text)
	}
	a.checkSave()
}

func (a *app) updateSearch(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return nil
	}
	switch k.String() {
	case "n":
		if done := a.search.done; done != nil {
			return a.findWinnable(done.Last()+1, "")
		}
	case "q", "esc":
		a.stopSearch()
		return a.leave()
	}
	return nil
}

func (a *app) searchView() string {
	c := newCanvas(a.width, a.height)
	sr := a.search
	c.put(1, 0, a.game.Name, lookTitle)
	text := fmt.Sprintf("Looking for a deal the solver proves winnable, from seed %d: up to %d deals, %s each.",
		sr.from, prove.DealTries, prove.LimitsText(prove.DealLimits))
	keys := "q stop"
	if sr.done != nil {
		text = capitalize(sr.done.Report(prove.DealLimits)) + "."
		keys = fmt.Sprintf("n try the next %d seeds  q quit", prove.DealTries)
		if a.picking {
			keys = fmt.Sprintf("n try the next %d seeds  q back to the games", prove.DealTries)
		}
	}
	y := 2
	if sr.note != "" {
		for _, l := range wrap(sr.note, a.width-2) {
			c.put(1, y, l, lookError)
			y++
		}
		y++
	}
	for _, l := range wrap(text, a.width-2) {
		c.put(1, y, l, lookPlain)
		y++
	}
	c.put(1, y+1, clip(keys, a.width-2), lookDim)
	return c.render(a.theme)
}

// capitalize starts a sentence with a capital.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func (a *app) resume(sv *store.Saved) tea.Cmd {
	g, err := a.rules.Load(sv.Position)
	if err != nil {
		msg := fmt.Sprintf("cannot resume %s: %s", a.store.SavePath(a.key, sv.Seed), oneLine(err.Error()))
		if a.cfg.Winnable {
			seed := a.cfg.NewSeed()
			if a.prompt.seed != nil {
				seed = *a.prompt.seed
			}
			return a.findWinnable(seed, msg)
		}
		a.deal(a.prompt.seed)
		switch {
		case a.play.saveErr != nil && a.play.g.Seed == sv.Seed:
			msg += "; the file is left as it is, and this game is not saved"
		case a.play.saveErr != nil:
			msg += "; " + a.play.msg
		}
		a.play.say(msgError, "%s", msg)
		return nil
	}
	a.play = resumePlay(g, sv, a.key, a.opt, a.cfg.Now())
	a.screen = screenGame
	a.play.say(msgInfo, "resumed after %d %s", len(g.History()), plural(len(g.History()), "move", "moves"))
	a.checkSave()
	return nil
}

// checkSave tells the player at once when the game on the screen cannot
// be saved because the file it would go to is not a save of it: that file
// is left alone, and the game is played unsaved.
func (a *app) checkSave() {
	p := a.play
	if err := a.store.Check(a.key, p.g.Seed, a.rules); err != nil {
		p.saveErr = err
		p.say(msgError, "not saving this game: %s", oneLine(err.Error()))
		return
	}
	p.other = a.store.Other(a.key, p.g.Seed, p.g.Position().Moves)
}

// setAside moves another game of the deal out of the way of this game's
// first save (see store.Other), and returns what to tell the player.
func (a *app) setAside() (string, error) {
	p := a.play
	if p.other == 0 {
		return "", nil
	}
	aside, err := a.store.SetAsideSave(a.key, p.g.Seed)
	if err != nil {
		return "", err
	}
	n := p.other
	p.other = 0
	return fmt.Sprintf("the game of %d %s kept for this deal is now in %s", n, plural(n, "move", "moves"), aside), nil
}

func (a *app) Init() tea.Cmd {
	return tea.Batch(tick(), a.initCmd)
}

func tick() tea.Cmd {
	return tea.Tick(time.Second, func(t time.Time) tea.Msg { return tickMsg(t) })
}

func (a *app) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		a.width, a.height = msg.Width, msg.Height
		return a, nil
	case tickMsg:
		return a, tick()
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlC {
			return a, a.quit()
		}
		// Keys typed fast arrive together; outside a text field each is
		// a command of its own.
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !(a.screen == screenPicker && a.picker.typing) {
			var cmds []tea.Cmd
			for _, r := range msg.Runes {
				_, cmd := a.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
				cmds = append(cmds, cmd)
				if cmd != nil {
					// A quit must not be followed by more keys.
					break
				}
			}
			return a, tea.Sequence(cmds...)
		}
	case pickedMsg:
		g, key, err := a.cfg.Load(msg.arg)
		if err != nil {
			a.picker.msg = oneLine(err.Error())
			return a, nil
		}
		a.picking = true
		a.picker.typing = false
		return a, a.start(g, key, nil)
	case searchedMsg:
		a.searched(msg)
		return a, nil
	case hintMsg:
		if a.play != nil {
			a.play.showHint(msg)
		}
		return a, nil
	}
	switch a.screen {
	case screenPicker:
		if k, ok := msg.(tea.KeyMsg); ok && !a.picker.typing && (k.String() == "q" || k.Type == tea.KeyEsc) {
			return a, tea.Quit
		}
		return a, a.picker.update(msg, a.height)
	case screenPrompt:
		return a, a.updatePrompt(msg)
	case screenSearch:
		return a, a.updateSearch(msg)
	}
	return a, a.updateGame(msg)
}

func (a *app) updatePrompt(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return nil
	}
	switch k.String() {
	case "y", "enter":
		return a.resume(a.prompt.saved)
	case "n":
		cmd := a.deal(a.prompt.seed)
		if a.play != nil && a.prompt.seed != nil && a.play.g.Seed == a.prompt.saved.Seed {
			a.play.other = 0 // "deal it again from the start": the player chose to leave that game
		}
		return cmd
	case "q", "esc":
		return a.leave()
	}
	return nil
}

// leave ends the game on the screen: back to the picker if the game came
// from there, else out of the program.
func (a *app) leave() tea.Cmd {
	a.keep()
	a.forgetLost()
	if a.picking {
		a.openPicker()
		return nil
	}
	return tea.Quit
}

func (a *app) quit() tea.Cmd {
	a.stopSearch()
	a.keep()
	a.forgetLost()
	return tea.Quit
}

// keep saves a game in progress being left, so that the time spent since
// its last move is kept too.
func (a *app) keep() {
	if a.screen != screenGame || a.play == nil || a.play.status != interp.Playing || len(a.play.g.History()) == 0 || a.play.other > 0 {
		return // (with another game kept there, no move was made here, or none could be saved)
	}
	_ = a.store.Save(a.key, a.rules, a.play.saved(a.cfg.Now()))
}

// forgetLost drops the save of a lost game being left: it was counted,
// and only its undo could have helped.
func (a *app) forgetLost() {
	if a.screen == screenGame && a.play != nil && a.play.status == interp.Lost && a.play.other == 0 {
		_ = a.store.Remove(a.key, a.play.g.Seed, a.rules)
	}
}

func (a *app) updateGame(msg tea.Msg) tea.Cmd {
	p := a.play
	if a.help {
		if _, ok := msg.(tea.KeyMsg); ok {
			a.help = false
		}
		return nil
	}
	if q := a.ask; q != nil {
		k, ok := msg.(tea.KeyMsg)
		if !ok {
			return nil
		}
		a.ask = nil
		if k.String() == "y" || k.String() == "Y" {
			return q.yes()
		}
		p.say(msgInfo, "going on with this game")
		return nil
	}
	pl := p.place(a.width, a.height)
	changed := false
	switch msg := msg.(type) {
	case tea.MouseMsg:
		switch {
		case msg.Action == tea.MouseActionRelease:
			// The end of a drag: the cards held go where the button is let
			// go; let go on the pile they came from, they stay held, as
			// after a click.
			from := a.drag
			a.drag = nil
			if from == nil || p.pick == nil || a.dragAt == [2]int{msg.X, msg.Y} {
				// No drag, or a click: released where it was pressed, it
				// only picked up, even if the board moved under it.
				return nil
			}
			at, ok := pl.spotAt(msg.X, msg.Y)
			switch {
			case !ok:
				p.pick = nil
				p.say(msgInfo, "put back")
			case at.pile != from.pile:
				p.cursor = at
				changed = p.drop(at)
			}
		case msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft:
			return nil
		default:
			a.drag = nil
			at, ok := pl.spotAt(msg.X, msg.Y)
			if !ok {
				if p.pick != nil {
					p.pick = nil
					p.say(msgInfo, "put back")
				}
				return nil
			}
			p.cursor = at
			held := p.pick != nil
			changed = p.choose(at)
			if !held && p.pick != nil {
				a.drag, a.dragAt = &at, [2]int{msg.X, msg.Y}
			}
		}
	case tea.KeyMsg:
		k := msg.String()
		switch k {
		case "q":
			if p.saveErr != nil && p.status == interp.Playing && len(p.g.History()) > 0 {
				p.say(msgError, "This game is not saved: quit anyway? y quits, any other key goes on")
				a.ask = &question{yes: a.leave}
				return nil
			}
			return a.leave()
		case "?":
			a.help = true
			return nil
		case "esc":
			if p.pick != nil {
				p.say(msgInfo, "put back")
			} else {
				p.say(msgInfo, "")
			}
			p.pick, p.hint = nil, nil
		case "up":
			p.move(pl, 0, -1)
		case "down":
			p.move(pl, 0, 1)
		case "left":
			p.move(pl, -1, 0)
		case "right":
			p.move(pl, 1, 0)
		case "tab":
			p.cycle(1)
		case "shift+tab":
			p.cycle(-1)
		case "enter", " ":
			at := p.cursor
			if ri, ci, ok := pl.bv.find(at.pile); ok && pl.ok {
				col := &pl.bv.rows[ri].cols[ci]
				at.idx = col.lines[cursorLine(col, at.idx)].idx
			}
			changed = p.choose(at)
		case "d", "D":
			changed = p.deal(k == "D")
		case "u":
			changed = p.undo()
		case "r":
			changed = p.redo()
		case "h":
			return p.askHint()
		case "a":
			changed = p.auto()
		case "A":
			changed = p.allToFoundations()
		case "n":
			newDeal := func() tea.Cmd {
				a.keep()
				a.forgetLost()
				return a.deal(nil)
			}
			if p.status == interp.Playing && len(p.g.History()) > 0 {
				kept := fmt.Sprintf("it stays saved as deal %d", p.g.Seed)
				if p.saveErr != nil {
					kept = "it is not saved"
				}
				p.say(msgError, "Leave this game for a new deal (%s)? y deals, any other key goes on", kept)
				a.ask = &question{yes: newDeal}
				return nil
			}
			return newDeal()
		default:
			if pile, ok := p.keyFor(k); ok {
				if !p.place(a.width, a.height).bv.keys {
					// A key not on the screen would pick a pile unseen.
					p.say(msgError, "the piles' keys are off: the board is too large to show them here; use the arrows, tab or the mouse, or a larger terminal")
					break
				}
				p.cursor = spot{pile: pile, idx: -1}
				if p.pick != nil && p.pick.from.pile == pile && p.grow() {
					break
				}
				changed = p.choose(spot{pile: pile, idx: -1})
			}
		}
	}
	if changed {
		a.changed()
	}
	p.scroll = p.place(a.width, a.height).scroll
	return nil
}

// changed saves the game after a move and keeps the statistics: a game
// counts as played from its first move, as won or lost once it is.
func (a *app) changed() {
	p := a.play
	now := a.cfg.Now()
	p.afterChange(now)
	notes, statsErr := a.store.Count(a.key, &p.counted, &p.result, len(p.g.History()), p.status)
	aside, saveErr := a.setAside()
	switch {
	case saveErr != nil: // nothing is written over the other game
	case p.status == interp.Won:
		saveErr = a.store.Remove(a.key, p.g.Seed, a.rules)
	default:
		saveErr = a.store.Save(a.key, a.rules, p.saved(now))
	}
	// A save that fails is said once, not after every move; the header
	// shows "not saved" until one succeeds.
	switch {
	case saveErr != nil && (p.saveErr == nil || p.saveErr.Error() != saveErr.Error()):
		p.say(msgError, "%s; not saving this game: %s", p.msg, oneLine(saveErr.Error()))
	case statsErr != nil:
		p.say(msgError, "%s; %s", p.msg, oneLine(statsErr.Error()))
	case len(notes) > 0:
		p.say(msgError, "%s; %s", p.msg, oneLine(notes[0]))
	case aside != "":
		p.say(msgInfo, "%s; %s", p.msg, aside)
	}
	p.saveErr = saveErr
}

func (a *app) View() string {
	if a.width <= 0 || a.height <= 0 {
		return ""
	}
	switch a.screen {
	case screenPicker:
		return a.picker.view(a.theme, a.width, a.height)
	case screenPrompt:
		return a.promptView()
	case screenSearch:
		return a.searchView()
	}
	if a.help {
		return a.helpView()
	}
	return a.play.view(a.theme, a.width, a.height, a.cfg.Now())
}

func (a *app) promptView() string {
	c := newCanvas(a.width, a.height)
	sv := a.prompt.saved
	c.put(1, 0, a.game.Name, lookTitle)
	n := len(sv.Moves)
	text := fmt.Sprintf("A game of %s is in progress: deal %d, %d %s made, %s played.", a.game.Name, sv.Seed, n, plural(n, "move", "moves"), formatClock(sv.Elapsed()))
	y := 2
	if a.prompt.note != "" {
		for _, l := range wrap(a.prompt.note, a.width-2) {
			c.put(1, y, l, lookError)
			y++
		}
		y++
	}
	for _, l := range wrap(text, a.width-2) {
		c.put(1, y, l, lookPlain)
		y++
	}
	y++
	c.put(1, y, "Resume it?", lookTitle)
	other := "n new deal"
	if a.prompt.seed != nil && *a.prompt.seed == sv.Seed {
		other = "n deal it again from the start"
	}
	c.put(1, y+2, clip("y resume  "+other+"  q quit", a.width-2), lookDim)
	return c.render(a.theme)
}

const helpText = `Keys
  arrows          move the cursor between piles, and up and down a pile
  tab, shift+tab  the next pile, the one before
  enter, space    pick up the card under the cursor (with the cards on it),
                  drop what is held on the pile under the cursor,
                  or deal when the cursor is on the stock
  1-9 0 b c ...   the key shown before (or above) a pile's name: pick from it
                  or drop on it; again, one more card of the run if a move
                  can take it (off when the board is too large to show them)
  mouse           click a card to pick it up, click a pile to drop it there,
                  or drag the card onto the pile
  esc             put back what is held
  d, D            deal (or redeal); D: the last stock move the rules allow
  u, r            undo, redo (what a or A played at once, at once)
  h               hint: marks the move ! and says why: the first move of a
                  winning line if the solver finds one; again, it looks longer
  a               play the safe moves to the foundations: the cards no other
                  pile could ever use (the moves the solver makes unasked)
  A               play every card that can go to a foundation now
  n               new deal (asks first when a game is under way)
  ?               this help
  q               quit; the game is saved and offered again next time (asks
                  first when it cannot be saved)
Marks: * the cards held, + where they can go, ! the hint, <  > the cursor.
Any key closes this help.`

func (a *app) helpView() string {
	c := newCanvas(a.width, a.height)
	for i, l := range splitLines(helpText) {
		c.put(1, i, clip(l, a.width-2), lookPlain)
	}
	return c.render(a.theme)
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
