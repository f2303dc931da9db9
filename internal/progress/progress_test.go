package progress

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sudokubench/sudokubench/internal/termtest"
)

// clock is a fake time that the test moves.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// newDisplay returns a Display on w whose time the returned clock moves,
// redrawn on updates only.
func newDisplay(w any, label string) (*Display, *clock) {
	var d *Display
	switch w := w.(type) {
	case *termtest.PTY:
		d = New(w.Terminal, label)
	case *strings.Builder:
		d = New(w, label)
	}
	c := &clock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	d.now, d.tick = c.now, 0
	return d, c
}

// A resumed run on a terminal: redrawn in place, a warning printed above
// the line, Ctrl-C typed, and the run stopped. What stays on the screen
// is the warning and one whole last line, as wide as the terminal allows.
func TestTerminalShowsOneLineAndLeavesItWhole(t *testing.T) {
	const cols = 72
	pty := termtest.Open(t, cols, 24)
	d, c := newDisplay(pty, "run")
	if d.Columns() != cols {
		t.Fatalf("the display sees %d columns on a terminal of %d", d.Columns(), cols)
	}
	d.Start("runs", 120, 56)
	failed := 0
	for done := 57; done <= 80; done++ {
		c.advance(time.Second)
		if done%10 == 0 {
			failed++
		}
		d.Update(done, fmt.Sprintf("%d not solved (timeout, memout, crash, wrong, error)", failed))
		if done == 60 {
			fmt.Fprintln(d, "warning: the machine was busy")
		}
	}
	if err := pty.WaitFor("80/120"); err != nil {
		t.Fatal(err)
	}
	if err := pty.Type("\x03"); err != nil {
		t.Fatal(err)
	}
	if err := pty.WaitFor("^C"); err != nil {
		t.Fatal(err)
	}
	d.Stop()
	screen := pty.Screen(t)
	want := []string{
		"warning: the machine was busy",
		"run: 80/120 runs (66%) in 24s, 3 not solved (timeout, memout, crash, wrong, error)"[:cols-echoRoom-1] + "…",
	}
	if strings.Join(screen, "\n") != strings.Join(want, "\n") {
		t.Errorf("the screen shows\n%s\nwant\n%s", strings.Join(screen, "\n"), strings.Join(want, "\n"))
	}
}

// Every line drawn fits the terminal, with a bar where there is room,
// and a task that follows leaves its own last line below the first's.
func TestTerminalLinesFitTheWidth(t *testing.T) {
	for _, cols := range []int{20, 50, 120} {
		t.Run(fmt.Sprintf("cols=%d", cols), func(t *testing.T) {
			pty := termtest.Open(t, cols, 24)
			d, c := newDisplay(pty, "train")
			for phase, unit := range []string{"puzzles", "steps"} {
				d.Start(unit, 1000, 0)
				for done := 1; done <= 1000; done++ {
					c.advance(50 * time.Millisecond)
					d.Update(done, fmt.Sprintf("loss %.4f", 1/float64(done+phase)))
				}
				d.Stop()
			}
			screen := pty.Screen(t)
			if len(screen) != 2 || !strings.HasPrefix(screen[0], "train: ") || !strings.HasPrefix(screen[1], "train: ") {
				t.Fatalf("the screen shows %q, want the last line of each task", screen)
			}
			for _, line := range screen {
				if n := utf8.RuneCountInString(line); n > cols-echoRoom {
					t.Errorf("a line of %d characters on a terminal of %d: %q", n, cols, line)
				}
			}
			if cols == 120 && !strings.Contains(screen[1], "[####################] 1000/1000 steps (100%) in 50s, loss 0.0010") {
				t.Errorf("a wide terminal shows %q, want the bar full and the whole line", screen[1])
			}
		})
	}
}

// A time left is shown only once this call has done enough units over
// enough time; units done before (a resumed run) say nothing of the rate.
func TestTimeLeftWaitsForEvidence(t *testing.T) {
	for _, tt := range []struct {
		ran     int
		elapsed time.Duration
		want    string
	}{
		{0, 0, "56/120 runs (46%), 0s"},
		{1, time.Second, "57/120 runs (47%), 1s"},
		{4, time.Minute, "60/120 runs (50%), 1m0s"},
		{30, 4 * time.Second, "86/120 runs (71%), 4s"},
		{5, 10 * time.Second, "61/120 runs (50%), 10s, about 1m58s left"},
		{63, 10 * time.Second, "119/120 runs (99%), 10s, about 1s left"},
		{64, 10 * time.Second, "120/120 runs (100%), 10s"},
	} {
		var out strings.Builder
		d, c := newDisplay(&out, "run")
		d.Start("runs", 120, 56)
		c.advance(tt.elapsed)
		d.Update(56+tt.ran, "")
		if got := d.body(true); got != tt.want {
			t.Errorf("%d runs in %s after 56 before: %q, want %q", tt.ran, tt.elapsed, got, tt.want)
		}
	}
}

// Away from a terminal, a task shorter than the first interval writes
// nothing; a long one writes a bounded number of plain lines however
// many updates come, and ends with its last state.
func TestPlainLinesAreFewAndPlain(t *testing.T) {
	var out strings.Builder
	d, c := newDisplay(&out, "certify")
	d.Start("puzzles", 100, 0)
	for done := 1; done <= 100; done++ {
		c.advance(90 * time.Millisecond)
		d.Update(done, "")
	}
	d.Stop()
	if out.Len() != 0 {
		t.Errorf("a task of 9 s wrote %q", out.String())
	}

	const updates = 100_000
	d.Start("steps", updates, 0)
	for done := 1; done <= updates; done++ {
		c.advance(360 * time.Millisecond) // ten hours in all
		d.Update(done, "loss 0.5")
	}
	d.Stop()
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) > 200 || len(lines) < 20 {
		t.Errorf("ten hours of %d updates wrote %d lines, want between 20 and 200", updates, len(lines))
	}
	if last := lines[len(lines)-1]; last != "certify: 100000/100000 steps (100%) in 10h0m0s, loss 0.5" {
		t.Errorf("last line %q", last)
	}
	if strings.ContainsAny(out.String(), "\r\x1b") {
		t.Errorf("plain lines hold terminal controls: %q", lines[0])
	}
}

// Written through the display, text goes above the terminal line, and
// as it is elsewhere.
func TestWritesGoAboveTheLine(t *testing.T) {
	pty := termtest.Open(t, 80, 24)
	d, c := newDisplay(pty, "generate")
	var stdout strings.Builder
	fmt.Fprint(d.Above(&stdout), "before\n")
	d.Start("puzzles", 3, 0)
	for i := 1; i <= 3; i++ {
		c.advance(time.Second)
		fmt.Fprintf(d, "puzzle %d", i) // no newline: one is added
		d.Update(i, "")
	}
	d.Stop()
	want := "generate: [####################] 3/3 puzzles (100%) in 3s"
	if got := pty.Screen(t); strings.Join(got, "|") != "puzzle 1|puzzle 2|puzzle 3|"+want {
		t.Errorf("the screen shows %q", got)
	}
	if stdout.String() != "before\n" {
		t.Errorf("written to another writer before any task: %q", stdout.String())
	}
}

func TestFitCutsToTheWidth(t *testing.T) {
	for _, tt := range []struct {
		text  string
		width int
		want  string
	}{
		{"short", 10, "short"},
		{"exactly 10", 10, "exactly 10"},
		{"a bit too long", 10, "a bit too…"},
		{"cut at a space here", 7, "cut at…"},
		{"ééééé×", 4, "ééé…"},
		{"x", 0, ""},
	} {
		if got := fit(tt.text, tt.width); got != tt.want || utf8.RuneCountInString(got) > tt.width {
			t.Errorf("fit(%q, %d) = %q, want %q", tt.text, tt.width, got, tt.want)
		}
	}
}

// On a terminal the time shown moves while no update comes.
func TestTerminalLineMovesWithoutUpdates(t *testing.T) {
	pty := termtest.Open(t, 80, 24)
	d, c := newDisplay(pty, "generate")
	d.tick = 10 * time.Millisecond
	d.Start("puzzles", 1, 0)
	c.advance(7 * time.Second)
	if err := pty.WaitFor("0/1 puzzles (0%), 7s"); err != nil {
		t.Error(err)
	}
	d.Stop()
}
