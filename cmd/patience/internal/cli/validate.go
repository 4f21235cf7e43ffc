package cli

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/patience-dev/patience/cmd/patience/internal/protocol"
	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
)

// jsonDiagnostic is one diagnostic as data, for editors (see protocol).
type jsonDiagnostic = protocol.Diagnostic

func newValidateCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "validate FILE|NAME...",
		Short: "Check rule files and report every problem in them",
		Long: `Check each rule file (or built-in ruleset) and report every problem found,
as path:line:col: error: message with the source line and a caret under the
place. Valid files are reported as "ok  FILE". A valid file may still get
warnings (path:line:col: warning: ...): what it says is legal, but makes the
game unwinnable from every deal or leaves a pile that no card can enter.
The exit code is 0 when every file is valid, warnings or not, and 1
otherwise.

With --json the diagnostics of all files are printed to stdout as one JSON
array (file, line, column, end_line, end_column, severity — "error" or
"warning" —, message, suggestion), empty when all are valid with no warning.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return fmt.Errorf("validate needs at least one file or built-in ruleset name")
			}
			return nil
		},
		ValidArgsFunction: rulesetArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			out, errOut := cmd.OutOrStdout(), cmd.ErrOrStderr()
			all := []jsonDiagnostic{}
			invalid := 0
			for _, arg := range args {
				filename, src, err := source(arg)
				var g *check.Game
				if err == nil {
					g, err = check.Source(filename, src)
				}
				if err == nil {
					switch {
					case asJSON && g.Warnings != nil:
						all = append(all, diagnosticsData(g.Warnings)...)
					case g.Warnings != nil:
						fmt.Fprint(errOut, g.Warnings.Render())
						n := len(g.Warnings.List)
						fmt.Fprintf(out, "ok  %s (%d %s)\n", dsl.ShownPath(arg), n, plural(n, "warning", "warnings"))
					case !asJSON:
						fmt.Fprintf(out, "ok  %s\n", dsl.ShownPath(arg))
					}
					continue
				}
				invalid++
				var diags *dsl.Diagnostics
				switch {
				case asJSON && errors.As(err, &diags):
					all = append(all, diagnosticsData(diags)...)
				case asJSON:
					all = append(all, jsonDiagnostic{File: arg, Severity: "error", Message: err.Error()})
				case errors.As(err, &diags):
					fmt.Fprint(errOut, diags.Render())
				default:
					fmt.Fprintf(errOut, "patience: %s\n", oneLine(err.Error()))
				}
			}
			if asJSON {
				b, err := json.MarshalIndent(all, "", "  ")
				if err != nil {
					return err
				}
				fmt.Fprintf(out, "%s\n", b)
			}
			if invalid > 0 {
				return errReported
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the diagnostics as JSON, for editors")
	return cmd
}

func diagnosticsData(d *dsl.Diagnostics) []jsonDiagnostic { return protocol.Diagnostics(d) }
