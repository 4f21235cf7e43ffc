package store

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets"
)

func builtin(t *testing.T, name string) *interp.Rules {
	t.Helper()
	src, ok := rulesets.Source(name)
	require.True(t, ok, name)
	g, err := check.Source(name+".patience", src)
	require.NoError(t, err)
	return interp.Compile(g)
}

// played is a game of plot, seed 3, two moves in.
func played(t *testing.T, r *interp.Rules) *interp.Game {
	t.Helper()
	g := interp.NewFromRules(r, 3)
	for _, m := range []string{"deal", "t3 t1"} {
		_, err := g.Play(m)
		require.NoError(t, err, m)
	}
	return g
}

func saveText(t *testing.T, g *interp.Game) string {
	t.Helper()
	data, err := json.MarshalIndent(&Saved{Position: g.Position()}, "", "  ")
	require.NoError(t, err)
	return string(data) + "\n"
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.json")
	require.NoError(t, WriteFile(path, []byte("one")))
	require.NoError(t, WriteFile(path, []byte("two")))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "two", string(b))

	// A failed write leaves neither a temporary file nor a changed target.
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	assert.Error(t, WriteFile(filepath.Join(dir, "sub"), []byte("three")))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"game.json", "sub"}, names)
}

func TestSaveLoadRemove(t *testing.T) {
	r := builtin(t, "plot")
	st := &Store{Dir: t.TempDir()}
	g := played(t, r)
	require.NoError(t, st.Save("plot", r, &Saved{Position: g.Position(), ElapsedMS: 1500}))
	sv, err := st.Load("plot", 3)
	require.NoError(t, err)
	assert.Equal(t, []string{"deal", "t3 t1"}, sv.Moves)
	assert.Equal(t, interp.PositionFormat, sv.Format)
	assert.Equal(t, r.Hash(), sv.RulesHash)
	assert.Equal(t, int64(1500), sv.ElapsedMS)

	// A save of the game is replaced by the next one.
	_, err = g.Play("deal")
	require.NoError(t, err)
	require.NoError(t, st.Save("plot", r, &Saved{Position: g.Position()}))
	sv, err = st.Load("plot", 3)
	require.NoError(t, err)
	assert.Len(t, sv.Moves, 3)

	require.NoError(t, st.Remove("plot", 3, r))
	_, err = os.Stat(st.SavePath("plot", 3))
	assert.True(t, os.IsNotExist(err))
	require.NoError(t, st.Remove("plot", 3, r), "removing nothing is no error")
}

// TestNeverOverwritten puts in the place of a save every kind of file that
// is not a save of the game: the store refuses to write over it or remove
// it, says why in one line naming the file, and leaves it byte for byte.
func TestNeverOverwritten(t *testing.T) {
	r := builtin(t, "plot")
	good := saveText(t, played(t, r))
	other := builtin(t, "precedence")
	g5 := interp.NewFromRules(r, 5)
	changed, err := check.Source("plot.patience", bytes.Replace(r.Game.Source, []byte("stock { deal 1 to waste }"), []byte("stock { deal 1 to waste; redeal 1 from waste }"), 1))
	require.NoError(t, err)
	for _, tc := range []struct {
		name, content, want string
	}{
		{"empty", "", "not a saved game: the file is empty"},
		{"blank", "  \n\n", "not a saved game: the file is empty"},
		{"truncated", good[:len(good)/2], "not a saved game: line "},
		{"bad JSON", "{\n  \"format\": 1,\n}\n", "not a saved game: line 3: invalid character '}' looking for beginning of object key string"},
		{"binary", "{\x00\x01\x02", "not a saved game: line 1: the file contains a NUL byte: is it a binary file?"},
		{"not UTF-8", "{\n\"game\": \"\xff\"}", "not a saved game: line 2: the file is not UTF-8 text (byte 0xff)"},
		{"array", "[1, 2]", "not a saved game: want a JSON object, not an array"},
		{"no position", "{}", "not a saved game: it holds no position"},
		{"solve output", `{"ruleset":"plot","seed":3,"verdict":"won","moves":["deal"],"nodes":12,"elapsed_ms":0.5}` + "\n", `not a saved game: it is what "patience solve --json" prints, a verdict and its line of play; --replay plays such a line`},
		{"stats output", `{"ruleset":"plot","seed":3,"verdict":"unknown","nodes":12,"elapsed_ms":0.5,"worker":1}` + "\n" + `{"ruleset":"plot","seed":4,"verdict":"unknown","nodes":12,"elapsed_ms":0.5,"worker":2}` + "\n", `not a saved game: it is what "patience stats --json" prints, one deal's verdict a line`},
		{"wrong type", `{"format": 1, "seed": "3"}`, `not a saved game: field "seed": want a JSON number, not a string`},
		{"another game", saveText(t, interp.NewFromRules(other, 3)), `position is of game "Precedence", not "Plot"`},
		{"another seed", saveText(t, g5), "it holds deal 5, not 3"},
		{"edited moves", strings.Replace(good, `"t3 t1"`, `"t1 t3"`, 1), `move 2 "t1 t3" does not replay`},
		{"edited piles", strings.Replace(good, `"deal",`, `"deal", "deal",`, 1), "the piles do not match"},
		{"rules changed", saveText(t, played(t, interp.Compile(changed))), `the rules of "Plot" have changed since this position was written`},
		{"future format", strings.Replace(good, `"format": 1`, `"format": 99`, 1), "position format 99 is not supported"},
		// Times no play gives: the clock showed -59:-58, or wrapped round.
		{"negative time", strings.Replace(good, `"elapsed_ms": 0`, `"elapsed_ms": -3600000`, 1), `not a saved game: field "elapsed_ms": want a time played from 0 to 3153600000000 ms (a century), not -3600000`},
		{"time past a century", strings.Replace(good, `"elapsed_ms": 0`, `"elapsed_ms": 9300000000000`, 1), `field "elapsed_ms": want a time played from 0 to 3153600000000 ms`},
		{"unknown result", strings.Replace(good, `"elapsed_ms": 0`, `"elapsed_ms": 0, "result": "drawn"`, 1), `not a saved game: field "result": want "won", "lost" or none, not "drawn"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &Store{Dir: t.TempDir()}
			path := st.SavePath("plot", 3)
			require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
			require.NoError(t, os.WriteFile(path, []byte(tc.content), 0o644))

			check := func(err error) {
				t.Helper()
				require.Error(t, err)
				msg := err.Error()
				assert.True(t, strings.HasPrefix(msg, "cannot save to "+path+": "), msg)
				assert.Contains(t, msg, tc.want)
				assert.True(t, strings.HasSuffix(msg, "; the file is left as it is"), msg)
				assert.NotContains(t, msg, "\n")
				data, err := os.ReadFile(path)
				require.NoError(t, err)
				assert.Equal(t, tc.content, string(data), "the file is left as it was")
			}
			check(st.Check("plot", 3, r))
			check(st.Save("plot", r, &Saved{Position: played(t, r).Position()}))
			check(st.Remove("plot", 3, r))
			entries, err := os.ReadDir(filepath.Dir(path))
			require.NoError(t, err)
			assert.Len(t, entries, 1, "no temporary file is left")
		})
	}
}

func TestCannotWrite(t *testing.T) {
	// The directory of the store is a file: the error names the save.
	dir := filepath.Join(t.TempDir(), "home")
	require.NoError(t, os.WriteFile(dir, []byte("x"), 0o644))
	r := builtin(t, "plot")
	st := &Store{Dir: dir}
	err := st.Save("plot", r, &Saved{Position: played(t, r).Position()})
	require.Error(t, err)
	assert.Equal(t, "cannot save to "+st.SavePath("plot", 3)+": not a directory", err.Error())
}

func TestLatestIgnoresTempFiles(t *testing.T) {
	r := builtin(t, "plot")
	st := &Store{Dir: t.TempDir()}
	require.NoError(t, st.Save("plot", r, &Saved{Position: played(t, r).Position()}))
	// What a write killed midway leaves: a temporary file, whole or not.
	tmp := filepath.Join(st.Dir, "saves", ".plot-3.json.1234.tmp")
	require.NoError(t, os.WriteFile(tmp, []byte(`{"format": 1, "ga`), 0o644))
	assert.True(t, IsTemp(filepath.Base(tmp)))
	assert.False(t, IsTemp("plot-3.json"))

	sv, ok := st.Latest("plot")
	require.True(t, ok)
	assert.Equal(t, []string{"deal", "t3 t1"}, sv.Moves)
	require.NoError(t, st.Check("plot", 3, r))
}

func TestParseWrittenPosition(t *testing.T) {
	// A position written by "save FILE" reads as a save with nothing more.
	r := builtin(t, "plot")
	data, err := json.Marshal(played(t, r).Position())
	require.NoError(t, err)
	sv, err := Parse(data)
	require.NoError(t, err)
	assert.Equal(t, int64(0), sv.ElapsedMS)
	_, err = r.Load(sv.Position)
	require.NoError(t, err)
	// With the byte-order mark an editor may put first.
	sv, err = Parse(append([]byte("\uFEFF"), data...))
	require.NoError(t, err)
	assert.Equal(t, []string{"deal", "t3 t1"}, sv.Moves)

	_, err = Read(filepath.Join(t.TempDir(), "nosuch.json"))
	assert.True(t, os.IsNotExist(err))
	assert.Equal(t, "no such file or directory", err.Error())
	_, err = Read(t.TempDir())
	assert.Equal(t, "is a directory", err.Error())
}

func TestFileKey(t *testing.T) {
	assert.Equal(t, "plot", fileKey("plot"))
	a, b := fileKey("/a/game.patience"), fileKey("/b/game.patience")
	assert.NotEqual(t, a, b)
	assert.True(t, strings.HasPrefix(a, "game-"))
	assert.Equal(t, "my_game-", fileKey("/x/My Game.patience")[:8])
}

func TestDefaultDir(t *testing.T) {
	t.Setenv(HomeEnv, "/tmp/somewhere")
	d, err := DefaultDir()
	require.NoError(t, err)
	assert.Equal(t, "/tmp/somewhere", d)
	t.Setenv(HomeEnv, "")
	t.Setenv("XDG_CONFIG_HOME", "/tmp/cfg")
	t.Setenv("HOME", "/tmp/home")
	d, err = DefaultDir()
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(d, string(filepath.Separator)+"patience"), d)
}

// TestLongGameSaves: a game whose indented save would pass the size a save
// may have is written without the indentation, and reads back; one too long
// even so is refused, and no file is written.
func TestLongGameSaves(t *testing.T) {
	r := builtin(t, "klondike")
	st := &Store{Dir: t.TempDir()}
	g := interp.NewFromRules(r, 1)
	for range 200 {
		_, err := g.Play("deal")
		if err != nil {
			_, err = g.Play("redeal")
		}
		require.NoError(t, err)
	}
	indented, err := json.MarshalIndent(&Saved{Position: g.Position()}, "", "  ")
	require.NoError(t, err)
	compact, err := json.Marshal(&Saved{Position: g.Position()})
	require.NoError(t, err)
	defer func(n int) { maxSaveSize = n }(maxSaveSize)
	maxSaveSize = (len(indented) + len(compact)) / 2
	require.NoError(t, st.Save("klondike", r, &Saved{Position: g.Position()}))
	sv, err := st.Load("klondike", 1)
	require.NoError(t, err, "the save reads back")
	assert.Len(t, sv.Moves, 200)

	maxSaveSize = len(compact) - 10
	fresh := &Store{Dir: t.TempDir()}
	err = fresh.Save("klondike", r, &Saved{Position: g.Position()})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "too long to save")
	_, err = os.Stat(fresh.SavePath("klondike", 1))
	assert.True(t, os.IsNotExist(err), "no file it could not read back")
}

// TestNumberOutOfRange: a number a field cannot hold is named with the
// numbers it can.
func TestNumberOutOfRange(t *testing.T) {
	var v struct {
		Seed uint64 `json:"seed"`
		N    int8   `json:"n"`
	}
	err := json.Unmarshal([]byte(`{"seed": -1}`), &v)
	assert.Equal(t, `field "seed": want a whole number from 0 to 18446744073709551615, not -1`, JSONMessage(err))
	err = json.Unmarshal([]byte(`{"n": 300}`), &v)
	assert.Equal(t, `field "n": want a whole number from -128 to 127, not 300`, JSONMessage(err))
	err = json.Unmarshal([]byte(`{"n": "x"}`), &v)
	assert.Equal(t, `field "n": want a JSON number, not a string`, JSONMessage(err))
}

// Statistics no play could give (negative counts, more won than played, a
// streak longer than the wins) are a damaged file: Stats says so, and the
// next update keeps the file aside and starts afresh, as for bad JSON.
func TestImpossibleStats(t *testing.T) {
	for name, entry := range map[string]string{
		"negative":        `{"played": -3, "won": 0, "streak": 0, "best_streak": 0}`,
		"won too many":    `{"played": 2, "won": 99999999999, "streak": 0, "best_streak": 0}`,
		"streak too long": `{"played": 5, "won": 2, "streak": 3, "best_streak": 3}`,
		"best too short":  `{"played": 5, "won": 3, "streak": 2, "best_streak": 1}`,
	} {
		t.Run(name, func(t *testing.T) {
			st := &Store{Dir: t.TempDir()}
			path := filepath.Join(st.Dir, "stats.json")
			content := `{"format": 1, "rulesets": {"plot": {"played": 1, "won": 1, "streak": 1, "best_streak": 1}, "klondike": ` + entry + `}}`
			require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
			all, err := st.Stats()
			require.Error(t, err)
			assert.Contains(t, err.Error(), `"klondike"`)
			assert.Empty(t, all)

			note, err := st.UpdateStats("plot", func(s *Stats) { s.Played++ })
			require.NoError(t, err)
			assert.Contains(t, note, "the statistics file was damaged")
			all, err = st.Stats()
			require.NoError(t, err)
			assert.Equal(t, map[string]Stats{"plot": {Played: 1}}, all)
			assert.FileExists(t, path+".bad", "the damaged file is kept aside")
		})
	}
	st := &Store{Dir: t.TempDir()}
	require.NoError(t, os.WriteFile(filepath.Join(st.Dir, "stats.json"), []byte(`{"format": 1, "rulesets": {"plot": {"played": 5, "won": 3, "streak": 0, "best_streak": 2}}}`), 0o644))
	all, err := st.Stats()
	require.NoError(t, err, "a possible record")
	assert.Equal(t, Stats{Played: 5, Won: 3, BestStreak: 2}, all["plot"])
}

// A deal won as it is dealt counts as played as well as won, so that the
// statistics stay ones that play could give.
func TestWonAsDealtCountsAsPlayed(t *testing.T) {
	st := &Store{Dir: t.TempDir()}
	counted, result := false, ""
	_, err := st.Count("k", &counted, &result, 0, interp.Won)
	require.NoError(t, err)
	_, err = st.Count("k", &counted, &result, 0, interp.Won)
	require.NoError(t, err)
	all, err := st.Stats()
	require.NoError(t, err)
	assert.Equal(t, Stats{Played: 1, Won: 1, Streak: 1, BestStreak: 1}, all["k"])
}

// A statistics file this version cannot write without losing something is
// left as it is: one of a later format, and one that cannot be read. One
// that no version wrote (unknown fields, no format, null) is damaged: it
// is kept aside and new statistics start. A read-only file is not replaced.
func TestStatsFilesLeftAlone(t *testing.T) {
	later := `{"format": 2, "rulesets": {"plot": {"played": 1, "won": 1, "streak": 1, "best_streak": 1}}, "history": [1, 2, 3]}`
	for name, c := range map[string]struct {
		content string
		mode    os.FileMode
		kept    bool // left as it is, nothing written
		says    string
	}{
		"later format":          {later, 0o644, true, "is of format 2, written by a later version of patience"},
		"later format, bad 1":   {`{"format": 2, "rulesets": {"plot": {"played": "x"}}}`, 0o644, true, "is of format 2"},
		"read-only":             {`{"format": 1, "rulesets": {}}`, 0o444, true, "the file is read-only"},
		"unknown field":         {`{"format": 1, "rulesets": {}, "history": [1]}`, 0o644, false, `unknown field "history"`},
		"no format":             {`{"rulesets": {}}`, 0o644, false, "no format given"},
		"null":                  {`null`, 0o644, false, "no format given"},
		"format 0":              {`{"format": 0, "rulesets": {}}`, 0o644, false, "format 0 is no format of statistics"},
		"two values":            {`{"format": 1, "rulesets": {}} {}`, 0o644, false, "more than one JSON value"},
		"unknown ruleset field": {`{"format": 1, "rulesets": {"plot": {"played": 1, "lost": 1}}}`, 0o644, false, `unknown field "rulesets.plot.lost"`},
		// A field's path names the ruleset it is in (it said "rulesets.played").
		"wrong type":         {`{"format": 1, "rulesets": {"golf": {"played": 1}, "plot": {"played": "x"}}}`, 0o644, false, `field "rulesets.plot.played": want a JSON number, not a string`},
		"not a whole number": {`{"format": 1, "rulesets": {"plot": {"won": 1.5}}}`, 0o644, false, `field "rulesets.plot.won": want a whole number`},
		// A count no play reaches, which would wrap round when counted.
		"huge count": {`{"format": 1, "rulesets": {"plot": {"played": 9223372036854775807, "won": 0, "streak": 0, "best_streak": 0}}}`, 0o644, false, `the statistics of "plot" are not what any play could give (played 9223372036854775807`},
		// A ruleset named twice: decoding would keep the last and drop the
		// first without a word.
		"ruleset twice":      {`{"format": 1, "rulesets": {"plot": {"played": 3, "won": 1, "streak": 0, "best_streak": 1}, "plot": {"played": 1}}}`, 0o644, false, `the statistics of "plot" are given twice`},
		"a path as key":      {`{"format": 1, "rulesets": {"/home/A.B/My.patience": {"played": "x"}}}`, 0o644, false, `field "rulesets./home/A.B/My.patience.played": want a JSON number`},
		"ruleset not object": {`{"format": 1, "rulesets": {"plot": 3}}`, 0o644, false, `field "rulesets.plot": want a JSON object, not a number`},
	} {
		t.Run(name, func(t *testing.T) {
			st := &Store{Dir: t.TempDir()}
			path := filepath.Join(st.Dir, "stats.json")
			require.NoError(t, os.WriteFile(path, []byte(c.content), c.mode))
			note, err := st.UpdateStats("plot", func(s *Stats) { s.Played++ })
			data, rerr := os.ReadFile(path)
			require.NoError(t, rerr)
			entries, derr := os.ReadDir(st.Dir)
			require.NoError(t, derr)
			if c.kept {
				require.Error(t, err)
				assert.Contains(t, err.Error(), c.says)
				assert.Empty(t, note)
				assert.Equal(t, c.content, string(data), "left as it is")
				assert.NoFileExists(t, path+".bad", "nothing set aside")
				assert.LessOrEqual(t, len(entries), 2, "stats.json and the lock only")
				return
			}
			require.NoError(t, err)
			assert.Contains(t, note, "the statistics file was damaged")
			assert.Contains(t, note, c.says)
			aside, aerr := os.ReadFile(path + ".bad")
			require.NoError(t, aerr)
			assert.Equal(t, c.content, string(aside), "kept aside")
			assert.Contains(t, string(data), `"played": 1`)
		})
	}
}

// Games played at the same time each count: the statistics are read,
// changed and written back under a lock (twenty at once kept 10 to 14).
func TestStatsCountedAtOnce(t *testing.T) {
	st := &Store{Dir: t.TempDir()}
	const n = 40
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			other := &Store{Dir: st.Dir} // as another process would
			_, err := other.UpdateStats("plot", func(s *Stats) { s.Played++ })
			assert.NoError(t, err)
		}()
	}
	wg.Wait()
	all, err := st.Stats()
	require.NoError(t, err)
	assert.Equal(t, n, all["plot"].Played)
}

// A save that cannot be read is said, not passed over in silence, and
// left as it is; one larger than any save is damaged, and set aside.
func TestUnreadableSavesAreSaid(t *testing.T) {
	st := &Store{Dir: t.TempDir()}
	rules := builtin(t, "plot")
	unread := st.SavePath("plot", 3)
	require.NoError(t, os.MkdirAll(unread, 0o755)) // a directory: it cannot be read
	large := st.SavePath("plot", 4)
	require.NoError(t, os.WriteFile(large, bytes.Repeat([]byte(" "), maxSaveSize+1), 0o644))
	sv, passed := st.Resumable("plot", rules)
	assert.Nil(t, sv)
	var notes []string
	for _, ps := range passed {
		notes = append(notes, ps.Note())
	}
	slices.Sort(notes)
	require.Len(t, notes, 2)
	assert.Equal(t, "a saved game in "+unread+" cannot be read (is a directory); the file is left as it is", notes[1])
	assert.Equal(t, large+" was damaged (not a saved game: larger than 16777216 bytes); it is kept as plot-4.json.bad", notes[0])
	assert.DirExists(t, unread)
	assert.FileExists(t, large+".bad")
}
