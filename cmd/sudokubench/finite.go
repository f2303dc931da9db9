package main

import (
	"strconv"

	"github.com/sudokubench/sudokubench/internal/units"
)

// finiteFloat is the value of a number flag: read by units.ParseFinite,
// so that NaN and the infinities are refused as a usage error.
type finiteFloat float64

func (f *finiteFloat) String() string { return strconv.FormatFloat(float64(*f), 'g', -1, 64) }

// Set reads the flag's text.
func (f *finiteFloat) Set(s string) error {
	v, err := units.ParseFinite(s)
	if err != nil {
		return err
	}
	*f = finiteFloat(v)
	return nil
}

// Type names the value in the help.
func (f *finiteFloat) Type() string { return "float" }
