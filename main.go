// Command deck shows coding-agent sessions in the terminal: each tool call
// as a card a person reads at a glance. Its command line is package ui/cli.
package main

import (
	"context"
	"os"

	"github.com/deck-tui/deck/ui/cli"
)

func main() {
	os.Exit(cli.Main(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
