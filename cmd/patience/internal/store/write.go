package store

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// tempPattern names the temporary file of a write to path: hidden, in the
// same directory (a rename is atomic only within one file system), and
// never mistaken for a save, whose names end in ".json".
func tempPattern(path string) string {
	return "." + filepath.Base(path) + ".*.tmp"
}

// IsTemp reports whether a file name is that of a temporary file left by a
// write that was cut short (the process killed, the machine down). Such a
// file holds nothing that was not also still in the file it was to replace.
func IsTemp(name string) bool {
	return strings.HasPrefix(name, ".") && strings.HasSuffix(name, ".tmp")
}

// WriteFile writes data to path so that a crash at any moment leaves
// either the old file or the new one, whole: the data goes to a temporary
// file beside path, is flushed to disk and closed, the file is renamed over
// path, and the directory is flushed so that the rename lasts too. A file
// made read-only is not replaced: the rename would not ask.
func WriteFile(path string, data []byte) (err error) {
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o222 == 0 {
		return &fs.PathError{Op: "write", Path: path, Err: errors.New("the file is read-only")}
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, tempPattern(path))
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
	// Not every system can sync a directory; the file itself is safe.
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}
