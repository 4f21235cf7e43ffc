package cli

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/rulesets"
)

func newListCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the built-in rulesets",
		Long: `List the built-in rulesets: the name to give other commands, the game's
title and other names, how many decks it uses, and what it is.`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
			fmt.Fprintln(w, "NAME\tGAME\tALSO KNOWN AS\tDECKS\tSUMMARY")
			for _, name := range rulesets.Names() {
				src, _ := rulesets.Source(name)
				g, err := check.Source("rulesets/"+name+".patience", src)
				if err != nil {
					// A broken built-in still lists, so the others stay usable.
					fmt.Fprintf(w, "%s\t-\t-\t-\tinvalid: run \"patience validate %s\"\n", name, name)
					continue
				}
				aka := "-"
				if len(g.Aka) > 0 {
					aka = strings.Join(g.Aka, ", ")
				}
				fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%s\n", name, g.Name, aka, g.Decks, g.Summary)
			}
			return w.Flush()
		},
	}
}
