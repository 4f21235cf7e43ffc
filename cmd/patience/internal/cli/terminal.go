package cli

import (
	"github.com/charmbracelet/x/term"
	"io"
	"os"
	"unicode/utf8"

	"github.com/mattn/go-isatty"

	"github.com/patience-dev/patience/dsl"
)

// safeWriter passes text through to a stream with every character that
// could drive a terminal written as a visible escape (see dsl.Escape). Run
// puts one in front of standard output and standard error, so that no name,
// message, replay line or saved text from any source reaches a terminal raw,
// whichever command prints it. JSON is unchanged by it: encoding/json
// escapes control characters already.
//
// A character split between two writes is held back until the rest comes.
// The first write that fails is kept (see run), so that output lost to a
// full disk or a closed stream is never a silent success.
type safeWriter struct {
	w       io.Writer
	pending []byte
	err     error
}

func newSafeWriter(w io.Writer) *safeWriter { return &safeWriter{w: w} }

// raw returns the stream behind w, for the few writers that send terminal
// controls on purpose (the full-screen game, the progress bar).
func raw(w io.Writer) io.Writer {
	if s, ok := w.(*safeWriter); ok {
		return s.w
	}
	return w
}

func (s *safeWriter) Write(p []byte) (int, error) {
	buf := append(s.pending, p...)
	s.pending = nil
	end := len(buf)
	// Hold back an incomplete character at the end.
	for i := 1; i <= utf8.UTFMax && i <= len(buf); i++ {
		if utf8.RuneStart(buf[len(buf)-i]) {
			if !utf8.FullRune(buf[len(buf)-i:]) {
				end = len(buf) - i
			}
			break
		}
	}
	if end < len(buf) {
		s.pending = append([]byte(nil), buf[end:]...)
	}
	text := string(buf[:end])
	if _, err := io.WriteString(s.w, dsl.Escape(text)); err != nil {
		if s.err == nil {
			s.err = err
		}
		return 0, err
	}
	return len(p), nil
}

func isTerminal(r any) bool {
	if w, ok := r.(io.Writer); ok {
		r = raw(w)
	}
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	// A terminal answers the terminal's own ioctl; a character device such
	// as /dev/null does not.
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}

// terminalWidth is the columns of the terminal w writes to, or 0 when w is
// no terminal (a pipe, a file): then nothing is wrapped to fit it.
func terminalWidth(w io.Writer) int {
	f, ok := raw(w).(*os.File)
	if !ok || !isTerminal(f) {
		return 0
	}
	if cols, _, err := term.GetSize(f.Fd()); err == nil && cols > 0 {
		return cols
	}
	return 0
}
