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
place. Valid files are reported as "ok  FILE". The exit code is 0 when every
file is valid and 1 otherwise.

With --json the diagnostics of all files are printed to stdout as one JSON
array (file, line, column, end_line, end_column, severity, message,
suggestion), empty when all are valid.`,
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
				if err == nil {
					_, err = check.Source(filename, src)
				}
				if err == nil {
					if !asJSON {
						fmt.Fprintf(out, "ok  %s\n", arg)
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
