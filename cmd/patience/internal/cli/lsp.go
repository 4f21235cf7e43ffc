package cli

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/patience-dev/patience/cmd/patience/internal/lsp"
)

func newLSPCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server for .patience files, on standard input and output",
		Long: `Run the patience language server: it speaks the Language Server Protocol on
standard input and output, for an editor to start. It gives the diagnostics
"patience validate" gives, as the file is typed, with a quick fix for each
did-you-mean; completion of keywords and names; hover texts for keywords and
piles; go to definition and find references; an outline; and formatting as
"patience fmt" does. See the README for VS Code and Neovim.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			// The protocol's own framing: the server escapes what could
			// drive a terminal inside its JSON, so the stream goes out as it is.
			stream := stdio{r: cmd.InOrStdin(), w: raw(cmd.OutOrStdout())}
			return lsp.Serve(cmd.Context(), stream, buildVersion().String())
		},
	}
}

// stdio joins standard input and output into the stream the server reads
// and writes.
type stdio struct {
	r io.Reader
	w io.Writer
}

func (s stdio) Read(p []byte) (int, error)  { return s.r.Read(p) }
func (s stdio) Write(p []byte) (int, error) { return s.w.Write(p) }
func (s stdio) Close() error {
	if c, ok := s.r.(io.Closer); ok {
		return c.Close()
	}
	return nil
}
