package serve

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/sudokubench/sudokubench/harness/record"
)

// Header limits. Go's server answers headers over its MaxHeaderBytes
// itself, in plain text; it is set to hardHeaderBytes, and limitHeaders
// answers those over maxHeaderBytes with the API's JSON error.
const (
	maxHeaderBytes  = 64 << 10
	hardHeaderBytes = 1 << 20
)

// limitHeaders refuses a request whose head (request line and headers)
// is over maxHeaderBytes with 431.
func limitHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n := headBytes(r); n > maxHeaderBytes {
			w.Header().Set("Connection", "close")
			writeError(w, &apiError{
				code: http.StatusRequestHeaderFieldsTooLarge,
				msg:  fmt.Sprintf("request headers of %s are over the limit of %s", record.FormatBytes(float64(n)), record.FormatBytes(maxHeaderBytes)),
			})
			return
		}
		h.ServeHTTP(w, r)
	})
}

// headBytes is the size of a request's head as HTTP/1.1 sends it: the
// request line, the Host line and every header line.
func headBytes(r *http.Request) int {
	n := len(r.Method) + 1 + len(r.RequestURI) + 1 + len(r.Proto) + 2 + len("Host: \r\n") + len(r.Host)
	for name, values := range r.Header {
		for _, v := range values {
			n += len(name) + len(": \r\n") + len(v)
		}
	}
	return n + 2
}

// readBody reads a request's whole body before h runs, at most limit
// bytes (then 413) within BodyTimeout (then 408), and hands h the body in
// memory. A client that sends its body slowly, or never, thus holds its
// own connection and nothing else: h, and the in-flight slot it takes,
// start once the body is here.
func (s *Server) readBody(limit int64, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Only a request with a body gets the deadline: for one without,
		// the server already watches the connection for the client's
		// leaving, and the deadline would end that watch, and the
		// request, early. Reading a body to its end starts the watch and
		// clears the deadline.
		if r.Body == nil || r.Body == http.NoBody {
			h.ServeHTTP(w, r)
			return
		}
		err := http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.cfg.BodyTimeout))
		if err != nil && !errors.Is(err, http.ErrNotSupported) {
			writeError(w, err)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
		if err != nil {
			writeError(w, s.bodyError(w, err, limit))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(w, r)
	})
}

// bodyError says why a request body could not be read.
func (s *Server) bodyError(w http.ResponseWriter, err error, limit int64) *apiError {
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return &apiError{code: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("request body over the limit of %s", record.FormatBytes(float64(limit)))}
	case errors.Is(err, os.ErrDeadlineExceeded):
		w.Header().Set("Connection", "close")
		return &apiError{code: http.StatusRequestTimeout, msg: fmt.Sprintf("the request body did not arrive within %s: send it whole, at once", s.cfg.BodyTimeout)}
	}
	return badRequest("the request body broke off before its end")
}

// limited refuses a request with 429 and Retry-After when MaxInFlight
// requests are already being answered, so that a burst queues in its
// clients rather than in the server's memory.
func (s *Server) limited(h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case s.inFlight <- struct{}{}:
			defer func() { <-s.inFlight }()
			h(w, r)
		default:
			writeError(w, &apiError{
				code:       http.StatusTooManyRequests,
				msg:        fmt.Sprintf("too many concurrent requests (this server answers %d at a time); retry in a second", cap(s.inFlight)),
				retryAfter: 1,
			})
		}
	})
}

// statusRecorder remembers the status and size of an answer for the log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (sr *statusRecorder) WriteHeader(code int) {
	if sr.status == 0 {
		sr.status = code
	}
	sr.ResponseWriter.WriteHeader(code)
}

func (sr *statusRecorder) Write(b []byte) (int, error) {
	if sr.status == 0 {
		sr.status = http.StatusOK
	}
	n, err := sr.ResponseWriter.Write(b)
	sr.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the connection.
func (sr *statusRecorder) Unwrap() http.ResponseWriter { return sr.ResponseWriter }

// logged writes one structured log line per request: method, path,
// status, bytes, duration and the client's address. A request whose client
// left before its answer has status 0.
func (s *Server) logged(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		h.ServeHTTP(rec, r)
		level := slog.LevelInfo
		if rec.status >= http.StatusInternalServerError {
			level = slog.LevelWarn
		}
		s.cfg.Logger.LogAttrs(r.Context(), level, "request",
			slog.String("method", r.Method), slog.String("path", r.URL.Path),
			slog.Int("status", rec.status), slog.Int("bytes", rec.bytes),
			slog.Duration("took", time.Since(start)), slog.String("remote", r.RemoteAddr))
	})
}
