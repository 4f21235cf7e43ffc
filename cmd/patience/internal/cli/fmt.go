package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/patience-dev/patience/dsl"
)

func newFmtCmd() *cobra.Command {
	var list, diff, write bool
	cmd := &cobra.Command{
		Use:   "fmt [-l] [-d] [-w] [FILE|DIR...]",
		Short: "Lay rule files out in the canonical format",
		Long: `Print each rule file in the one canonical layout: two spaces of indentation
per brace level, one space between words, one statement a line, trailing
comments aligned, blank lines kept (at most one) and every comment kept in
its place. With no file it formats standard input to standard output. A
directory stands for every .patience file under it.

A file that does not parse is refused with the parser's error, and the exit
code is 1. -l lists the files whose layout differs, -d prints the changes as
a diff, -w writes each file back in place (atomically; through a symbolic
link, the file it points to; a file with other hard links is rewritten
itself, its old text kept beside it until the new is written); without any
of them the formatted text is printed. A file that cannot be read is reported, and the others are still
formatted.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			out, errOut := cmd.OutOrStdout(), cmd.ErrOrStderr()
			if len(args) == 0 {
				if write {
					return fmt.Errorf("fmt -w needs a file to write to, not standard input")
				}
				src, err := io.ReadAll(io.LimitReader(cmd.InOrStdin(), dsl.MaxFileSize+1))
				if err != nil {
					return fmt.Errorf("cannot read standard input: %v", err)
				}
				if len(src) > dsl.MaxFileSize {
					// Read no further than one byte past the limit: its size is not known.
					return fmt.Errorf("<standard input>: file is larger than the limit of %d bytes", dsl.MaxFileSize)
				}
				return fmtOne("<standard input>", src, out, list, diff, false)
			}
			files, errs := fmtFiles(args)
			failed := len(errs) > 0
			for _, err := range errs {
				fmt.Fprintf(errOut, "patience: %s\n", oneLine(err.Error()))
			}
			for _, file := range files {
				src, err := readFile(file)
				if err == nil {
					err = fmtOne(file, src, out, list, diff, write)
				}
				if err != nil {
					failed = true
					var d *dsl.Diagnostics
					if errors.As(err, &d) {
						fmt.Fprint(errOut, d.Render())
					} else {
						fmt.Fprintf(errOut, "patience: %s\n", oneLine(err.Error()))
					}
				}
			}
			if failed {
				return errReported
			}
			return nil
		},
	}
	cmd.Flags().BoolVarP(&list, "list", "l", false, "list the files whose layout differs from the canonical one")
	cmd.Flags().BoolVarP(&diff, "diff", "d", false, "print the changes as a unified diff")
	cmd.Flags().BoolVarP(&write, "write", "w", false, "write the result back to each file")
	return cmd
}

// fmtFiles expands the arguments: a directory stands for every .patience
// file under it, in lexical order. An argument that cannot be read is an
// error of its own; the others are still formatted.
func fmtFiles(args []string) ([]string, []error) {
	var files []string
	var errs []error
	for _, arg := range args {
		fi, err := os.Stat(arg)
		if err != nil {
			errs = append(errs, fileError(arg, err))
			continue
		}
		if !fi.IsDir() {
			files = append(files, arg)
			continue
		}
		err = filepath.WalkDir(arg, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(path, ".patience") {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			errs = append(errs, fileError(arg, err))
		}
	}
	return files, errs
}

// fmtOne formats one file and reports it as the flags say.
func fmtOne(name string, src []byte, out io.Writer, list, diff, write bool) error {
	got, err := dsl.Format(name, src)
	if err != nil {
		return err
	}
	changed := !bytes.Equal(src, got)
	if list && changed {
		fmt.Fprintln(out, name)
	}
	if write && changed {
		if err := writeAtomic(name, got); err != nil {
			return err
		}
	}
	if diff && changed {
		// The bytes as they are: a change of line endings, of the
		// byte-order mark or of the final newline is a change too.
		fmt.Fprint(out, unifiedDiff(name, src, got))
	}
	if !list && !write && !diff {
		_, err := out.Write(got)
		return err
	}
	return nil
}

// writeAtomic replaces path with data: it writes a temporary file beside it,
// with the same permissions, and renames it over the original, so a reader
// never sees half a file. A file with other hard links is rewritten in
// place instead (see writeInPlace), so that all its names see the change.
func writeAtomic(path string, data []byte) error {
	// Through a symbolic link, the file it points to is rewritten and the
	// link kept.
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	fi, err := os.Stat(path)
	if err != nil {
		return fileError(path, err)
	}
	if hardLinked(fi) {
		return writeInPlace(path, fi, data)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing left to remove
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	if err := tmp.Chmod(fi.Mode().Perm()); err != nil {
		tmp.Close()
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	return nil
}

// writeInPlace rewrites the file at path with data, keeping the file itself
// (its other names, owner and mode), as gofmt -w does: the old text is
// copied beside it first, and the copy removed only once the new text is
// written and synced, so that a write cut short loses nothing (the error
// says where the old text is).
func writeInPlace(path string, fi os.FileInfo, data []byte) error {
	old, err := os.ReadFile(path)
	if err != nil {
		return fileError(path, err)
	}
	backup, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.bak")
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	_, err = backup.Write(old)
	if err == nil {
		err = backup.Chmod(fi.Mode().Perm())
	}
	if err == nil {
		err = backup.Sync()
	}
	if cerr := backup.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(backup.Name())
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		os.Remove(backup.Name())
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %v; its text before is kept in %s", path, err, backup.Name())
	}
	os.Remove(backup.Name())
	return nil
}

// unifiedDiff is the changes from a to b as a unified diff with three lines
// of context. Lines are matched by a longest common subsequence of the part
// between the common head and tail; past a size where that costs too much,
// the middle is shown as removed and added whole.
func unifiedDiff(name string, a, b []byte) string {
	x, y := splitLines(a), splitLines(b)
	// A last line with no line feed differs from the same line with one,
	// and says so as diff does.
	const noNewline = "\x00no newline"
	for _, t := range []struct {
		text  []byte
		lines []string
	}{{a, x}, {b, y}} {
		if n := len(t.lines); n > 0 && !bytes.HasSuffix(t.text, []byte("\n")) {
			t.lines[n-1] += noNewline
		}
	}
	type op struct {
		kind byte // ' ', '-', '+'
		line string
	}
	var ops []op
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	for _, l := range x[:pre] {
		ops = append(ops, op{' ', l})
	}
	mx, my := x[pre:len(x)-suf], y[pre:len(y)-suf]
	if len(mx)*len(my) <= 4_000_000 {
		// lcs[i][j] is the length of the LCS of mx[i:] and my[j:].
		lcs := make([][]int32, len(mx)+1)
		for i := range lcs {
			lcs[i] = make([]int32, len(my)+1)
		}
		for i := len(mx) - 1; i >= 0; i-- {
			for j := len(my) - 1; j >= 0; j-- {
				if mx[i] == my[j] {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		i, j := 0, 0
		for i < len(mx) || j < len(my) {
			switch {
			case i < len(mx) && j < len(my) && mx[i] == my[j]:
				ops = append(ops, op{' ', mx[i]})
				i++
				j++
			case i < len(mx) && (j == len(my) || lcs[i+1][j] >= lcs[i][j+1]):
				ops = append(ops, op{'-', mx[i]})
				i++
			default:
				ops = append(ops, op{'+', my[j]})
				j++
			}
		}
	} else {
		for _, l := range mx {
			ops = append(ops, op{'-', l})
		}
		for _, l := range my {
			ops = append(ops, op{'+', l})
		}
	}
	for _, l := range x[len(x)-suf:] {
		ops = append(ops, op{' ', l})
	}
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s (formatted)\n", name, name)
	const context = 3
	for k := 0; k < len(ops); {
		if ops[k].kind == ' ' {
			k++
			continue
		}
		// A hunk: from context lines before this change to context lines
		// after the last change closer than 2*context to the one before.
		start := max(k-context, 0)
		end := k
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*context {
				end = min(end+context, len(ops))
				break
			}
			end = run
		}
		aLine, bLine := 1, 1
		for _, o := range ops[:start] {
			if o.kind != '+' {
				aLine++
			}
			if o.kind != '-' {
				bLine++
			}
		}
		aCount, bCount := 0, 0
		for _, o := range ops[start:end] {
			if o.kind != '+' {
				aCount++
			}
			if o.kind != '-' {
				bCount++
			}
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n", aLine, aCount, bLine, bCount)
		for _, o := range ops[start:end] {
			out.WriteByte(o.kind)
			line, cut := strings.CutSuffix(o.line, noNewline)
			out.WriteString(line)
			out.WriteByte('\n')
			if cut {
				out.WriteString("\\ No newline at end of file\n")
			}
		}
		k = end
	}
	return out.String()
}

// splitLines splits text into lines without their line feeds.
func splitLines(b []byte) []string {
	s := strings.TrimSuffix(string(b), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
