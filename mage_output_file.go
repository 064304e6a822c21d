//go:build ignore
// +build ignore

package main

import (
	_context "context"
	_flag "flag"
	_fmt "fmt"
	_io "io"
	_log "log"
	_os "os"
	_signal "os/signal"
	_filepath "path/filepath"
	_sort "sort"
	_strconv "strconv"
	_strings "strings"
	_syscall "syscall"
	_tabwriter "text/tabwriter"
	_time "time"
	
)

func main() {
	// Use local types and functions in order to avoid name conflicts with additional magefiles.
	type arguments struct {
		Verbose       bool          // print out log statements
		List          bool          // print out a list of targets
		Help          bool          // print out help for a specific target
		Timeout       _time.Duration // set a timeout to running the targets
		Args          []string      // args contain the non-flag command-line arguments
	}

	parseBool := func(env string) bool {
		val := _os.Getenv(env)
		if val == "" {
			return false
		}		
		b, err := _strconv.ParseBool(val)
		if err != nil {
			_log.Printf("warning: environment variable %s is not a valid bool value: %v", env, val)
			return false
		}
		return b
	}

	parseDuration := func(env string) _time.Duration {
		val := _os.Getenv(env)
		if val == "" {
			return 0
		}		
		d, err := _time.ParseDuration(val)
		if err != nil {
			_log.Printf("warning: environment variable %s is not a valid duration value: %v", env, val)
			return 0
		}
		return d
	}
	args := arguments{}
	fs := _flag.FlagSet{}
	fs.SetOutput(_os.Stdout)

	// default flag set with ExitOnError and auto generated PrintDefaults should be sufficient
	fs.BoolVar(&args.Verbose, "v", parseBool("MAGEFILE_VERBOSE"), "show verbose output when running targets")
	fs.BoolVar(&args.List, "l", parseBool("MAGEFILE_LIST"), "list targets for this binary")
	fs.BoolVar(&args.Help, "h", parseBool("MAGEFILE_HELP"), "print out help for a specific target")
	fs.DurationVar(&args.Timeout, "t", parseDuration("MAGEFILE_TIMEOUT"), "timeout in duration parsable format (e.g. 5m30s)")
	fs.Usage = func() {
		_fmt.Fprintf(_os.Stdout, `
%s [options] [target]

Commands:
  -l    list targets in this binary
  -h    show this help

Options:
  -h    show description of a target
  -t <string>
        timeout in duration parsable format (e.g. 5m30s)
  -v    show verbose output when running targets
 `[1:], _filepath.Base(_os.Args[0]))
	}
	if err := fs.Parse(_os.Args[1:]); err != nil {
		// flag will have printed out an error already.
		return
	}
	args.Args = fs.Args()
	if args.Help && len(args.Args) == 0 {
		fs.Usage()
		return
	}
		
	var printName = func(str string) string {
	// color is ANSI color type
	type color int

	// If you add/change/remove any items in this constant,
	// you will need to run "stringer -type=color" in this directory again.
	// NOTE: Please keep the list in an alphabetical order.
	const (
		black color = iota
		red
		green
		yellow
		blue
		magenta
		cyan
		white
		brightblack
		brightred
		brightgreen
		brightyellow
		brightblue
		brightmagenta
		brightcyan
		brightwhite
	)

	// AnsiColor are ANSI color codes for supported terminal colors.
	var ansiColor = map[color]string{
		black:         "\u001b[30m",
		red:           "\u001b[31m",
		green:         "\u001b[32m",
		yellow:        "\u001b[33m",
		blue:          "\u001b[34m",
		magenta:       "\u001b[35m",
		cyan:          "\u001b[36m",
		white:         "\u001b[37m",
		brightblack:   "\u001b[30;1m",
		brightred:     "\u001b[31;1m",
		brightgreen:   "\u001b[32;1m",
		brightyellow:  "\u001b[33;1m",
		brightblue:    "\u001b[34;1m",
		brightmagenta: "\u001b[35;1m",
		brightcyan:    "\u001b[36;1m",
		brightwhite:   "\u001b[37;1m",
	}

	const colorName = "blackredgreenyellowbluemagentacyanwhitebrightblackbrightredbrightgreenbrightyellowbrightbluebrightmagentabrightcyanbrightwhite"

	var colorIndex = [...]uint8{0, 5, 8, 13, 19, 23, 30, 34, 39, 50, 59, 70, 82, 92, 105, 115, 126}

	colorToLowerString := func(i color) string {
		if i < 0 || i >= color(len(colorIndex)-1) {
			return "color(" + _strconv.FormatInt(int64(i), 10) + ")"
		}
		return colorName[colorIndex[i]:colorIndex[i+1]]
	}

	// ansiColorReset is an ANSI color code to reset the terminal color.
	const ansiColorReset = "\033[0m"

	// defaultTargetAnsiColor is a default ANSI color for colorizing targets.
	// It is set to Cyan as an arbitrary color, because it has a neutral meaning
	var defaultTargetAnsiColor = ansiColor[cyan]

	getAnsiColor := func(color string) (string, bool) {
		colorLower := _strings.ToLower(color)
		for k, v := range ansiColor {
			colorConstLower := colorToLowerString(k)
			if colorConstLower == colorLower {
				return v, true
			}
		}
		return "", false
	}

	// Terminals which  don't support color:
	//
	//	TERM=vt100
	//	TERM=cygwin
	//	TERM=xterm-mono
	var noColorTerms = map[string]bool{
		"vt100":      false,
		"cygwin":     false,
		"xterm-mono": false,
	}

	// terminalSupportsColor checks if the current console supports color output
	//
	// Supported:
	//
	//	linux, mac, or windows's ConEmu, Cmder, putty, git-bash.exe, pwsh.exe
	//
	// Not supported:
	//
	//	windows cmd.exe, powerShell.exe
	terminalSupportsColor := func() bool {
		envTerm := _os.Getenv("TERM")
		if _, ok := noColorTerms[envTerm]; ok {
			return false
		}
		return true
	}

	// enableColor reports whether the user has requested to enable a color output.
	enableColor := func() bool {
		b, _ := _strconv.ParseBool(_os.Getenv("MAGEFILE_ENABLE_COLOR"))
		return b
	}

	// targetColor returns the ANSI color which should be used to colorize targets.
	targetColor := func() string {
		s, exists := _os.LookupEnv("MAGEFILE_TARGET_COLOR")
		if exists {
			if c, ok := getAnsiColor(s); ok {
				return c
			}
		}
		return defaultTargetAnsiColor
	}

	// store the color terminal variables, so that the detection isn't repeated for each target
	var enableColorValue = enableColor() && terminalSupportsColor()
	var targetColorValue = targetColor()

	if enableColorValue {
		return _fmt.Sprintf("%s%s%s", targetColorValue, str, ansiColorReset)
	}

	return str
}


	list := func() error {
		_fmt.Println(`The lab's targets. Options come from DEFLATELAB_* environment variables, not flags: mage reads every word after a target as another target. See README.md, "Options".
`)
		targets := map[string]string{
			"bench:emulated": "benches windows/amd64 hosts under wine64 and linux/arm64 under qemu (smoke, every backend), a functional check, and reports them.",
			"bench:local": "builds this machine's hosts and runs the experiment (DEFLATELAB_PROFILE=smoke|quick|full, default quick) into results/, or continues DEFLATELAB_RESUME=results/<run> (also: \"bench\").",
			"build": "builds every variant's host, zpipe and the test binaries for windows and linux, amd64 and arm64, into bin/.",
			"matrix": "runs the whole experiment here: build for this machine, validate, bench (quick; DEFLATELAB_RESUME continues a run), report into reports-local/; prints the report's path.",
			"remote": "runs the matrix workflow on GitHub with gh, waits, downloads the results and renders their report.",
			"report": "renders one report under reports-local/ (DEFLATELAB_REPORTS=reports: the tracked index) from the newest run under results/ (DEFLATELAB_RESULTS=dir[,dir]: every run in them).",
			"validate:emulated": "runs the suites as windows/amd64 under wine64 and linux/arm64 under qemu (DEFLATELAB_REQUIRE_EMULATORS=1: no skipping).",
			"validate:local": "runs the validation suites on this machine, -race on the packages with concurrency (also: \"validate\").",
			"validate:race": "runs the packages with concurrency under the race detector (ci.yml's race step); says what it skipped where the detector cannot run.",
		}

		keys := make([]string, 0, len(targets))
		for name := range targets {
			keys = append(keys, name)
		}
		_sort.Strings(keys)

		_fmt.Println("Targets:")
		w := _tabwriter.NewWriter(_os.Stdout, 0, 4, 4, ' ', 0)
		for _, name := range keys {
			_fmt.Fprintf(w, "  %v\t%v\n", printName(name), targets[name])
		}
		err := w.Flush()
		return err
	}

	var ctx _context.Context
	ctxCancel := func(){}

	// by deferring in a closure, we let the cancel function get replaced
	// by the getContext function.
	defer func() {
		ctxCancel()
	}()

	getContext := func() (_context.Context, func()) {
		if ctx == nil {
			if args.Timeout != 0 {
				ctx, ctxCancel = _context.WithTimeout(_context.Background(), args.Timeout)
			} else {
				ctx, ctxCancel = _context.WithCancel(_context.Background())
			}
		}

		return ctx, ctxCancel
	}

	runTarget := func(logger *_log.Logger, fn func(_context.Context) error) interface{} {
		var err interface{}
		ctx, cancel := getContext()
		d := make(chan interface{})
		go func() {
			defer func() {
				err := recover()
				d <- err
			}()
			err := fn(ctx)
			d <- err
		}()
		sigCh := make(chan _os.Signal, 1)
		_signal.Notify(sigCh, _syscall.SIGINT)
		select {
		case <-sigCh:
			logger.Println("cancelling mage targets, waiting up to 5 seconds for cleanup...")
			cancel()
			cleanupCh := _time.After(5 * _time.Second)

			select {
			// target exited by itself
			case err = <-d:
				return err
			// cleanup timeout exceeded
			case <-cleanupCh:
				return _fmt.Errorf("cleanup timeout exceeded")
			// second SIGINT received
			case <-sigCh:
				logger.Println("exiting mage")
				return _fmt.Errorf("exit forced")
			}
		case <-ctx.Done():
			cancel()
			e := ctx.Err()
			_fmt.Printf("ctx err: %v\n", e)
			return e
		case err = <-d:
			// we intentionally don't cancel the context here, because
			// the next target will need to run with the same _context.
			return err
		}
	}
	// This is necessary in case there aren't any targets, to avoid an unused
	// variable error.
	_ = runTarget

	handleError := func(logger *_log.Logger, err interface{}) {
		if err != nil {
			logger.Printf("Error: %+v\n", err)
			type code interface {
				ExitStatus() int
			}
			if c, ok := err.(code); ok {
				_os.Exit(c.ExitStatus())
			}
			_os.Exit(1)
		}
	}
	_ = handleError

	// Set MAGEFILE_VERBOSE so mg.Verbose() reflects the flag value.
	if args.Verbose {
		_os.Setenv("MAGEFILE_VERBOSE", "1")
	} else {
		_os.Setenv("MAGEFILE_VERBOSE", "0")
	}

	_log.SetFlags(0)
	if !args.Verbose {
		_log.SetOutput(_io.Discard)
	}
	logger := _log.New(_os.Stderr, "", 0)
	if args.List {
		if err := list(); err != nil {
			_log.Println(err)
			_os.Exit(1)
		}
		return
	}

	if args.Help {
		if len(args.Args) < 1 {
			logger.Println("no target specified")
			_os.Exit(2)
		}
		switch _strings.ToLower(args.Args[0]) {
			case "bench:emulated":
				_fmt.Println("Emulated benches windows/amd64 hosts under wine64 and linux/arm64 under qemu (smoke, every backend), a functional check, and reports them.")
				_fmt.Println()
				
				_fmt.Print("Usage:\n\n\tmage-targets bench:emulated\n\n")
				var aliases []string
				
				
				if len(aliases) > 0 {
					_sort.Strings(aliases)
					_fmt.Printf("Aliases: %s\n\n", _strings.Join(aliases, ", "))
				}
				return
			case "bench:local":
				_fmt.Println("Local builds this machine's hosts and runs the experiment (DEFLATELAB_PROFILE=smoke|quick|full, default quick) into results/, or continues DEFLATELAB_RESUME=results/<run> (also: \"bench\").")
				_fmt.Println()
				
				_fmt.Print("Usage:\n\n\tmage-targets bench:local\n\n")
				var aliases []string
				aliases = append(aliases, "bench")
				
				if len(aliases) > 0 {
					_sort.Strings(aliases)
					_fmt.Printf("Aliases: %s\n\n", _strings.Join(aliases, ", "))
				}
				return
			case "build":
				_fmt.Println("Build builds every variant's host, zpipe and the test binaries for windows and linux, amd64 and arm64, into bin/.")
				_fmt.Println()
				
				_fmt.Print("Usage:\n\n\tmage-targets build\n\n")
				var aliases []string
				
				
				if len(aliases) > 0 {
					_sort.Strings(aliases)
					_fmt.Printf("Aliases: %s\n\n", _strings.Join(aliases, ", "))
				}
				return
			case "matrix":
				_fmt.Println("Matrix runs the whole experiment here: build for this machine, validate, bench (quick; DEFLATELAB_RESUME continues a run), report into reports-local/; prints the report's path.")
				_fmt.Println()
				
				_fmt.Print("Usage:\n\n\tmage-targets matrix\n\n")
				var aliases []string
				
				
				if len(aliases) > 0 {
					_sort.Strings(aliases)
					_fmt.Printf("Aliases: %s\n\n", _strings.Join(aliases, ", "))
				}
				return
			case "remote":
				_fmt.Println("Remote runs the matrix workflow on GitHub with gh, waits, downloads the results and renders their report.")
				_fmt.Println()
				
				_fmt.Print("Usage:\n\n\tmage-targets remote\n\n")
				var aliases []string
				
				
				if len(aliases) > 0 {
					_sort.Strings(aliases)
					_fmt.Printf("Aliases: %s\n\n", _strings.Join(aliases, ", "))
				}
				return
			case "report":
				_fmt.Println("Report renders one report under reports-local/ (DEFLATELAB_REPORTS=reports: the tracked index) from the newest run under results/ (DEFLATELAB_RESULTS=dir[,dir]: every run in them).")
				_fmt.Println()
				
				_fmt.Print("Usage:\n\n\tmage-targets report\n\n")
				var aliases []string
				
				
				if len(aliases) > 0 {
					_sort.Strings(aliases)
					_fmt.Printf("Aliases: %s\n\n", _strings.Join(aliases, ", "))
				}
				return
			case "validate:emulated":
				_fmt.Println("Emulated runs the suites as windows/amd64 under wine64 and linux/arm64 under qemu (DEFLATELAB_REQUIRE_EMULATORS=1: no skipping).")
				_fmt.Println()
				
				_fmt.Print("Usage:\n\n\tmage-targets validate:emulated\n\n")
				var aliases []string
				
				
				if len(aliases) > 0 {
					_sort.Strings(aliases)
					_fmt.Printf("Aliases: %s\n\n", _strings.Join(aliases, ", "))
				}
				return
			case "validate:local":
				_fmt.Println("Local runs the validation suites on this machine, -race on the packages with concurrency (also: \"validate\").")
				_fmt.Println()
				
				_fmt.Print("Usage:\n\n\tmage-targets validate:local\n\n")
				var aliases []string
				
				aliases = append(aliases, "validate")
				if len(aliases) > 0 {
					_sort.Strings(aliases)
					_fmt.Printf("Aliases: %s\n\n", _strings.Join(aliases, ", "))
				}
				return
			case "validate:race":
				_fmt.Println("Race runs the packages with concurrency under the race detector (ci.yml's race step); says what it skipped where the detector cannot run.")
				_fmt.Println()
				
				_fmt.Print("Usage:\n\n\tmage-targets validate:race\n\n")
				var aliases []string
				
				
				if len(aliases) > 0 {
					_sort.Strings(aliases)
					_fmt.Printf("Aliases: %s\n\n", _strings.Join(aliases, ", "))
				}
				return
			default:
				logger.Printf("Unknown target: %q\n", args.Args[0])
				_os.Exit(2)
		}
	}
	if len(args.Args) < 1 {
		if err := list(); err != nil {
			logger.Println("Error:", err)
			_os.Exit(1)
		}
		return
	}
	for x := 0; x < len(args.Args); {
		target := args.Args[x]
		x++

		// resolve aliases
		switch _strings.ToLower(target) {
		
			case "bench":
				target = "Bench:Local"
			case "validate":
				target = "Validate:Local"
		}

		switch _strings.ToLower(target) {
		
			case "bench:emulated":
				expected := x + 0
				if expected > len(args.Args) {
					// note that expected and args at this point include the arg for the target itself
					// so we subtract 1 here to show the number of args without the target.
					logger.Printf("not enough arguments for target \"Bench:Emulated\", expected %v, got %v\n", expected-1, len(args.Args)-1)
					_os.Exit(2)
				}
				if args.Verbose {
					logger.Println("Running target:", "Bench:Emulated")
				}
				
				wrapFn := func(ctx _context.Context) error {
					return Bench{}.Emulated(ctx)
				}
				ret := runTarget(logger, wrapFn)
				handleError(logger, ret)
			case "bench:local":
				expected := x + 0
				if expected > len(args.Args) {
					// note that expected and args at this point include the arg for the target itself
					// so we subtract 1 here to show the number of args without the target.
					logger.Printf("not enough arguments for target \"Bench:Local\", expected %v, got %v\n", expected-1, len(args.Args)-1)
					_os.Exit(2)
				}
				if args.Verbose {
					logger.Println("Running target:", "Bench:Local")
				}
				
				wrapFn := func(ctx _context.Context) error {
					return Bench{}.Local(ctx)
				}
				ret := runTarget(logger, wrapFn)
				handleError(logger, ret)
			case "build":
				expected := x + 0
				if expected > len(args.Args) {
					// note that expected and args at this point include the arg for the target itself
					// so we subtract 1 here to show the number of args without the target.
					logger.Printf("not enough arguments for target \"Build\", expected %v, got %v\n", expected-1, len(args.Args)-1)
					_os.Exit(2)
				}
				if args.Verbose {
					logger.Println("Running target:", "Build")
				}
				
				wrapFn := func(ctx _context.Context) error {
					return Build(ctx)
				}
				ret := runTarget(logger, wrapFn)
				handleError(logger, ret)
			case "matrix":
				expected := x + 0
				if expected > len(args.Args) {
					// note that expected and args at this point include the arg for the target itself
					// so we subtract 1 here to show the number of args without the target.
					logger.Printf("not enough arguments for target \"Matrix\", expected %v, got %v\n", expected-1, len(args.Args)-1)
					_os.Exit(2)
				}
				if args.Verbose {
					logger.Println("Running target:", "Matrix")
				}
				
				wrapFn := func(ctx _context.Context) error {
					return Matrix(ctx)
				}
				ret := runTarget(logger, wrapFn)
				handleError(logger, ret)
			case "remote":
				expected := x + 0
				if expected > len(args.Args) {
					// note that expected and args at this point include the arg for the target itself
					// so we subtract 1 here to show the number of args without the target.
					logger.Printf("not enough arguments for target \"Remote\", expected %v, got %v\n", expected-1, len(args.Args)-1)
					_os.Exit(2)
				}
				if args.Verbose {
					logger.Println("Running target:", "Remote")
				}
				
				wrapFn := func(ctx _context.Context) error {
					return Remote(ctx)
				}
				ret := runTarget(logger, wrapFn)
				handleError(logger, ret)
			case "report":
				expected := x + 0
				if expected > len(args.Args) {
					// note that expected and args at this point include the arg for the target itself
					// so we subtract 1 here to show the number of args without the target.
					logger.Printf("not enough arguments for target \"Report\", expected %v, got %v\n", expected-1, len(args.Args)-1)
					_os.Exit(2)
				}
				if args.Verbose {
					logger.Println("Running target:", "Report")
				}
				
				wrapFn := func(ctx _context.Context) error {
					return Report(ctx)
				}
				ret := runTarget(logger, wrapFn)
				handleError(logger, ret)
			case "validate:emulated":
				expected := x + 0
				if expected > len(args.Args) {
					// note that expected and args at this point include the arg for the target itself
					// so we subtract 1 here to show the number of args without the target.
					logger.Printf("not enough arguments for target \"Validate:Emulated\", expected %v, got %v\n", expected-1, len(args.Args)-1)
					_os.Exit(2)
				}
				if args.Verbose {
					logger.Println("Running target:", "Validate:Emulated")
				}
				
				wrapFn := func(ctx _context.Context) error {
					return Validate{}.Emulated(ctx)
				}
				ret := runTarget(logger, wrapFn)
				handleError(logger, ret)
			case "validate:local":
				expected := x + 0
				if expected > len(args.Args) {
					// note that expected and args at this point include the arg for the target itself
					// so we subtract 1 here to show the number of args without the target.
					logger.Printf("not enough arguments for target \"Validate:Local\", expected %v, got %v\n", expected-1, len(args.Args)-1)
					_os.Exit(2)
				}
				if args.Verbose {
					logger.Println("Running target:", "Validate:Local")
				}
				
				wrapFn := func(ctx _context.Context) error {
					return Validate{}.Local(ctx)
				}
				ret := runTarget(logger, wrapFn)
				handleError(logger, ret)
			case "validate:race":
				expected := x + 0
				if expected > len(args.Args) {
					// note that expected and args at this point include the arg for the target itself
					// so we subtract 1 here to show the number of args without the target.
					logger.Printf("not enough arguments for target \"Validate:Race\", expected %v, got %v\n", expected-1, len(args.Args)-1)
					_os.Exit(2)
				}
				if args.Verbose {
					logger.Println("Running target:", "Validate:Race")
				}
				
				wrapFn := func(ctx _context.Context) error {
					return Validate{}.Race(ctx)
				}
				ret := runTarget(logger, wrapFn)
				handleError(logger, ret)
		
		default:
			logger.Printf("Unknown target specified: %q\n", target)
			_os.Exit(2)
		}
	}
}




