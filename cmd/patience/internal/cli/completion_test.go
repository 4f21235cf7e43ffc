package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEveryRulesetCommandCompletes walks the command tree: every command
// whose usage names a ruleset (NAME|FILE) completes the built-in names and
// leaves a path to the shell's file completion, kept to .patience files, so
// that a command added later cannot forget it.
func TestEveryRulesetCommandCompletes(t *testing.T) {
	var found []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			walk(sub)
		}
		if !strings.Contains(c.Use, "NAME|FILE") && !strings.Contains(c.Use, "FILE|NAME") {
			return
		}
		path := strings.Fields(c.CommandPath())[1:]
		found = append(found, strings.Join(path, " "))
		complete := func(word string) string {
			var out, errOut bytes.Buffer
			args := append(append([]string{"__complete"}, path...), word)
			require.Equal(t, 0, Run(context.Background(), args, strings.NewReader(""), &out, &errOut), errOut.String())
			return out.String()
		}
		assert.Equal(t, "precedence\nprecedence-first-king\n:4\n", complete("prec"), c.CommandPath())
		assert.Equal(t, "patience\n:8\n", complete("rulesets/"), c.CommandPath())
	}
	walk(New())
	assert.Subset(t, found, []string{"play", "show", "solve", "stats", "validate"})
}
