package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/rulesets"
	"github.com/patience-dev/patience/rulesets/builtin"
)

// isPath reports whether a ruleset argument names a file rather than a
// built-in ruleset: it has a directory separator, the .patience extension,
// or a file of that name exists.
func isPath(arg string) bool {
	if strings.ContainsRune(arg, '/') || strings.ContainsRune(arg, filepath.Separator) || strings.HasSuffix(arg, ".patience") {
		return true
	}
	fi, err := os.Stat(arg)
	return err == nil && !fi.IsDir()
}

// source reads a ruleset argument: the text of a built-in ruleset or of a
// file, and the file name diagnostics should show.
func source(arg string) (filename string, src []byte, err error) {
	if isPath(arg) {
		src, err := readFile(arg)
		return arg, src, err
	}
	name, ok := builtinName(arg)
	if !ok {
		if fi, err := os.Stat(arg); err == nil && fi.IsDir() {
			// Not a name that is not there, but a file that is not one.
			return "", nil, fmt.Errorf("cannot read %s: is a directory", arg)
		}
		return "", nil, unknownRuleset(arg)
	}
	src, _ = rulesets.Source(name)
	return "rulesets/" + name + ".patience", src, nil
}

// loadGame reads and checks a ruleset argument. A file with errors returns
// its *dsl.Diagnostics.
func loadGame(arg string) (*check.Game, error) {
	if !isPath(arg) {
		if name, ok := builtinName(arg); ok {
			if g, ok := builtin.Game(name); ok {
				return g, nil // checked already, without parsing
			}
		}
	}
	filename, src, err := source(arg)
	if err != nil {
		return nil, err
	}
	return check.Source(filename, src)
}

// readFile reads a rule file, refusing one larger than the parser accepts
// before reading it all (a device or a pipe may never end).
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fileError(path, err)
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, dsl.MaxFileSize+1))
	if err != nil {
		return nil, fileError(path, err)
	}
	if len(src) > dsl.MaxFileSize {
		return nil, fmt.Errorf("%s: file is larger than the limit of %d bytes", path, dsl.MaxFileSize)
	}
	return src, nil
}

// fileError says which file could not be read and why, without repeating
// the operation and path that *fs.PathError adds.
func fileError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("cannot read %s: %v", path, err)
}

// builtinName finds a built-in ruleset by its name, or, ignoring case, by its
// name or one of the game's names (the title or an aka).
func builtinName(arg string) (string, bool) { return builtin.Find(arg) }

func unknownRuleset(arg string) error {
	names := rulesets.Names()
	if s := dsl.Closest(arg, names); s != "" {
		return fmt.Errorf("unknown ruleset %q; did you mean %q?", arg, s)
	}
	return fmt.Errorf("unknown ruleset %q; the built-in rulesets are %s, or give the path of a .patience file", arg, strings.Join(names, ", "))
}

// completeRuleset completes a ruleset argument. A word that starts like a
// built-in name is completed to those names, the .patience files and the
// directories beside them; any other word, a path most likely, is left to
// the shell's own file completion, kept to .patience files, which knows
// "~/", variables and quoting.
func completeRuleset(toComplete string) ([]string, cobra.ShellCompDirective) {
	var names []string
	if !strings.ContainsAny(toComplete, `/\~$`) && !strings.HasPrefix(toComplete, ".") {
		for _, name := range rulesets.Names() {
			if strings.HasPrefix(name, toComplete) {
				names = append(names, name)
			}
		}
	}
	if len(names) == 0 {
		return []string{"patience"}, cobra.ShellCompDirectiveFilterFileExt
	}
	// The shell cannot mix its file completion with the names, so the
	// files of the working directory are listed here.
	out := names
	directive := cobra.ShellCompDirectiveNoFileComp
	entries, _ := os.ReadDir(".")
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, toComplete) || strings.HasPrefix(name, ".") {
			continue
		}
		switch {
		case e.IsDir():
			out = append(out, name+"/")
			directive |= cobra.ShellCompDirectiveNoSpace
		case strings.HasSuffix(name, ".patience"):
			out = append(out, name)
		}
	}
	return out, directive
}

// rulesetArg completes the first argument only.
func rulesetArg(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return completeRuleset(toComplete)
}

// rulesetArgs completes every argument.
func rulesetArgs(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	return completeRuleset(toComplete)
}
