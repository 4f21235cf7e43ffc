package cli

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/cmd/patience/internal/store"
)

func TestParseSeed(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want uint64
		err  bool
	}{
		{"0", 0, false},
		{"42", 42, false},
		{" 7 ", 7, false},
		{"18446744073709551615", 18446744073709551615, false},
		{"18446744073709551616", 0, true},
		{"-1", 0, true},
		{"1e3", 0, true},
		{"0x10", 0, true},
		{"", 0, true},
	} {
		got, err := parseSeed(tc.in)
		if tc.err {
			require.Error(t, err, tc.in)
			assert.Equal(t, `invalid seed "`+tc.in+`": want a whole number from 0 to 18446744073709551615`, err.Error())
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
}

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
