package tui

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/patience-dev/patience/interp"
)

// HomeEnv names the environment variable that moves the directory where
// games in progress and statistics are kept, for tests and portable setups.
const HomeEnv = "PATIENCE_HOME"

// maxSaveSize bounds a file read back from the store: far above any real
// position, low enough that a stray file is refused rather than read whole.
const maxSaveSize = 16 << 20

// DefaultDir is where games in progress and statistics are kept:
// $PATIENCE_HOME if set, else patience/ in the user's config directory.
func DefaultDir() (string, error) {
	if d := os.Getenv(HomeEnv); d != "" {
		return d, nil
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no directory to keep games in: %v; set %s", err, HomeEnv)
	}
	return filepath.Join(d, "patience"), nil
}

// Store keeps games in progress, one file per ruleset and seed under
// saves/, and the player's statistics in stats.json. A ruleset is known by
// its key: a built-in name, or the absolute path of a rule file.
type Store struct {
	Dir string
}

// Saved is a game in progress as written to disk: the position, in the
// format "patience play --resume" reads, and what the terminal game adds.
type Saved struct {
	*interp.Position
	ElapsedMS int64  `json:"elapsed_ms"`
	Counted   bool   `json:"counted,omitempty"` // counted as played in the statistics
	Result    string `json:"result,omitempty"`  // "won" or "lost" once counted so
}

// Elapsed is the time played so far.
func (s *Saved) Elapsed() time.Duration { return time.Duration(s.ElapsedMS) * time.Millisecond }

// Stats are one ruleset's statistics.
type Stats struct {
	Played     int `json:"played"`
	Won        int `json:"won"`
	Streak     int `json:"streak"` // wins in a row, up to now
	BestStreak int `json:"best_streak"`
}

type statsFile struct {
	Format   int              `json:"format"`
	Rulesets map[string]Stats `json:"rulesets"`
}

// fileKey turns a ruleset key into a file name part: a built-in name as it
// is, a path as its base name and a hash of the whole path, so that two
// files of the same name do not share saves.
func fileKey(key string) string {
	if !strings.ContainsAny(key, `/\`) && !strings.HasSuffix(key, ".patience") {
		return sanitize(key)
	}
	h := fnv.New32a()
	h.Write([]byte(key))
	base := strings.TrimSuffix(filepath.Base(key), ".patience")
	return fmt.Sprintf("%s-%08x", sanitize(base), h.Sum32())
}

func sanitize(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "_"
	}
	return b.String()
}

func (st *Store) savesDir() string { return filepath.Join(st.Dir, "saves") }

// SavePath is the file that keeps the game of ruleset key and seed.
func (st *Store) SavePath(key string, seed uint64) string {
	return filepath.Join(st.savesDir(), fileKey(key)+"-"+strconv.FormatUint(seed, 10)+".json")
}

// Save writes a game in progress, atomically.
func (st *Store) Save(key string, sv *Saved) error {
	data, err := json.MarshalIndent(sv, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(st.savesDir(), 0o755); err != nil {
		return storeError(err)
	}
	return storeError(writeFileAtomic(st.SavePath(key, sv.Seed), append(data, '\n')))
}

// Remove deletes the saved game of key and seed, if there is one.
func (st *Store) Remove(key string, seed uint64) error {
	err := os.Remove(st.SavePath(key, seed))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return storeError(err)
}

// Load reads the saved game of key and seed.
func (st *Store) Load(key string, seed uint64) (*Saved, error) {
	return readSaved(st.SavePath(key, seed))
}

func readSaved(path string) (*Saved, error) {
	data, err := readLimited(path)
	if err != nil {
		return nil, err
	}
	sv := &Saved{}
	if err := json.Unmarshal(data, sv); err != nil {
		return nil, fmt.Errorf("%s: not a saved game: %v", path, err)
	}
	if sv.Position == nil {
		return nil, fmt.Errorf("%s: not a saved game", path)
	}
	return sv, nil
}

// Latest finds the most recently saved game of key still being played.
func (st *Store) Latest(key string) (*Saved, bool) {
	entries, err := os.ReadDir(st.savesDir())
	if err != nil {
		return nil, false
	}
	prefix := fileKey(key) + "-"
	var best *Saved
	var bestTime time.Time
	for _, e := range entries {
		name := e.Name()
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok || !strings.HasSuffix(rest, ".json") {
			continue
		}
		// The rest must be only the seed: "plot-3.json", not "plot-x-3.json".
		if _, err := strconv.ParseUint(strings.TrimSuffix(rest, ".json"), 10, 64); err != nil {
			continue
		}
		info, err := e.Info()
		if err != nil || (best != nil && !info.ModTime().After(bestTime)) {
			continue
		}
		sv, err := readSaved(filepath.Join(st.savesDir(), name))
		if err != nil || sv.Status != interp.Playing.String() {
			continue
		}
		best, bestTime = sv, info.ModTime()
	}
	return best, best != nil
}

// Stats reads every ruleset's statistics. A missing file is no statistics.
func (st *Store) Stats() (map[string]Stats, error) {
	data, err := readLimited(filepath.Join(st.Dir, "stats.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]Stats{}, nil
	}
	if err != nil {
		return map[string]Stats{}, err
	}
	var f statsFile
	if err := json.Unmarshal(data, &f); err != nil {
		return map[string]Stats{}, fmt.Errorf("%s: %v", filepath.Join(st.Dir, "stats.json"), err)
	}
	if f.Rulesets == nil {
		f.Rulesets = map[string]Stats{}
	}
	return f.Rulesets, nil
}

// UpdateStats changes one ruleset's statistics and writes them back.
func (st *Store) UpdateStats(key string, change func(*Stats)) error {
	all, err := st.Stats()
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		// A damaged file is replaced rather than blocking every game.
		all = map[string]Stats{}
	}
	s := all[key]
	change(&s)
	all[key] = s
	data, err := json.MarshalIndent(statsFile{Format: 1, Rulesets: all}, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(st.Dir, 0o755); err != nil {
		return storeError(err)
	}
	return storeError(writeFileAtomic(filepath.Join(st.Dir, "stats.json"), append(data, '\n')))
}

func readLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSaveSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxSaveSize {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, maxSaveSize)
	}
	return data, nil
}

func storeError(err error) error {
	if err == nil {
		return nil
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("cannot write %s: %v", pe.Path, pe.Err)
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return fmt.Errorf("cannot write %s: %v", le.New, le.Err)
	}
	return err
}

// writeFileAtomic writes data so that a crash midway never leaves a
// half-written file: a temporary file beside the target, flushed to disk,
// then renamed over it.
func writeFileAtomic(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err = f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err = f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, path); err != nil {
		return err
	}
	// Make the rename itself durable; not every system can sync a directory.
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}
