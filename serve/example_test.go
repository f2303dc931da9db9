package serve

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
)

// A server answers POST /api/solve with the verified answer of the solver
// named. Launch starts the worker processes that run the solves; the
// sudokubench binary starts itself as a worker, and this example the test
// binary (worker.TestWorker).
func ExampleServer_Handler() {
	s, err := New(Config{
		Registry: testRegistry(), Launch: testLaunch, CorporaDir: corporaDir, Workers: 1,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()

	body := `{"puzzle": "` + top95 + `", "solver": "exactcover/dlx", "mode": "unique"}`
	res, err := http.Post(ts.URL+"/api/solve", "application/json", strings.NewReader(body))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer res.Body.Close()
	var answer struct {
		Hints    int    `json:"hints"`
		Status   string `json:"status"`
		Verified bool   `json:"verified"`
		Solution string `json:"solution"`
	}
	if err := json.NewDecoder(res.Body).Decode(&answer); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status)
	fmt.Println(answer.Hints, "hints:", answer.Status, "verified:", answer.Verified)
	fmt.Println(answer.Solution)
	// Output:
	// 200 OK
	// 17 hints: solved verified: true
	// 417369825632158947958724316825437169791586432346912758289643571573291684164875293
}
