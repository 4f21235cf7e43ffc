package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/patience-dev/patience/cmd/patience/internal/store"
	"github.com/patience-dev/patience/interp"
)

// maxReplay bounds a file of moves; the longest solutions run to tens of
// thousands of moves, well within it.
const maxReplay = 16 << 20

// replayFile is a line of play read for play --replay: moves one per line,
// or the JSON that solve --json prints, which also says the deal.
type replayFile struct {
	name    string
	moves   []replayMove
	meta    *solveJSON // from a JSON file
	hasSeed bool       // the file names its seed: the JSON's, or solve's first line
	seed    uint64
	game    string // the game solve's first line names
}

type replayMove struct {
	text string
	line int // in the file, from 1; 0 in a JSON file
}

// readReplay reads a file of moves; "-" reads r.
func readReplay(path string, stdin io.Reader) (*replayFile, error) {
	rf := &replayFile{name: path}
	var src io.Reader = stdin
	if path == "-" {
		rf.name = "standard input"
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, fileError(path, err)
		}
		defer f.Close()
		if fi, err := f.Stat(); err == nil && fi.IsDir() {
			return nil, fmt.Errorf("cannot read %s: is a directory", path)
		}
		src = f
	}
	data, err := io.ReadAll(io.LimitReader(src, maxReplay+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", rf.name, err)
	}
	if len(data) > maxReplay {
		return nil, fmt.Errorf("%s is larger than the limit of %d bytes for a file of moves", rf.name, maxReplay)
	}
	if trimmed := bytes.TrimSpace(data); len(trimmed) > 0 && trimmed[0] == '{' {
		var sj solveJSON
		dec := json.NewDecoder(bytes.NewReader(trimmed))
		if err := dec.Decode(&sj); err != nil {
			return nil, fmt.Errorf("%s: not the JSON of \"patience solve --json\": %s", rf.name, store.JSONMessage(err))
		}
		if dec.More() {
			return nil, fmt.Errorf("%s: more than one JSON object; replay one solution at a time", rf.name)
		}
		if sj.Ruleset == "" && sj.Moves == nil {
			return nil, fmt.Errorf("%s: not the JSON of \"patience solve --json\": it has neither ruleset nor moves", rf.name)
		}
		if len(sj.Moves) == 0 && sj.Verdict != "" && sj.Verdict != interp.Winnable.String() {
			return nil, fmt.Errorf("%s has no moves to replay: its verdict is %s", rf.name, sj.Verdict)
		}
		for _, m := range sj.Moves {
			rf.moves = append(rf.moves, replayMove{text: m})
		}
		var fields map[string]json.RawMessage
		_ = json.Unmarshal(trimmed, &fields) // it decoded above
		_, rf.hasSeed = fields["seed"]
		rf.seed = sj.Seed
		rf.meta = &sj
		return rf, nil
	}
	// Moves one per line; blank lines and lines starting with # (the
	// comments solve writes around its moves) are skipped.
	// A solution of no moves (a deal won as dealt) is its verdict line.
	verdict := ""
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if v, ok := strings.CutPrefix(line, "# verdict: "); ok && verdict == "" {
			verdict = v
		}
		if len(rf.moves) == 0 && !rf.hasSeed {
			var bad string
			rf.game, rf.seed, rf.hasSeed, bad = solveHeader(line)
			if bad != "" {
				return nil, fmt.Errorf("%s:%d: bad seed %s in the line \"# GAME, seed N\": want a whole number from 0 to %d", rf.name, i+1, quoteShort(bad), uint64(math.MaxUint64))
			}
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rf.moves = append(rf.moves, replayMove{text: line, line: i + 1})
	}
	switch {
	case len(rf.moves) > 0 || verdict == "won, in 0 moves":
	case verdict != "":
		v, _, _ := strings.Cut(verdict, ":")
		return nil, fmt.Errorf("%s has no moves to replay: its verdict is %s", rf.name, v)
	default:
		return nil, fmt.Errorf("%s has no moves to replay", rf.name)
	}
	return rf, nil
}

// solveHeader reads the first line solve prints, "# GAME, seed N", which
// says the deal its moves are for; bad is N where it is no seed.
func solveHeader(line string) (game string, seed uint64, ok bool, bad string) {
	rest, ok := strings.CutPrefix(line, "# ")
	i := strings.LastIndex(rest, ", seed ")
	if !ok || i < 0 {
		return "", 0, false, ""
	}
	n := rest[i+len(", seed "):]
	seed, err := strconv.ParseUint(n, 10, 64)
	if err != nil {
		if n != "" && strings.Trim(n, "-+0123456789") == "" {
			return "", 0, false, n // a number, but no seed: out of range or signed
		}
		return "", 0, false, ""
	}
	return rest[:i], seed, true, ""
}

// play plays the moves on g, or says which one could not be played and
// why, its cards written by card.
func (rf *replayFile) play(g *interp.Game, card func(interp.Card) string) error {
	for i, m := range rf.moves {
		if _, err := g.Play(m.text); err != nil {
			where := fmt.Sprintf("%s, move %d", rf.name, i+1)
			if m.line > 0 {
				where = fmt.Sprintf("%s:%d", rf.name, m.line)
			}
			return fmt.Errorf("%s: cannot play %s after %d %s: %s", where, quoteShort(m.text), i, plural(i, "move", "moves"), shorten(oneLine(interp.ErrorIn(err, card))))
		}
	}
	return nil
}

// replayGame deals the game a replay file is for and plays its moves. The
// ruleset and the seed are those given, else those a JSON file names; a
// move refused is said with its cards written by card.
func replayGame(path string, stdin io.Reader, args []string, seedGiven bool, seed uint64, card func(interp.Card) string) (*interp.Game, string, *replayFile, error) {
	rf, err := readReplay(path, stdin)
	if err != nil {
		return nil, "", nil, err
	}
	ruleset := ""
	if len(args) > 0 {
		ruleset = args[0]
	}
	if rf.meta != nil {
		switch {
		case ruleset == "" && rf.meta.Ruleset == "":
			return nil, "", nil, fmt.Errorf("%s does not say which ruleset it is for; give one: patience play NAME|FILE --replay %s", rf.name, path)
		case ruleset == "":
			ruleset = besideFile(rf.meta.Ruleset, path)
		}
	}
	// A file that names its seed plays that deal; one that does not needs
	// the seed given (it is not seed 0).
	switch {
	case !rf.hasSeed:
	case seedGiven && seed != rf.seed:
		return nil, "", nil, fmt.Errorf("%s is a line of play for seed %d, not %d; leave out --seed to play it", rf.name, rf.seed, seed)
	default:
		seed, seedGiven = rf.seed, true
	}
	switch {
	case ruleset == "":
		return nil, "", nil, errors.New("play --replay needs a ruleset: patience play NAME|FILE --seed N --replay FILE")
	case !seedGiven:
		return nil, "", nil, fmt.Errorf("play --replay needs --seed N with a file of moves: the moves are those of one deal")
	}
	game, err := loadGame(ruleset)
	if err != nil {
		return nil, "", nil, err
	}
	r := interp.Compile(game)
	if rf.meta != nil && rf.meta.RulesHash != "" && !r.SameRules(rf.meta.RulesHash) {
		if rf.meta.Ruleset != "" && rf.meta.Ruleset != rulesetName(ruleset) {
			return nil, "", nil, fmt.Errorf("%s was solved for %s, not for %s (rules_hash %s, not %s)", rf.name, quoteShort(rf.meta.Ruleset), rulesetName(ruleset), quoteShort(rf.meta.RulesHash), r.Hash())
		}
		return nil, "", nil, fmt.Errorf("%s was solved under other rules than those of %s now (rules_hash %s, not %s)", rf.name, ruleset, quoteShort(rf.meta.RulesHash), r.Hash())
	}
	g := interp.NewFromRules(r, seed)
	if err := rf.play(g, card); err != nil {
		switch {
		case rf.game != "" && rf.game != game.Name:
			// Its moves are very likely another game's.
			err = fmt.Errorf("%w (%s says it is a line of play for %s, and this game is %s)", err, rf.name, quoteShort(rf.game), quoteShort(game.Name))
		case rf.meta != nil && rf.meta.Ruleset != "" && rulesetName(rf.meta.Ruleset) != rulesetName(ruleset):
			err = fmt.Errorf("%w (%s says it was solved for %s, and this is %s)", err, rf.name, quoteShort(rf.meta.Ruleset), quoteShort(rulesetName(ruleset)))
		}
		return nil, "", nil, err
	}
	return g, ruleset, rf, nil
}
