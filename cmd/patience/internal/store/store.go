// Package store keeps what patience remembers between runs: every game in
// progress, one file per ruleset and seed, and the player's statistics. It
// writes each file whole or not at all (see WriteFile), and it never writes
// over, or removes, a file it cannot read back as a save of the same game:
// such a file is reported and left for the player to look at.
package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/patience-dev/patience/interp"
)

// HomeEnv names the environment variable that moves the directory where
// games in progress and statistics are kept, for tests and portable setups.
const HomeEnv = "PATIENCE_HOME"

// maxSaveSize bounds a file read back as a saved game: far above any real
// position, low enough that a stray file is refused rather than read whole.
var maxSaveSize = 16 << 20 // a variable for the tests

// DefaultDir is where games in progress and statistics are kept:
// $PATIENCE_HOME if set, else patience/ in the user's config directory.
func DefaultDir() (string, error) {
	if d := os.Getenv(HomeEnv); d != "" {
		return d, nil
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no directory to keep games in: %v; set %s", err, HomeEnv)
	}
	return filepath.Join(d, "patience"), nil
}

// Store keeps games in progress, one file per ruleset and seed under
// saves/, and the player's statistics in stats.json. A ruleset is known by
// its key: a built-in name, or the absolute path of a rule file.
type Store struct {
	Dir string
}

// Saved is a game in progress as written to disk: the position, in the
// format "patience play --resume" reads (with its format version and the
// hash of the rules it was played under), and what the terminal game adds.
type Saved struct {
	*interp.Position
	ElapsedMS int64  `json:"elapsed_ms"`
	Counted   bool   `json:"counted,omitempty"` // counted as played in the statistics
	Result    string `json:"result,omitempty"`  // "won" or "lost" once counted so
}

// Elapsed is the time played so far.
func (s *Saved) Elapsed() time.Duration { return time.Duration(s.ElapsedMS) * time.Millisecond }

// Stats are one ruleset's statistics.
type Stats struct {
	Played     int `json:"played"`
	Won        int `json:"won"`
	Streak     int `json:"streak"` // wins in a row, up to now
	BestStreak int `json:"best_streak"`
}

type statsFile struct {
	Format   int              `json:"format"`
	Rulesets map[string]Stats `json:"rulesets"`
}

// fileKey turns a ruleset key into a file name part: a built-in name as it
// is, a path as its base name and a hash of the whole path, so that two
// files of the same name do not share saves.
func fileKey(key string) string {
	if !strings.ContainsAny(key, `/\`) && !strings.HasSuffix(key, ".patience") {
		return sanitize(key)
	}
	h := fnv.New32a()
	h.Write([]byte(key))
	base := strings.TrimSuffix(filepath.Base(key), ".patience")
	return fmt.Sprintf("%s-%08x", sanitize(base), h.Sum32())
}

func sanitize(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "_"
	}
	return b.String()
}

func (st *Store) savesDir() string { return filepath.Join(st.Dir, "saves") }

// SavePath is the file that keeps the game of ruleset key and seed.
func (st *Store) SavePath(key string, seed uint64) string {
	return filepath.Join(st.savesDir(), fileKey(key)+"-"+strconv.FormatUint(seed, 10)+".json")
}

// Check reports whether the file of key and seed may be written: it may if
// there is none, or if it holds a save that rules can load. Otherwise the
// error says in one line what is wrong with the file, which stays as it is.
func (st *Store) Check(key string, seed uint64, rules *interp.Rules) error {
	path := st.SavePath(key, seed)
	data, err := readSave(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot save to %s: %v", path, err)
	}
	sv, err := Parse(data)
	switch {
	case err != nil:
		return keptError(path, err)
	case sv.Seed != seed:
		return keptError(path, fmt.Errorf("it holds deal %d, not %d", sv.Seed, seed))
	}
	if _, err := rules.Load(sv.Position); err != nil {
		return keptError(path, err)
	}
	return nil
}

// keptError says why a file is not written over.
func keptError(path string, err error) error {
	return fmt.Errorf("cannot save to %s: %v; the file is left as it is", path, err)
}

// Save writes a game in progress under key, atomically, after checking
// (see Check) that the file it replaces is a save of this game.
func (st *Store) Save(key string, rules *interp.Rules, sv *Saved) error {
	if err := st.Check(key, sv.Seed, rules); err != nil {
		return err
	}
	data, err := json.MarshalIndent(sv, "", "  ")
	if err != nil {
		return err
	}
	if len(data)+1 > maxSaveSize {
		// A very long game: without the indentation, so that it can be
		// read back; a save too large even so is not written at all.
		if data, err = json.Marshal(sv); err != nil {
			return err
		}
		if len(data)+1 > maxSaveSize {
			return fmt.Errorf("the game is too long to save: %d moves make %d bytes, and a save may hold %d", len(sv.Moves), len(data)+1, maxSaveSize)
		}
	}
	path := st.SavePath(key, sv.Seed)
	if err := os.MkdirAll(st.savesDir(), 0o755); err != nil {
		return WriteError(path, err)
	}
	return WriteError(path, WriteFile(path, append(data, '\n')))
}

// Remove deletes the saved game of key and seed, if there is one, once
// Check says it is a save of this game.
func (st *Store) Remove(key string, seed uint64, rules *interp.Rules) error {
	if err := st.Check(key, seed, rules); err != nil {
		return err
	}
	path := st.SavePath(key, seed)
	err := os.Remove(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return WriteError(path, err)
}

// Load reads the saved game of key and seed.
func (st *Store) Load(key string, seed uint64) (*Saved, error) {
	return Read(st.SavePath(key, seed))
}

// Read reads a saved game, or a position written by "save FILE", from a
// file. Its error says in one line what is wrong, without naming the file:
// the caller does, with what it was doing. A missing file is an error that
// matches fs.ErrNotExist.
func Read(path string) (*Saved, error) {
	data, err := readSave(path)
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

// Parse reads a saved game from the text of a file (after the byte-order
// mark an editor may have put first, if any).
func Parse(data []byte) (*Saved, error) {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if err := textError(data); err != nil {
		return nil, fmt.Errorf("not a saved game: %v", err)
	}
	if what := otherOutput(data); what != "" {
		return nil, errors.New("not a saved game: it is what " + what)
	}
	sv := &Saved{}
	if err := json.Unmarshal(data, sv); err != nil {
		return nil, fmt.Errorf("not a saved game: %v", jsonError(data, err))
	}
	switch {
	case sv.Position == nil:
		return nil, errors.New("not a saved game: it holds no position")
	case sv.ElapsedMS < 0 || sv.ElapsedMS > maxElapsedMS:
		return nil, fmt.Errorf("not a saved game: field \"elapsed_ms\": want a time played from 0 to %d ms (a century), not %d", maxElapsedMS, sv.ElapsedMS)
	case sv.Result != "" && sv.Result != interp.Won.String() && sv.Result != interp.Lost.String():
		return nil, fmt.Errorf("not a saved game: field \"result\": want \"won\", \"lost\" or none, not %s", strconv.Quote(sv.Result))
	}
	return sv, nil
}

// maxElapsedMS bounds the time a save says was played: a century, far past
// any game, and far below where a time.Duration wraps round.
const maxElapsedMS = 100 * 365 * 24 * 3600 * 1000

// otherOutput says which command's output data is, when it is the JSON of
// a verdict that "patience solve" or "patience stats" printed rather than
// a save (the likeliest file to be given by mistake: both name a ruleset
// and a seed), and "" otherwise.
func otherOutput(data []byte) string {
	var first map[string]json.RawMessage
	if json.NewDecoder(bytes.NewReader(data)).Decode(&first) != nil {
		return ""
	}
	_, verdict := first["verdict"]
	_, position := first["position"]
	_, worker := first["worker"]
	switch {
	case !verdict || position:
		return ""
	case worker:
		return `"patience stats --json" prints, one deal's verdict a line`
	}
	return `"patience solve --json" prints, a verdict and its line of play; --replay plays such a line`
}

// Latest finds the most recently saved game of key still being played.
// Files that are not saves, such as the temporary file of a write cut
// short, are passed over.
func (st *Store) Latest(key string) (*Saved, bool) {
	var best *Saved
	var bestTime time.Time
	for _, f := range st.saveFiles(key) {
		if best != nil && !f.time.After(bestTime) {
			continue
		}
		sv, err := Read(f.path)
		if err != nil || sv.Status != interp.Playing.String() {
			continue
		}
		best, bestTime = sv, f.time
	}
	return best, best != nil
}

// CanResume reports whether Resumable would offer a game of key to resume
// under rules, reading only: nothing is moved aside.
func (st *Store) CanResume(key string, rules *interp.Rules) bool {
	for _, f := range st.saveFiles(key) {
		sv, err := Read(f.path)
		if err != nil || sv.Status != interp.Playing.String() || len(sv.Moves) == 0 {
			continue
		}
		if _, err := rules.Load(sv.Position); err == nil {
			return true
		}
	}
	return false
}

// saveFile is a file in the saves folder named as a save of a key.
type saveFile struct {
	path string
	time time.Time // when it was last written
}

// saveFiles lists the files named as saves of key, "KEY-SEED.json" (not
// "KEY-x-SEED.json", another key's).
func (st *Store) saveFiles(key string) []saveFile {
	entries, err := os.ReadDir(st.savesDir())
	if err != nil {
		return nil
	}
	prefix := fileKey(key) + "-"
	var out []saveFile
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !strings.HasSuffix(rest, ".json") {
			continue
		}
		if _, err := strconv.ParseUint(strings.TrimSuffix(rest, ".json"), 10, 64); err != nil {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		out = append(out, saveFile{filepath.Join(st.savesDir(), e.Name()), info.ModTime()})
	}
	return out
}

// Passed is a saved game of a ruleset that is not offered for resuming,
// and why: a damaged file (moved aside to Aside) or a save the rules
// refuse (left where it is).
type Passed struct {
	Path  string
	Seed  uint64 // 0 for a damaged file
	Moves int
	Err   error
	Aside string
	Time  time.Time
	// Unread: the file could not be read at all (its permissions, say),
	// and is left as it is.
	Unread bool
}

// Note says in one sentence why a save is passed over.
func (ps Passed) Note() string {
	switch {
	case ps.Unread:
		return fmt.Sprintf("a saved game in %s cannot be read (%v); the file is left as it is", ps.Path, ps.Err)
	case ps.Aside != "":
		return fmt.Sprintf("%s was damaged (%v); it is kept as %s", ps.Path, ps.Err, filepath.Base(ps.Aside))
	}
	moves := "moves"
	if ps.Moves == 1 {
		moves = "move"
	}
	return fmt.Sprintf("the game in progress of deal %d (%d %s, in %s) cannot be resumed: %v; the file is left as it is", ps.Seed, ps.Moves, moves, ps.Path, ps.Err)
}

// Resumable finds the most recently saved game of key still being played
// that rules can resume, and lists the saves passed over that are newer
// than it. A file that is not a save at all is moved aside (see SetAside);
// a save the rules refuse is left as it is.
func (st *Store) Resumable(key string, rules *interp.Rules) (*Saved, []Passed) {
	var best *Saved
	var bestTime time.Time
	var passed []Passed
	for _, f := range st.saveFiles(key) {
		path := f.path
		data, err := readSave(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue // gone meanwhile
		case err != nil && !errors.Is(err, errLarge):
			passed = append(passed, Passed{Path: path, Err: err, Time: f.time, Unread: true})
			continue
		}
		var sv *Saved
		if err == nil { // (one too large is no save either)
			sv, err = Parse(data)
		}
		if err != nil {
			ps := Passed{Path: path, Err: err, Time: f.time}
			if aside, aerr := SetAside(path); aerr == nil {
				ps.Aside = aside
			}
			passed = append(passed, ps)
			continue
		}
		if sv.Status != interp.Playing.String() || len(sv.Moves) == 0 {
			continue
		}
		if _, err := rules.Load(sv.Position); err != nil {
			passed = append(passed, Passed{Path: path, Seed: sv.Seed, Moves: len(sv.Moves), Err: err, Time: f.time})
			continue
		}
		if best == nil || f.time.After(bestTime) {
			best, bestTime = sv, f.time
		}
	}
	var newer []Passed
	for _, ps := range passed {
		if best == nil || ps.Aside != "" || ps.Unread || ps.Time.After(bestTime) {
			newer = append(newer, ps)
		}
	}
	return best, newer
}

// Other is the number of moves of the game in progress saved for key and
// seed when that is another game than the one whose moves are given (a
// save of another session of the deal, which saving this game would write
// over), or 0.
func (st *Store) Other(key string, seed uint64, moves []string) int {
	sv, err := st.Load(key, seed)
	if err != nil || sv.Status != interp.Playing.String() || len(sv.Moves) == 0 || slices.Equal(sv.Moves, moves) {
		return 0
	}
	return len(sv.Moves)
}

// SetAsideSave renames the save of key and seed to NAME.old (or
// NAME.old.2, ... when that is taken), beside it, where no game is looked
// for but "patience play --resume" can still go on with it, so that
// another game of the deal can be saved in its place. It returns the new
// path.
func (st *Store) SetAsideSave(key string, seed uint64) (string, error) {
	return setAside(st.SavePath(key, seed), ".old")
}

// SetAside renames a damaged file to NAME.bad (or NAME.bad.2, ... when
// that is taken), beside it, so that a new file can take its place and
// the old one can still be looked at. It returns the new path.
func SetAside(path string) (string, error) { return setAside(path, ".bad") }

func setAside(path, suffix string) (string, error) {
	for i := 1; i < 100; i++ {
		aside := path + suffix
		if i > 1 {
			aside += "." + strconv.Itoa(i)
		}
		if _, err := os.Lstat(aside); err == nil {
			continue
		}
		if err := os.Rename(path, aside); err != nil {
			return "", WriteError(path, err)
		}
		return aside, nil
	}
	return "", fmt.Errorf("cannot set %s aside: too many files named %s beside it", path, filepath.Base(path)+suffix+".N")
}

// statsFormat is the version of stats.json this program writes.
const statsFormat = 1

// damaged is a statistics file whose content no version of the program
// wrote: it may be set aside and new statistics started.
type damaged struct{ err error }

func (d damaged) Error() string { return d.err.Error() }

// laterFormat is the error of a statistics file that a later version wrote.
func laterFormat(path string, format int) error {
	return fmt.Errorf("%s is of format %d, written by a later version of patience, which this one (format %d) cannot write without losing what it holds", path, format, statsFormat)
}

// Stats reads every ruleset's statistics. A missing file is no statistics.
// A file that cannot be read, or is of a later format, is an error; one
// whose content no play could give is a damaged error too.
func (st *Store) Stats() (map[string]Stats, error) {
	path := filepath.Join(st.Dir, "stats.json")
	data, err := readLimited(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return map[string]Stats{}, nil
	case errors.Is(err, errLarge):
		return map[string]Stats{}, damaged{fmt.Errorf("%s: %v", path, err)}
	case err != nil:
		return map[string]Stats{}, fmt.Errorf("cannot read %s: %v", path, err)
	}
	var f struct {
		Format *int `json:"format"`
		// Each read below, so that an error's field names its ruleset.
		Rulesets map[string]json.RawMessage `json:"rulesets"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields() // nothing written is dropped unread
	if err := dec.Decode(&f); err != nil {
		// A later format may hold what this one cannot read.
		var later struct {
			Format int `json:"format"`
		}
		if json.Unmarshal(data, &later) == nil && later.Format > statsFormat {
			return map[string]Stats{}, laterFormat(path, later.Format)
		}
		return map[string]Stats{}, damaged{fmt.Errorf("%s: %v", path, jsonError(data, err))}
	}
	switch {
	case dec.More():
		return map[string]Stats{}, damaged{fmt.Errorf("%s: more than one JSON value", path)}
	case f.Format == nil:
		return map[string]Stats{}, damaged{fmt.Errorf("%s: no format given", path)}
	case *f.Format > statsFormat:
		return map[string]Stats{}, laterFormat(path, *f.Format)
	case *f.Format != statsFormat:
		return map[string]Stats{}, damaged{fmt.Errorf("%s: format %d is no format of statistics", path, *f.Format)}
	}
	if key, twice := repeatedKey(data, "rulesets"); twice {
		return map[string]Stats{}, damaged{fmt.Errorf("%s: the statistics of %s are given twice", path, strconv.Quote(key))}
	}
	all := map[string]Stats{}
	for _, key := range slices.Sorted(maps.Keys(f.Rulesets)) {
		var s Stats
		dec := json.NewDecoder(bytes.NewReader(f.Rulesets[key]))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&s); err != nil {
			return map[string]Stats{}, damaged{fmt.Errorf("%s: %s", path, rulesetError(key, err))}
		}
		if !s.possible() {
			return map[string]Stats{}, damaged{fmt.Errorf("%s: the statistics of %s are not what any play could give (played %d, won %d, streak %d, best streak %d)", path, strconv.Quote(key), s.Played, s.Won, s.Streak, s.BestStreak)}
		}
		all[key] = s
	}
	return all, nil
}

// repeatedKey finds a key given twice in the object under field of the
// JSON object data (decoding keeps the last and drops the first without a
// word). data is known to decode.
func repeatedKey(data []byte, field string) (string, bool) {
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil {
		return "", false
	}
	dec := json.NewDecoder(bytes.NewReader(top[field]))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", false
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		key, ok := tok.(string)
		if err != nil || !ok {
			return "", false
		}
		if seen[key] {
			return key, true
		}
		seen[key] = true
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return "", false
		}
	}
	return "", false
}

// rulesetError words err, met in reading the statistics of key, with the
// path of the field from the top of the file ("rulesets.plot.played").
func rulesetError(key string, err error) string {
	at := "rulesets." + key
	msg := jsonMessage(err, func(path string) string {
		return strings.TrimSuffix(at+"."+jsonField(path), ".")
	})
	if name, ok := strings.CutPrefix(msg, "unknown field "); ok {
		if n, err := strconv.Unquote(name); err == nil {
			return fmt.Sprintf("unknown field %q", at+"."+n)
		}
	}
	return fmt.Sprintf("%s: %s", strconv.Quote(at), msg)
}

// possible reports whether some games could have given s: no count is
// negative, no more games are won than played, the streak is no longer
// than the best, which is no longer than the wins, and no count is past
// maxCount.
func (s Stats) possible() bool {
	return s.Played >= 0 && s.Won >= 0 && s.Won <= s.Played && s.Played <= maxCount &&
		s.Streak >= 0 && s.Streak <= s.BestStreak && s.BestStreak <= s.Won
}

// maxCount bounds the games a ruleset's statistics count: a billion a
// second for a century is far fewer, and counting on from it cannot wrap
// round.
const maxCount = 1 << 62

// Count keeps one game's part in key's statistics, the same way wherever
// it is played: the game counts as played from its first move (or once it
// is won, for a deal won as it is dealt), and as won or lost once, when it
// is. counted and result are what was counted of it
// already (kept in its save, so that a resumed game is not counted again);
// Count updates them. It returns what the store said of a damaged file
// and the first error.
func (st *Store) Count(key string, counted *bool, result *string, moves int, status interp.Status) (notes []string, err error) {
	stat := func(change func(*Stats)) {
		note, e := st.UpdateStats(key, change)
		if e != nil && err == nil {
			err = e
		}
		if note != "" {
			notes = append(notes, note)
		}
	}
	if !*counted && (moves > 0 || status == interp.Won && *result != "won") {
		*counted = true
		stat(func(s *Stats) { s.Played++ })
	}
	switch {
	case status == interp.Won && *result != "won":
		*result = "won"
		stat(func(s *Stats) {
			s.Won++
			s.Streak++
			s.BestStreak = max(s.BestStreak, s.Streak)
		})
	case status == interp.Lost && *result == "":
		*result = "lost"
		stat(func(s *Stats) { s.Streak = 0 })
	}
	return notes, err
}

// UpdateStats changes one ruleset's statistics and writes them back. A
// damaged file is not left to block every game: it is set aside as
// stats.json.bad, new statistics are started, and note says so.
func (st *Store) UpdateStats(key string, change func(*Stats)) (note string, err error) {
	defer st.lockStats()()
	all, err := st.Stats()
	path := filepath.Join(st.Dir, "stats.json")
	var dmg damaged
	switch {
	case err != nil && !errors.As(err, &dmg):
		// A file that cannot be read, or that a later version wrote:
		// say so, and leave it as it is.
		return "", fmt.Errorf("%v; it is left as it is", err)
	case err != nil:
		if fi, serr := os.Stat(path); serr != nil || !fi.Mode().IsRegular() {
			// Not a damaged file but a place that cannot be read or
			// written: say so, and set nothing aside.
			return "", WriteError(path, err)
		}
		aside, aerr := SetAside(path)
		if aerr != nil {
			return "", fmt.Errorf("%v; and it cannot be set aside: %v", err, aerr)
		}
		note = fmt.Sprintf("the statistics file was damaged (%v); it is kept as %s and new statistics are started", err, filepath.Base(aside))
		all = map[string]Stats{}
	}
	s := all[key]
	change(&s)
	all[key] = s
	data, err := json.MarshalIndent(statsFile{Format: statsFormat, Rulesets: all}, "", "  ")
	if err != nil {
		return note, err
	}
	if err := os.MkdirAll(st.Dir, 0o755); err != nil {
		return note, WriteError(path, err)
	}
	return note, WriteError(path, WriteFile(path, append(data, '\n')))
}

// readLimited reads a file of at most maxSaveSize bytes; its errors do not
// repeat the path.
func readLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, bare(err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(maxSaveSize)+1))
	if err != nil {
		return nil, bare(err)
	}
	if len(data) > maxSaveSize {
		return nil, errLarge
	}
	return data, nil
}

// readSave reads a saved game's file, of at most maxSaveSize bytes.
func readSave(path string) ([]byte, error) {
	data, err := readLimited(path)
	if errors.Is(err, errLarge) {
		return nil, fmt.Errorf("not a saved game: %w", err)
	}
	return data, err
}

// errLarge is a file larger than any the program writes.
var errLarge = fmt.Errorf("larger than %d bytes", maxSaveSize)

// bare drops the operation and path that *fs.PathError adds, keeping the
// cause, so that errors.Is(err, fs.ErrNotExist) still holds.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// WriteError says which file could not be written and why, naming the
// file the player knows rather than a temporary one or a directory.
func WriteError(path string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("cannot write %s: %v", path, Reason(err))
}

// Reason is what went wrong in a failed write, without the path of the
// temporary file or directory it happened to.
func Reason(err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err
	case errors.As(err, &le):
		return le.Err
	}
	return err
}
