package worker

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/solvers"
)

// replySamples are reply lines as workers write them, and lines the fast
// path must leave to encoding/json.
var replySamples = []string{
	`{"status":"solved","solution":"143657982952438761867192435795863124314279658286514397438921576671385249529746813","counters":{"guesses":0,"nodes":1},"phases":{"encode_ns":0,"solve_ns":5999,"decode_ns":0},"wall_ns":6169,"cpu_ns":7541,"alloc_bytes":0,"peak_rss_bytes":0,"base_rss_bytes":15712256,"timing":"window"}`,
	`{"status":"solved","solution":"1436","counters":{"guesses":0,"nodes":64},"model":{"items":256,"nonzeros":1236,"options":309},"phases":{"encode_ns":18547,"solve_ns":15333,"decode_ns":2654},"wall_ns":37495,"cpu_ns":270792,"alloc_bytes":0,"peak_rss_bytes":0,"base_rss_bytes":15785984,"program_peak_rss_bytes":7,"program_tree_peak_bytes":5,"timing":"cpu-clock"}`,
	`{"status":"gave-up","detail":"energy 4 after 3 reads","counters":{"energy":4,"reads":3,"ratio":0.25,"big":1.5e300,"neg":-2E-3},"phases":{},"wall_ns":1,"cpu_ns":0,"alloc_bytes":18446744073709551615,"peak_rss_bytes":0}`,
	` { "status" : "unsat" , "phases" : { "solve_ns" : -0 } , "wall_ns" : 0 , "cpu_ns" : 0 , "alloc_bytes" : 0 , "peak_rss_bytes" : 0 } ` + "\t",
	`{"status":"crash","detail":"panic: x\nstack"}`,             // an escape: encoding/json's
	`{"status":"error","detail":"caf\u00e9"}`,                   // an escape
	`{"status":"error","detail":"café"}`,                        // not ASCII
	`{"Status":"solved"}`,                                       // another spelling of a key
	`{"status":"solved","extra":1}`,                             // an unknown key
	`{"status":null,"counters":null}`,                           // null
	`{"status":"solved","counters":{"a":1},"counters":{"b":2}}`, // a key twice: the maps merge
	`{"status":"solved","status":"unsat"}`,                      // the last wins
	`{"wall_ns":1.5}`,                                           // not an integer
	`{"wall_ns":1e3}`,                                           // an exponent
	`{"wall_ns":01}`,                                            // not JSON
	`{"wall_ns":9223372036854775808}`,                           // out of range
	`{"alloc_bytes":-1}`,                                        // negative
	`{"counters":{"x":1e400}}`,                                  // out of range
	`{"counters":{"x":.5}}`,                                     // not JSON
	`{"model":{"x":2.0}}`,                                       // not an integer
	`{"phases":{"solve_ns":1,"think_ns":2}}`,                    // an unknown phase
	`{"status":"solved"} x`,                                     // trailing text
	`{"status":"solved",}`,                                      // a trailing comma
	`{"status":"solved"`,                                        // cut short
	`[]`, ``, `null`, `{}`,
}

// TestDecodeReplyMatchesEncodingJSON checks the fast path against
// encoding/json on the samples, and that it takes the lines workers
// write.
func TestDecodeReplyMatchesEncodingJSON(t *testing.T) {
	for i, line := range replySamples {
		checkDecodeReply(t, []byte(line))
		if i < 4 && !(&lineScanner{b: []byte(line)}).Reply(&Reply{}) {
			t.Errorf("the fast path gave up on a worker's line: %s", line)
		}
	}
}

// FuzzDecodeReply holds decodeReply to encoding/json's reading of any line.
func FuzzDecodeReply(f *testing.F) {
	for _, line := range replySamples {
		f.Add([]byte(line))
	}
	f.Fuzz(func(t *testing.T, line []byte) { checkDecodeReply(t, line) })
}

func checkDecodeReply(t *testing.T, line []byte) {
	t.Helper()
	var fast, slow Reply
	fastErr := DecodeReply(line, &fast)
	slowErr := json.Unmarshal(line, &slow)
	if (fastErr == nil) != (slowErr == nil) {
		t.Fatalf("%q: decodeReply error %v, encoding/json error %v", line, fastErr, slowErr)
	}
	if fastErr == nil && !reflect.DeepEqual(fast, slow) {
		t.Fatalf("%q:\ndecodeReply  %+v\nencoding/json %+v", line, fast, slow)
	}
}

// jobSamples are job lines as the parent writes them, and lines the fast
// path must leave to encoding/json.
var jobSamples = []string{
	`{"puzzle":"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......","variant":"classic","mode":"first","seed":0,"timeout_ns":10000000000,"skip_warm_up":true,"skip_peak":true}`,
	`{"puzzle":"1.3.","variant":"diagonal","mode":"unique","seed":-7,"timeout_ns":0,"proof_path":"/tmp/p/17-clue:3.drat"}`,
	` { "puzzle" : "" , "skip_warm_up" : false , "skip_peak" : true } `,
	`{"puzzle":"a\"b"}`,                      // an escape: encoding/json's
	`{"proof_path":"caf\u00e9"}`,             // an escape
	`{"skip_peak":1}`,                        // not a bool
	`{"skip_peak":tru}`,                      // not JSON
	`{"skip_peak":truex}`,                    // not JSON
	`{"skip_peak":null,"puzzle":null}`,       // null
	`{"Puzzle":"1"}`,                         // another spelling of a key
	`{"seed":1.0}`,                           // not an integer
	`{"timeout_ns":9223372036854775808}`,     // out of range
	`{"puzzle":"1","puzzle":"2"}`,            // the last wins
	`{"puzzle":"1"} {}`, `{"puzzle":"1"`, ``, // trailing text, cut short, empty
}

// TestDecodeJobMatchesEncodingJSON checks the fast path against
// encoding/json on the samples, and that it takes the lines the parent
// writes.
func TestDecodeJobMatchesEncodingJSON(t *testing.T) {
	for i, line := range jobSamples {
		checkDecodeJob(t, []byte(line))
		if i < 3 && !(&lineScanner{b: []byte(line)}).Job(&Job{}) {
			t.Errorf("the fast path gave up on the parent's line: %s", line)
		}
	}
}

// FuzzDecodeJob holds decodeJob to encoding/json's reading of any line.
func FuzzDecodeJob(f *testing.F) {
	for _, line := range jobSamples {
		f.Add([]byte(line))
	}
	f.Fuzz(func(t *testing.T, line []byte) { checkDecodeJob(t, line) })
}

func checkDecodeJob(t *testing.T, line []byte) {
	t.Helper()
	var fast, slow Job
	fastErr := decodeJob(line, &fast)
	slowErr := json.Unmarshal(line, &slow)
	if (fastErr == nil) != (slowErr == nil) {
		t.Fatalf("%q: decodeJob error %v, encoding/json error %v", line, fastErr, slowErr)
	}
	if fastErr == nil && fast != slow {
		t.Fatalf("%q:\ndecodeJob     %+v\nencoding/json %+v", line, fast, slow)
	}
}

// FuzzAppendJob holds appendJob to json.Marshal's bytes for any job.
func FuzzAppendJob(f *testing.F) {
	f.Add("4.....8.5", "classic", "first", int64(0), int64(10e9), true, true, "")
	f.Add("1 2\t<3>", "diagonal", "unique", int64(-1), int64(0), false, true, "/tmp/a&b\"c.drat")
	f.Add("café\\", "x\n", "", int64(1)<<62, int64(-5), true, false, "p")
	f.Fuzz(func(t *testing.T, puzzle, variant, mode string, seed, timeout int64, skipWarmUp, skipPeak bool, proof string) {
		j := Job{Puzzle: puzzle, Variant: variant, Mode: mode, Seed: seed, TimeoutNS: timeout,
			SkipWarmUp: skipWarmUp, SkipPeak: skipPeak, ProofPath: proof}
		want, err := json.Marshal(j)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendJob(nil, &j); string(got) != string(want) {
			t.Fatalf("appendJob %s\njson.Marshal %s", got, want)
		}
	})
}

// FuzzAppendReply holds appendReply to json.Marshal's bytes (and its
// error) for any reply.
func FuzzAppendReply(f *testing.F) {
	f.Add("solved", "143657982", "", "guesses", 0.0, "nodes", 1.0, "", 0, int64(5999), int64(6169), uint64(0), uint64(15712256), uint64(0), "window")
	f.Add("gave-up", "", "energy 4 after 3 reads", "ratio", 0.25, "big", 1.5e300, "items", 256, int64(-1), int64(0), uint64(1<<63), uint64(0), uint64(7), "cpu-clock")
	f.Add("error", "", "<café>\n", "tiny", 1e-7, "a&b", math.Copysign(0, -1), "x\"y", -3, int64(0), int64(1), uint64(0), uint64(0), uint64(0), "<é>")
	f.Fuzz(func(t *testing.T, status, solution, detail, k1 string, v1 float64, k2 string, v2 float64, mk string, mv int, solveNS, wallNS int64, alloc, baseRSS, programPeak uint64, timing string) {
		r := Reply{Status: status, Solution: solution, Detail: detail,
			Phases: solvers.Phases{Solve: time.Duration(solveNS)}, WallNS: wallNS, CPUNS: wallNS / 2,
			AllocBytes: alloc, PeakRSS: alloc / 3, BaseRSS: baseRSS, ProgramPeakRSS: programPeak, ProgramTreePeak: programPeak / 2, Timing: timing}
		if k1 != "" {
			r.Counters = map[string]float64{k1: v1, k2: v2}
		}
		if mk != "" {
			r.Model = map[string]int{mk: mv}
		}
		want, wantErr := json.Marshal(r)
		got, err := appendReply(nil, &r)
		if (err == nil) != (wantErr == nil) || (err == nil && string(got) != string(want)) {
			t.Fatalf("appendReply %s (%v)\njson.Marshal %s (%v)", got, err, want, wantErr)
		}
	})
}
