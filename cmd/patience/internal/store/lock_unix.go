//go:build unix

package store

import (
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// lockStats holds an exclusive lock on the statistics (a lock on the file
// stats.lock beside them) while they are read, changed and written back,
// so that the counts of games played at the same time all stay: without
// it, two games that read the same figures wrote back one game each. A
// lock that cannot be had within two seconds (another program stopped
// while holding it) or at all (a directory that cannot be written, which
// the write then says) is gone without.
func (st *Store) lockStats() (unlock func()) {
	if err := os.MkdirAll(st.Dir, 0o755); err != nil {
		return func() {}
	}
	f, err := os.OpenFile(filepath.Join(st.Dir, "stats.lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return func() {}
	}
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() {
				_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
				f.Close()
			}
		}
		if err != syscall.EWOULDBLOCK && err != syscall.EINTR || time.Now().After(deadline) {
			f.Close()
			return func() {}
		}
	}
}
