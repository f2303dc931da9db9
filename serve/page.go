package serve

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"
)

// pageFiles are the browser page: one HTML file, its script and its style,
// written by hand, with no build step and nothing fetched from elsewhere.
//
//go:embed page
var pageFiles embed.FS

// pagePolicy lets the page load its own files and call its own API, and
// nothing else.
const pagePolicy = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

// pageHandler serves the embedded page to GET and HEAD.
func pageHandler() http.Handler {
	files, err := fs.Sub(pageFiles, "page")
	if err != nil {
		panic(err) // the embedded tree always holds page/
	}
	static := http.FileServerFS(files)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, &apiError{code: http.StatusMethodNotAllowed, msg: r.URL.Path + " is read with GET, not " + r.Method})
			return
		}
		w.Header().Set("Content-Security-Policy", pagePolicy)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		caught := &errorCatcher{ResponseWriter: w}
		static.ServeHTTP(caught, r)
		if caught.code == 0 {
			return
		}
		msg := strings.ToLower(http.StatusText(caught.code)) + ": " + r.URL.Path
		if caught.code == http.StatusNotFound {
			msg = "no page or API endpoint at " + r.URL.Path
		}
		writeError(w, &apiError{code: caught.code, msg: msg})
	})
}

// errorCatcher passes a file server's answer through unless it is an
// error (4xx or 5xx), whose plain-text body it drops for its caller to
// answer in JSON, as every error of the server is.
type errorCatcher struct {
	http.ResponseWriter
	code int // the error status caught; 0: none
}

func (ec *errorCatcher) WriteHeader(code int) {
	if code >= http.StatusBadRequest {
		ec.code = code
		return
	}
	ec.ResponseWriter.WriteHeader(code)
}

func (ec *errorCatcher) Write(b []byte) (int, error) {
	if ec.code != 0 {
		return len(b), nil
	}
	return ec.ResponseWriter.Write(b)
}
