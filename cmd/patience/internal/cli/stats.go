package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/patience-dev/patience/cmd/patience/internal/protocol"
	"github.com/patience-dev/patience/cmd/patience/internal/store"
	"github.com/patience-dev/patience/interp"
)

// maxDeals bounds one run of stats; a larger study is sharded.
const maxDeals = 1_000_000_000

// maxJobs bounds the jobs whose memory a summary lists.
const maxJobs = 1 << 12

// dealResult is the solver's verdict on one deal: a line of stats --json,
// and what stats merge reads back.
type dealResult struct {
	Ruleset   string  `json:"ruleset"`
	RulesHash string  `json:"rules_hash"`
	Seed      uint64  `json:"seed"`
	Verdict   string  `json:"verdict"`
	Nodes     int     `json:"nodes"`
	ElapsedMS float64 `json:"elapsed_ms"`
	// MemoryBytes is the most the search held at once (see --memory).
	MemoryBytes int `json:"memory_bytes"`
	// Worker is the job (1 to --jobs) that solved the deal, and
	// WorkerMemoryBytes the memory that job keeps for its next deal (see
	// interp.Solver.Kept). Older results lack both.
	Worker            int `json:"worker"`
	WorkerMemoryBytes int `json:"worker_memory_bytes"`
	// Stuck: the cards that can never leave their piles, when they prove
	// the deal unwinnable without a search, as solve --json gives them.
	Stuck []string `json:"stuck,omitempty"`
}

func newStatsCmd() *cobra.Command {
	var (
		deals  string
		jobs   int
		lim    limitFlags
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "stats NAME|FILE --deals A:B",
		Short: "Solve a range of deals and report the win rate",
		Long: `Solve every deal from seed A to seed B (both included), as "patience solve"
does, with --jobs deals at a time, and report how many were won, proved
unwinnable, or left unknown at --timeout or --nodes (the first eight of
those by their seeds, to give them a longer look with "patience solve
--seed N --timeout 1m"); the win rate with its 95 % Wilson interval, in
which the unknown deals are counted both ways (the low end as if all were
lost, the high end as if all were won); and the time and positions
searched per deal. On a terminal a progress bar is drawn on
stderr while it works.

With --json one JSON object is printed per deal, in seed order, and nothing
else: ruleset, rules_hash, seed, verdict, nodes, elapsed_ms, memory_bytes
(the most the search held at once), worker (the job that solved it) and
worker_memory_bytes (what that job keeps for its next deal: each job reuses
the memory of its searches), and stuck for a deal proved lost without a
search, by cards that can never leave their piles (as solve --json gives
them; the summary counts those deals apart). Files of such lines, from
runs over different deals, are combined into one summary by
"patience stats merge":

  patience stats NAME --deals 0:499 --json > part1.jsonl
  patience stats NAME --deals 500:999 --json > part2.jsonl
  patience stats merge part1.jsonl part2.jsonl`,
		Args:              exactlyOneRuleset,
		ValidArgsFunction: rulesetArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("deals") {
				return errors.New(`stats needs the deals to solve: --deals A:B, e.g. --deals 0:99`)
			}
			first, last, err := parseDeals(deals)
			if err != nil {
				return err
			}
			limits, err := lim.limits()
			if err != nil {
				return err
			}
			if jobs < 1 {
				return fmt.Errorf("invalid --jobs %d: want 1 or more", jobs)
			}
			game, err := loadGame(args[0])
			if err != nil {
				return err
			}
			r := interp.Compile(game)
			limits.AnyLine = true // only the verdicts are counted
			run := &statsRun{
				rules: r, ruleset: rulesetName(args[0]), first: first, last: last,
				jobs: jobs, limits: limits,
			}
			// An interrupt or SIGTERM stops the study at once: what was
			// settled by then is printed (the deals are settled in seed
			// order, so they are the first ones), and said.
			ctx, stop := catchSignals(cmd.Context())
			defer stop()
			done := 0
			interrupted := func() string {
				if done == 0 {
					return "; no deal was settled"
				}
				what := "the summary is of"
				if asJSON {
					what = "the lines written are"
				}
				return fmt.Sprintf("; %s the first %d of the %d deals, seeds %d to %d", what, done, last-first+1, first, first+uint64(done)-1)
			}
			if asJSON {
				err := run.solve(ctx, func(d dealResult) error {
					done++
					return writeJSONLine(cmd.OutOrStdout(), d)
				})
				return stopped(ctx, err, interrupted)
			}
			var bar *progressBar
			if isTerminal(cmd.ErrOrStderr()) {
				bar = newProgressBar(raw(cmd.ErrOrStderr()), last-first+1)
			}
			var sum summary
			err = run.solve(ctx, func(d dealResult) error {
				done++
				sum.add(d)
				bar.update(&sum)
				return nil
			})
			bar.clear()
			if _, ok := caughtSignal(ctx); ok {
				if done > 0 {
					if werr := sum.write(cmd.OutOrStdout(), run.ruleset); werr != nil {
						return werr
					}
				}
				return stopped(ctx, err, interrupted)
			}
			if err != nil {
				return err
			}
			return sum.write(cmd.OutOrStdout(), run.ruleset)
		},
	}
	cmd.Flags().StringVar(&deals, "deals", "", "solve the deals with the seeds `A:B`, A to B included, e.g. 0:999")
	cmd.Flags().IntVar(&jobs, "jobs", runtime.NumCPU(), "solve `N` deals at a time")
	lim.register(cmd, "each deal")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object per deal instead of the summary")
	for _, f := range []string{"deals", "jobs"} {
		_ = cmd.RegisterFlagCompletionFunc(f, cobra.NoFileCompletions)
	}
	cmd.AddCommand(newMergeCmd())
	return cmd
}

// parseDeals reads a range of seeds "A:B".
func parseDeals(s string) (first, last uint64, err error) {
	a, b, ok := strings.Cut(s, ":")
	if !ok {
		return 0, 0, fmt.Errorf("invalid --deals %s: want A:B, the first and the last seed, e.g. 0:99", quoteShort(s))
	}
	first, errA := protocol.ParseSeed(a)
	last, errB := protocol.ParseSeed(b)
	switch {
	case errA != nil || errB != nil:
		return 0, 0, fmt.Errorf("invalid --deals %s: A and B must be whole numbers from 0 to %d, e.g. 0:99", quoteShort(s), uint64(math.MaxUint64))
	case first > last:
		return 0, 0, fmt.Errorf("invalid --deals %s: the first seed is after the last; want A:B with A at most B, e.g. %d:%d", quoteShort(s), last, first)
	case last-first >= maxDeals:
		return 0, 0, fmt.Errorf("invalid --deals %s: that is more than %d deals; split the study into shards and merge them (see \"patience stats --help\")", quoteShort(s), maxDeals)
	}
	return first, last, nil
}

// statsRun solves a range of deals on several workers, all sharing one
// Rules (which is safe to share), each with its own states and its own
// interp.Solver, which keeps the memory of one search for the next: the
// workers share nothing they write, and allocate little for the
// collector to reclaim (its pauses stop them all).
type statsRun struct {
	rules       *interp.Rules
	ruleset     string
	first, last uint64
	jobs        int
	limits      interp.Limits
}

// solve solves every deal and calls emit with each result in seed order,
// holding back results that come early. It stops at the first error from
// emit, or when ctx is done.
func (run *statsRun) solve(ctx context.Context, emit func(dealResult) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	n := run.last - run.first + 1
	seeds := make(chan uint64)
	results := make(chan dealResult)
	var wg sync.WaitGroup
	hash := run.rules.Hash()
	for worker := range int(min(uint64(run.jobs), n)) {
		wg.Go(func() {
			s := run.rules.NewState()
			solver := run.rules.NewSolver()
			for seed := range seeds {
				run.rules.DealInto(s, seed)
				sol := solver.Solve(s, run.limits)
				d := dealResult{
					Ruleset: run.ruleset, RulesHash: hash, Seed: seed,
					Verdict: sol.Verdict.String(), Nodes: sol.Nodes, ElapsedMS: milliseconds(sol.Elapsed),
					MemoryBytes: sol.Memory, Worker: worker + 1, WorkerMemoryBytes: solver.Kept(),
					Stuck: stuckNames(run.rules, sol.Stuck),
				}
				select {
				case results <- d:
				case <-ctx.Done():
					return
				}
			}
		})
	}
	go func() {
		defer close(seeds)
		for i := range n {
			select {
			case seeds <- run.first + i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	// Results arrive in the order the deals finish; emit them in seed
	// order. At most jobs of them wait at a time.
	pending := map[uint64]dealResult{}
	next := run.first
	for {
		var d dealResult
		var ok bool
		select {
		case d, ok = <-results:
		case <-ctx.Done():
			// At once, not after the deals being searched (each may
			// take up to its --timeout): the workers stop with the
			// process.
			return ctx.Err()
		}
		if !ok {
			break
		}
		pending[d.Seed] = d
		for {
			d, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			if err := emit(d); err != nil {
				return err
			}
			next++
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return nil
}

// summary adds up deal results.
type summary struct {
	n                        int
	won, unwinnable, unknown int
	dead                     int      // unwinnable for cards that can never leave their piles
	unknownSeeds             []uint64 // the first seeds left unknown, in order (see seedList)
	nodes                    int
	peak                     int       // the most memory one search held
	kept                     []int     // the most memory each worker kept, by Worker-1
	merged                   bool      // from several runs: their workers are not the same
	times                    []float64 // milliseconds, one per deal
	minSeed, maxSeed         uint64
}

func (s *summary) add(d dealResult) {
	if s.n == 0 || d.Seed < s.minSeed {
		s.minSeed = d.Seed
	}
	if s.n == 0 || d.Seed > s.maxSeed {
		s.maxSeed = d.Seed
	}
	s.n++
	switch d.Verdict {
	case interp.Winnable.String():
		s.won++
	case interp.Unwinnable.String():
		s.unwinnable++
		if len(d.Stuck) > 0 {
			s.dead++
		}
	default:
		s.unknown++
		s.unknownSeeds = firstSeeds(s.unknownSeeds, d.Seed, shownSeeds)
	}
	s.nodes += d.Nodes
	s.peak = max(s.peak, d.MemoryBytes)
	if d.Worker > 0 && d.Worker <= maxJobs {
		for len(s.kept) < d.Worker {
			s.kept = append(s.kept, 0)
		}
		s.kept[d.Worker-1] = max(s.kept[d.Worker-1], d.WorkerMemoryBytes)
	}
	s.times = append(s.times, d.ElapsedMS)
}

// write prints the summary of a study.
func (s *summary) write(w io.Writer, ruleset string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	seeds := fmt.Sprintf("seeds %d to %d", s.minSeed, s.maxSeed)
	if s.minSeed == s.maxSeed {
		seeds = fmt.Sprintf("seed %d", s.minSeed)
	} else if s.maxSeed-s.minSeed+1 != uint64(s.n) {
		seeds += ", with gaps"
	}
	low, high := interp.Wilson(s.won, s.unknown, s.n)
	fmt.Fprintf(tw, "ruleset\t%s\n", ruleset)
	fmt.Fprintf(tw, "deals\t%d (%s)\n", s.n, seeds)
	fmt.Fprintf(tw, "won\t%d\n", s.won)
	if s.dead > 0 {
		fmt.Fprintf(tw, "unwinnable\t%d (%d of them without a search: cards that can never leave their piles)\n", s.unwinnable, s.dead)
	} else {
		fmt.Fprintf(tw, "unwinnable\t%d\n", s.unwinnable)
	}
	if s.unknown > 0 {
		fmt.Fprintf(tw, "unknown\t%d (%s)\n", s.unknown, seedList(s.unknownSeeds, s.unknown))
	} else {
		fmt.Fprintf(tw, "unknown\t0\n")
	}
	if s.unknown == s.n {
		// 0/n would read as a rate of nothing won, where nothing is known.
		fmt.Fprintf(tw, "win rate\tnot known: no deal was settled (a larger --nodes or --timeout searches further)\n")
	} else {
		fmt.Fprintf(tw, "win rate\t%d/%d = %s, 95 %% interval %s to %s (unknown deals counted both ways)\n",
			s.won, s.n, percent(float64(s.won)/float64(s.n)), percent(low), percent(high))
	}
	fmt.Fprintf(tw, "time\tmedian %s, mean %s per deal\n", formatMS(median(s.times)), formatMS(mean(s.times)))
	fmt.Fprintf(tw, "positions\t%d searched, %.0f per deal on average\n", s.nodes, float64(s.nodes)/float64(s.n))
	if s.peak > 0 {
		fmt.Fprintf(tw, "memory\tat most %s held by one search (one per job)\n", formatBytes(s.peak))
	}
	if len(s.kept) > 0 {
		most := slices.Max(s.kept)
		if s.merged {
			fmt.Fprintf(tw, "per job\tat most %s kept between deals\n", formatBytes(most))
		} else {
			each := make([]string, len(s.kept))
			for i, k := range s.kept {
				each[i] = formatBytes(k)
			}
			jobs := fmt.Sprintf("%d jobs", len(s.kept))
			if len(s.kept) == 1 {
				jobs = "1 job"
			}
			fmt.Fprintf(tw, "per job\tat most %s kept between deals (%s: %s)\n", formatBytes(most), jobs, strings.Join(each, ", "))
		}
	}
	return tw.Flush()
}

// shownSeeds is how many of the deals left unknown the summary names.
const shownSeeds = 8

// firstSeeds adds seed to the sorted seeds and keeps the first most of
// them: a study of a million deals keeps eight, not a million.
func firstSeeds(seeds []uint64, seed uint64, most int) []uint64 {
	i, _ := slices.BinarySearch(seeds, seed)
	seeds = slices.Insert(seeds, i, seed)
	return seeds[:min(len(seeds), most)]
}

// seedList names the first seeds of n, in order, so that a deal left
// unknown can be given a longer look: "seed 6", "seeds 3, 6 and 11",
// "seeds 1, 2, 3, 4, 5, 6, 7, 8 and 12 more".
func seedList(first []uint64, n int) string {
	if n == 1 && len(first) == 1 {
		return fmt.Sprintf("seed %d", first[0])
	}
	names := make([]string, len(first))
	for i, x := range first {
		names[i] = strconv.FormatUint(x, 10)
	}
	if n > len(first) {
		return fmt.Sprintf("seeds %s and %d more", strings.Join(names, ", "), n-len(first))
	}
	return fmt.Sprintf("seeds %s and %s", strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

// formatBytes writes a size the way --memory reads it.
func formatBytes(n int) string {
	switch {
	case n >= 10<<20:
		return fmt.Sprintf("%d MiB", (n+1<<19)>>20)
	case n >= 10<<10:
		return fmt.Sprintf("%d KiB", (n+1<<9)>>10)
	}
	if n == 1 {
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}

func percent(p float64) string {
	return strconv.FormatFloat(100*p, 'f', 1, 64) + " %"
}

func formatMS(ms float64) string {
	return formatDuration(time.Duration(ms * float64(time.Millisecond)))
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	total := 0.0
	for _, x := range xs {
		total += x
	}
	return total / float64(len(xs))
}

// progressBar shows on a terminal how far stats has got.
type progressBar struct {
	w     io.Writer
	total uint64
	start time.Time
	last  time.Time
}

func newProgressBar(w io.Writer, total uint64) *progressBar {
	b := &progressBar{w: w, total: total, start: time.Now()}
	b.draw(&summary{})
	return b
}

// update redraws the bar, at most ten times a second and once at the end.
func (b *progressBar) update(s *summary) {
	if b == nil {
		return
	}
	if now := time.Now(); now.Sub(b.last) >= 100*time.Millisecond || uint64(s.n) == b.total {
		b.draw(s)
	}
}

// draw writes the bar on one line of the terminal as wide as it is now: a
// line that wrapped would leave a copy on the screen at every redraw.
func (b *progressBar) draw(s *summary) {
	b.last = time.Now()
	cols := 80
	if w := terminalWidth(b.w); w > 0 {
		cols = w
	}
	text := fmt.Sprintf("%d/%d deals  won %d  unwinnable %d  unknown %d  %s",
		s.n, b.total, s.won, s.unwinnable, s.unknown, time.Since(b.start).Round(time.Second))
	if width := min(30, cols-1-len(text)-3); width >= 5 {
		filled := int(uint64(width) * uint64(s.n) / b.total)
		text = "[" + strings.Repeat("#", filled) + strings.Repeat(".", width-filled) + "] " + text
	}
	if len(text) > cols-1 {
		text = text[:max(cols-1, 0)] // ASCII only
	}
	fmt.Fprintf(b.w, "\r%s\x1b[K", text)
}

// clear takes the bar off the screen.
func (b *progressBar) clear() {
	if b != nil {
		fmt.Fprint(b.w, "\r\x1b[K")
	}
}

func newMergeCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "merge FILE...",
		Short: "Add up the results of stats --json runs into one summary",
		Long: `Read files of JSON lines written by "patience stats --json", typically shards
of one study over different deals, and print the summary of them all, as
stats prints it. "-" reads standard input. The files must be for one
ruleset, solved under the same rules (a file named by another path, or
copied, is the same ruleset when its rules are: their hash says so), and
no seed may appear twice.

A large study sharded over four processes with GNU parallel:

  parallel -j4 'patience stats NAME --deals {}:$(({}+249)) --json > part{}.jsonl' ::: 0 250 500 750
  patience stats merge part*.jsonl`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return errors.New(`stats merge needs the files to merge, e.g. patience stats merge part*.jsonl`)
			}
			return nil
		},
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return []string{"jsonl", "json"}, cobra.ShellCompDirectiveFilterFileExt
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			m := &merger{seen: map[uint64]string{}, sum: summary{merged: true}}
			named := map[string]bool{}
			for _, path := range args {
				// The same file twice would count each deal twice; say
				// so plainly (it said a seed was already at the same line).
				clean := filepath.Clean(path)
				if named[clean] && path != "-" {
					return fmt.Errorf("%s is named twice: each file is merged once", path)
				}
				named[clean] = true
				if err := m.readFile(path, cmd.InOrStdin()); err != nil {
					return err
				}
			}
			if m.sum.n == 0 {
				names := slices.Clone(args)
				for i, a := range names {
					if a == "-" {
						names[i] = "standard input"
					}
				}
				return fmt.Errorf("no results in %s", strings.Join(names, ", "))
			}
			return m.sum.write(cmd.OutOrStdout(), m.ruleset)
		},
	}
}

// merger adds up result files, checking that they belong together.
type merger struct {
	sum       summary
	ruleset   string
	rulesHash string
	from      string            // where the ruleset was first seen
	seen      map[uint64]string // where each seed was seen
}

// maxResultLine bounds one line of a results file.
const maxResultLine = 64 << 10

func (m *merger) readFile(path string, stdin io.Reader) error {
	var r io.Reader
	name := path
	if path == "-" {
		r, name = stdin, "standard input"
	} else {
		f, err := os.Open(path)
		if err != nil {
			return fileError(path, err)
		}
		defer f.Close()
		if fi, err := f.Stat(); err == nil && fi.IsDir() {
			return fmt.Errorf("cannot read %s: is a directory", path)
		}
		r = f
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxResultLine)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if line == 1 {
			text = strings.TrimPrefix(text, "\uFEFF") // the byte-order mark an editor may put first
		}
		if text == "" {
			continue
		}
		where := fmt.Sprintf("%s:%d", name, line)
		d, err := decodeResult(text)
		if err != nil {
			return fmt.Errorf("%s: %v", where, err)
		}
		if err := m.add(d, where); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("%s:%d: line longer than %d bytes: not a result of \"patience stats --json\"", name, line+1, maxResultLine)
		}
		return fileError(path, err)
	}
	return nil
}

// decodeResult reads one line of stats --json.
func decodeResult(text string) (dealResult, error) {
	const what = `not a result line of "patience stats --json"`
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &raw); err != nil {
		return dealResult{}, fmt.Errorf("%s: %s", what, store.JSONMessage(err))
	}
	for _, f := range []string{"ruleset", "seed", "verdict"} {
		if _, ok := raw[f]; !ok {
			return dealResult{}, fmt.Errorf("%s: it has no %q field", what, f)
		}
	}
	var d dealResult
	if err := json.Unmarshal([]byte(text), &d); err != nil {
		return dealResult{}, fmt.Errorf("%s: %s", what, store.JSONMessage(err))
	}
	switch d.Verdict {
	case interp.Winnable.String(), interp.Unwinnable.String(), interp.Unknown.String():
	default:
		return dealResult{}, fmt.Errorf("unknown verdict %s: want won, unwinnable or unknown", quoteShort(d.Verdict))
	}
	// What one search can be: a study adds these up, so a value no search
	// could give would make nonsense of the totals.
	const maxElapsedMS = 1e12 // 30 years
	const maxMemory = 1 << 50 // a pebibyte
	switch {
	case d.MemoryBytes < 0 || d.MemoryBytes > maxMemory || d.WorkerMemoryBytes < 0 || d.WorkerMemoryBytes > maxMemory:
		return dealResult{}, fmt.Errorf("memory_bytes and worker_memory_bytes must be from 0 to %d (1 PiB)", maxMemory)
	case d.Nodes < 0 || d.ElapsedMS < 0:
		return dealResult{}, errors.New("nodes and elapsed_ms cannot be negative")
	case d.Nodes > 1<<53 || d.ElapsedMS > maxElapsedMS || math.IsNaN(d.ElapsedMS):
		return dealResult{}, fmt.Errorf("nodes or elapsed_ms larger than any search: %d positions, %g ms", d.Nodes, d.ElapsedMS)
	case d.Ruleset == "":
		return dealResult{}, errors.New(`an empty "ruleset"`)
	case d.Worker < 0 || d.Worker > maxJobs:
		return dealResult{}, fmt.Errorf("worker %d: a job is numbered from 1 to %d (0 in results older than jobs)", d.Worker, maxJobs)
	case len(d.RulesHash) > 64 || strings.Trim(d.RulesHash, "0123456789abcdef") != "":
		return dealResult{}, fmt.Errorf("rules_hash %s is not a hash: hex digits, as stats --json writes it", quoteShort(d.RulesHash))
	case len(d.Stuck) > 0 && d.Verdict != interp.Unwinnable.String():
		return dealResult{}, fmt.Errorf("stuck cards, but the verdict is %s", d.Verdict)
	}
	return d, nil
}

func (m *merger) add(d dealResult, where string) error {
	switch {
	case m.sum.n == 0:
		m.ruleset, m.rulesHash, m.from = d.Ruleset, d.RulesHash, where
	case d.Ruleset != m.ruleset && (d.RulesHash == "" || d.RulesHash != m.rulesHash):
		// The same rules under another name (a file given by another
		// path, or copied) are the same ruleset: their hash says so.
		return fmt.Errorf("%s: ruleset %s, but %s is %s: merge the results of one ruleset at a time",
			where, quoteShort(d.Ruleset), m.from, quoteShort(m.ruleset))
	case d.RulesHash != m.rulesHash:
		return fmt.Errorf("%s: %s was solved under other rules than at %s (rules_hash %s, not %s): the rule file changed between the runs",
			where, quoteShort(d.Ruleset), m.from, quoteShort(d.RulesHash), quoteShort(m.rulesHash))
	}
	if at, ok := m.seen[d.Seed]; ok {
		return fmt.Errorf("%s: seed %d is already at %s: shards must cover different deals", where, d.Seed, at)
	}
	m.seen[d.Seed] = where
	m.sum.add(d)
	return nil
}
