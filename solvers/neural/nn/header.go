package nn

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
)

// WriteHeader writes the opening that the training files share (a
// network's checkpoint, a training run's, an agent's): the magic line
// naming the format and its version, the header's length (uint32,
// little-endian), then the header as JSON. What follows is the format's.
func WriteHeader(w *bufio.Writer, magic string, header any) error {
	data, err := json.Marshal(header)
	if err != nil {
		return err
	}
	w.WriteString(magic)
	binary.Write(w, binary.LittleEndian, uint32(len(data)))
	_, err = w.Write(data)
	return err
}

// ReadHeader reads what WriteHeader wrote into header, leaving r at what
// follows. A file that does not open with magic gets the error notOne;
// what names the format in the other errors; a header longer than max
// bytes is refused before it is read.
func ReadHeader(r *bufio.Reader, magic string, maxBytes uint32, what string, notOne error, header any) error {
	line := make([]byte, len(magic))
	if _, err := io.ReadFull(r, line); err != nil || string(line) != magic {
		return notOne
	}
	var n uint32
	if err := binary.Read(r, binary.LittleEndian, &n); err != nil || n > maxBytes {
		return fmt.Errorf("%s: header length unreadable or over %d bytes", what, maxBytes)
	}
	data := make([]byte, n)
	if _, err := io.ReadFull(r, data); err != nil {
		return fmt.Errorf("%s: header cut short: %w", what, err)
	}
	if err := json.Unmarshal(data, header); err != nil {
		return fmt.Errorf("%s: header: %w", what, err)
	}
	return nil
}
