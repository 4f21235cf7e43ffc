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
// (user and system) per run. It builds the binary first, twice: as `go
// build` makes it by default (linked against the C library wherever a C
// compiler is installed, because the flag parser imports `net`) and with
// CGO_ENABLED=0, the static build the README recommends installing. A Go
// program that only prints a line is measured beside them, so that a run
// on a busy machine can still be read as a ratio.
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	build := func(out, pkg string, env ...string) string {
		bin := filepath.Join(dir, out)
		cmd := exec.Command("go", "build", "-o", bin, pkg)
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("go build: %v\n%s", err, out)
		}
		return bin
	}
	hello := filepath.Join(dir, "hello")
	if err := os.MkdirAll(hello, 0o755); err != nil {
		b.Fatal(err)
	}
	for name, text := range map[string]string{
		"go.mod":  "module hello\n\ngo 1.22\n",
		"main.go": "package main\n\nimport \"os\"\n\nfunc main() { os.Stdout.WriteString(\"hello\\n\") }\n",
	} {
		if err := os.WriteFile(filepath.Join(hello, name), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	helloBin := filepath.Join(dir, "hello-bin")
	cmd := exec.Command("go", "build", "-o", helloBin, ".")
	cmd.Dir, cmd.Env = hello, append(os.Environ(), "CGO_ENABLED=0", "GOFLAGS=", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build hello: %v\n%s", err, out)
	}
	home := b.TempDir()
	for _, c := range []struct {
		name string
		bin  string
		args []string
	}{
		{"default", build("patience", "."), []string{"show", "precedence", "--seed", "1"}},
		{"static", build("patience-static", ".", "CGO_ENABLED=0"), []string{"show", "precedence", "--seed", "1"}},
		{"hello", helloBin, nil},
	} {
		b.Run(c.name, func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				cmd := exec.Command(c.bin, c.args...)
				cmd.Stdout, cmd.Env = nil, append(os.Environ(), "PATIENCE_HOME="+home)
				if err := cmd.Run(); err != nil {
					b.Fatal(err)
				}
				if u, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
					cpu += time.Duration(u.Utime.Nano() + u.Stime.Nano())
				}
			}
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}
