package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/cmd/patience/internal/store"
	"github.com/patience-dev/patience/interp"
)

func TestParseDeals(t *testing.T) {
	for _, tc := range []struct {
		in          string
		first, last uint64
		err         string
	}{
		{in: "0:99", first: 0, last: 99},
		{in: "7:7", first: 7, last: 7},
		{in: " 3 : 5 ", first: 3, last: 5},
		{in: "0:999999999", first: 0, last: 999_999_999},
		{in: "5:3", err: `the first seed is after the last`},
		{in: "x:y", err: `A and B must be whole numbers`},
		{in: "1:", err: `A and B must be whole numbers`},
		{in: "-1:3", err: `A and B must be whole numbers`},
		{in: "7", err: `want A:B`},
		{in: "", err: `want A:B`},
		{in: "0:1000000000", err: `more than 1000000000 deals`},
	} {
		first, last, err := parseDeals(tc.in)
		if tc.err != "" {
			require.Error(t, err, tc.in)
			assert.Contains(t, err.Error(), tc.err, tc.in)
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, [2]uint64{tc.first, tc.last}, [2]uint64{first, last}, tc.in)
	}
}

func TestMedianMean(t *testing.T) {
	assert.Equal(t, 0.0, median(nil))
	assert.Equal(t, 2.0, median([]float64{3, 1, 2}))
	assert.Equal(t, 2.5, median([]float64{4, 1, 3, 2}))
	assert.Equal(t, 2.5, mean([]float64{4, 1, 3, 2}))
}

func TestFormatDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		87*time.Microsecond + 400:  "87µs",
		3*time.Millisecond + 21234: "3.02ms",
		56*time.Millisecond + 4321: "56ms",
		1234567 * time.Microsecond: "1.235s",
	} {
		assert.Equal(t, want, formatDuration(d))
	}
	assert.Equal(t, 1.235, milliseconds(1234567*time.Nanosecond))
}

// A winning line the solver finds replays with the notation play reads:
// the moves written by MoveString are parsed back to the same moves, in the
// games that settle quickly.
func TestSolutionsReplay(t *testing.T) {
	for _, tc := range []struct {
		ruleset string
		seed    uint64
	}{
		{"klondike", 1}, {"canfield", 0}, {"tripeaks", 0}, {"plot", 2}, {"freecell", 0}, {"pyramid", 2},
	} {
		game, err := loadGame(tc.ruleset)
		require.NoError(t, err)
		r := interp.Compile(game)
		sol := r.Solve(r.Deal(tc.seed), interp.Limits{Nodes: 50_000})
		require.Equal(t, interp.Winnable, sol.Verdict, tc.ruleset)
		var text strings.Builder
		for _, m := range sol.Moves {
			text.WriteString(r.MoveString(m) + "\n")
		}
		rf, err := readReplay("-", strings.NewReader(text.String()))
		require.NoError(t, err)
		g := interp.NewFromRules(r, tc.seed)
		require.NoError(t, rf.play(g, interp.Card.String), tc.ruleset)
		assert.Equal(t, interp.Won, g.Status(), tc.ruleset)
		assert.Equal(t, sol.Moves, g.History(), tc.ruleset)
	}
}

// Results come out in seed order whatever order the workers finish in.
func TestStatsRunOrder(t *testing.T) {
	game, err := loadGame("canfield")
	require.NoError(t, err)
	run := &statsRun{rules: interp.Compile(game), ruleset: "canfield", first: 10, last: 29, jobs: 4, limits: interp.Limits{Nodes: 2000}}
	var seeds []uint64
	require.NoError(t, run.solve(context.Background(), func(d dealResult) error {
		seeds = append(seeds, d.Seed)
		return nil
	}))
	require.Len(t, seeds, 20)
	for i, s := range seeds {
		assert.Equal(t, uint64(10+i), s)
	}

	// A cancelled run stops with the context's error.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = run.solve(ctx, func(dealResult) error { return nil })
	assert.ErrorIs(t, err, context.Canceled)
}

func TestProgressBar(t *testing.T) {
	var b bytes.Buffer
	bar := newProgressBar(&b, 4)
	assert.Equal(t, "\r[..............................] 0/4 deals  won 0  unwinnable 0  unknown 0  0s\x1b[K", b.String())
	b.Reset()
	s := &summary{}
	for _, v := range []string{"won", "unwinnable"} {
		s.add(dealResult{Verdict: v})
	}
	bar.draw(s)
	assert.Equal(t, "\r[###############...............] 2/4 deals  won 1  unwinnable 1  unknown 0  0s\x1b[K", b.String())
	b.Reset()
	bar.clear()
	assert.Equal(t, "\r\x1b[K", b.String())

	// A long study: the line keeps to one line of 80 columns (it was 94
	// wide, and a line that wraps leaves a copy at every redraw).
	b.Reset()
	big := newProgressBar(&b, 100000)
	b.Reset()
	big.draw(&summary{n: 99999, won: 81234, unwinnable: 9876, unknown: 8889})
	line := strings.TrimSuffix(strings.TrimPrefix(b.String(), "\r"), "\x1b[K")
	assert.LessOrEqual(t, len(line), 79, line)
	assert.Contains(t, line, "99999/100000 deals  won 81234  unwinnable 9876  unknown 8889")
	assert.True(t, strings.HasPrefix(line, "[#"), line)

	// No terminal, no bar.
	var none *progressBar
	none.update(s)
	none.clear()
}

// Where no deal is settled the win rate is not known, and says so (it read
// "0/3 = 0.0 %", a rate of nothing won).
func TestStatsNothingSettled(t *testing.T) {
	t.Setenv(store.HomeEnv, t.TempDir())
	var o, e bytes.Buffer
	code := Run(context.Background(), []string{"stats", "klondike", "--deals", "1:3", "--nodes", "10", "--jobs", "1"}, strings.NewReader(""), &o, &e)
	require.Equal(t, 0, code, e.String())
	assert.Contains(t, o.String(), "win rate    not known: no deal was settled")
	assert.NotContains(t, o.String(), "0.0 %")
	o.Reset()
	code = Run(context.Background(), []string{"stats", "golf", "--deals", "1:3", "--jobs", "1"}, strings.NewReader(""), &o, &e)
	require.Equal(t, 0, code, e.String())
	assert.Regexp(t, `win rate +\d/3 = `, o.String(), "settled deals give a rate")
}

// A file named twice to merge is refused as that, not as a seed already
// seen at the same line of the same file.
func TestStatsMergeFileTwice(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(store.HomeEnv, dir)
	var o, e bytes.Buffer
	require.Equal(t, 0, Run(context.Background(), []string{"stats", "golf", "--deals", "1:2", "--jobs", "1", "--json"}, strings.NewReader(""), &o, &e), e.String())
	path := dir + "/k.jsonl"
	require.NoError(t, os.WriteFile(path, o.Bytes(), 0o644))
	e.Reset()
	code := Run(context.Background(), []string{"stats", "merge", path, dir + "/./k.jsonl"}, strings.NewReader(""), io.Discard, &e)
	assert.Equal(t, 1, code)
	assert.Contains(t, e.String(), "k.jsonl is named twice: each file is merged once")
	e.Reset()
	assert.Equal(t, 0, Run(context.Background(), []string{"stats", "merge", path}, strings.NewReader(""), io.Discard, &e), e.String())
}

// A replay file that names another game or a seed out of range says so:
// the seed line "# GAME, seed N" with no seed in it was taken for no seed
// line ("play --replay needs --seed N"), and a solution of another ruleset
// without its rules hash failed on a move with no word of why.
func TestReplayFilesSayWhatIsWrong(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "klondike", "--replay", write("big.txt", "# Klondike, seed 99999999999999999999999\nt1 f1\n")}, `bad seed "99999999999999999999999"`},
		{[]string{"play", "klondike", "--replay", write("neg.txt", "# Klondike, seed -1\nt1 f1\n")}, `bad seed "-1"`},
		{[]string{"play", "klondike", "--replay", write("fc.json", `{"ruleset":"freecell","seed":1,"moves":["t1 f1"]}`)}, `says it was solved for "freecell", and this is "klondike"`},
	} {
		var out, errOut bytes.Buffer
		Run(context.Background(), c.args, strings.NewReader(""), &out, &errOut)
		assert.Contains(t, errOut.String(), c.want, "%v", c.args)
	}
}

// stats merge refuses a line no run of stats --json could write: a job
// numbered below 1 (0 is an older line without one), a rules hash that is
// no hash.
func TestStatsMergeRefusesImpossibleLines(t *testing.T) {
	line := `{"ruleset":"golf","rules_hash":"%s","seed":1,"verdict":"won","nodes":5,"elapsed_ms":1,"memory_bytes":10,"worker":%d,"worker_memory_bytes":10}`
	for _, c := range []struct {
		hash   string
		worker int
		want   string
	}{
		{"0123abcd", -1, "worker -1"},
		{"zz-top", 1, `rules_hash "zz-top" is not a hash`},
	} {
		_, err := decodeResult(fmt.Sprintf(line, c.hash, c.worker))
		assert.ErrorContains(t, err, c.want)
	}
	_, err := decodeResult(fmt.Sprintf(line, "0123abcd", 0))
	assert.NoError(t, err, "worker 0: a line older than jobs")
}
