package procstat

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// CPUModel returns the processor's name from /proc/cpuinfo: "model name"
// on x86, else the ARM implementer and part decoded the way lscpu does,
// else "unknown".
func CPUModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	return cpuModel(data)
}

// cpuModel picks the model from the text of /proc/cpuinfo.
func cpuModel(cpuinfo []byte) string {
	fields := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(cpuinfo))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if _, seen := fields[k]; ok && !seen && v != "" {
			fields[k] = v // the first processor describes the machine
		}
	}
	if m := fields["model name"]; m != "" {
		return m
	}
	if impl, part := fields["CPU implementer"], fields["CPU part"]; impl != "" || part != "" {
		return armModel(impl, part)
	}
	for _, k := range []string{"Hardware", "cpu model", "uarch", "isa"} {
		if v := fields[k]; v != "" {
			return v
		}
	}
	return "unknown"
}

// armParts names common 64-bit ARM cores by implementer and part id, after
// util-linux lscpu's table (sys-utils/lscpu-arm.c).
var armParts = map[string]string{
	"0x41/0xd03": "ARM Cortex-A53", "0x41/0xd05": "ARM Cortex-A55", "0x41/0xd07": "ARM Cortex-A57",
	"0x41/0xd08": "ARM Cortex-A72", "0x41/0xd0b": "ARM Cortex-A76", "0x41/0xd0c": "ARM Neoverse-N1",
	"0x41/0xd40": "ARM Neoverse-V1", "0x41/0xd49": "ARM Neoverse-N2", "0x41/0xd4f": "ARM Neoverse-V2",
	"0x41/0xd8e": "ARM Neoverse-N3", "0x41/0xd84": "ARM Neoverse-V3",
	"0xc0/0xac3": "Ampere Ampere-1", "0xc0/0xac4": "Ampere Ampere-1a",
	"0x61/0x022": "Apple M1 Icestorm", "0x61/0x023": "Apple M1 Firestorm",
	"0x51/0x001": "Qualcomm Oryon",
}

func armModel(impl, part string) string {
	if name, ok := armParts[strings.ToLower(impl+"/"+part)]; ok {
		return name
	}
	return fmt.Sprintf("ARM implementer %s part %s", impl, part)
}

// OSVersion returns "Linux <kernel release>" from uname(2).
func OSVersion() string {
	var u unix.Utsname
	if err := unix.Uname(&u); err != nil {
		return "Linux (uname failed)"
	}
	return "Linux " + unix.ByteSliceToString(u.Release[:])
}
