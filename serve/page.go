package serve

import (
	"embed"
	"io/fs"
	"net/http"
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
			http.Error(w, "the page is read with GET", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Security-Policy", pagePolicy)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		static.ServeHTTP(w, r)
	})
}
