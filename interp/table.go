package interp

import "unsafe"

// table is the solver's transposition table: a set of 128-bit position
// keys in one flat array, open addressing with linear probing. Its memory
// is exactly its array, so that the solver can count what it keeps (see
// Limits.Memory) instead of guessing at a Go map's overhead, and a lookup
// costs one multiply and, mostly, one cache line.
type table struct {
	keys []key128 // len is a power of two; the zero key marks a free slot
	n    int
}

const keyBytes = int(unsafe.Sizeof(key128{}))

// bytes is the memory the table holds.
func (t *table) bytes() int { return len(t.keys) * keyBytes }

// reset empties the table, keeping its array.
func (t *table) reset() {
	clear(t.keys)
	t.n = 0
}

// has reports whether k is in the table.
func (t *table) has(k key128) bool {
	if len(t.keys) == 0 {
		return false
	}
	k = nonZero(k)
	mask := len(t.keys) - 1
	for i := int(k[0]>>7) & mask; ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			return true
		case key128{}:
			return false
		}
	}
}

// full reports whether the table must grow before another key is added:
// it is kept at most three quarters full.
func (t *table) full() bool { return (t.n+1)*4 > len(t.keys)*3 }

// grow doubles the table (to 1024 slots at first), taking the array from
// pool and giving the old one back.
func (t *table) grow(pool *solverPool) {
	old := t.keys
	t.keys = pool.keys(max(2*len(old), 1024))
	t.n = 0
	for _, x := range old {
		if x != (key128{}) {
			t.insert(x)
		}
	}
	pool.putKeys(old)
}

// insert adds k, which must not be the zero key, to a table with room.
func (t *table) insert(k key128) {
	mask := len(t.keys) - 1
	for i := int(k[0]>>7) & mask; ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			return
		case key128{}:
			t.keys[i] = k
			t.n++
			return
		}
	}
}

// nonZero maps the one key that would read as a free slot to another; two
// positions share a key with the same odds as any other collision.
func nonZero(k key128) key128 {
	if k == (key128{}) {
		return key128{1, 1}
	}
	return k
}
