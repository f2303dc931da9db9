package record

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
)

// Distinct reads the records of one or more result directories as one
// stream in which each run key counts once: the first record of a key is
// the run's, and later ones are repeats (a piece merged twice, a run
// resumed on two machines). It remembers the keys in a KeySet, about 14
// bytes a record, and the place of every 64th record in its file; a key
// is read back from its file only when two hashes match, which for
// distinct keys is about once in 2⁶⁴. Repeats of a key read in the order
// of the first ones (a directory read twice) are read back in one pass.
//
// A Distinct holds at most one file open between calls; Close closes it.
type Distinct struct {
	keys    *KeySet
	sources []source
	read    uint32  // records read so far: the next one's ordinal
	cur     *cursor // where keys are being read back
	repeats []Repeats
}

// source is one records file that a Distinct read.
type source struct {
	dir, path string
	first     uint32  // the ordinal of its first record
	marks     []int64 // offset of its records 0, markEvery, 2·markEvery, …
}

// markEvery is how far apart the records are whose place a Distinct
// keeps: reading a key back skips at most this many records.
const markEvery = 64

// Repeats counts the records read in Dir whose key was first read in
// FirstIn (Dir itself for repeats within one directory).
type Repeats struct {
	Dir, FirstIn string
	N            int
}

// NewDistinct returns a reader sized for about size records (it grows
// past them).
func NewDistinct(size int) *Distinct {
	d := &Distinct{}
	d.keys = NewKeySet(size, d.keyAt)
	return d
}

// Read streams the records of the run in dir (Each) to fn, each with
// the directory its key was first read from: "" for the first record of
// its key. A directory without records is an error that wraps
// fs.ErrNotExist.
func (d *Distinct) Read(dir string, fn func(r *Record, firstIn string) error) ([]string, error) {
	path, err := ResultsPath(dir)
	if err != nil {
		return nil, err
	}
	d.sources = append(d.sources, source{dir: dir, path: path, first: d.read})
	src := &d.sources[len(d.sources)-1]
	return readAt(path, func(r *Record, offset int64) error {
		if d.read == math.MaxUint32 {
			return fmt.Errorf("%s: more than %d records to read as one; read fewer directories at a time", path, math.MaxUint32-1)
		}
		ord := d.read
		if (ord-src.first)%markEvery == 0 {
			src.marks = append(src.marks, offset)
		}
		d.read++
		first, repeat, err := d.keys.Add(r.Key(), ord)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		firstIn := ""
		if repeat {
			firstIn = d.sourceOf(first).dir
			d.count(dir, firstIn)
		}
		return fn(r, firstIn)
	})
}

// Records is how many records were read, repeats included; Len how many
// distinct keys.
func (d *Distinct) Records() int { return int(d.read) }

// Len is how many distinct keys were read.
func (d *Distinct) Len() int { return d.keys.Len() }

// Repeats lists the repeats read, by directory and the directory their
// keys were first read in, in the order first met.
func (d *Distinct) Repeats() []Repeats { return d.repeats }

// RepeatsWarning says in one line how many records repeated a key read
// before and where, or "" when none did.
func (d *Distinct) RepeatsWarning() string {
	if len(d.repeats) == 0 {
		return ""
	}
	total := 0
	parts := make([]string, len(d.repeats))
	for i, r := range d.repeats {
		total += r.N
		parts[i] = fmt.Sprintf("%d in %s", r.N, r.Dir)
		if r.Dir != r.FirstIn {
			parts[i] += " (first read from " + r.FirstIn + ")"
		}
	}
	return fmt.Sprintf("%d run(s) recorded more than once (same solver, puzzle, mode, seed and repetition); the first copy of each is kept: %s",
		total, strings.Join(parts, ", "))
}

// Close closes the file keys were read back from.
func (d *Distinct) Close() error {
	if d.cur == nil {
		return nil
	}
	err := d.cur.f.Close()
	d.cur = nil
	return err
}

// count adds a repeat read in dir of a key first read in firstIn.
func (d *Distinct) count(dir, firstIn string) {
	for i := range d.repeats {
		if r := &d.repeats[i]; r.Dir == dir && r.FirstIn == firstIn {
			r.N++
			return
		}
	}
	d.repeats = append(d.repeats, Repeats{Dir: dir, FirstIn: firstIn, N: 1})
}

// sourceOf is the file that record ord was read from.
func (d *Distinct) sourceOf(ord uint32) *source {
	i := sort.Search(len(d.sources), func(i int) bool { return d.sources[i].first > ord }) - 1
	return &d.sources[i]
}

// keyAt reads the key of record ord back from its file: on from where
// the last one was read when it lies ahead within markEvery records or
// less past a mark, else from the mark before it.
func (d *Distinct) keyAt(ord uint32) (string, error) {
	src := d.sourceOf(ord)
	k := ord - src.first
	mark := k / markEvery
	if c := d.cur; c == nil || c.src != src.path || c.pos > k || c.pos < mark*markEvery {
		if err := d.Close(); err != nil {
			return "", err
		}
		c, err := openCursor(src, mark)
		if err != nil {
			return "", err
		}
		d.cur = c
	}
	return d.cur.keyOf(k)
}

// cursor reads a records file from a record on, counting records.
type cursor struct {
	src string // its path
	f   io.ReadCloser
	ls  *lines
	pos uint32 // the file's record that the next line read holds
}

// openCursor opens src at the record mark·markEvery.
func openCursor(src *source, mark uint32) (*cursor, error) {
	f, err := openRecords(src.path)
	if err != nil {
		return nil, err
	}
	offset := src.marks[mark]
	if s, ok := f.(io.Seeker); ok {
		_, err = s.Seek(offset, io.SeekStart)
	} else {
		_, err = io.CopyN(io.Discard, f, offset)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: reading a key back: %w", src.path, err)
	}
	return &cursor{src: src.path, f: f, ls: newLines(f, offset, 0), pos: mark * markEvery}, nil
}

// errReread says that a file no longer holds a record it held when read.
var errReread = errors.New("the file changed while it was read")

// keyOf reads on to the file's record k and returns its key.
func (c *cursor) keyOf(k uint32) (string, error) {
	for c.ls.Scan() {
		text := strings.TrimSpace(c.ls.Text())
		if text == "" {
			continue
		}
		if c.pos++; c.pos <= k {
			continue
		}
		var rec Record
		if err := json.Unmarshal([]byte(text), &rec); err != nil {
			return "", fmt.Errorf("%s, at byte %d: reading a key back: %w (%w)", c.src, c.ls.start, err, errReread)
		}
		return rec.Key(), nil
	}
	err := c.ls.Err()
	if err == nil {
		err = errReread
	}
	return "", fmt.Errorf("%s: reading record %d back: %w", c.src, k+1, err)
}
