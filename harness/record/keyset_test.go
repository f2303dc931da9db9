package record

import (
	"fmt"
	"strings"
	"testing"
)

// keysOf reads keys back from a slice, as a KeySet's keyAt.
func keysOf(keys *[]string) func(uint32) (string, error) {
	return func(ref uint32) (string, error) {
		if int(ref) >= len(*keys) {
			return "", fmt.Errorf("no key %d", ref)
		}
		return (*keys)[ref], nil
	}
}

// A KeySet answers like a map of keys to the reference each was first
// added with, whether its hashes are all different, mostly the same, or
// all the same: colliding keys are told apart by reading them back.
func TestKeySetIsExactUnderCollisions(t *testing.T) {
	for _, tt := range []struct {
		name string
		hash func(string) uint64
	}{
		{"hash=maphash", nil},
		{"hash=length", func(k string) uint64 { return uint64(len(k)) }},
		{"hash=constant", func(string) uint64 { return 0 }}, // 0 is the empty slot's: stored as 1
	} {
		t.Run(tt.name, func(t *testing.T) {
			n := 3000
			if tt.hash != nil {
				n = 300 // every collision is a probe past each key stored before
			}
			var keys []string
			s := NewKeySet(0, keysOf(&keys)) // grows from its smallest size
			s.hashOf = tt.hash
			want := make(map[string]uint32)
			for i := range 2 * n {
				key := fmt.Sprintf("solver|p:%d|unique|1|0", i%n) // each key twice
				keys = append(keys, key)
				ref, found, err := s.Add(key, uint32(i))
				if err != nil {
					t.Fatal(err)
				}
				first, seen := want[key]
				if !seen {
					want[key] = uint32(i)
					first = uint32(i)
				}
				if found != seen || ref != first {
					t.Fatalf("Add(%s) = %d, %v; want %d, %v", key, ref, found, first, seen)
				}
			}
			if s.Len() != n {
				t.Errorf("Len = %d, want %d", s.Len(), n)
			}
			for key, ref := range want {
				if got, ok, err := s.Find(key); err != nil || !ok || got != ref {
					t.Errorf("Find(%s) = %d, %v, %v; want %d", key, got, ok, err, ref)
				}
			}
			if _, ok, err := s.Find("solver|p:absent|unique|1|0"); ok || err != nil {
				t.Errorf("an absent key found (%v)", err)
			}
		})
	}
}

// A stored key that reads back as another, whose hash is not the one
// stored, is an error (its file changed under the reader), never a
// silent miss that would let a duplicate through.
func TestKeySetRefusesAKeyThatChanged(t *testing.T) {
	keys := []string{"a|p:1|unique|1|0"}
	s := NewKeySet(1, keysOf(&keys))
	s.hashOf = func(k string) uint64 { return uint64(k[0]) }
	if _, _, err := s.Add(keys[0], 0); err != nil {
		t.Fatal(err)
	}
	keys[0] = "b|p:9|unique|1|0"
	if _, _, err := s.Add("a|p:1|unique|1|0", 1); err == nil || !strings.Contains(err.Error(), "changed while it was read") {
		t.Errorf("Add after the stored key changed: %v, want an error saying so", err)
	}
}
