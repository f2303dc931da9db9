package record

import (
	"fmt"
	"hash/maphash"
	"math/bits"
)

// KeySet is a set of run keys that does not hold the keys: each entry is
// the key's 64-bit hash and a 32-bit reference to where the key can be
// read again (a plan's run index, the ordinal of a record in a stream),
// twelve bytes, about fourteen a key at the fullest and under thirty just
// after the set grows. Two keys with the same hash are told apart by
// reading the stored key back through the reference, so the set is exact:
// a hash collision costs a read, never a wrong answer. Reads happen only
// when hashes match, which for distinct keys is about once in 2⁶⁴ probes.
//
// A KeySet is not safe for concurrent use.
type KeySet struct {
	hashes []uint64 // 0: an empty slot
	refs   []uint32
	n      int
	seed   maphash.Seed
	keyAt  func(ref uint32) (string, error)
	hashOf func(string) uint64 // nil: maphash with seed; tests plant collisions
}

// maxLoad is the share of a KeySet's slots it fills before it grows, as
// a fraction maxLoadNum/maxLoadDen: linear probing stays short (about 4.5
// slots for a key found, 32 for one absent, at the fullest).
const maxLoadNum, maxLoadDen = 7, 8

// NewKeySet returns an empty set sized for about size keys (it grows past
// them), which reads a stored key back with keyAt.
func NewKeySet(size int, keyAt func(ref uint32) (string, error)) *KeySet {
	s := &KeySet{seed: maphash.MakeSeed(), keyAt: keyAt}
	s.resize(slotsFor(size))
	return s
}

// slotsFor is how many slots hold n keys at the largest load.
func slotsFor(n int) int {
	return max(16, n/maxLoadNum*maxLoadDen+maxLoadDen)
}

// Len is the number of keys in the set.
func (s *KeySet) Len() int { return s.n }

// Add puts key in the set with ref unless it is there already. It returns
// the reference the key was first added with and true when it was there,
// or ref and false. The error is keyAt's, or says that a stored key read
// back differs from the one stored (its file changed while being read).
func (s *KeySet) Add(key string, ref uint32) (uint32, bool, error) {
	h := s.hash(key)
	i, found, err := s.find(key, h)
	if err != nil || found {
		return s.refs[i], found, err
	}
	if (s.n+1)*maxLoadDen > len(s.hashes)*maxLoadNum {
		s.resize(2 * len(s.hashes))
	}
	s.place(h, ref)
	s.n++
	return ref, false, nil
}

// Find returns the reference key was added with, and whether it is in the
// set.
func (s *KeySet) Find(key string) (uint32, bool, error) {
	i, found, err := s.find(key, s.hash(key))
	if err != nil || !found {
		return 0, false, err
	}
	return s.refs[i], true, nil
}

// find returns the slot holding key, or the empty slot where it would go.
func (s *KeySet) find(key string, h uint64) (int, bool, error) {
	for i := s.home(h); ; i = s.after(i) {
		switch s.hashes[i] {
		case 0:
			return i, false, nil
		case h:
			stored, err := s.keyAt(s.refs[i])
			switch {
			case err != nil:
				return i, false, err
			case stored == key:
				return i, true, nil
			case s.hash(stored) != h:
				return i, false, fmt.Errorf("the key stored as %d reads back as %q, whose hash is not the one stored: was its file changed while it was read?", s.refs[i], stored)
			}
		}
	}
}

// hash is key's hash, never 0 (the empty slot).
func (s *KeySet) hash(key string) uint64 {
	if s.hashOf != nil {
		return max(1, s.hashOf(key))
	}
	return max(1, maphash.String(s.seed, key))
}

// home is the slot where probing for hash h starts.
func (s *KeySet) home(h uint64) int {
	hi, _ := bits.Mul64(h, uint64(len(s.hashes)))
	return int(hi)
}

// after is the slot probed after slot i.
func (s *KeySet) after(i int) int {
	if i++; i == len(s.hashes) {
		return 0
	}
	return i
}

// place stores hash h with ref in the first empty slot from h's home.
func (s *KeySet) place(h uint64, ref uint32) {
	i := s.home(h)
	for s.hashes[i] != 0 {
		i = s.after(i)
	}
	s.hashes[i], s.refs[i] = h, ref
}

// resize moves the keys to a table of n slots.
func (s *KeySet) resize(n int) {
	old, oldRefs := s.hashes, s.refs
	s.hashes, s.refs = make([]uint64, n), make([]uint32, n)
	for j, h := range old {
		if h != 0 {
			s.place(h, oldRefs[j])
		}
	}
}
