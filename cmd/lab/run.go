package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/deflatelab/deflatelab/internal/lifeline"
	"github.com/deflatelab/deflatelab/matrix"
)

// command is one subcommand: its entry point and a line of usage. An entry point parses the flags and
// calls a library function with typed options (bench.go, report.go, merge.go, replay.go, ...).
type command struct {
	main func(ctx context.Context, args []string, stdout, stderr io.Writer) error
	doc  string
}

var commands = map[string]command{
	"bench":      {benchMain, "run the matrix on this machine and write a results directory"},
	"report":     {reportMain, "render a report (markdown and SVG) from results files or directories"},
	"merge":      {mergeMain, "merge results folders of one plan and build (replicas of several runner instances) into one"},
	"replay":     {replayMain, "replay a fixed-design run under adaptive stopping, and simulate A/A families from it"},
	"aanull":     {aanullMain, "measure the A/A label-swap null of results: what each family names as A/A differences"},
	"compare":    {compareMain, "which elapsed-time verdicts changed from one report to another, cell by cell"},
	"plan":       {planMain, "size a plan (warm operations, rounds, instances) for a smallest detectable change from a pilot run's variance components"},
	"thresholds": {thresholdsMain, "find each allocator's give-back thresholds: the block sizes and free patterns at which a fresh allocation faults its pages in again"},
	"pairnoise":  {pairnoiseMain, "per-pair noise and detectable change per runner-minute of results folders (alternating against duet pairs)"},
}

// Exit statuses, as the go command uses them.
const (
	exitOK    = 0
	exitError = 1 // the command ran and failed
	exitUsage = 2 // bad command line: nothing ran
)

// run is the whole command, so that tests can call it: args without the program name.
// Interrupting (Ctrl-C, or SIGTERM) cancels the context, which the runner honours between samples.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "lab: unknown command %q\n", args[0])
		usage(stderr)
		return exitUsage
	}
	// SIGTERM (a service manager, a CI job's cancel, kill) stops a run the way Ctrl-C does: the sample
	// under way is dropped, bench.txt and run.json are written, and the summary line says what is kept.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Under "go run", the go command's going (it exits on SIGTERM without waiting for lab) stops lab the
	// same way, instead of leaving it running alone.
	ctx = lifeline.UnderGoRun(ctx)
	err := cmd.main(ctx, args[1:], stdout, stderr)
	var ue *usageError
	var ie *matrix.InvalidError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.As(err, &ue) || errors.As(err, &ie):
		if ue == nil || !ue.printed {
			fmt.Fprintf(stderr, "lab %s: %s\nrun \"lab %s -h\" for the flags\n", args[0], message(args[0], err), args[0])
		}
		return exitUsage
	default:
		fmt.Fprintf(stderr, "lab %s: %s\n", args[0], message(args[0], err))
		return exitError
	}
}

// message is err's text without the "<command>: " its entry point starts it with, which the
// "lab <command>: " prefix already says.
func message(command string, err error) string {
	return strings.TrimPrefix(err.Error(), command+": ")
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: lab <command> [flags]")
	fmt.Fprintln(w, "\ncommands:")
	for _, name := range slices.Sorted(maps.Keys(commands)) { // every command, so that none is left unlisted
		fmt.Fprintf(w, "  %-7s %s\n", name, commands[name].doc)
	}
	fmt.Fprintln(w, "\n\"lab <command> -h\" lists a command's flags.")
	fmt.Fprintln(w, "\nexamples (from the repository root):")
	fmt.Fprintln(w, "  go run ./cmd/lab bench -profile smoke -dops 1,8")
	fmt.Fprintln(w, "  go run ./cmd/lab bench -resume -out results/<run>   continue a stopped run")
	fmt.Fprintln(w, "  go run ./cmd/lab report -in results/<run>")
	fmt.Fprintln(w, "  go run ./cmd/lab bench -replica 2/3                  replica 2 of 3 (one per runner instance)")
	fmt.Fprintln(w, "  go run ./cmd/lab merge -out results/merged results/<r1> results/<r2>")
	fmt.Fprintln(w, "  go run ./cmd/lab bench -profile full -adaptive     stop each candidate once it is decided")
	fmt.Fprintln(w, "  go run ./cmd/lab replay -results results/<run>      a fixed run replayed under adaptive stopping")
	fmt.Fprintln(w, "  go run ./cmd/lab compare -old reports/<a> -new reports/<b>   verdicts that changed between two reports")
}
