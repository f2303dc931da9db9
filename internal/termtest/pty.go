package termtest

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// PTY is a pseudo-terminal: a program writes to Terminal as it would to
// a person's terminal, and Screen shows what that person sees.
type PTY struct {
	// Terminal is the terminal's side a program writes to.
	Terminal *os.File
	cols     int
	master   *os.File
	mu       sync.Mutex
	out      bytes.Buffer
	done     chan struct{}
}

// Open opens a pseudo-terminal cols wide and rows high, closed at the end
// of the test; it skips the test where the system has none.
func Open(t testing.TB, cols, rows int) *PTY {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	terminal, err := openTerminal(master, cols, rows)
	if err != nil {
		master.Close()
		t.Fatalf("opening the terminal side of a pseudo-terminal: %v", err)
	}
	p := &PTY{Terminal: terminal, cols: cols, master: master, done: make(chan struct{})}
	go p.read()
	t.Cleanup(func() {
		p.Terminal.Close()
		<-p.done
		p.master.Close()
	})
	return p
}

// openTerminal unlocks the terminal side of master, opens it and sets its
// size.
func openTerminal(master *os.File, cols, rows int) (*os.File, error) {
	fd := int(master.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		return nil, fmt.Errorf("unlocking: %w", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		return nil, fmt.Errorf("its number: %w", err)
	}
	terminal, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		return nil, err
	}
	size := &unix.Winsize{Col: uint16(cols), Row: uint16(rows)}
	if err := unix.IoctlSetWinsize(int(terminal.Fd()), unix.TIOCSWINSZ, size); err != nil {
		terminal.Close()
		return nil, fmt.Errorf("setting its size: %w", err)
	}
	return terminal, nil
}

// read keeps what the terminal shows until its side is closed.
func (p *PTY) read() {
	defer close(p.done)
	buf := make([]byte, 4096)
	for {
		n, err := p.master.Read(buf)
		p.mu.Lock()
		p.out.Write(buf[:n])
		p.mu.Unlock()
		if err != nil {
			return // EIO once the terminal's side is closed and all is read
		}
	}
}

// Type sends keys to the terminal as a person typing them would: the
// terminal echoes them (Ctrl-C as ^C).
func (p *PTY) Type(keys string) error {
	_, err := p.master.WriteString(keys)
	return err
}

// WaitFor waits, at most ten seconds, until the terminal has shown text.
func (p *PTY) WaitFor(text string) error {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		p.mu.Lock()
		shown := strings.Contains(p.out.String(), text)
		p.mu.Unlock()
		if shown {
			return nil
		}
	}
	return fmt.Errorf("the terminal never showed %q", text)
}

// Output closes the terminal's side and returns every byte it showed.
func (p *PTY) Output() []byte {
	p.Terminal.Close() // a second close changes nothing
	<-p.done
	p.mu.Lock()
	defer p.mu.Unlock()
	return bytes.Clone(p.out.Bytes())
}

// Screen closes the terminal's side and returns the lines the terminal
// shows at the end, failing the test on output it cannot show.
func (p *PTY) Screen(t testing.TB) []string {
	t.Helper()
	s := NewScreen(p.cols)
	if err := s.Apply(p.Output()); err != nil {
		t.Fatalf("the terminal's output: %v", err)
	}
	return s.Lines()
}
