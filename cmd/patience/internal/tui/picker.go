package tui

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/patience-dev/patience/cmd/patience/internal/store"
	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
)

// entry is one built-in ruleset in the picker.
type entry struct {
	name    string
	game    *check.Game // nil when the ruleset does not check
	err     string
	stats   store.Stats
	saved   bool
	summary string
}

// picker lists every built-in ruleset, with the player's statistics, and
// takes the path of a rule file.
type picker struct {
	entries []entry
	sel     int // len(entries): the "open a file" line
	top     int // first entry shown
	typing  bool
	path    string
	msg     string
	msgN    int // the lines msg took at the last view (see rows)
}

// newPicker lists the built-in rulesets, with the cursor on the one named
// sel if any.
func newPicker(cfg *Config, st *store.Store, sel string) *picker {
	pk := &picker{}
	stats, _ := st.Stats()
	for _, name := range cfg.Builtins {
		e := entry{name: name}
		g, key, err := cfg.Load(name)
		if err != nil {
			e.err = "invalid: run \"patience validate " + name + "\""
		} else {
			e.game = g
			e.summary = g.Summary
			e.stats = stats[key]
			e.saved = st.CanResume(key, interp.Compile(g))
		}
		if name == sel {
			pk.sel = len(pk.entries)
		}
		pk.entries = append(pk.entries, e)
	}
	return pk
}

// pickedMsg asks the app to open a ruleset.
type pickedMsg struct {
	arg string
}

func (pk *picker) update(msg tea.Msg, height int) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		if pk.typing {
			switch msg.Type {
			case tea.KeyEsc:
				pk.typing, pk.msg = false, ""
			case tea.KeyEnter:
				path := strings.TrimSpace(pk.path)
				if path == "" {
					pk.msg = "type the path of a .patience file"
					return nil
				}
				// Reading a FIFO or a device would hold the screen until it
				// gave something; only a regular file is opened here.
				if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
					what := "not a regular file"
					if fi.IsDir() {
						what = "a directory"
					}
					pk.msg = oneLine(fmt.Sprintf("cannot open %s: it is %s", strconv.Quote(path), what))
					return nil
				}
				return func() tea.Msg { return pickedMsg{arg: path} }
			case tea.KeyBackspace:
				if r := []rune(pk.path); len(r) > 0 {
					pk.path = string(r[:len(r)-1])
				}
			case tea.KeyRunes, tea.KeySpace:
				pk.path += string(msg.Runes)
			case tea.KeyCtrlU:
				pk.path = ""
			}
			return nil
		}
		switch msg.String() {
		case "up", "k":
			pk.sel = max(0, pk.sel-1)
		case "down", "j", "tab":
			pk.sel = min(len(pk.entries), pk.sel+1)
		case "home", "g":
			pk.sel = 0
		case "end", "G":
			pk.sel = len(pk.entries)
		case "o", "/":
			pk.typing, pk.msg = true, ""
		case "enter", " ":
			return pk.open()
		}
	case tea.MouseMsg:
		if msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft {
			return nil
		}
		i := (msg.Y-pickerTop)/2 + pk.top
		if msg.Y >= pickerTop && i >= 0 && i <= len(pk.entries) && msg.Y < pickerTop+2*pk.rows(height) {
			pk.sel = i
			return pk.open()
		}
	}
	return nil
}

func (pk *picker) open() tea.Cmd {
	if pk.sel == len(pk.entries) {
		pk.typing, pk.msg = true, ""
		return nil
	}
	e := pk.entries[pk.sel]
	if e.game == nil {
		pk.msg = e.name + " is " + e.err
		return nil
	}
	return func() tea.Msg { return pickedMsg{arg: e.name} }
}

// pickerTop is the screen line of the first entry; each entry takes two
// lines, its summary under its name.
const pickerTop = 3

// rows is how many entries fit on the screen.
func (pk *picker) rows(height int) int {
	return max(1, (height-pickerTop-3-max(pk.msgN-1, 0))/2)
}

// maxMsgLines is how many lines the picker's message may take: enough for
// a file's error with its place, wrapped at 80 columns.
const maxMsgLines = 4

func (pk *picker) view(t *theme, width, height int) string {
	c := newCanvas(width, height)
	var msg []string
	if pk.msg != "" {
		msg = wrap(pk.msg, width-2)
		if len(msg) > maxMsgLines {
			msg = append(msg[:maxMsgLines-1], clip(strings.Join(msg[maxMsgLines-1:], " "), width-2))
		}
	}
	pk.msgN = len(msg)
	x := c.put(1, 0, "patience", lookTitle)
	c.put(x, 0, ": choose a game", lookPlain)

	nameW, gameW := len("NAME"), len("GAME")
	saved := 0 // room for "[saved game]", kept only when some game has one
	for _, e := range pk.entries {
		nameW = max(nameW, utf8.RuneCountInString(e.name))
		gameW = max(gameW, utf8.RuneCountInString(e.title()))
		if e.saved {
			saved = len("  [saved game]")
		}
	}
	const statsW = 26
	// When the two columns do not fit, they share the room: the game's
	// title keeps at least half of it, and both are cut with "…".
	if room := width - 2 - 2 - 2 - 2 - statsW - saved; nameW+gameW > room {
		gameW = min(gameW, max(room/2, room-nameW, 4))
		nameW = max(4, room-gameW)
	}
	header := fmt.Sprintf("  %-*s  %-*s  %s", nameW, "NAME", gameW, "GAME", "PLAYED   WON  STREAK  BEST")
	c.put(1, 2, clip(header, width-2), lookDim)

	rows := pk.rows(height)
	if pk.sel < pk.top {
		pk.top = pk.sel
	}
	if pk.sel >= pk.top+rows {
		pk.top = pk.sel - rows + 1
	}
	if pk.top > 0 {
		c.put(width-12, 1, fmt.Sprintf("%d more ^", pk.top), lookDim)
	}
	if below := len(pk.entries) + 1 - (pk.top + rows); below > 0 {
		c.put(width-12, pickerTop+2*rows, fmt.Sprintf("%d more v", below), lookDim)
	}
	for i := pk.top; i <= len(pk.entries) && i < pk.top+rows; i++ {
		y := pickerTop + 2*(i-pk.top)
		mark := "  "
		if i == pk.sel {
			mark = "> "
		}
		lk := lookPlain
		if i == pk.sel {
			lk = lookSelected
		}
		if i == len(pk.entries) {
			c.put(1, y, clip(mark+"Open a .patience file... (o)", width-2), lk)
			continue
		}
		e := pk.entries[i]
		stats := fmt.Sprintf("%6d %5d %7d %5d", e.stats.Played, e.stats.Won, e.stats.Streak, e.stats.BestStreak)
		line := fmt.Sprintf("%s%-*s  %-*s  %s", mark, nameW, clip(e.name, nameW), gameW, clip(e.title(), gameW), stats)
		if e.saved {
			line += "  [saved game]"
		}
		c.put(1, y, clip(line, width-2), lk)
		summary := e.summary
		if e.err != "" {
			summary = e.err
		}
		c.put(1, y+1, clip("    "+summary, width-2), lookDim)
	}

	msgY := height - 1 - max(len(msg), 1) // the message's first line, above the keys
	if pk.typing {
		c.put(1, msgY-1, clip("File: "+pk.path+"_", width-2), lookPlain)
		c.put(1, height-1, clip("enter open  esc back", width-2), lookDim)
	} else {
		c.put(1, height-1, clip("up/down choose  enter play  o open a file  q quit", width-2), lookDim)
	}
	for i, line := range msg {
		c.put(1, msgY+i, clip(line, width-2), lookError)
	}
	return c.render(t)
}

// title is the game's name and its other names.
func (e *entry) title() string {
	if e.game == nil {
		return ""
	}
	if len(e.game.Aka) == 0 {
		return e.game.Name
	}
	return e.game.Name + " (" + strings.Join(e.game.Aka, ", ") + ")"
}
