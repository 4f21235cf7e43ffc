package cli

import (
	"context"
	"fmt"
	"math"
	"runtime/metrics"
	"syscall"
	"testing"
	"time"

	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets/builtin"
)

// BenchmarkStatsJobs solves the same deals with 1 and with 2 jobs and
// reports deals per wall second and per CPU second (user and system, the
// whole process), and what could make jobs wait on each other: the share
// of the CPU spent on garbage collection, the time goroutines waited on
// locks, and the mean time a runnable goroutine waited for a CPU (which on
// a busy machine is where the other processes show). On idle cores the
// wall rate with 2 jobs should be near twice that with 1, and the CPU
// rate the same. One op is one run of all the deals.
func BenchmarkStatsJobs(b *testing.B) {
	game, ok := builtin.Game("klondike")
	if !ok {
		b.Fatal("no klondike")
	}
	r := interp.Compile(game)
	const deals = 200
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			run := &statsRun{rules: r, ruleset: "klondike", first: 1, last: deals, jobs: jobs, limits: interp.Limits{Nodes: 20_000}}
			before, cpu0 := readMetrics(), processCPU()
			start := time.Now()
			for b.Loop() {
				if err := run.solve(context.Background(), func(dealResult) error { return nil }); err != nil {
					b.Fatal(err)
				}
			}
			wall, cpu := time.Since(start).Seconds(), (processCPU() - cpu0).Seconds()
			after := readMetrics()
			n := float64(b.N * deals)
			b.ReportMetric(n/wall, "deals/s")
			b.ReportMetric(n/cpu, "deals/cpu-s")
			b.ReportMetric(cpu/wall, "cpus")
			b.ReportMetric(100*(after.gc-before.gc)/cpu, "gc-%")
			b.ReportMetric(1000*(after.mutex-before.mutex)/float64(b.N), "lock-wait-ms/op")
			b.ReportMetric(1e6*schedLatency(before.sched, after.sched), "runnable-wait-µs")
		})
	}
}

type runMetrics struct {
	gc, mutex float64
	sched     *metrics.Float64Histogram
}

func readMetrics() runMetrics {
	s := []metrics.Sample{{Name: "/cpu/classes/gc/total:cpu-seconds"}, {Name: "/sync/mutex/wait/total:seconds"}, {Name: "/sched/latencies:seconds"}}
	metrics.Read(s)
	return runMetrics{gc: s[0].Value.Float64(), mutex: s[1].Value.Float64(), sched: s[2].Value.Float64Histogram()}
}

// schedLatency is the mean time a goroutine waited runnable between two
// readings of the histogram, from its buckets' midpoints.
func schedLatency(a, b *metrics.Float64Histogram) float64 {
	var n, sum float64
	for i := range b.Counts {
		c := float64(b.Counts[i] - a.Counts[i])
		lo, hi := b.Buckets[i], b.Buckets[i+1]
		if math.IsInf(lo, -1) {
			lo = 0
		}
		if math.IsInf(hi, 1) {
			hi = lo
		}
		n, sum = n+c, sum+c*(lo+hi)/2
	}
	if n == 0 {
		return 0
	}
	return sum / n
}

func processCPU() time.Duration {
	var u syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
