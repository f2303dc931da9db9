package harness

import "errors"

// ErrInput marks an error in what a call was given — a directory that
// holds no run, pieces of different plans, a plan too large to run —
// rather than a failure while working: a command line reports it as a
// usage error. Test for it with errors.Is.
var ErrInput = errors.New("bad input")

// inputError marks err as ErrInput, keeping its text.
func inputError(err error) error {
	if err == nil {
		return nil
	}
	return &inputErr{err}
}

type inputErr struct{ err error }

func (e *inputErr) Error() string   { return e.err.Error() }
func (e *inputErr) Unwrap() []error { return []error{e.err, ErrInput} }
