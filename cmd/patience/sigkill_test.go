package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/cmd/patience/internal/store"
	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets"
)

// TestSigkill kills line mode with SIGKILL, the one signal a program cannot
// catch, right after sending it a move: the save must still read back and
// load, with at most the move in flight lost, and nothing left behind that
// could confuse the next run, which goes on from it.
func TestSigkill(t *testing.T) {
	switch runtime.GOOS {
	case "windows", "plan9", "js", "wasip1":
		t.Skip("needs SIGKILL")
	}
	// testscript.Main has put the patience command, this test binary under
	// that name, first in $PATH.
	bin, err := exec.LookPath("patience")
	require.NoError(t, err)
	home := t.TempDir()
	st := &store.Store{Dir: home}
	path := st.SavePath("precedence", 5)
	src, _ := rulesets.Source("precedence")
	game, err := check.Source("precedence.patience", src)
	require.NoError(t, err)
	rules := interp.Compile(game)

	// N moves, each waited for until the save holds it; then one more,
	// killed at once.
	const n = 10
	p := start(t, bin, home, "play", "precedence", "--seed", "5", "--plain")
	for i := 1; i <= n; i++ {
		p.send("deal")
		waitForMoves(t, path, i)
	}
	p.send("deal")
	p.kill()
	got := checkSave(t, st, rules, path)
	assert.Contains(t, []int{n, n + 1}, got, "at most the move in flight is lost")

	// The next run goes on from the save. This time many moves go at once
	// and the kill falls wherever it falls, maybe in the middle of a write.
	p = start(t, bin, home, "play", "--resume", path, "--plain")
	for range 30 {
		p.send("deal")
	}
	time.Sleep(time.Duration(time.Now().UnixNano()%20) * time.Millisecond)
	p.kill()
	again := checkSave(t, st, rules, path)
	assert.GreaterOrEqual(t, again, got, "nothing saved before is lost")
	assert.LessOrEqual(t, again, got+30)
}

type process struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stderr syncBuffer
}

// syncBuffer is a buffer a test may read while the process writes to it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func start(t *testing.T, bin, home string, args ...string) *process {
	t.Helper()
	p := &process{t: t, cmd: exec.Command(bin, args...)}
	p.cmd.Env = append(os.Environ(), store.HomeEnv+"="+home)
	p.cmd.Stderr = &p.stderr
	var err error
	p.stdin, err = p.cmd.StdinPipe()
	require.NoError(t, err)
	require.NoError(t, p.cmd.Start())
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.kill()
		}
	})
	return p
}

func (p *process) send(line string) {
	p.t.Helper()
	_, err := fmt.Fprintln(p.stdin, line)
	require.NoError(p.t, err)
}

// kill sends SIGKILL and waits for the process to be gone.
func (p *process) kill() {
	p.t.Helper()
	require.NoError(p.t, p.cmd.Process.Kill())
	err := p.cmd.Wait()
	var exit *exec.ExitError
	require.ErrorAs(p.t, err, &exit, "stderr: %s", p.stderr.String())
	assert.False(p.t, exit.Exited(), "killed, not exited by itself: %s", p.stderr.String())
}

// waitForMoves waits, for at most five seconds, until the save at path
// holds n moves.
func waitForMoves(t *testing.T, path string, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		sv, err := store.Read(path)
		if err == nil && len(sv.Moves) == n {
			return
		}
		if time.Now().After(deadline) {
			require.FailNow(t, "the save does not hold the move", "want %d moves; read: %v", n, err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// checkSave asserts that the save reads back, loads, and may be written
// over by the next run, with no file beside it but, perhaps, the temporary
// file of a write that was cut short, which the store passes over. It
// returns the number of moves saved.
func checkSave(t *testing.T, st *store.Store, rules *interp.Rules, path string) int {
	t.Helper()
	sv, err := store.Read(path)
	require.NoError(t, err)
	g, err := rules.Load(sv.Position)
	require.NoError(t, err)
	require.NoError(t, st.Check("precedence", 5, rules))
	latest, ok := st.Latest("precedence")
	require.True(t, ok)
	assert.Equal(t, sv.Moves, latest.Moves)
	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	for _, e := range entries {
		if e.Name() != "precedence-5.json" {
			assert.True(t, store.IsTemp(e.Name()), "a file the store would not pass over: %s", e.Name())
		}
	}
	return len(g.History())
}
