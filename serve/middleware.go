package serve

import (
	"fmt"
	"log/slog"
	"net/http"
	"time"
)

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
