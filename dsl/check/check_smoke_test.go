package check

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/alecthomas/repr"
	"github.com/patience-dev/patience/dsl"
)

func TestSmoke(t *testing.T) {
	files, _ := filepath.Glob("../../rulesets/*.patience")
	for _, f := range files {
		src, _ := os.ReadFile(f)
		g, err := Source(f, src)
		if err != nil {
			if d, ok := err.(*dsl.Diagnostics); ok {
				t.Fatal(d.Render())
			}
			t.Fatal(err)
		}
		if filepath.Base(f) == "plot.patience" {
			repr.Println(g.Piles[1], g.Piles[10], g.Deal, g.Phases, g.Win)
		}
	}
}
