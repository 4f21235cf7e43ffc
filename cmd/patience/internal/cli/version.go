package cli

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// versionInfo is what the binary knows of where it came from, read from
// the build information the Go toolchain embeds.
type versionInfo struct {
	Version  string `json:"version"`            // the module version, or "(devel)"
	Revision string `json:"revision,omitempty"` // the VCS commit; absent when unknown
	Time     string `json:"time,omitempty"`     // the commit's time, RFC 3339
	Modified bool   `json:"modified"`           // built from a tree with changes not committed
	Go       string `json:"go,omitempty"`       // the Go version that built it
}

// buildVersion reads the build information of the running binary.
func buildVersion() versionInfo {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return versionInfo{Version: "(devel)"}
	}
	return versionFrom(bi)
}

// versionFrom reads a version out of build information, which a binary
// built outside a module or a VCS checkout (or a test binary) has little of.
func versionFrom(bi *debug.BuildInfo) versionInfo {
	v := versionInfo{Version: bi.Main.Version, Go: bi.GoVersion}
	if v.Version == "" {
		v.Version = "(devel)"
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Revision = s.Value
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}

// String is the version as one line, without the program's name:
// "v1.2.0 (revision 0123abcd..., 2025-05-01T10:00:00Z)",
// "(devel) (revision 0123abcd..., modified)", "(devel) (unknown revision)".
func (v versionInfo) String() string {
	var parts []string
	if v.Revision == "" {
		parts = append(parts, "unknown revision")
	} else {
		parts = append(parts, "revision "+v.Revision)
		if v.Time != "" {
			parts = append(parts, v.Time)
		}
	}
	if v.Modified {
		parts = append(parts, "modified")
	}
	s := v.Version + " (" + strings.Join(parts, ", ") + ")"
	if v.Go != "" {
		s += " built with " + v.Go
	}
	return s
}

func newVersionCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print the version of patience",
		Long: `Print the version of patience: the module version ("(devel)" for a build
from a checkout), the VCS revision it was built from and its time, and
whether the tree had changes not committed ("modified"). "patience --version"
prints the same line.

With --json the same as one JSON object: version, revision and time (absent
when unknown), modified, go.`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			v := buildVersion()
			if asJSON {
				return writeJSONIndent(cmd.OutOrStdout(), v)
			}
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "patience %s\n", v)
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the version as JSON")
	return cmd
}
