package cli

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	var stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- Run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, strings.NewReader(""), pw, &stderr)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	require.NoError(t, err)
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "serving the playground at ")
	require.True(t, ok, line)
	resp, err := http.Get(url)
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)
	assert.Contains(t, string(body), "patience playground")
	cancel()
	go io.Copy(io.Discard, pr)
	assert.Equal(t, 0, <-done)
	assert.Empty(t, stderr.String())
}

func TestServeBadAddress(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"serve", "--addr", "nonsense"}, strings.NewReader(""), &stdout, &stderr)
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout.String())
	assert.Equal(t, "patience: --addr \"nonsense\" is no host:port, e.g. 127.0.0.1:8080 (or :8080 for every interface)\n", stderr.String())
	stderr.Reset()
	// Empty, it listened on every interface.
	code = Run(context.Background(), []string{"serve", "--addr", ""}, strings.NewReader(""), &stdout, &stderr)
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout.String())
	assert.Contains(t, stderr.String(), `--addr "" is no host:port`)
	stderr.Reset()
	code = Run(context.Background(), []string{"serve", "--addr", "256.1.1.1:80"}, strings.NewReader(""), &stdout, &stderr)
	assert.Equal(t, 1, code)
	assert.Regexp(t, `^patience: cannot serve on 256.1.1.1:80: .+\n$`, stderr.String())
	stderr.Reset()
	code = Run(context.Background(), []string{"serve", "extra"}, strings.NewReader(""), &stdout, &stderr)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr.String(), "patience: ")
}
