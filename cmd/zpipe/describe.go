package main

import (
	"errors"
	"fmt"
	"io"
	"text/tabwriter"
)

// describe opens one compressor of the variant and prints the blocks its state was carved from and where
// each region lies. The block count and bytes are checked against what the variant's counting allocator
// saw, so the description is what was allocated, not only what the layout intends.
func describe(o options, stdout io.Writer) (err error) {
	v, err := open(o)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, v.Close()) }()
	c, err := v.Open(io.Discard, o.cfg)
	if err != nil {
		return err
	}
	plan, err := c.Plan()
	if err = errors.Join(err, c.Close()); err != nil {
		return err
	}
	n := v.Counters()
	if int(n.NativeAllocs) != len(plan.Blocks) || int(n.NativeBytes) != plan.TotalBytes() {
		return fmt.Errorf("variant %s allocated %d blocks of %d bytes, but its state's plan has %d blocks of %d bytes",
			o.variant, n.NativeAllocs, n.NativeBytes, len(plan.Blocks), plan.TotalBytes())
	}

	tw := tabwriter.NewWriter(stdout, 0, 8, 2, ' ', 0)
	fmt.Fprintf(tw, "variant\t%s\n", o.variant)
	fmt.Fprintf(tw, "backend\t%s\n", o.backend)
	fmt.Fprintf(tw, "config\t%v (%v)\n", o.cfg, o.cfg.Format())
	fmt.Fprintf(tw, "zlibng\t%s\n", o.cfg.Generation.Description())
	fmt.Fprintf(tw, "split\t%v\n", n.SplitActive)
	fmt.Fprintf(tw, "allocated\t%d blocks, %d bytes\n\n", n.NativeAllocs, n.NativeBytes)
	fmt.Fprintln(tw, "block\tbytes requested")
	for i, b := range plan.Blocks {
		fmt.Fprintf(tw, "%d\t%d\n", i, b)
	}
	fmt.Fprintln(tw, "\nregion\tblock\toffset\tsize")
	for _, s := range plan.Spans {
		fmt.Fprintf(tw, "%v\t%d\t%d\t%d\n", s.Region, s.Block, s.Offset, s.Size)
	}
	fmt.Fprintf(tw, "\nfree order\t%v\n", plan.FreeOrder)
	return tw.Flush()
}
