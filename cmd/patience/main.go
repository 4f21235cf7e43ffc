// Command patience plays, shows and checks solitaire games written as
// .patience rule files.
package main

import (
	"os"

	"github.com/patience-dev/patience/cmd/patience/internal/cli"
)

func main() {
	os.Exit(cli.Main())
}
