package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A command after "--" is an argument, with --help before the "--" or
// after it, and the error says so and how to write it (it said: unknown
// command "show"; did you mean "show"?: found in review).
func TestCommandsAfterDashDash(t *testing.T) {
	for _, args := range [][]string{{"--help", "--", "show"}, {"-h", "--", "show"}, {"--", "show", "--help"}, {"--", "show", "-h"}} {
		var out, errOut bytes.Buffer
		Run(context.Background(), args, strings.NewReader(""), &out, &errOut)
		assert.NotContains(t, errOut.String(), `unknown command "show"; did you mean "show"?`, "%q", args)
		assert.Contains(t, errOut.String(), `"show" follows "--", which makes it an argument, not a command: write "patience `, "%q", args)
	}
}
