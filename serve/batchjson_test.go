package serve

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
)

// TestAppendBatchLineMatchesEncodingJSON holds the batch's line encoder
// to json.Marshal's bytes, on lines of every shape.
func TestAppendBatchLineMatchesEncodingJSON(t *testing.T) {
	solved := solveResult{
		Solver: "propagate/bitboard", Mode: "first", Status: "solved", Verified: true,
		Solution: "953168742862734951417952836746893125281645397395271468138529674574386219629417583",
		WallNS:   14051, CPUNS: 19179, SolveNS: 13560, Counters: map[string]float64{"nodes": 13, "guesses": 7},
		TimeoutNS: 5e9, ElapsedNS: 180733274,
	}
	everything := solved
	everything.ModeAsked, everything.CrossChecked, everything.Detail = "unique", true, "all set"
	everything.EncodeNS, everything.DecodeNS, everything.AllocBytes, everything.PeakRSS = 1, 2, math.MaxUint64, 20234240
	everything.Model = map[string]int{"options": 309, "items": 256, "nonzeros": -1}
	// A field added to the result, and not to the encoder, fails here.
	for f := range reflect.TypeFor[solveResult]().Fields() {
		if f.IsExported() && reflect.ValueOf(everything).FieldByIndex(f.Index).IsZero() {
			t.Fatalf("the every-field line leaves %s zero", f.Name)
		}
	}
	tests := []struct {
		name string
		line batchLine
	}{
		{"solved", batchLine{Index: 0, Puzzle: "4.....8.5", solveResult: solved}},
		{"every-field", batchLine{Index: 9999, Puzzle: "1...", solveResult: everything}},
		{"empty", batchLine{}},
		{"detail=escapes", batchLine{solveResult: solveResult{Status: "crash", Detail: "panic: \"x\" <&> \\ \n\t caf\u00e9 \u2028 \x00 \x7f"}}},
		{"counters=awkward", batchLine{solveResult: solveResult{Counters: map[string]float64{
			"tiny": 1e-7, "small": 0.000001, "big": 1e21, "below-big": 999999999999999999999, "neg": -0.25, "zero": 0, "third": 1.0 / 3, "e\"sc": 1,
		}}}},
		{"counters=plain", batchLine{solveResult: solveResult{Counters: map[string]float64{"energy": -12.5, "reads": 100, "ratio": 0.125}}}},
	}
	for _, tt := range tests {
		t.Run("line="+tt.name, func(t *testing.T) {
			want, err := json.Marshal(tt.line)
			if err != nil {
				t.Fatal(err)
			}
			if got := appendBatchLine(nil, &tt.line); string(got) != string(want) {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}
