//go:build !unix

package store

// lockStats: where there is no flock, the statistics are written unlocked.
func (st *Store) lockStats() (unlock func()) { return func() {} }
