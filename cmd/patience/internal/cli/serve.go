package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/spf13/cobra"

	"github.com/patience-dev/patience/cmd/patience/internal/web"
)

func newServeCmd() *cobra.Command {
	var addr string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the playground: edit a rule file and play it in the browser",
		Long: `Serve the playground on --addr (default 127.0.0.1:8080): a page with an
editor for a .patience rule file, its diagnostics as you type (the same as
validate gives), and the board it makes, dealt for a seed you choose and
played by clicking a card and then a pile. The game runs in the browser, as
the same Go code compiled to WebAssembly; the server only hands out files,
which are embedded in this binary and work from any static host as well.
The rule file and the seed travel in the page's address, so a variant is a
link. An interrupt or SIGTERM stops the server, with a line on stderr and
the exit code 128 plus the signal's number.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, _, err := net.SplitHostPort(addr); err != nil {
				// An empty address would listen on every interface, at a
				// port of the system's choosing: say so instead.
				return fmt.Errorf("--addr %q is no host:port, e.g. 127.0.0.1:8080 (or :8080 for every interface)", addr)
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return fmt.Errorf("cannot serve on %s: %v", addr, err)
			}
			ctx, stop := catchSignals(cmd.Context())
			defer stop()
			srv := &http.Server{Handler: web.Handler(), ReadHeaderTimeout: 10 * time.Second}
			fmt.Fprintf(cmd.OutOrStdout(), "serving the playground at http://%s/\n", ln.Addr())
			done := make(chan error, 1)
			go func() { done <- srv.Serve(ln) }()
			select {
			case err := <-done:
				return err
			case <-ctx.Done():
			}
			shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := srv.Shutdown(shut); err != nil {
				return err
			}
			if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
				return err
			}
			// A signal ends it as it ends play: a line on stderr and 128
			// plus the signal's number.
			var c *caught
			if errors.As(context.Cause(ctx), &c) {
				return &signalExit{caught: c, msg: "; the server has stopped"}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "the address to listen on, host:port (port 0 picks a free one)")
	return cmd
}
