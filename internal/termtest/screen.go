// Package termtest gives tests a terminal to write to and a screen that
// shows what a person would see on it: a pseudo-terminal of a chosen
// size, and a small emulator of the few controls a line-oriented program
// should use (carriage return, line feed, erase in line). A control it
// does not know fails the test, so that output meant for one terminal
// cannot pass here by luck.
package termtest

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Screen is a terminal of a fixed width and unbounded height, as
// programs see it: a character past the last column wraps to the next
// line when the next one comes (the deferred wrap of VT100 and xterm).
type Screen struct {
	cols    int
	lines   [][]rune
	row     int
	col     int
	pending bool // the last column is written; the next character wraps
}

// NewScreen returns an empty screen cols characters wide.
func NewScreen(cols int) *Screen {
	return &Screen{cols: cols, lines: [][]rune{blankLine(cols)}}
}

func blankLine(cols int) []rune {
	return []rune(strings.Repeat(" ", cols))
}

// Apply shows out on the screen. It returns an error at the first byte it
// cannot show: an escape sequence other than erase in line, or another
// control character.
func (s *Screen) Apply(out []byte) error {
	for i := 0; i < len(out); {
		r, size := utf8.DecodeRune(out[i:])
		switch {
		case r == '\r':
			s.col, s.pending = 0, false
		case r == '\n':
			s.lineFeed()
		case r == '\x1b':
			n, err := s.escape(out[i:])
			if err != nil {
				return fmt.Errorf("byte %d: %w", i, err)
			}
			size = n
		case r < ' ' || r == utf8.RuneError:
			return fmt.Errorf("byte %d: control or invalid character %q", i, r)
		default:
			s.put(r)
		}
		i += size
	}
	return nil
}

func (s *Screen) lineFeed() {
	s.row++
	s.pending = false
	if s.row == len(s.lines) {
		s.lines = append(s.lines, blankLine(s.cols))
	}
}

func (s *Screen) put(r rune) {
	if s.pending {
		s.lineFeed()
		s.col = 0
	}
	s.lines[s.row][s.col] = r
	if s.col == s.cols-1 {
		s.pending = true
		return
	}
	s.col++
}

// escape applies the control sequence at the start of out and returns its
// length: only erase in line (ESC [ K, ESC [ 0 K, ESC [ 2 K) is known.
func (s *Screen) escape(out []byte) (int, error) {
	for _, seq := range []string{"\x1b[K", "\x1b[0K", "\x1b[2K"} {
		if strings.HasPrefix(string(out), seq) {
			from := s.col
			if seq == "\x1b[2K" {
				from = 0
			}
			copy(s.lines[s.row][from:], blankLine(s.cols-from))
			s.pending = false
			return len(seq), nil
		}
	}
	return 0, fmt.Errorf("unknown escape sequence %q", string(out[:min(len(out), 8)]))
}

// Lines returns the screen's lines, each without its trailing blanks,
// without the blank lines at the end.
func (s *Screen) Lines() []string {
	var lines []string
	for _, l := range s.lines {
		lines = append(lines, strings.TrimRight(string(l), " "))
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
