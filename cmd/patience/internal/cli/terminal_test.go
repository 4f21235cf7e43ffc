package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/cmd/patience/internal/store"
)

// hostile is text an attacker would put in a file to drive the terminal of
// whoever opens it: set the window title, clear the screen, reorder text.
const hostile = "\x1b]0;PWNED\x07\x1b[2J\u202e\u009b"

func TestSafeWriterEscapesControls(t *testing.T) {
	var b bytes.Buffer
	w := newSafeWriter(&b)
	n, err := w.Write([]byte("ok " + hostile + "\tend\n"))
	require.NoError(t, err)
	assert.Equal(t, len("ok "+hostile+"\tend\n"), n)
	assert.Equal(t, `ok \u001b]0;PWNED\u0007\u001b[2J\u202e\u009b`+"\tend\n", b.String())

	// A byte that is not UTF-8 (0x9b is CSI to an 8-bit terminal) is
	// replaced.
	b.Reset()
	_, err = w.Write([]byte("a\x9b[2Jb"))
	require.NoError(t, err)
	assert.Equal(t, "a\uFFFD[2Jb", b.String())

	// A character split between writes comes out whole.
	b.Reset()
	card := []byte("10♠")
	for _, c := range card {
		_, err := w.Write([]byte{c})
		require.NoError(t, err)
	}
	assert.Equal(t, "10♠", b.String())
}

// TestNothingRawReachesTheTerminal feeds control characters through every
// way text gets in — a rule file, typed commands, a replay file, a save —
// and requires that none comes out on standard output or standard error.
func TestNothingRawReachesTheTerminal(t *testing.T) {
	home := t.TempDir()
	t.Setenv(store.HomeEnv, home)
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	rules := write("evil.patience", "game \"X"+hostile+"\" { }\n")
	escaped := write("escaped.patience", `game "X\x1b]0;PWNED\x07" { }`+"\n")
	replay := write("evil.txt", "deal\nt1 "+hostile+"\n")
	save := write("evil.json", `{"ruleset":"precedence`+strings.ReplaceAll(hostile, "\x1b", `\u001b`)+`","seed":1,"moves":["x\u001b]0;T\u0007"]}`)

	for _, c := range []struct {
		args  []string
		stdin string
	}{
		{[]string{"validate", rules}, ""},
		{[]string{"validate", escaped}, ""},
		{[]string{"validate", "--json", escaped}, ""},
		{[]string{"show", escaped}, ""},
		{[]string{"play", "precedence", "--seed", "1", "--replay", replay}, ""},
		{[]string{"play", "--replay", save}, ""},
		{[]string{"play", "precedence", "--seed", "1"}, "t1 " + hostile + "\n" + hostile + "\nquit\n"},
		{[]string{"play", "precedence", "--seed", "1", "--json"}, `{"move":"` + strings.ReplaceAll(hostile, "\x1b", `\u001b`) + "\x7f\"}\n" + hostile + "\n"},
		{[]string{"play", "precedence" + hostile}, ""},
		{[]string{"solve", hostile}, ""},
	} {
		var out, errOut bytes.Buffer
		Run(context.Background(), c.args, strings.NewReader(c.stdin), &out, &errOut)
		for name, s := range map[string]string{"stdout": out.String(), "stderr": errOut.String()} {
			for _, bad := range []string{"\x1b", "\x07", "\u202e", "\u009b", "\x9b"} {
				assert.NotContains(t, s, bad, "%v: %s holds %q:\n%s", c.args, name, bad, s)
			}
		}
		assert.NotEmpty(t, out.String()+errOut.String(), "%v says nothing", c.args)
		if slices.Contains(c.args, "--json") && !json.Valid(out.Bytes()) {
			for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
				assert.True(t, json.Valid([]byte(line)), "%v: escaping broke the JSON: %s", c.args, line)
			}
		}
	}
}

// TestDevNullIsNoTerminal: /dev/null is a character device but no
// terminal, so `play < /dev/null` runs in line mode, not full screen.
func TestDevNullIsNoTerminal(t *testing.T) {
	f, err := os.Open(os.DevNull)
	require.NoError(t, err)
	defer f.Close()
	assert.False(t, isTerminal(f))
	assert.False(t, isTerminal(&safeWriter{w: f}), "through the escaping writer too")
}
