package drat

// clauseIndex finds clauses by their literal sets, for deletions: open
// addressing with linear probing over clause ids, keyed by each clause's
// hash. Its slots hold no pointers, so that the garbage collector has
// nothing to scan in it.
type clauseIndex struct {
	slots []int32 // clause id + 1; 0 empty, tombstone a slot emptied
	used  int     // slots not empty: live entries and tombstones
	live  int
}

const tombstone = -1

// insert adds clause id, whose hash is h; hashOf gives the hash of any
// clause already in the index, for a rehash.
func (x *clauseIndex) insert(id int32, h uint64, hashOf func(int32) uint64) {
	if 2*(x.used+1) > len(x.slots) {
		x.rehash(hashOf)
	}
	mask := uint64(len(x.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		if s := x.slots[i]; s == 0 || s == tombstone {
			if s == 0 {
				x.used++
			}
			x.slots[i] = id + 1
			x.live++
			return
		}
	}
}

// find returns the slot of a clause with hash h for which match holds, or
// -1.
func (x *clauseIndex) find(h uint64, hashOf func(int32) uint64, match func(int32) bool) int {
	if len(x.slots) == 0 {
		return -1
	}
	mask := uint64(len(x.slots) - 1)
	for i := h & mask; x.slots[i] != 0; i = (i + 1) & mask {
		if id := x.slots[i] - 1; id >= 0 && hashOf(id) == h && match(id) {
			return int(i)
		}
	}
	return -1
}

// id returns the clause in a slot.
func (x *clauseIndex) id(slot int) int32 { return x.slots[slot] - 1 }

// remove empties a slot find returned.
func (x *clauseIndex) remove(slot int) {
	x.slots[slot] = tombstone
	x.live--
}

// reserve sizes an empty index for n clauses.
func (x *clauseIndex) reserve(n int) {
	size := 1024
	for size < 4*n {
		size *= 2
	}
	x.slots = make([]int32, size)
}

// rehash makes room: twice the live entries' slots, at least 1024,
// tombstones dropped.
func (x *clauseIndex) rehash(hashOf func(int32) uint64) {
	size := 1024
	for size < 4*(x.live+1) {
		size *= 2
	}
	old := x.slots
	x.slots, x.used, x.live = make([]int32, size), 0, 0
	for _, s := range old {
		if s > 0 {
			x.insert(s-1, hashOf(s-1), hashOf)
		}
	}
}
