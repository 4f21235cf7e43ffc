package main

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/patience-dev/patience/cmd/patience/internal/cli"
	"github.com/patience-dev/patience/cmd/patience/internal/store"
)

var update = flag.Bool("update", false, "rewrite the expected files in testdata/script from what the commands print")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"patience": func() { os.Exit(cli.Main()) },
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
	})
}
