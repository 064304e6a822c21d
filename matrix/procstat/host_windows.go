package procstat

import (
	"fmt"
	"strings"
	"sync"
	"unsafe"

	"golang.org/x/sys/windows"
	"golang.org/x/sys/windows/registry"
)

// cpuKey is where Windows records the boot processor's description.
const cpuKey = `HARDWARE\DESCRIPTION\System\CentralProcessor\0`

// CPUModel returns ProcessorNameString from the registry, or "unknown".
func CPUModel() string {
	k, err := registry.OpenKey(registry.LOCAL_MACHINE, cpuKey, registry.QUERY_VALUE)
	if err != nil {
		return "unknown"
	}
	defer k.Close()
	s, _, err := k.GetStringValue("ProcessorNameString")
	if s = strings.TrimSpace(s); err != nil || s == "" {
		return "unknown"
	}
	return s
}

// ntdll's wine_get_version exists only under wine.
var procWineGetVersion = windows.NewLazySystemDLL("ntdll.dll").NewProc("wine_get_version")

// OSVersion returns "Windows <major>.<minor>.<build>" from RtlGetVersion,
// which, unlike GetVersionEx, is not subject to manifest shims. Under wine it
// adds "(wine <version>)": wine is not Windows, and results must say so.
func OSVersion() string {
	v := windows.RtlGetVersion()
	s := fmt.Sprintf("Windows %d.%d.%d", v.MajorVersion, v.MinorVersion, v.BuildNumber)
	if w := WineVersion(); w != "" {
		s += " (wine " + w + ")"
	}
	return s
}

// wine caches WineVersion: it cannot change while the process runs.
var wine struct {
	once    sync.Once
	version string
}

// WineVersion returns wine's version when the process runs under wine,
// else "". wine_get_version returns a pointer to a static C string.
func WineVersion() string {
	wine.once.Do(func() {
		if procWineGetVersion.Find() != nil {
			return
		}
		if p, _, _ := procWineGetVersion.Call(); p != 0 {
			wine.version = windows.BytePtrToString(*(**byte)(unsafe.Pointer(&p)))
		}
	})
	return wine.version
}
