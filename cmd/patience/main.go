// Command patience plays, shows and checks solitaire games written as
// .patience rule files.
package main

import (
	"os"

	"github.com/patience-dev/patience/cmd/patience/internal/cli"
	"github.com/patience-dev/patience/cmd/patience/internal/noquery"
)

func main() {
	noquery.Restore() // the packages are initialized: CI as it was
	os.Exit(cli.Main())
}
