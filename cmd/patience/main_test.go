package main

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/patience-dev/patience/cmd/patience/internal/noquery"
	"github.com/patience-dev/patience/cmd/patience/internal/store"
)

var update = flag.Bool("update", false, "rewrite the expected files in testdata/script from what the commands print")

func TestMain(m *testing.M) {
	noquery.Restore() // as main does
	testscript.Main(m, map[string]func(){
		"patience": main,
	})
}

// TestScripts runs the end-to-end scripts in testdata/script: each runs the
// patience command and compares what it prints and its exit code.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "../../testdata/script",
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(env *testscript.Env) error {
			// Games are saved here, never in the real config directory.
			env.Setenv(store.HomeEnv, filepath.Join(env.WorkDir, "home"))
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"appendbytes": appendBytes,
		},
	})
}

// appendBytes is the script command "appendbytes FILE COUNT TEXT": it
// appends TEXT, read with Go's escapes (\x00, \xff, \n), COUNT times to
// FILE, making the binary, non-UTF-8 and oversized input a txtar file
// should not hold.
func appendBytes(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: appendbytes FILE COUNT TEXT")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	text, err := strconv.Unquote(`"` + strings.ReplaceAll(args[2], `"`, `\"`) + `"`)
	ts.Check(err)
	f, err := os.OpenFile(ts.MkAbs(args[0]), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	ts.Check(err)
	_, err = f.WriteString(strings.Repeat(text, n))
	ts.Check(err)
	ts.Check(f.Close())
}
