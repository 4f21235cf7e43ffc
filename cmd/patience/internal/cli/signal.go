package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// caught is the cause of a context cancelled by a signal.
type caught struct{ sig os.Signal }

func (c *caught) Error() string {
	if c.sig == syscall.SIGTERM {
		return "terminated"
	}
	return "interrupted"
}

// code is the exit code of a program stopped by the signal, as a shell
// reports it: 128 and the signal's number.
func (c *caught) code() int {
	if s, ok := c.sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 1
}

// signalExit is the error of a command stopped by a signal: Run prints its
// message and exits with the signal's code.
type signalExit struct {
	caught *caught
	msg    string // after "patience: terminated"
}

func (e *signalExit) Error() string { return e.caught.Error() + e.msg }

// catchSignals returns a context that SIGTERM or SIGINT cancels, with a
// *caught as its cause, instead of ending the process there and then; stop
// gives the signals back their default.
func catchSignals(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGTERM, os.Interrupt)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			cancel(&caught{sig: sig})
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel(nil)
	}
}

// caughtSignal returns the signal that cancelled ctx, if one did.
func caughtSignal(ctx context.Context) (*caught, bool) {
	var c *caught
	ok := errors.As(context.Cause(ctx), &c)
	return c, ok
}

// stopped turns err into a *signalExit when a signal stopped the command,
// with what more there is to say; otherwise it returns err.
func stopped(ctx context.Context, err error, more func() string) error {
	c, ok := caughtSignal(ctx)
	if !ok {
		return err
	}
	msg := ""
	if more != nil {
		msg = more()
	}
	return &signalExit{caught: c, msg: msg}
}

// savedNote is what the message of a stopped game adds: where it is saved.
func savedNote(path string) string {
	if path == "" {
		return ""
	}
	return fmt.Sprintf("; the game is saved to %s", path)
}
