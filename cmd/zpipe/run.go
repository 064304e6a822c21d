package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/nativemem"
	"github.com/deflatelab/deflatelab/variants"
	_ "github.com/deflatelab/deflatelab/variants/all"
)

// Exit statuses, as Unix filters use them.
const (
	exitOK    = 0
	exitError = 1 // compressing or describing failed
	exitUsage = 2 // a flag is missing, malformed or out of range
)

// options is the parsed command line.
type options struct {
	variant    string
	backend    string
	cfg        deflate.Config
	forceSplit bool
	describe   bool
}

// usageError is a bad command line: run prints it with the usage and exits with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, err := parse(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		var ue usageError
		if errors.As(err, &ue) {
			fmt.Fprintf(stderr, "zpipe: %v\nrun 'zpipe -h' for usage\n", ue.msg)
		}
		return exitUsage // the flag package has already printed its own parse errors
	}
	if opts.describe {
		err = describe(opts, stdout)
	} else {
		err = compress(opts, stdin, stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "zpipe: %v\n", err)
		return exitError
	}
	return exitOK
}

// parse reads the flags and checks every value, naming the flag and what it allows.
func parse(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("zpipe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	def := deflate.DefaultConfig()
	var o options
	var strategy, generation string
	fs.StringVar(&o.variant, "variant", "control", "variant: "+strings.Join(variants.Names(), ", "))
	fs.StringVar(&o.backend, "backend", nativemem.Default(), "allocator backend: "+strings.Join(nativemem.Available(), ", "))
	fs.IntVar(&o.cfg.Level, "level", def.Level, "compression level: -1 (default, 6) or 0..9")
	fs.IntVar(&o.cfg.WindowBits, "wbits", def.WindowBits, "window bits: -9..-15 raw, 8..15 zlib, 25..31 gzip")
	fs.IntVar(&o.cfg.MemLevel, "memlevel", def.MemLevel, "memory level: 1..9")
	fs.StringVar(&strategy, "strategy", def.Strategy.String(), "strategy: "+strings.Join(strategyNames(), ", "))
	fs.StringVar(&generation, "zlibng", def.Generation.String(), "zlib-ng generation whose bytes to write: "+generationHelp())
	fs.BoolVar(&o.forceSplit, "force-split", false, "splitalloc only: use the split layout on every platform")
	fs.BoolVar(&o.describe, "describe", false, "print the blocks and regions the variant allocates, instead of compressing")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: zpipe [flags] < input > output\n       zpipe -describe [flags]")
		fmt.Fprint(fs.Output(), usageExamples)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, usageError{fmt.Sprintf("unexpected argument %q: zpipe reads stdin and takes flags only", fs.Arg(0))}
	}
	if !slices.Contains(variants.Names(), o.variant) {
		return o, usageError{fmt.Sprintf("-variant %q is not one of: %s", o.variant, strings.Join(variants.Names(), ", "))}
	}
	if !slices.Contains(nativemem.Available(), o.backend) {
		return o, usageError{fmt.Sprintf("-backend %q is not available in this build; available: %s", o.backend, strings.Join(nativemem.Available(), ", "))}
	}
	s, err := deflate.ParseStrategy(strategy)
	if err != nil {
		return o, usageError{fmt.Sprintf("-strategy %q is not one of: %s", strategy, strings.Join(strategyNames(), ", "))}
	}
	o.cfg.Strategy = s
	g, err := deflate.ParseGeneration(generation)
	if err != nil {
		return o, usageError{fmt.Sprintf("-zlibng %q is not one of: %s", generation, strings.Join(generationNames(), ", "))}
	}
	o.cfg.Generation = g
	if err := checkConfig(o.cfg); err != nil {
		return o, err
	}
	if o.forceSplit && o.variant != "splitalloc" {
		return o, usageError{fmt.Sprintf("-force-split applies to -variant splitalloc only, not %q", o.variant)}
	}
	return o, nil
}

// checkConfig validates each numeric flag on its own, so that the error names the flag that is wrong.
func checkConfig(cfg deflate.Config) error {
	def := deflate.DefaultConfig()
	fields := []struct {
		flag  string
		value int
		set   func(*deflate.Config)
	}{
		{"level", cfg.Level, func(c *deflate.Config) { c.Level = cfg.Level }},
		{"wbits", cfg.WindowBits, func(c *deflate.Config) { c.WindowBits = cfg.WindowBits }},
		{"memlevel", cfg.MemLevel, func(c *deflate.Config) { c.MemLevel = cfg.MemLevel }},
	}
	for _, f := range fields {
		c := def
		f.set(&c)
		if err := c.Validate(); err != nil {
			return usageError{fmt.Sprintf("-%s %d: %v", f.flag, f.value, err)}
		}
	}
	return nil
}

// generationNames are the values -zlibng accepts, the default first.
func generationNames() []string {
	var names []string
	for _, g := range deflate.Generations() {
		names = append(names, g.String())
	}
	return names
}

// generationHelp lists each generation with the .NET versions it stands for.
func generationHelp() string {
	var help []string
	for _, g := range deflate.Generations() {
		help = append(help, g.String()+" = "+g.Description())
	}
	return strings.Join(help, "; ")
}

func strategyNames() []string {
	var names []string
	for _, s := range deflate.Strategies() {
		names = append(names, s.String())
	}
	return names
}

// open builds the variant the options name, on their backend.
func open(o options) (*variants.Variant, error) {
	alloc, err := nativemem.Open(o.backend)
	if err != nil {
		return nil, err
	}
	return variants.New(o.variant, variants.Options{Alloc: alloc, ForceSplit: o.forceSplit})
}

// usageExamples follow the usage line in -h: the output format is -wbits's, raw deflate by default.
const usageExamples = `
The output is raw deflate unless -wbits says otherwise (-wbits -15, .NET's DeflateStream): -wbits 31
writes gzip, which gunzip reads, and -wbits 15 zlib. For example:
  zpipe -wbits 31 < notes.txt > notes.txt.gz          gzip; "gunzip -k notes.txt.gz" gives notes.txt back
  zpipe -level 9 -wbits 15 < notes.txt > notes.zz     zlib at level 9
  zpipe -describe -variant splitalloc -force-split    the blocks and regions of the split layout
  zpipe -zlibng 2.2.2 < notes.txt > notes.raw         zlib-ng 2.2.2's bytes (.NET 9); 2.2.5 is the default

flags:
`

// stickyWriter remembers the destination's first write error and returns it again without writing,
// so that a full disk is written to, and reported, once.
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	s.err = err
	return n, err
}

// errReadFailed is what the destination answers once reading the input has failed: the compressor's
// Close then writes nothing more, so the stream never gets its end.
var errReadFailed = errors.New("zpipe: input unreadable; the stream is left without its end")

// compress writes stdin to stdout as one stream of o.cfg's format. A destination that fails is
// reported once, though the compressor meets its error again when Close flushes. When reading stdin
// fails, the stream is left unfinished - no final block, no trailer - so that a truncated input can
// never pass for a whole one (gunzip -t rejects the output) and zpipe exits non-zero; the native state
// is still released.
func compress(o options, stdin io.Reader, stdout io.Writer) (err error) {
	v, err := open(o)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, v.Close()) }()
	dst := &stickyWriter{w: stdout}
	c, err := v.Open(dst, o.cfg)
	if err != nil {
		return err
	}
	src := &readErr{r: stdin}
	if _, err := io.Copy(c, src); err != nil {
		if src.err != nil && dst.err == nil {
			dst.err = errReadFailed
		}
		if cerr := c.Close(); cerr != nil && !errors.Is(cerr, err) && (dst.err == nil || !errors.Is(cerr, dst.err)) {
			return errors.Join(err, cerr)
		}
		if src.err != nil {
			return fmt.Errorf("reading the input: %w; the output is an unfinished stream, not a valid one", src.err)
		}
		return err
	}
	return c.Close()
}

// readErr remembers the input's error, to tell a failed read from a failed write in io.Copy's error.
type readErr struct {
	r   io.Reader
	err error
}

func (r *readErr) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if err != nil && err != io.EOF {
		r.err = err
	}
	return n, err
}
