package protocol

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A seed is read the same wherever one is given (the command line's
// --seed and --deals, the playground's seed box): a whole number in
// decimal, a plus sign before it or spaces around it allowed.
func TestParseSeed(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want uint64
		err  bool
	}{
		{"0", 0, false},
		{"42", 42, false},
		{" 7 ", 7, false},
		{"+5", 5, false},
		{" +5", 5, false},
		{"007", 7, false},
		{"18446744073709551615", 18446744073709551615, false},
		{"18446744073709551616", 0, true},
		{"-1", 0, true},
		{"-0", 0, true},
		{"+", 0, true},
		{"++5", 0, true},
		{"+ 5", 0, true},
		{"+-5", 0, true},
		{"5 6", 0, true},
		{"1e3", 0, true},
		{"0x10", 0, true},
		{"1_000", 0, true},
		{"", 0, true},
	} {
		got, err := ParseSeed(tc.in)
		if tc.err {
			require.Error(t, err, tc.in)
			assert.Equal(t, `invalid seed "`+tc.in+`": want a whole number from 0 to 18446744073709551615`, err.Error())
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
}

// A seed that cannot be read is echoed cut short: a link with a seed of
// 400 digits echoed them all, past the edge of the page.
func TestParseSeedEchoesShort(t *testing.T) {
	_, err := ParseSeed(strings.Repeat("9", 400))
	require.Error(t, err)
	assert.Equal(t, `invalid seed "`+strings.Repeat("9", 40)+`…": want a whole number from 0 to 18446744073709551615`, err.Error())
}
