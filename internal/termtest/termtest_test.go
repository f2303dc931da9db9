package termtest

import (
	"slices"
	"testing"
)

func TestScreenShowsWhatATerminalShows(t *testing.T) {
	for _, tt := range []struct {
		name, out string
		want      []string
	}{
		{"lines", "one\r\ntwo\r\n", []string{"one", "two"}},
		{"a bare line feed keeps the column", "one\ntwo", []string{"one", "   two"}},
		{"redrawn in place", "\rstatus 1\x1b[K\rstatus 22\x1b[K\rst 3\x1b[K", []string{"st 3"}},
		{"carriage return without erasing", "status 22\rst 3", []string{"st 3us 22"}},
		{"erase the whole line", "abc\x1b[2K\rx", []string{"x"}},
		{"a line as wide as the screen stays one", "0123456789\r\nnext", []string{"0123456789", "next"}},
		{"a line wider wraps, and \\r returns to the wrapped part", "0123456789ab\rX\x1b[K", []string{"0123456789", "X"}},
		{"not wider in characters", "ééééééééé×\n", []string{"ééééééééé×"}},
		{"^C echoed after a status line", "\rrunning\x1b[K^C\rfinal\x1b[K\n", []string{"final"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := NewScreen(10)
			if err := s.Apply([]byte(tt.out)); err != nil {
				t.Fatal(err)
			}
			if got := s.Lines(); !slices.Equal(got, tt.want) {
				t.Errorf("%q shows %q, want %q", tt.out, got, tt.want)
			}
		})
	}
}

func TestScreenRefusesControlsItDoesNotKnow(t *testing.T) {
	for _, out := range []string{"\x1b[1A", "\x1b[?25l", "a\tb", "\x07", "\xff"} {
		if err := NewScreen(10).Apply([]byte(out)); err == nil {
			t.Errorf("%q shown without complaint", out)
		}
	}
}

func TestPTYShowsWhatIsWrittenAndTyped(t *testing.T) {
	p := Open(t, 20, 5)
	if _, err := p.Terminal.WriteString("hello\nworking"); err != nil {
		t.Fatal(err)
	}
	if err := p.WaitFor("working"); err != nil {
		t.Fatal(err)
	}
	if err := p.Type("\x03"); err != nil {
		t.Fatal(err)
	}
	if err := p.WaitFor("^C"); err != nil {
		t.Fatal(err)
	}
	if got, want := p.Screen(t), []string{"hello", "working^C"}; !slices.Equal(got, want) {
		t.Errorf("the screen shows %q, want %q", got, want)
	}
}
