package main

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/cmd/patience/internal/store"
)

// TestSigterm stops line mode with SIGTERM while it waits for a command:
// it saves the game, says where on stderr, and exits with 143 (128+15),
// as a shell reports a process the signal ended.
func TestSigterm(t *testing.T) {
	switch runtime.GOOS {
	case "windows", "plan9", "js", "wasip1":
		t.Skip("needs SIGTERM")
	}
	bin, err := exec.LookPath("patience")
	require.NoError(t, err)

	t.Run("a game in progress", func(t *testing.T) {
		home := t.TempDir()
		path := (&store.Store{Dir: home}).SavePath("precedence", 5)
		p := start(t, bin, home, "play", "precedence", "--seed", "5", "--plain")
		p.send("deal")
		p.send("deal")
		waitForMoves(t, path, 2)
		assert.Equal(t, 143, p.terminate())
		assert.Equal(t, "saving to "+path+"\npatience: terminated; the game is saved to "+path+"\n", p.stderr.String())
		sv, err := store.Read(path)
		require.NoError(t, err)
		assert.Equal(t, []string{"deal", "deal"}, sv.Moves)
		assert.True(t, sv.Counted)
	})

	t.Run("no move yet", func(t *testing.T) {
		home := t.TempDir()
		p := start(t, bin, home, "play", "precedence", "--seed", "5", "--plain")
		waitFor(t, p, "saving to ")
		assert.Equal(t, 143, p.terminate())
		assert.True(t, strings.HasSuffix(p.stderr.String(), "\npatience: terminated\n"), p.stderr.String())
	})

	t.Run("during a hint", func(t *testing.T) {
		// The second hint in a position the first could not settle looks
		// for 3 s; the signal ends it at once, with no hint said.
		home := t.TempDir()
		var stdout syncBuffer
		p := startWith(t, &stdout, bin, home, "play", "spider", "--seed", "1", "--plain")
		p.send("deal")
		p.send("hint")
		deadline := time.Now().Add(5 * time.Second)
		for !strings.Contains(stdout.String(), "ask again to look longer") && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		require.Contains(t, stdout.String(), "ask again to look longer", "the first hint found no proof")
		p.send("hint")
		time.Sleep(300 * time.Millisecond)
		assert.Equal(t, 143, p.terminate())
		assert.NotContains(t, stdout.String(), "either", "the hint ran on after the signal")
		assert.Contains(t, p.stderr.String(), "patience: terminated; the game is saved to ")
	})

	t.Run("stats", func(t *testing.T) {
		// Deals that take their whole 10 s each: the signal stops the
		// study at once, and says that nothing was settled. With --json,
		// the lines written are said to be the first deals.
		for _, json := range []bool{false, true} {
			home := t.TempDir()
			var stdout syncBuffer
			args := []string{"stats", "spider", "--deals", "1:50", "--timeout", "10s", "--jobs", "1"}
			if json {
				args = append(args, "--json")
			}
			p := startWith(t, &stdout, bin, home, args...)
			time.Sleep(300 * time.Millisecond)
			assert.Equal(t, 143, p.terminate())
			assert.Equal(t, "patience: terminated; no deal was settled\n", p.stderr.String())
			assert.Empty(t, stdout.String())
		}
		home := t.TempDir()
		var stdout syncBuffer
		p := startWith(t, &stdout, bin, home, "stats", "golf", "--deals", "1:100000", "--jobs", "1", "--json")
		deadline := time.Now().Add(5 * time.Second)
		for strings.Count(stdout.String(), "\n") < 3 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		assert.Equal(t, 143, p.terminate())
		lines := strings.Count(stdout.String(), "\n")
		assert.Regexp(t, `^patience: terminated; the lines written are the first [0-9]+ of the 100000 deals, seeds 1 to [0-9]+\n$`, p.stderr.String())
		assert.Contains(t, p.stderr.String(), " the first "+strconv.Itoa(lines)+" of ")
	})

	t.Run("the protocol", func(t *testing.T) {
		home := t.TempDir()
		var stdout syncBuffer
		p := startWith(t, &stdout, bin, home, "play", "precedence", "--seed", "5", "--json")
		p.send("deal")
		deadline := time.Now().Add(5 * time.Second)
		for strings.Count(stdout.String(), "\n") < 2 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		assert.Equal(t, 143, p.terminate())
		assert.Equal(t, "patience: terminated\n", p.stderr.String())
	})
}

// startWith starts the command as start does, its stdout written to out.
func startWith(t *testing.T, out *syncBuffer, bin, home string, args ...string) *process {
	t.Helper()
	p := &process{t: t, cmd: exec.Command(bin, args...)}
	p.cmd.Env = append(os.Environ(), store.HomeEnv+"="+home)
	p.cmd.Stdout, p.cmd.Stderr = out, &p.stderr
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

// terminate sends SIGTERM and returns the exit code.
func (p *process) terminate() int {
	p.t.Helper()
	require.NoError(p.t, p.cmd.Process.Signal(syscall.SIGTERM))
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		var exit *exec.ExitError
		if err == nil {
			return 0
		}
		require.True(p.t, errors.As(err, &exit), "%v", err)
		require.True(p.t, exit.Exited(), "ended by the signal, not exited: %s", p.stderr.String())
		return exit.ExitCode()
	case <-time.After(5 * time.Second):
		require.FailNow(p.t, "still running 5s after SIGTERM", p.stderr.String())
		return -1
	}
}

// waitFor waits, for at most five seconds, until stderr holds text.
func waitFor(t *testing.T, p *process, text string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(p.stderr.String(), text) {
		if time.Now().After(deadline) {
			require.FailNow(t, "not said on stderr", "want %q; have %q", text, p.stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}
