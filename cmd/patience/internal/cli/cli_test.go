package cli

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/cmd/patience/internal/store"
	"github.com/patience-dev/patience/interp"
)

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", maxLine+10)
	in := "deal\r\n\n" + long + "\nundo\n" + long + "\nlast"
	r := newLineReader(strings.NewReader(in))
	type line struct {
		text    string
		tooLong bool
	}
	var got []line
	for {
		text, tooLong, err := r.next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		got = append(got, line{text, tooLong})
	}
	assert.Equal(t, []line{
		{"deal", false},
		{"", false},
		{"", true},
		{"undo", false},
		{"", true},
		{"last", false},
	}, got)

	// The limit is the line's length: maxLine bytes are read, CR LF or not,
	// and one more is too many.
	for _, end := range []string{"\n", "\r\n"} {
		for n, want := range map[int]bool{maxLine: false, maxLine + 1: true} {
			r := newLineReader(strings.NewReader(strings.Repeat("x", n) + end + "next\n"))
			text, tooLong, err := r.next()
			require.NoError(t, err)
			assert.Equal(t, want, tooLong, "a line of %d bytes, ending %q", n, end)
			if !want {
				assert.Len(t, text, n)
			}
			text, _, _ = r.next()
			assert.Equal(t, "next", text)
		}
	}
}

// TestRunNoPanic feeds play every kind of bad line in both modes: each gets
// an answer and the game goes on to the end of the input.
func TestRunNoPanic(t *testing.T) {
	lines := []string{
		"", " ", "\x00", "\xff\xfe", "{", "{}", `{"command": null}`, `{"command": ""}`, "[]", `"deal"`,
		"deal 0", "deal -1", "deal 99", "redeal x", "waste", "waste f1 f2 f3", "waste:0 f1", "waste:x f1",
		"f1:99999999999999999999 f2", "waste f1 99999999999999999999", "undo", "redo", "save", "hint",
		"moves", "auto", "help", "quit now", strings.Repeat("t", 1000),
	}
	input := strings.Join(lines, "\n") + "\n"
	home := t.TempDir()
	t.Setenv(store.HomeEnv, home)
	for _, mode := range [][]string{nil, {"--json"}} {
		for _, name := range []string{"babette", "plot", "precedence", "rouge-et-noir"} {
			var out, errOut bytes.Buffer
			args := append([]string{"play", name, "--seed", "1"}, mode...)
			code := Run(context.Background(), args, strings.NewReader(input), &out, &errOut)
			assert.Equal(t, 0, code, "%v: %s", args, errOut.String())
			if mode != nil {
				assert.Empty(t, errOut.String(), args)
				assert.Equal(t, len(lines)+1, strings.Count(out.String(), "\n"), "one JSON line per input line: %v", args)
			} else {
				// Line mode says where it saves, and nothing else.
				assert.Equal(t, "saving to "+filepath.Join(home, "saves", name+"-1.json")+"\n", errOut.String(), args)
			}
		}
	}
}

// play runs "patience play" in line mode with input and returns stdout and
// stderr.
func play(t *testing.T, input string, args ...string) (string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(context.Background(), append([]string{"play"}, args...), strings.NewReader(input), &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	return out.String(), errOut.String()
}

const twoTurns = `game "Two Turns" {
  decks 1
  stock { deal 26 to waste }
  waste
  deal { rest to stock }
  win when all cards in waste
}
`

func TestLineModeSaves(t *testing.T) {
	home := t.TempDir()
	t.Setenv(store.HomeEnv, home)
	dir := t.TempDir()
	rules := filepath.Join(dir, "twoturns.patience")
	require.NoError(t, os.WriteFile(rules, []byte(twoTurns), 0o644))
	st := &store.Store{Dir: home}
	path := st.SavePath(rules, 1)

	// One deal: saved, under the file's absolute path as its ruleset.
	_, errOut := play(t, "deal\n", rules, "--seed", "1")
	assert.Equal(t, "saving to "+path+"\n", errOut)
	sv, err := st.Load(rules, 1)
	require.NoError(t, err)
	assert.Equal(t, []string{"deal"}, sv.Moves)
	assert.Equal(t, rules, sv.Ruleset)

	// Won: the save goes, as in the full-screen game.
	play(t, "deal\n", "--resume", path)
	_, err = os.Stat(path)
	assert.True(t, os.IsNotExist(err), "a won game is not kept")

	// What a full-screen save carries besides the position is kept.
	g, err := loadGame(rules)
	require.NoError(t, err)
	r := interp.Compile(g)
	game := interp.NewFromRules(r, 1)
	_, err = game.Play("deal")
	require.NoError(t, err)
	pos := game.Position()
	pos.Ruleset = rules
	require.NoError(t, st.Save(rules, r, &store.Saved{Position: pos, ElapsedMS: 61000, Counted: true}))
	play(t, "undo\n", "--resume", path)
	sv, err = st.Load(rules, 1)
	require.NoError(t, err)
	assert.Empty(t, sv.Moves)
	assert.Equal(t, int64(61000), sv.ElapsedMS)
	assert.True(t, sv.Counted)

	// The rule file changes: its old save is neither resumed nor replaced.
	_, err = game.Play("deal")
	require.NoError(t, err)
	require.NoError(t, st.Save(rules, r, &store.Saved{Position: game.Position()}))
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	// A comment and another layout say the same rules: the save is theirs.
	relaid := "# Two deals win.\n" + strings.ReplaceAll(strings.ReplaceAll(twoTurns, "\n  ", "; "), "{; ", "{ ")
	require.NoError(t, os.WriteFile(rules, []byte(relaid), 0o644))
	_, errOut = play(t, "quit\n", rules, "--seed", "1")
	assert.Equal(t, "saving to "+path+"\n", errOut, "the same words in another layout")
	require.NoError(t, os.WriteFile(rules, []byte(strings.Replace(twoTurns, "decks 1", "decks 1\n  summary \"Changed.\"", 1)), 0o644))
	out, errOut := play(t, "deal\ndeal\n", rules, "--seed", "1")
	assert.Regexp(t, `^patience: not saving this game: cannot save to `+regexp.QuoteMeta(path)+`: the rules of "Two Turns" have changed since this position was written \(rules hash [0-9a-f]{16}, now [0-9a-f]{16}\); the file is left as it is\n$`, errOut)
	assert.Contains(t, out, "You won in 2 moves.")
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after))

	// A lost game is kept while it is played, for undo, and dropped when
	// the player leaves it, as in the full-screen game.
	lost := filepath.Join(dir, "deadend.patience")
	require.NoError(t, os.WriteFile(lost, []byte(`game "Dead End" {
  decks 1
  foundation f[4] { base A  build up same-suit  holds 13 }
  stock { deal 26 to waste }
  waste { to foundations }
  deal { rest to stock }
  win when all cards in foundations
}
`), 0o644))
	out, _ = play(t, "deal\ndeal\n", lost, "--seed", "1")
	assert.Contains(t, out, "The game is lost after 2 moves")
	_, err = os.Stat(st.SavePath(lost, 1))
	assert.True(t, os.IsNotExist(err), "a lost game is not kept once left")
}

// The summary names the deals left unknown in order, the first eight of
// them, so that one can be given a longer look; it keeps no more than it
// names.
func TestSeedList(t *testing.T) {
	var first []uint64
	for _, x := range []uint64{11, 3, 6} {
		first = firstSeeds(first, x, 8)
	}
	assert.Equal(t, "seeds 3, 6 and 11", seedList(first, 3))
	assert.Equal(t, "seed 6", seedList([]uint64{6}, 1))
	assert.Equal(t, "seeds 2 and 9", seedList(firstSeeds([]uint64{9}, 2, 8), 2))
	first = nil
	for _, x := range []uint64{5, 4, 3, 2, 1} {
		first = firstSeeds(first, x, 2)
	}
	assert.Equal(t, []uint64{1, 2}, first, "only the first two are kept")
	assert.Equal(t, "seeds 1, 2 and 3 more", seedList(first, 5))
	assert.Equal(t, "seeds 1, 2, 3 and 4", seedList([]uint64{1, 2, 3, 4}, 4))
}

// TestOneCommandTreeIsTheWhole: a run of one of the root's commands, which
// Run builds alone under the root, prints and returns what it does in the
// whole tree.
func TestOneCommandTreeIsTheWhole(t *testing.T) {
	t.Setenv("PATIENCE_HOME", t.TempDir())
	for _, args := range [][]string{
		{"show", "precedence", "--seed", "1"}, {"show", "--help"}, {"show", "-h"}, {"show"}, {"show", "nosuch"},
		{"show", "precedence", "--bogus"}, {"show", "--version"}, {"show", "--seed", "1", "--", "precedence"}, {"list"},
		{"play", "--help"}, {"validate", "--help"}, {"fmt", "--help"}, {"lsp", "--help"}, {"solve", "--help"},
		{"stats", "--help"}, {"stats", "merge", "--help"}, {"stats", "merge"}, {"stats", "--help", "merge"},
		{"version"}, {"version", "--json"}, {"version", "--help"}, {"version", "extra"}, {"serve", "--help"},
		{"--version", "show"}, {"--help", "show"}, {"help", "show"}, {"completion"}, {"__complete", "show", ""},
		{"bogus"}, {},
	} {
		var out1, err1, out2, err2 bytes.Buffer
		code1 := run(context.Background(), New(), args, strings.NewReader(""), &out1, &err1)
		code2 := Run(context.Background(), args, strings.NewReader(""), &out2, &err2)
		assert.Equal(t, code1, code2, "%q", args)
		assert.Equal(t, out1.String(), out2.String(), "%q", args)
		assert.Equal(t, err1.String(), err2.String(), "%q", args)
	}
	for _, c := range rootCommands {
		found := false
		for _, sub := range New().Commands() {
			found = found || sub.Name() == c.name
		}
		assert.True(t, found, "rootCommands names %q, which its constructor does not make", c.name)
	}
}

// The header above a board writes a value's rank as the board writes its
// cards: Canfield's deal 9 starts its foundations at tens, and its cards
// show TH, so the header says b = T, not b = 10.
func TestHeaderWritesRanksAsTheCards(t *testing.T) {
	var out, errOut bytes.Buffer
	require.Equal(t, 0, Run(context.Background(), []string{"show", "canfield", "--seed", "9", "--ascii"}, strings.NewReader(""), &out, &errOut), errOut.String())
	first, board, _ := strings.Cut(out.String(), "\n")
	assert.Contains(t, board, "TH")
	assert.Contains(t, first, "b = T ")
	t.Setenv(store.HomeEnv, t.TempDir())
	got, _ := play(t, "quit\n", "canfield", "--seed", "9")
	assert.Contains(t, got, "b = T ")
}

// "patience --help show" is the help of show, as "patience show --help"
// is (it said: unknown command "show"; did you mean "show"?), and a command
// after "--" is said to be read as an argument.
func TestHelpBeforeTheCommand(t *testing.T) {
	run := func(args ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		code := Run(context.Background(), args, strings.NewReader(""), &out, &errOut)
		return code, out.String(), errOut.String()
	}
	_, want, _ := run("show", "--help")
	for _, args := range [][]string{{"--help", "show"}, {"-h", "show"}} {
		code, out, errOut := run(args...)
		assert.Equal(t, 0, code, "%v: %s", args, errOut)
		assert.Equal(t, want, out, args)
	}
	code, _, errOut := run("--", "show", "precedence")
	assert.Equal(t, 1, code)
	assert.Equal(t, "patience: \"show\" follows \"--\", which makes it an argument, not a command: write \"patience show precedence\"\n", errOut)
}

// fullWriter fails every write, as a full disk does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// Output that cannot be written is an error, whichever command prints it:
// solve, validate and line-mode play went on and exited 0.
func TestOutputThatCannotBeWritten(t *testing.T) {
	t.Setenv(store.HomeEnv, t.TempDir())
	for _, args := range [][]string{
		{"show", "klondike", "--seed", "1"},
		{"solve", "klondike", "--seed", "1"},
		{"validate", "golf"},
		{"list"},
		{"play", "golf", "--seed", "1", "--plain"},
	} {
		var errOut strings.Builder
		code := Run(context.Background(), args, strings.NewReader("deal\n"), fullWriter{}, &errOut)
		assert.Equal(t, 1, code, "%v", args)
		assert.Contains(t, errOut.String(), "no space left on device", "%v", args)
	}
}

// A deal won as dealt has nothing to save, and says so (it said "saving
// to" a file it never wrote).
func TestWonAsDealtSavesNothing(t *testing.T) {
	home := t.TempDir()
	t.Setenv(store.HomeEnv, home)
	rules := filepath.Join(t.TempDir(), "won.patience")
	require.NoError(t, os.WriteFile(rules, []byte("game \"Won\" {\n  foundation f { build any }\n  deal { rest to f }\n  win when all cards in f\n}\n"), 0o644))
	out, errOut := play(t, "", rules, "--seed", "1")
	assert.Contains(t, out, "You won in 0 moves")
	assert.Equal(t, "the deal is won as dealt: nothing to save\n", errOut)
	_, err := os.Stat(filepath.Join(home, "saves"))
	assert.True(t, os.IsNotExist(err), "no save written")
}
