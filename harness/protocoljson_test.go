package harness

import (
	"encoding/json"
	"reflect"
	"testing"
)

// replySamples are reply lines as workers write them, and lines the fast
// path must leave to encoding/json.
var replySamples = []string{
	`{"status":"solved","solution":"143657982952438761867192435795863124314279658286514397438921576671385249529746813","counters":{"guesses":0,"nodes":1},"phases":{"encode_ns":0,"solve_ns":5999,"decode_ns":0},"wall_ns":6169,"cpu_ns":7541,"alloc_bytes":0,"peak_rss_bytes":0,"base_rss_bytes":15712256}`,
	`{"status":"solved","solution":"1436","counters":{"guesses":0,"nodes":64},"model":{"items":256,"nonzeros":1236,"options":309},"phases":{"encode_ns":18547,"solve_ns":15333,"decode_ns":2654},"wall_ns":37495,"cpu_ns":270792,"alloc_bytes":0,"peak_rss_bytes":0,"base_rss_bytes":15785984,"program_peak_rss_bytes":7}`,
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
		if i < 4 && !(&replyScanner{b: []byte(line)}).reply(&reply{}) {
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
	var fast, slow reply
	fastErr := decodeReply(line, &fast)
	slowErr := json.Unmarshal(line, &slow)
	if (fastErr == nil) != (slowErr == nil) {
		t.Fatalf("%q: decodeReply error %v, encoding/json error %v", line, fastErr, slowErr)
	}
	if fastErr == nil && !reflect.DeepEqual(fast, slow) {
		t.Fatalf("%q:\ndecodeReply  %+v\nencoding/json %+v", line, fast, slow)
	}
}
