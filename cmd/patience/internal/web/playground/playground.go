// Package playground is the game behind the browser playground, as plain
// Go: check a rule file, deal it, play commands, and answer each call with
// one JSON-able Reply. The GOOS=js main in ../wasm only carries these calls
// across to JavaScript, so everything here is tested natively, and the page
// holds no game logic: it draws the Reply and sends back what was clicked.
package playground

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/patience-dev/patience/cmd/patience/internal/board"
	"github.com/patience-dev/patience/cmd/patience/internal/protocol"
	"github.com/patience-dev/patience/cmd/patience/internal/prove"
	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets"
)

// MaxSource bounds a rule file given to Load, as the URL fragment is
// anybody's to write: the checker's own bound, so that the page says of a
// file what validate says.
const MaxSource = dsl.MaxFileSize

// Reply answers every call. Ok says whether the rules last loaded check;
// Diagnostics are then empty. The embedded protocol.Line, when there is a
// game, is what "play --json" would print; Board is the same position laid
// out for drawing.
type Reply struct {
	OK          bool                  `json:"ok"`
	Diagnostics []protocol.Diagnostic `json:"diagnostics"`
	*protocol.Line
	Board *Board `json:"board,omitempty"`
	// Hint is a hint as a person reads it ("this position is still
	// winnable: play t3 f1"); Result is then its move and Why its reason.
	Hint string `json:"hint,omitempty"`
}

// Board is a position as the page draws it: the layout's rows of pile
// indices, every pile, and the legal moves by pile and card, so that a
// click can be matched to a move without knowing any rule.
type Board struct {
	Game        string      `json:"game"`
	Header      string      `json:"header"` // the line above a board, as play and show write it
	Seed        string      `json:"seed"`   // a uint64, as text: JavaScript numbers stop at 2^53
	Rows        [][]int     `json:"rows"`
	Blocks      []bool      `json:"blocks"` // whether each row starts a block of rows that share their left edge (see board.Blocks)
	Piles       []PileView  `json:"piles"`
	Moves       []MoveView  `json:"moves"`
	Played      int         `json:"played"`
	CanUndo     bool        `json:"can_undo"`
	CanRedo     bool        `json:"can_redo"`
	RedealsLeft int         `json:"redeals_left"` // -1: unlimited
	Phase       string      `json:"phase,omitempty"`
	Values      []ValueView `json:"values,omitempty"`
}

// PileView is one pile. Cards are bottom to top; a squared pile shows its
// top card and Count, the stock only Count.
type PileView struct {
	Name   string     `json:"name"`
	Role   string     `json:"role"`
	Fanned bool       `json:"fanned"`
	Grid   bool       `json:"grid"`
	Stock  bool       `json:"stock"`
	Pairs  bool       `json:"pairs,omitempty"` // takes cards two at a time (or one alone), as pairs
	Count  int        `json:"count"`
	Cards  []CardView `json:"cards"`
}

// CardView is one card: its code as the protocol writes it ("TD", face
// down "(TD)", a grid gap ".."), and as a person reads it ("T♦").
type CardView struct {
	Code string `json:"code"`
	Text string `json:"text,omitempty"`
	Red  bool   `json:"red,omitempty"`
	Down bool   `json:"down,omitempty"`
	Gap  bool   `json:"gap,omitempty"`
}

// MoveView is one legal move, in notation and by place. For a play, Count
// cards leave the top of From (in a grid, the card at Slot) for To; for a
// pair, From2 and Slot2 are the second card when Count is 2.
type MoveView struct {
	Text  string `json:"text"`
	Kind  string `json:"kind"` // play, deal, redeal, pair
	From  int    `json:"from"`
	To    int    `json:"to"`
	Count int    `json:"count"`
	Slot  int    `json:"slot"`
	From2 int    `json:"from2"`
	Slot2 int    `json:"slot2"`
}

// ValueView is one of the game's values ("trump", ...).
type ValueView struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Session is one playground: the rules last loaded that checked, and the
// game being played with them.
type Session struct {
	name string // the ruleset's name, for the position
	g    *interp.Game
	ok   bool
	diag []protocol.Diagnostic
}

// Names lists the built-in games.
func Names() []string { return rulesets.Names() }

// Source returns a built-in game's rule file.
func Source(name string) (string, bool) {
	b, ok := rulesets.Source(name)
	return string(b), ok
}

// Load checks src, named name (a built-in's name, or any), and when it
// checks deals it for seed. When it does not, the game in play, if any,
// stays as it was and the reply carries the diagnostics: the same messages,
// positions and suggestions as "validate --json".
func (s *Session) Load(name, src, seed string) (reply Reply) {
	defer s.recover(&reply)
	// A seed that cannot be read does not stop the file being checked: the
	// deal keeps the seed the board had.
	n, seedErr := protocol.ParseSeed(seed)
	if seedErr != nil {
		n = 1
		if s.g != nil {
			n = s.g.Seed
		}
	}
	if name == "" {
		name = "playground"
	}
	filename := name + ".patience"
	g, err := check.Source(filename, []byte(src)) // refuses a file past MaxSource first
	if err != nil {
		s.ok = false
		var d *dsl.Diagnostics
		if errors.As(err, &d) {
			s.diag = protocol.Diagnostics(d)
		} else {
			s.diag = []protocol.Diagnostic{{File: filename, Severity: "error", Message: err.Error()}}
		}
		rep := s.reply(nil, "", nil)
		if seedErr != nil {
			rep.Error = seedErr.Error()
		}
		return rep
	}
	s.ok, s.diag, s.name = true, nil, name
	s.g = interp.New(g, n)
	if seedErr != nil {
		return s.failed(fmt.Errorf("%w; the deal keeps seed %d", seedErr, n))
	}
	return s.reply(nil, "", nil)
}

// Deal deals the rules last loaded afresh for seed.
func (s *Session) Deal(seed string) (reply Reply) {
	defer s.recover(&reply)
	n, err := protocol.ParseSeed(seed)
	if err != nil {
		return s.failed(err)
	}
	if s.g == nil {
		return s.failed(errors.New("no game is loaded"))
	}
	s.g = interp.NewFromRules(s.g.Rules, n)
	return s.reply(nil, "", nil)
}

// Do runs one command on the game: a move in the notation of play
// ("t3 f1", "deal"), or undo, redo or hint. An illegal move, or anything
// else, is an error in the reply and changes nothing.
func (s *Session) Do(command string) (reply Reply) {
	defer s.recover(&reply)
	if s.g == nil {
		return s.failed(errors.New("no game is loaded"))
	}
	g, r := s.g, s.g.Rules
	cmd := &command
	line := strings.TrimSpace(command)
	switch strings.ToLower(line) {
	case "":
		return s.reply(cmd, "", errors.New("empty command"))
	case "undo":
		h := g.History()
		if len(h) == 0 || !g.Undo() {
			return s.reply(cmd, "", errors.New("nothing to undo"))
		}
		return s.reply(cmd, "undid "+r.MoveString(h[len(h)-1]), nil)
	case "redo":
		if !g.Redo() {
			return s.reply(cmd, "", errors.New("nothing to redo"))
		}
		h := g.History()
		return s.reply(cmd, "redid "+r.MoveString(h[len(h)-1]), nil)
	case "hint":
		h := prove.Ask(r, g.State(), prove.HintLimits)
		if !h.OK {
			rep := s.reply(cmd, h.Text(r, cards), nil)
			rep.Hint = h.Text(r, cards)
			return rep
		}
		rep := s.reply(cmd, r.MoveString(h.Move), nil)
		rep.Why, rep.Verdict, rep.Hint = h.Why.In(cards), h.Verdict.String(), h.Text(r, cards)
		return rep
	}
	m, err := g.Play(line)
	if err != nil {
		return s.reply(cmd, "", err)
	}
	return s.reply(cmd, r.MoveString(m), nil)
}

// cards writes a card in a sentence as the page's board shows it, "K♦".
var cards = board.Options{}.Card

// failed is a reply to a call that could not be made.
func (s *Session) failed(err error) Reply {
	rep := s.reply(nil, "", nil)
	if rep.Line == nil {
		rep.Line = &protocol.Line{Moves: []string{}}
	}
	rep.Error = err.Error()
	return rep
}

// recover turns a panic, which would end the Go program and so the page,
// into an error in the reply.
func (s *Session) recover(reply *Reply) {
	if v := recover(); v != nil {
		*reply = Reply{OK: s.ok, Diagnostics: s.diag, Line: &protocol.Line{Moves: []string{}, Error: fmt.Sprintf("internal error: %v", v)}}
	}
}

// reply describes the session now, answering command with result or err.
func (s *Session) reply(command *string, result string, err error) Reply {
	rep := Reply{OK: s.ok, Diagnostics: s.diag}
	if rep.Diagnostics == nil {
		rep.Diagnostics = []protocol.Diagnostic{}
	}
	if s.g == nil {
		return rep
	}
	g, r := s.g, s.g.Rules
	pos := g.Position()
	pos.Ruleset = s.name
	line := &protocol.Line{Position: pos, Moves: []string{}, Status: pos.Status, Command: command, Result: result}
	if err != nil {
		line.Error = interp.ErrorIn(err, cards)
	}
	b := &Board{
		Game: r.Game.Name, Header: board.Header(g, "10"), Seed: strconv.FormatUint(g.Seed, 10), Rows: board.Rows(r.Game),
		Blocks: board.Blocks(r.Game, board.Rows(r.Game)),
		Played: len(g.History()), CanUndo: g.CanUndo(), CanRedo: g.CanRedo(),
		RedealsLeft: pos.RedealsLeft, Phase: pos.Phase, Moves: []MoveView{},
	}
	for _, v := range r.Game.Values {
		b.Values = append(b.Values, ValueView{Name: v.Name, Value: pos.Values[v.Name]})
	}
	st := g.State()
	for i, p := range r.Game.Piles {
		pv := PileView{
			Name: p.Name, Role: p.Role.String(), Fanned: p.Fanned, Grid: p.Grid,
			Stock: i == r.Game.Stock, Pairs: p.Pairs > 0, Count: st.Count(r, i), Cards: []CardView{},
		}
		for _, c := range st.Pile(r, i) {
			cv := CardView{Code: c.String(), Down: c.FaceDown(), Gap: c.IsGap()}
			if !cv.Down && !cv.Gap {
				cv.Text, cv.Red = board.CardText(c, board.Options{}), c.Red()
			}
			if pv.Stock {
				cv = CardView{Code: "(??)", Down: true} // the stock's order is not shown
			}
			pv.Cards = append(pv.Cards, cv)
		}
		b.Piles = append(b.Piles, pv)
	}
	for _, m := range g.Moves() {
		text := r.MoveString(m)
		line.Moves = append(line.Moves, text)
		b.Moves = append(b.Moves, MoveView{
			Text: text, Kind: kindNames[m.Kind], From: int(m.From), To: int(m.To), Count: int(m.Count),
			Slot: int(m.Slot), From2: int(m.From2), Slot2: int(m.Slot2),
		})
	}
	rep.Line, rep.Board = line, b
	return rep
}

var kindNames = map[interp.MoveKind]string{interp.Play: "play", interp.Deal: "deal", interp.Redeal: "redeal", interp.Pair: "pair"}
