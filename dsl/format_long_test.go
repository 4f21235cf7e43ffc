package dsl_test

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl"
)

// longGame is a game with a long condition of n tests and a run of n
// comment lines: what a generated or pasted file may hold.
func longGame(n int) []byte {
	var b strings.Builder
	b.WriteString("game \"Long\" {\n  foundation f[4] { base A; build up same-suit; holds 13 }\n  tableau t[4] { to f }\n")
	for range n {
		b.WriteString("  # a comment\n")
	}
	b.WriteString("  deal { 13 to each t }\n  win when all cards in f")
	for range n {
		b.WriteString(" and f1 is started")
	}
	b.WriteString("\n}\n")
	return []byte(b.String())
}

// TestFormatIsLinear: formatting four times the text allocates about four
// times the memory, not sixteen (a long line was once built by adding to a
// string, a copy per token). Allocation counts, unlike time, do not depend
// on the machine.
func TestFormatIsLinear(t *testing.T) {
	alloc := func(n int) uint64 {
		src := longGame(n)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := dsl.Format("long.patience", src)
		runtime.ReadMemStats(&after)
		require.NoError(t, err)
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := alloc(2000), alloc(8000)
	assert.Less(t, float64(large)/float64(small), 8.0, "formatting 4x the text allocated %d bytes against %d", large, small)
}

// BenchmarkFormatLong reports the time to format a long file per line of it.
func BenchmarkFormatLong(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		src := longGame(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := dsl.Format("long.patience", src); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(2*n), "ns/line")
		})
	}
}
