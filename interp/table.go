package interp

import "unsafe"

// table is the solver's transposition table: a set of 128-bit position
// keys in one flat array, open addressing with linear probing, with a
// word kept beside each key when the table is made to hold values (see
// withValues). Its memory is exactly its arrays, so that the solver can
// count what it keeps (see Limits.Memory) instead of guessing at a Go
// map's overhead, and a lookup costs one multiply and, mostly, one cache
// line.
type table struct {
	keys   []key128 // len is a power of two; the zero key marks a free slot
	vals   []uint64 // beside keys, when the table holds values
	n      int
	valued bool
}

const (
	keyBytes = int(unsafe.Sizeof(key128{}))
	valBytes = int(unsafe.Sizeof(uint64(0)))
)

// withValues makes an empty table keep a word beside each key.
func (t *table) withValues() { t.valued = true }

// slotBytes is what one slot of the table costs.
func (t *table) slotBytes() int {
	if t.valued {
		return keyBytes + valBytes
	}
	return keyBytes
}

// bytes is the memory the table holds.
func (t *table) bytes() int { return len(t.keys) * t.slotBytes() }

// grownBytes is the memory the table would hold once grown.
func (t *table) grownBytes() int { return max(2*len(t.keys), 1024) * t.slotBytes() }

// reset empties the table, keeping its arrays.
func (t *table) reset() {
	clear(t.keys)
	clear(t.vals)
	t.n = 0
}

// slot is where k is, or the free slot where it would go.
func (t *table) slot(k key128) int {
	mask := len(t.keys) - 1
	for i := int(k[0]>>7) & mask; ; i = (i + 1) & mask {
		if x := t.keys[i]; x == k || x == (key128{}) {
			return i
		}
	}
}

// has reports whether k is in the table.
func (t *table) has(k key128) bool {
	_, ok := t.get(k)
	return ok
}

// get is the value beside k (0 in a table without values), and whether k
// is in the table.
func (t *table) get(k key128) (uint64, bool) {
	if len(t.keys) == 0 {
		return 0, false
	}
	k = nonZero(k)
	i := t.slot(k)
	if t.keys[i] != k {
		return 0, false
	}
	if t.valued {
		return t.vals[i], true
	}
	return 0, true
}

// full reports whether the table must grow before another key is added:
// it is kept at most three quarters full.
func (t *table) full() bool { return (t.n+1)*4 > len(t.keys)*3 }

// grow doubles the table (to 1024 slots at first), taking the key array
// from pool and giving the old one back.
func (t *table) grow(pool *solverPool) {
	keys, vals := t.keys, t.vals
	t.keys = pool.keys(max(2*len(keys), 1024))
	if t.valued {
		t.vals = make([]uint64, len(t.keys))
	}
	t.n = 0
	for i, x := range keys {
		if x != (key128{}) {
			var v uint64
			if t.valued {
				v = vals[i]
			}
			t.put(x, v)
		}
	}
	pool.putKeys(keys)
}

// insert adds k, which must not be the zero key, to a table with room.
func (t *table) insert(k key128) { t.put(k, 0) }

// put sets the value beside k, adding k, which must not be the zero key,
// if it is not there yet (the table must then have room).
func (t *table) put(k key128, v uint64) {
	i := t.slot(k)
	if t.keys[i] == (key128{}) {
		t.keys[i] = k
		t.n++
	}
	if t.valued {
		t.vals[i] = v
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
