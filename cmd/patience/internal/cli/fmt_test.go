package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const messy = "game \"x\" {\n decks 1;tableau t[2] { to t }\n  deal { 1 to each t }   # one each\n win when all cards in t\n}\n"

const tidy = "game \"x\" {\n  decks 1\n  tableau t[2] { to t }\n  deal { 1 to each t }              # one each\n  win when all cards in t\n}\n"

func runFmt(t *testing.T, stdin string, args ...string) (code int, out, errOut string) {
	t.Helper()
	var o, e bytes.Buffer
	code = Run(context.Background(), append([]string{"fmt"}, args...), strings.NewReader(stdin), &o, &e)
	return code, o.String(), e.String()
}

func TestFmtStdin(t *testing.T) {
	code, out, errOut := runFmt(t, messy)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, tidy, out)

	code, out, errOut = runFmt(t, "game \"x\" {\n  tableau t[2] { bulid down }\n}\n")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, `<standard input>:2:18: error: unknown statement "bulid" in a pile block; did you mean "build"?`)
	assert.Contains(t, errOut, "^^^^^")

	// Past the limit, read no further: its size is not known, and was
	// said to be the limit and one byte.
	code, out, errOut = runFmt(t, strings.Repeat("\x00", 2<<20))
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, "patience: <standard input>: file is larger than the limit of 1048576 bytes\n", errOut)
}

func TestFmtFiles(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.patience")
	b := filepath.Join(dir, "sub", "b.patience")
	bad := filepath.Join(dir, "bad.txt")
	require.NoError(t, os.MkdirAll(filepath.Dir(b), 0o755))
	require.NoError(t, os.WriteFile(a, []byte(messy), 0o600))
	require.NoError(t, os.WriteFile(b, []byte(tidy), 0o644))
	require.NoError(t, os.WriteFile(bad, []byte("game"), 0o644))

	code, out, errOut := runFmt(t, "", "-l", dir)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, a+"\n", out, "only the file that differs is listed")

	code, out, errOut = runFmt(t, "", "-d", a)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "--- "+a+"\n+++ "+a+" (formatted)\n@@ -1,5 +1,6 @@\n")
	assert.Contains(t, out, "\n- decks 1;tableau t[2] { to t }\n")
	assert.Contains(t, out, "\n+  decks 1\n+  tableau t[2] { to t }\n")

	code, _, errOut = runFmt(t, "", "-w", a, b)
	require.Equal(t, 0, code, errOut)
	got, err := os.ReadFile(a)
	require.NoError(t, err)
	assert.Equal(t, tidy, string(got))
	fi, err := os.Stat(a)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "-w keeps the permissions")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 3, "no temporary file is left behind")

	code, out, _ = runFmt(t, "", "-l", dir)
	assert.Equal(t, 0, code)
	assert.Empty(t, out)

	// A file that does not parse is refused and left alone; the others are
	// still done.
	require.NoError(t, os.WriteFile(a, []byte(messy), 0o600))
	code, out, errOut = runFmt(t, "", "-l", bad, a)
	assert.Equal(t, 1, code)
	assert.Equal(t, a+"\n", out)
	assert.Contains(t, errOut, bad+":1:5: error: unexpected end of file")

	code, _, errOut = runFmt(t, "", filepath.Join(dir, "missing.patience"))
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "patience: cannot read")

	code, _, errOut = runFmt(t, messy, "-w")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "fmt -w needs a file")
}

// TestFmtEdges: a change of the final newline alone shows in the diff, as
// diff marks it; -w through a symbolic link rewrites the file it points to
// and keeps the link; a missing argument is an error of its own, and the
// other files are formatted all the same.
func TestFmtEdges(t *testing.T) {
	dir := t.TempDir()
	nonl := filepath.Join(dir, "nonl.patience")
	require.NoError(t, os.WriteFile(nonl, []byte(strings.TrimSuffix(tidy, "\n")), 0o644))
	code, out, errOut := runFmt(t, "", "-d", nonl)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "\n-}\n\\ No newline at end of file\n+}\n")

	target := filepath.Join(dir, "target.patience")
	link := filepath.Join(dir, "link.patience")
	require.NoError(t, os.WriteFile(target, []byte(messy), 0o644))
	require.NoError(t, os.Symlink("target.patience", link))
	code, _, errOut = runFmt(t, "", "-w", link, filepath.Join(dir, "missing.patience"))
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "missing.patience")
	got, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, tidy, string(got), "the file the link points to is formatted")
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeSymlink, "the link is still a link")
}

// A file with another hard link to it is rewritten in place, so that every
// name of it sees the formatted text (renaming a new file over one name
// left the other with the old text). Its mode is kept, and no temporary or
// backup file is left beside it.
func TestFmtHardLink(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.patience")
	b := filepath.Join(dir, "b.patience")
	require.NoError(t, os.WriteFile(a, []byte(messy), 0o640))
	if err := os.Link(a, b); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	code, _, errOut := runFmt(t, "", "-w", a)
	require.Equal(t, 0, code, errOut)
	for _, name := range []string{a, b} {
		got, err := os.ReadFile(name)
		require.NoError(t, err)
		assert.Equal(t, tidy, string(got), name)
	}
	fa, err := os.Stat(a)
	require.NoError(t, err)
	fb, err := os.Stat(b)
	require.NoError(t, err)
	assert.True(t, os.SameFile(fa, fb), "still one file")
	assert.Equal(t, os.FileMode(0o640), fa.Mode().Perm())
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "nothing left beside it")
}
