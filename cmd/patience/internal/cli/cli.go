// Package cli is the patience command line: it builds the cobra command tree
// (list, show, play, validate, solve, stats), turns rule files and built-in
// names into games, and reports every error once, as one line on stderr,
// with an exit code. The commands keep no global state: New builds a fresh tree.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/patience-dev/patience/dsl"
)

// Main runs the command line on the process's arguments and standard
// streams and returns the exit code.
func Main() int {
	return Run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
}

// Run runs the command line with the given arguments and streams and returns
// the exit code: 0 on success, 1 on any error, 128 plus the signal's number
// for a game stopped by a signal. Every error is printed once:
// diagnostics of a rule file as they render, anything else as
// "patience: <message>".
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(ctx, newFor(args), args, stdin, stdout, stderr)
}

// run is Run with the command tree given.
func run(ctx context.Context, root *cobra.Command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := newSafeWriter(stdout)
	stdout, stderr = out, newSafeWriter(stderr)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := helpForUnknown(root, args)
	if err == nil {
		err = root.ExecuteContext(ctx)
	}
	if err == nil && out.err != nil {
		// A command that went on past its output's failure: what it
		// printed is lost, and that is no success.
		err = fmt.Errorf("cannot write the output: %v", out.err)
	}
	if err == nil {
		return 0
	}
	var (
		diags   *dsl.Diagnostics
		stopped *signalExit
	)
	switch {
	case errors.As(err, &stopped):
		fmt.Fprintf(stderr, "patience: %s\n", oneLine(stopped.Error()))
		return stopped.caught.code()
	case errors.Is(err, errReported):
		// Already told the user, e.g. validate's per-file diagnostics.
	case errors.As(err, &diags):
		fmt.Fprint(stderr, diags.Render())
	default:
		fmt.Fprintf(stderr, "patience: %s\n", oneLine(err.Error()))
	}
	return 1
}

// errReported is returned by a command that has already printed what went
// wrong and only needs the exit code set.
var errReported = errors.New("failed")

// rootCommands are the constructors of the root's commands, by name.
var rootCommands = []struct {
	name string
	new  func() *cobra.Command
}{
	{"list", newListCmd},
	{"show", newShowCmd},
	{"play", newPlayCmd},
	{"validate", newValidateCmd},
	{"fmt", newFmtCmd},
	{"lsp", newLSPCmd},
	{"solve", newSolveCmd},
	{"stats", newStatsCmd},
	{"version", newVersionCmd},
	{"serve", newServeCmd},
}

// New builds the patience command tree.
func New() *cobra.Command {
	root := newRoot()
	root.Version = buildVersion().String()
	for _, c := range rootCommands {
		root.AddCommand(c.new())
	}
	root.InitDefaultCompletionCmd()
	fixCompletionCmd(root)
	return root
}

// newFor builds the command tree args need: when they run one of the
// root's commands, the root with that command alone, which behaves as it
// does in the whole tree (no command looks at another, and the root has
// no persistent flags), at a fraction of the cost of building the whole
// tree at every start; otherwise (the root itself, help, completion,
// __complete) the whole tree.
func newFor(args []string) *cobra.Command {
	// Find the command as cobra will, in a tree of names only: the
	// completion command is there as New adds it; help and __complete are
	// not, as cobra adds them only when it executes.
	probe := newRoot()
	for _, c := range rootCommands {
		probe.AddCommand(&cobra.Command{Use: c.name})
	}
	probe.AddCommand(&cobra.Command{Use: "completion"})
	found, _, err := probe.Find(args)
	if err != nil || found == probe {
		return New()
	}
	for _, c := range rootCommands {
		if c.name == found.Name() {
			root := newRoot()
			root.AddCommand(c.new())
			root.CompletionOptions.DisableDefaultCmd = true // not reachable from this command
			return root
		}
	}
	return New()
}

// newRoot is the root command without its commands or its version.
func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "patience",
		Short: "Play solitaire games written as plain-text rule files",
		Long: `patience plays solitaire games. Every game is a plain-text .patience file;
the built-in ones are listed by "patience list", and any command that takes a
ruleset accepts either a built-in name or the path of a .patience file.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Help()
			}
			if cmd.ArgsLenAtDash() == 0 {
				return afterDash(cmd, args, args[0])
			}
			return unknownCommand(cmd, args[0])
		},
	}
	// The help flag is the root's from the start, not only once cobra runs
	// it: cobra finds the command before it adds the flag, and would read
	// "patience --help show" as --help given the value "show".
	root.InitDefaultHelpFlag()
	root.SetFlagErrorFunc(flagError)
	root.SetVersionTemplate("patience {{.Version}}\n")
	root.Flags().Bool("version", false, "print the version of patience (see \"patience version\")")
	return root
}

// fixCompletionCmd makes "patience completion SHELL" refuse a shell it has
// no script for, or none, with an error, where cobra's own prints the help
// and exits 0.
func fixCompletionCmd(root *cobra.Command) {
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		var shells []string
		for _, sh := range c.Commands() {
			shells = append(shells, sh.Name())
		}
		list := func(and string) string {
			return strings.Join(shells[:len(shells)-1], ", ") + " " + and + " " + shells[len(shells)-1]
		}
		c.Args = cobra.ArbitraryArgs
		c.RunE = func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return fmt.Errorf("completion needs a shell: %s (see \"patience completion --help\")", list("or"))
			}
			if s := dsl.Closest(args[0], shells); s != "" {
				return fmt.Errorf("unknown shell %s; did you mean %q? The shells are %s", quoteShort(args[0]), s, list("and"))
			}
			return fmt.Errorf("unknown shell %s; completion scripts are made for %s", quoteShort(args[0]), list("and"))
		}
	}
}

// helpForUnknown refuses "patience NAME --help" for a NAME that is no
// command, where cobra would print the root's help and exit 0.
func helpForUnknown(root *cobra.Command, args []string) error {
	flags := args
	if i := slices.Index(args, "--"); i >= 0 {
		flags = args[:i] // after "--" a "--help" is an argument
	}
	if !slices.ContainsFunc(flags, func(a string) bool { return a == "--help" || a == "-h" }) {
		return nil
	}
	root.InitDefaultHelpCmd()
	c, rest, err := root.Find(args)
	if err != nil || c != root {
		return nil
	}
	for i, a := range rest { // the root's own flags take no value
		if a == "--" {
			if i+1 < len(rest) {
				j := slices.Index(args, "--")
				return afterDash(root, append(slices.Clip(args[:j]), args[j+1:]...), rest[i+1])
			}
			return nil
		}
		if !strings.HasPrefix(a, "-") {
			return unknownCommand(root, a)
		}
	}
	return nil
}

// afterDash is the error for name, the first argument after "--": a
// command there is an argument, so the command line is said again without
// the "--" (again).
func afterDash(root *cobra.Command, again []string, name string) error {
	if c, _, err := root.Find([]string{name}); err == nil && c != root {
		return fmt.Errorf("%q follows \"--\", which makes it an argument, not a command: write \"patience %s\"", name, strings.Join(again, " "))
	}
	return unknownCommand(root, name)
}

func unknownCommand(root *cobra.Command, name string) error {
	var names []string
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	if s := dsl.Closest(name, names); s != "" {
		return fmt.Errorf("unknown command %q; did you mean %q?", name, s)
	}
	return fmt.Errorf("unknown command %q; the commands are %s (see \"patience help\")", name, strings.Join(names, ", "))
}

func flagError(cmd *cobra.Command, err error) error {
	var bad *pflag.InvalidValueError
	if errors.As(err, &bad) {
		// In the words of the command line, not of Go's parsers.
		why := bad.Unwrap().Error()
		switch bad.GetFlag().Value.Type() {
		case "int":
			why = "want a whole number"
			if errors.Is(bad.Unwrap(), strconv.ErrRange) {
				why = fmt.Sprintf("want a whole number no larger than %d", math.MaxInt)
			}
		case "duration":
			why = "want a duration such as 500ms, 10s or 1m"
		case "bool":
			why = "want true or false"
		}
		err = fmt.Errorf("invalid --%s %s: %s", bad.GetFlag().Name, quoteShort(bad.GetValue()), why)
	}
	return fmt.Errorf("%v (see \"%s --help\")", err, cmd.CommandPath())
}

// exactlyOneRuleset is an Args check with a message that says what is
// missing, not how many arguments cobra counted.
func exactlyOneRuleset(cmd *cobra.Command, args []string) error {
	switch {
	case len(args) == 0:
		return fmt.Errorf("%s needs a ruleset: a built-in name (see \"patience list\") or a .patience file", cmd.Name())
	case len(args) > 1:
		return fmt.Errorf("%s takes one ruleset, not %d: %s", cmd.Name(), len(args), strings.Join(args, " "))
	}
	return nil
}

// oneLine keeps an error to one line, so that a message from deep inside
// never breaks the "patience: <msg>" shape.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}
