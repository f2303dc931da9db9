package plan

import "errors"

// ErrInput marks an error in what a call was given — a directory that
// holds no run, pieces of different plans, a plan too large to run —
// rather than a failure while working: a command line reports it as a
// usage error. Every harness package marks such errors with InputError,
// so that a caller tests one sentinel. Test for it with errors.Is.
var ErrInput = errors.New("bad input")

// InputError marks err as ErrInput, keeping its text.
func InputError(err error) error {
	if err == nil {
		return nil
	}
	return &inputErr{err}
}

type inputErr struct{ err error }

func (e *inputErr) Error() string   { return e.err.Error() }
func (e *inputErr) Unwrap() []error { return []error{e.err, ErrInput} }
