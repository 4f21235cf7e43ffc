package tui

import (
	"context"
	"io"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/cmd/patience/internal/store"
	"github.com/patience-dev/patience/rulesets"
)

// A game stopped from outside (a signal, or the context of the caller
// cancelled) is saved as it stands, with the time played since its last
// move: the autosave after each move alone would lose that time.
func TestStoppedGameKeepsItsTime(t *testing.T) {
	dir := t.TempDir()
	var mu sync.Mutex
	now := testStart
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	g, key, err := testLoad("plot")
	require.NoError(t, err)
	seed := uint64(3)
	cfg := Config{
		Game: g, Key: key, Seed: &seed,
		ASCII: true, Dir: dir, Builtins: rulesets.Names(), Load: testLoad,
		NewSeed: func() uint64 { return 99 }, Now: clock,
	}
	in, keys := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, in, io.Discard) }()

	st := &store.Store{Dir: dir}
	_, err = keys.Write([]byte("d")) // deal: the first move, saved at once
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		_, err := os.Stat(st.SavePath("plot", 3))
		return err == nil
	}, 5*time.Second, 10*time.Millisecond)
	mu.Lock()
	now = now.Add(40 * time.Second)
	mu.Unlock()
	cancel()
	select {
	case err := <-done:
		assert.ErrorIs(t, err, context.Canceled)
	case <-time.After(5 * time.Second):
		t.Fatal("the game did not stop")
	}
	keys.Close()
	sv, err := st.Load("plot", 3)
	require.NoError(t, err)
	assert.Equal(t, []string{"deal"}, sv.Moves)
	assert.Equal(t, int64(40000), sv.ElapsedMS, "the 40 s since the deal are kept")
}
