// Package noquery keeps the terminal from being asked its background
// colour while the program starts.
//
// Bubble Tea v1, when its package is initialized, asks Lip Gloss whether
// the terminal's background is dark, and Lip Gloss asks the terminal (an
// OSC 11 query and a cursor report) when standard output is one. A
// terminal that does not answer (a pty under script or expect, some
// editors' shells) then holds every command for five seconds, the queries
// land in its output (in front of the first line of `play --json`) and
// what is typed meanwhile is read as the answer. Nothing here needs the
// answer: the full-screen game chooses its colours itself.
//
// So this package, which imports only syscall and is imported by the main
// package, sets CI (when it is empty) for the time the packages are
// initialized: termenv takes standard output for no terminal when CI is
// set, and asks nothing.
//
// Go initializes packages in the order of their import paths among those
// whose imports are done (the spec's rule since Go 1.21), so this one,
// ready once syscall is, runs before os and long before Bubble Tea.
// Restore, first thing in main, puts CI back as it was.
package noquery

import "syscall"

var (
	set     bool // CI was empty, and this package set it
	present bool // CI was there, empty
)

func init() {
	if v, ok := syscall.Getenv("CI"); v == "" {
		present = ok
		set = syscall.Setenv("CI", "1") == nil
	}
}

// Restore undoes what init did to the environment.
func Restore() {
	switch {
	case !set:
	case present:
		syscall.Setenv("CI", "")
	default:
		syscall.Unsetenv("CI")
	}
	set = false
}
