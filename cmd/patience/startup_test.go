package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// BenchmarkStartup measures the CPU one run of the command costs from the
// start of the process to its end, as a script that runs it again and
// again pays: `patience show precedence --seed 1`, in CPU milliseconds
// (user and system) per run. It builds the binary first.
func BenchmarkStartup(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "patience")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	var cpu time.Duration
	b.ResetTimer()
	for b.Loop() {
		cmd := exec.Command(bin, "show", "precedence", "--seed", "1")
		cmd.Stdout, cmd.Env = nil, append(os.Environ(), "PATIENCE_HOME="+b.TempDir())
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		if u, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			cpu += time.Duration(u.Utime.Nano() + u.Stime.Nano())
		}
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
