package serve

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// The browser tests drive the page in a real headless Chromium (Debian's
// chromium package; CI installs it) and skip where none is installed.

// findChromium returns the path of a Chromium or Chrome, or skips the test.
func findChromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Skip("no Chromium installed (apt-get install chromium): browser tests skipped")
	return ""
}

// newBrowser starts a headless Chromium for the test, with everything that
// would reach for Google's hosts turned off, and a one-minute budget.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(findChromium(t)),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.WindowSize(1280, 1000),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	ctx, cancelTimeout := context.WithTimeout(ctx, time.Minute)
	t.Cleanup(func() {
		cancelTimeout()
		cancelCtx()
		cancelAlloc()
	})
	return ctx
}

// gridScript reads the grid as the page shows it, '.' for an empty cell.
const gridScript = `Array.from(document.querySelectorAll('#grid .cell')).map(c => c.value || '.').join('')`

// waitText polls until the element's text contains want.
func waitText(selector, want string) chromedp.Action {
	return chromedp.Poll(`(document.querySelector(`+quoteJS(selector)+`) || {}).textContent?.includes(`+quoteJS(want)+`)`,
		nil, chromedp.WithPollingTimeout(20*time.Second))
}

// quoteJS writes s as a JavaScript string literal.
func quoteJS(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// TestBrowserSolvesGeneratesAndOpensReports walks the page as a person
// would, with the keyboard where a person could: types a puzzle, solves
// it and reads the verified solution off the grid, makes a mistake and
// sees it marked, generates a puzzle, compares all solvers (once with one
// of them busy), opens a report, and takes screenshots for a desktop and a phone.
func TestBrowserSolvesGeneratesAndOpensReports(t *testing.T) {
	ctx := newBrowser(t)
	s, ts := newTestServer(t, func(c *Config) { c.Results = resultsTree(t); c.Workers = 1 })
	shots := t.ArtifactDir()
	must := func(step string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}

	must("load the page",
		chromedp.Navigate(ts.URL),
		chromedp.WaitVisible("#r9c9", chromedp.ByID),
		chromedp.Poll(`document.querySelectorAll('#solver option').length > 0`, nil),
		chromedp.Poll(`document.querySelectorAll('#runs a').length == 2`, nil),
	)

	// Type the puzzle cell by cell: a digit fills a cell and moves on, a
	// '.' leaves it blank and moves on.
	var typed string
	must("type a puzzle",
		chromedp.Click("#r1c1", chromedp.ByID),
		chromedp.SendKeys("#r1c1", top95, chromedp.ByID),
		chromedp.Evaluate(gridScript, &typed),
	)
	if typed != top95 {
		t.Fatalf("typed %s, the grid shows %s", top95, typed)
	}

	// Solve with the keyboard: Enter on the focused Solve button.
	var solved string
	must("solve",
		chromedp.Focus("#solve", chromedp.ByID),
		chromedp.KeyEvent(kb.Enter),
		waitText("#facts", "solved"),
		chromedp.Evaluate(gridScript, &solved),
	)
	checkSolution(t, top95, solved, sudoku.Classic)
	var facts string
	must("read the facts", chromedp.Text("#facts", &facts, chromedp.ByID))
	for _, want := range []string{"exactcover/dlx", "yes: rules and givens checked", "CPU time"} {
		if !strings.Contains(facts, want) {
			t.Errorf("the result shows %q, without %q", facts, want)
		}
	}
	must("desktop screenshot", screenshot(filepath.Join(shots, "solved-desktop.png")))

	// A second 4 in row 1: the server's message, and both cells marked.
	var marked int
	must("type a duplicate",
		chromedp.Click("#r1c2", chromedp.ByID),
		chromedp.SendKeys("#r1c2", "4", chromedp.ByID),
		chromedp.Click("#solve", chromedp.ByID),
		waitText("#error", "row 1: 4 at r1c1 and r1c2"),
		chromedp.Evaluate(`document.querySelectorAll('#grid .cell.invalid[aria-invalid="true"]').length`, &marked),
	)
	if marked != 2 {
		t.Errorf("%d cells marked invalid, want r1c1 and r1c2", marked)
	}

	// Generate with a seed: the grid shows the API's puzzle for that seed.
	var want generated
	get(t, ts, "/api/generate?size=9&hints=28&variant=classic&seed=11").decode(t, &want)
	var shown string
	must("generate",
		chromedp.SetValue("#hints", "28", chromedp.ByID),
		chromedp.SetValue("#seed", "11", chromedp.ByID),
		chromedp.Click("#generate", chromedp.ByID),
		waitText("#message", "Generated a unique 9×9 classic puzzle with 28 hints"),
		chromedp.Evaluate(gridScript, &shown),
	)
	if shown != want.Puzzle {
		t.Errorf("generated %s, the API gives %s for the seed", shown, want.Puzzle)
	}

	// Paste the display form and load it.
	var pasted string
	must("paste a puzzle",
		chromedp.SetValue("#paste", display(t, puzzle17), chromedp.ByID),
		chromedp.Click(`#paste-form button[type="submit"]`, chromedp.ByQuery),
		waitText("#message", "Loaded a 9×9 puzzle with 17 hints"),
		chromedp.Evaluate(gridScript, &pasted),
	)
	if pasted != puzzle17 {
		t.Errorf("pasted %s, the grid shows %s", puzzle17, pasted)
	}

	// All solvers: one bar for the solver that solved it, statuses for
	// the planted faults.
	var bars int
	var label string
	must("compare all solvers",
		chromedp.SetValue("#timeout", "1s", chromedp.ByID),
		chromedp.Click("#solve-all", chromedp.ByID),
		waitText("#message", "returned a verified solution"),
		chromedp.Evaluate(`document.querySelectorAll('#chart rect.bar').length`, &bars),
		chromedp.AttributeValue("#chart svg", "aria-label", &label, nil),
	)
	if bars != 1 || !strings.Contains(label, "exactcover/dlx") || !strings.Contains(label, "test/hang timeout") || !strings.Contains(label, "test/wrong wrong") {
		t.Errorf("chart with %d bars, labelled %q", bars, label)
	}
	must("comparison screenshot", screenshot(filepath.Join(shots, "all-solvers-desktop.png")))

	// Again with the only worker of test/hang held by another request: it
	// is listed as busy, beside the others' answers.
	held := make(chan answer, 1)
	go func() {
		held <- post(t, ts, "/api/solve", map[string]any{"puzzle": puzzle17, "solver": "test/hang", "timeout": "5s"})
	}()
	waitInFlight(t, s)
	time.Sleep(200 * time.Millisecond) // from its handler, the request takes the solver's only worker
	must("compare with a busy solver",
		chromedp.Click("#solve-all", chromedp.ByID),
		waitText("#message", "did not run: every worker of it was busy"),
		chromedp.AttributeValue("#chart svg", "aria-label", &label, nil),
	)
	if !strings.Contains(label, "test/hang busy") || !strings.Contains(label, "exactcover/dlx") {
		t.Errorf("chart with a busy solver labelled %q, want test/hang busy beside exactcover/dlx", label)
	}
	must("busy screenshot", screenshot(filepath.Join(shots, "all-solvers-busy.png")))
	<-held

	// A phone-sized window: nothing wider than the screen.
	var overflow bool
	must("phone layout",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)),
		chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth`, &overflow),
		screenshot(filepath.Join(shots, "phone.png")),
		chromedp.EmulateViewport(1280, 1000),
	)
	if overflow {
		t.Error("the page is wider than a phone's screen")
	}

	// Open a report from the results browser.
	var heading string
	must("open a report",
		chromedp.Click(`#runs a[href="/reports/run-a"]`, chromedp.ByQuery),
		chromedp.WaitVisible("h1", chromedp.ByQuery),
		chromedp.Text("h1", &heading, chromedp.ByQuery),
		chromedp.WaitVisible("figure svg", chromedp.ByQuery),
	)
	if heading != "Benchmark results" {
		t.Errorf("the report's heading is %q", heading)
	}
	must("report screenshot", screenshot(filepath.Join(shots, "report.png")))
}

// screenshot saves the whole page as a PNG.
func screenshot(path string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var png []byte
		if err := chromedp.FullScreenshot(&png, 100).Do(ctx); err != nil {
			return err
		}
		return os.WriteFile(path, png, 0o644)
	})
}

// A 36×36 puzzle on the page: generated with a seed, shown as the API
// gives it (numbers past 25×25), solved and verified; its display form
// pasted back loads the same puzzle.
func TestBrowserPosesThirtySixByThirtySix(t *testing.T) {
	ctx := newBrowser(t)
	_, ts := newTestServer(t, func(c *Config) { c.Workers = 1 })
	must := func(step string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}
	const numbersScript = `Array.from(document.querySelectorAll('#grid .cell')).map(c => c.value || '0').join(' ')`
	var want generated
	get(t, ts, "/api/generate?size=36&variant=classic&seed=5").decode(t, &want)
	var shown string
	must("generate a 36×36 puzzle",
		chromedp.Navigate(ts.URL),
		chromedp.WaitVisible("#r9c9", chromedp.ByID),
		chromedp.Poll(`document.querySelectorAll('#solver option').length > 0`, nil),
		chromedp.SetValue("#size", "36", chromedp.ByID),
		chromedp.Evaluate(`document.getElementById('size').dispatchEvent(new Event('change'))`, nil),
		chromedp.SetValue("#seed", "5", chromedp.ByID),
		chromedp.Click("#generate", chromedp.ByID),
		waitText("#message", "Generated a unique 36×36 classic puzzle"),
		chromedp.Evaluate(numbersScript, &shown),
	)
	if shown != want.Puzzle {
		t.Fatalf("the grid shows %.60s…, the API gives %.60s… for the seed", shown, want.Puzzle)
	}
	var solved string
	must("solve it",
		chromedp.Click("#solve", chromedp.ByID),
		waitText("#facts", "solved"),
		chromedp.Evaluate(numbersScript, &solved),
		screenshot(filepath.Join(t.ArtifactDir(), "thirty-six.png")),
	)
	checkSolution(t, want.Puzzle, solved, sudoku.Classic)

	var pasted string
	must("paste its display form",
		chromedp.Click("#clear", chromedp.ByID),
		chromedp.SetValue("#paste", sudokutest.Parse(t, want.Puzzle, sudoku.Classic).Pretty(), chromedp.ByID),
		chromedp.Click(`#paste-form button[type="submit"]`, chromedp.ByQuery),
		waitText("#message", "Loaded a 36×36 puzzle"),
		chromedp.Evaluate(numbersScript, &pasted),
	)
	if pasted != want.Puzzle {
		t.Errorf("pasted %.60s…, the grid shows %.60s…", want.Puzzle, pasted)
	}
}

// TestBrowserForgetsTheLastPuzzlesResults solves a 9×9 puzzle with one
// solver and with all of them, then poses another puzzle each way the
// page can (generating one of another size, pasting, sampling a corpus,
// typing a cell, emptying the grid, switching the variant): the result
// and the chart of the last puzzle must go with it.
func TestBrowserForgetsTheLastPuzzlesResults(t *testing.T) {
	ctx := newBrowser(t)
	_, ts := newTestServer(t, func(c *Config) { c.Workers = 1 })
	must := func(step string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}
	solveBoth := chromedp.Tasks{
		chromedp.SetValue("#solver", "exactcover/dlx", chromedp.ByID),
		chromedp.SetValue("#timeout", "200ms", chromedp.ByID),
		chromedp.Click("#solve", chromedp.ByID),
		waitText("#message", "exactcover/dlx: solved"),
		chromedp.Click("#solve-all", chromedp.ByID),
		waitText("#message", "returned a verified solution"),
	}
	const shownScript = `[document.getElementById('outcome').hidden, document.getElementById('comparison').hidden,
		document.getElementById('facts').textContent, document.getElementById('chart').textContent]`
	must("load the page",
		chromedp.Navigate(ts.URL),
		chromedp.WaitVisible("#r9c9", chromedp.ByID),
		chromedp.Poll(`document.querySelectorAll('#solver option').length > 0`, nil),
		chromedp.Poll(`document.querySelectorAll('#corpus option').length > 0`, nil),
	)
	poses := []struct {
		name    string
		actions chromedp.Tasks
	}{
		{"generate 16×16", chromedp.Tasks{
			chromedp.SetValue("#size", "16", chromedp.ByID),
			chromedp.Evaluate(`document.getElementById('size').dispatchEvent(new Event('change'))`, nil),
			chromedp.SetValue("#seed", "3", chromedp.ByID),
			chromedp.Click("#generate", chromedp.ByID),
			waitText("#message", "Generated a unique 16×16"),
		}},
		{"paste", chromedp.Tasks{
			chromedp.SetValue("#paste", top95, chromedp.ByID),
			chromedp.Click(`#paste-form button[type="submit"]`, chromedp.ByQuery),
			waitText("#message", "Loaded a 9×9 puzzle"),
		}},
		{"sample a corpus", chromedp.Tasks{
			chromedp.Click("#sample", chromedp.ByID),
			waitText("#message", "Loaded "),
		}},
		{"type a cell", chromedp.Tasks{
			chromedp.Click("#r1c1", chromedp.ByID),
			chromedp.SendKeys("#r1c1", ".", chromedp.ByID),
		}},
		{"empty the grid", chromedp.Tasks{
			chromedp.Click("#clear", chromedp.ByID),
			waitText("#message", "Empty grid"),
		}},
		{"switch to the diagonal variant", chromedp.Tasks{
			chromedp.SetValue("#variant", "diagonal", chromedp.ByID),
			chromedp.Evaluate(`document.getElementById('variant').dispatchEvent(new Event('change'))`, nil),
		}},
	}
	for _, pose := range poses {
		var before, after []any
		must(pose.name+": solve the puzzle before",
			chromedp.SetValue("#paste", puzzle17, chromedp.ByID),
			chromedp.Click(`#paste-form button[type="submit"]`, chromedp.ByQuery),
			waitText("#message", "Loaded a 9×9 puzzle with 17 hints"),
			solveBoth,
			chromedp.Evaluate(shownScript, &before),
		)
		if before[0] != false || before[1] != false {
			t.Fatalf("%s: after solving, result hidden %v, chart hidden %v", pose.name, before[0], before[1])
		}
		must(pose.name, pose.actions, chromedp.Evaluate(shownScript, &after))
		if after[0] != true || after[1] != true || after[2] != "" || after[3] != "" {
			t.Errorf("%s: the last puzzle's result (hidden %v, %q) and chart (hidden %v, %q) are still there",
				pose.name, after[0], after[2], after[1], after[3])
		}
	}
}
