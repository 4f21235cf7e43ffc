package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// client is a scripted editor on the other end of a pipe.
type client struct {
	t      *testing.T
	w      io.WriteCloser
	msgs   chan map[string]json.RawMessage
	nextID int
	done   chan error
}

type pipes struct {
	io.Reader
	io.WriteCloser
}

func (p pipes) Close() error { return p.WriteCloser.Close() }

func newClient(t *testing.T) *client {
	t.Helper()
	toServer, fromClient := io.Pipe()
	toClient, fromServer := io.Pipe()
	c := &client{t: t, w: fromClient, msgs: make(chan map[string]json.RawMessage, 100), done: make(chan error, 1)}
	go func() {
		c.done <- Serve(context.Background(), pipes{toServer, fromServer}, "test")
		fromServer.Close()
	}()
	go func() {
		r := bufio.NewReader(toClient)
		defer close(c.msgs)
		for {
			var n int
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if line == "\r\n" {
					break
				}
				fmt.Sscanf(line, "Content-Length: %d", &n)
			}
			body := make([]byte, n)
			if _, err := io.ReadFull(r, body); err != nil {
				return
			}
			var m map[string]json.RawMessage
			if err := json.Unmarshal(body, &m); err != nil {
				t.Errorf("server sent bad JSON: %v: %s", err, body)
				return
			}
			c.msgs <- m
		}
	}()
	t.Cleanup(func() { fromClient.Close(); toClient.Close() })
	return c
}

func (c *client) send(m map[string]any) {
	c.t.Helper()
	m["jsonrpc"] = "2.0"
	b, err := json.Marshal(m)
	require.NoError(c.t, err)
	_, err = fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(b), b)
	require.NoError(c.t, err)
}

func (c *client) next() map[string]json.RawMessage {
	c.t.Helper()
	select {
	case m, ok := <-c.msgs:
		require.True(c.t, ok, "the server hung up")
		return m
	case <-time.After(10 * time.Second):
		c.t.Fatal("no message from the server")
		return nil
	}
}

// request sends a request and returns its answer, passing over the
// notifications that come before it.
func (c *client) request(method string, params any) map[string]json.RawMessage {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	c.send(map[string]any{"id": id, "method": method, "params": params})
	for {
		if m := c.next(); string(m["id"]) == fmt.Sprint(id) {
			return m
		}
	}
}

// call sends a request and returns its result, decoded into out.
func (c *client) call(method string, params any, out any) {
	c.t.Helper()
	m := c.request(method, params)
	require.Nil(c.t, m["error"], "%s: %s", method, m["error"])
	if out != nil {
		require.NoError(c.t, json.Unmarshal(m["result"], out), "%s", m["result"])
	}
}

// answered sends a request and checks that it is answered, with a result
// or an error with a message.
func (c *client) answered(method string, params any) {
	c.t.Helper()
	m := c.request(method, params)
	require.True(c.t, m["result"] != nil || strings.Contains(string(m["error"]), `"message":"`), "%s: %v", method, m)
}

// callErr sends a request that must fail, and returns its error's message.
func (c *client) callErr(method string, params any) string {
	c.t.Helper()
	m := c.request(method, params)
	var e struct{ Message string }
	require.NotNil(c.t, m["error"], "%s: no error, result %s", method, m["result"])
	require.NoError(c.t, json.Unmarshal(m["error"], &e))
	return e.Message
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	c.send(map[string]any{"method": method, "params": params})
}

// diagnostics waits for the next diagnostics published.
func (c *client) diagnostics() protocol.PublishDiagnosticsParams {
	c.t.Helper()
	for {
		m := c.next()
		if string(m["method"]) == `"textDocument/publishDiagnostics"` {
			var p protocol.PublishDiagnosticsParams
			require.NoError(c.t, json.Unmarshal(m["params"], &p))
			return p
		}
	}
}

const uri = "file:///work/ünï.patience"

// The first line holds characters outside the BMP (two UTF-16 units each)
// and accented letters (two bytes, one unit), so that a column counted in
// bytes or in runes instead of UTF-16 units shows.
const typed = `game "𝄞 Noël 𝄞" {
  foundation f[4] { base A; build up same-suit; holds 13 }
  tableau t[4] { to foundations, t }
  deal { 13 to each t }
  win when all cards in foundations
}
`

func pos(line, char int) protocol.Position {
	return protocol.Position{Line: uint32(line), Character: uint32(char)}
}

func symbolNames(syms []protocol.DocumentSymbol) []string {
	var names []string
	for _, s := range syms {
		names = append(names, s.Name)
	}
	return names
}

func doc() protocol.TextDocumentIdentifier { return protocol.TextDocumentIdentifier{URI: uri} }

// TestSession is an editor's session: open a file, type an error, see the
// diagnostic, accept the quick fix, complete a pile name, hover a keyword,
// go to a definition, list references, rename, list symbols, format, shut
// down.
func TestSession(t *testing.T) {
	c := newClient(t)
	var init protocol.InitializeResult
	c.call("initialize", map[string]any{"capabilities": map[string]any{}}, &init)
	assert.Equal(t, "patience", init.ServerInfo.Name)
	c.notify("initialized", map[string]any{})

	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "patience", "version": 1, "text": typed}})
	d := c.diagnostics()
	assert.Equal(t, uri, d.URI)
	assert.Empty(t, d.Diagnostics, "the file checks")

	// Type an error: a misspelt pile name on a line after the non-ASCII
	// one, and a misspelt keyword on the non-ASCII line itself.
	text := strings.Replace(typed, "to foundations, t", "to fundations, t", 1)
	text = strings.Replace(text, "𝄞 Noël 𝄞\" {", "𝄞 Noël 𝄞\" { decks 1 suits S, H, D, C", 1)
	text = strings.Replace(text, "decks 1", "decsk 1", 1)
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2}, "contentChanges": []any{map[string]any{"text": text}}})
	d = c.diagnostics()
	require.Len(t, d.Diagnostics, 1, "a syntax error stops at the first")
	x := d.Diagnostics[0]
	assert.Equal(t, `unknown statement "decsk" in a game block; did you mean "decks"?`, x.Message)
	// `game "𝄞 Noël 𝄞" { ` is 18 runes but 20 UTF-16 units.
	assert.Equal(t, protocol.Range{Start: pos(0, 20), End: pos(0, 25)}, x.Range)
	// The outline stays while the file does not parse.
	var syms []protocol.DocumentSymbol
	c.call("textDocument/documentSymbol", map[string]any{"textDocument": doc()}, &syms)
	require.Len(t, syms, 1)
	assert.Equal(t, "𝄞 Noël 𝄞", syms[0].Name)
	assert.Equal(t, []string{"f[4]", "t[4]", "deal", "win"}, symbolNames(syms[0].Children))
	assert.Equal(t, protocol.Range{Start: pos(2, 10), End: pos(2, 11)}, syms[0].Children[1].SelectionRange)

	var actions []protocol.CodeAction
	c.call("textDocument/codeAction", map[string]any{"textDocument": doc(), "range": x.Range, "context": map[string]any{"diagnostics": []any{x}}}, &actions)
	require.Len(t, actions, 1)
	edits := actions[0].Edit.Changes[uri]
	require.Len(t, edits, 1)
	assert.Equal(t, "decks", edits[0].NewText)
	text = apply(t, text, edits[0])
	assert.Contains(t, text, "{ decks 1 suits")

	// Accept the fix: the file now parses, and the checker finds the pile.
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 3}, "contentChanges": []any{map[string]any{"text": text}}})
	d = c.diagnostics()
	require.Len(t, d.Diagnostics, 1)
	x = d.Diagnostics[0]
	assert.Equal(t, `unknown pile or group "fundations"; did you mean "foundations"?`, x.Message)
	assert.Equal(t, protocol.Range{Start: pos(2, 20), End: pos(2, 30)}, x.Range)
	c.call("textDocument/codeAction", map[string]any{"textDocument": doc(), "range": protocol.Range{Start: pos(2, 22), End: pos(2, 22)}, "context": map[string]any{"diagnostics": []any{}}}, &actions)
	require.Len(t, actions, 1)
	text = apply(t, text, actions[0].Edit.Changes[uri][0])
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 4}, "contentChanges": []any{map[string]any{"text": text}}})
	assert.Empty(t, c.diagnostics().Diagnostics)

	// Complete a pile name after `to each `.
	text = strings.Replace(text, "deal { 13 to each t }", "deal { 13 to each t; rest to f }", 1)
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 5}, "contentChanges": []any{map[string]any{"text": text}}})
	c.diagnostics()
	var items []protocol.CompletionItem
	c.call("textDocument/completion", map[string]any{"textDocument": doc(), "position": pos(3, 32)}, &items)
	var got []string
	for _, it := range items {
		got = append(got, it.Label)
	}
	assert.Equal(t, []string{"f", "f1", "f2", "f3", "f4", "foundations"}, got)

	// Hover a keyword on the non-ASCII line: `decks` starts at unit 20.
	var hover protocol.Hover
	c.call("textDocument/hover", map[string]any{"textDocument": doc(), "position": pos(0, 22)}, &hover)
	b, _ := json.Marshal(hover.Contents)
	assert.Contains(t, string(b), "`decks N`: the number of decks")
	require.NotNil(t, hover.Range)
	assert.Equal(t, protocol.Range{Start: pos(0, 20), End: pos(0, 25)}, *hover.Range)

	// Go to the definition of t1's group from `to foundations, t`.
	var locs []protocol.Location
	c.call("textDocument/definition", map[string]any{"textDocument": doc(), "position": pos(2, 33)}, &locs)
	require.Len(t, locs, 1)
	assert.Equal(t, protocol.Range{Start: pos(2, 10), End: pos(2, 11)}, locs[0].Range)
	c.call("textDocument/references", map[string]any{"textDocument": doc(), "position": pos(2, 10), "context": map[string]any{"includeDeclaration": true}}, &locs)
	assert.Len(t, locs, 3, "the declaration, `to ..., t` and `to each t`")

	// Rename the group t to col: its declaration and both uses; asked
	// first, the editor gets the name's range. A role group is refused
	// with the reason, before and at the rename.
	var prep protocol.RangeWithPlaceholder
	c.call("textDocument/prepareRename", map[string]any{"textDocument": doc(), "position": pos(2, 33)}, &prep)
	assert.Equal(t, protocol.RangeWithPlaceholder{Range: protocol.Range{Start: pos(2, 33), End: pos(2, 34)}, Placeholder: "t"}, prep)
	var ws protocol.WorkspaceEdit
	c.call("textDocument/rename", map[string]any{"textDocument": doc(), "position": pos(2, 33), "newName": "col"}, &ws)
	renamed := text
	for i := len(ws.Changes[uri]) - 1; i >= 0; i-- { // from the end, so that the ranges hold
		renamed = apply(t, renamed, ws.Changes[uri][i])
	}
	assert.Contains(t, renamed, "tableau col[4] { to foundations, col }")
	assert.Contains(t, renamed, "13 to each col;")
	assert.Len(t, ws.Changes[uri], 3)
	assert.Contains(t, c.callErr("textDocument/prepareRename", map[string]any{"textDocument": doc(), "position": pos(2, 22)}), `"foundations" is the group of every foundation`)
	assert.Contains(t, c.callErr("textDocument/rename", map[string]any{"textDocument": doc(), "position": pos(2, 33), "newName": "f"}), `"f" is declared already, at line 2`)

	syms = nil
	c.call("textDocument/documentSymbol", map[string]any{"textDocument": doc()}, &syms)
	require.Len(t, syms, 1)
	assert.Equal(t, "𝄞 Noël 𝄞", syms[0].Name)
	assert.Equal(t, []string{"f[4]", "t[4]", "deal", "win"}, symbolNames(syms[0].Children))

	var fmtEdits []protocol.TextEdit
	c.call("textDocument/formatting", map[string]any{"textDocument": doc(), "options": map[string]any{"tabSize": 2, "insertSpaces": true}}, &fmtEdits)
	require.Len(t, fmtEdits, 1)
	formatted := apply(t, text, fmtEdits[0])
	assert.Contains(t, formatted, "game \"𝄞 Noël 𝄞\" {\n  decks 1\n  suits S, H, D, C\n  foundation f[4] {\n    base A\n")

	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop on exit")
	}
}

// apply applies one edit to a text, converting UTF-16 positions itself.
func apply(t *testing.T, text string, e protocol.TextEdit) string {
	t.Helper()
	ix := newLineIndex(text)
	require.False(t, strings.Contains(text, "\r"))
	start, end := ix.offset(e.Range.Start), ix.offset(e.Range.End)
	return text[:start] + e.NewText + text[end:]
}

// TestSurvivesAnyText sends documents of every kind, and requests at every
// place in them, including places past the end: every request is answered
// and the server stays up.
func TestSurvivesAnyText(t *testing.T) {
	c := newClient(t)
	c.call("initialize", map[string]any{"capabilities": map[string]any{}}, nil)
	texts := []string{"", "\uFEFFgame \"x\" {\r\n  deal {\r\n", "game \"\x1b[31m\" {}", "\xff\xfe", "game \"x\" { tableau t[99999999] }",
		strings.Repeat("{", 100), "game \"x\" {\n\ttableau t[2] { to t }\n  # \u202e\n}", "𝄞𝄞𝄞\n\n\n", typed}
	for i, text := range texts {
		c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "patience", "version": i, "text": text}})
		c.diagnostics()
		for line := 0; line < 4; line++ {
			for char := 0; char < 40; char += 7 {
				p := map[string]any{"textDocument": doc(), "position": pos(line, char)}
				c.call("textDocument/completion", p, nil)
				c.call("textDocument/hover", p, nil)
				c.call("textDocument/definition", p, nil)
				// A rename is answered, with its edits or a reason.
				c.answered("textDocument/prepareRename", p)
				c.answered("textDocument/rename", map[string]any{"textDocument": doc(), "position": pos(line, char), "newName": "zq"})
			}
		}
		c.call("textDocument/documentSymbol", map[string]any{"textDocument": doc()}, nil)
		c.call("textDocument/formatting", map[string]any{"textDocument": doc(), "options": map[string]any{}}, nil)
		c.call("textDocument/codeAction", map[string]any{"textDocument": doc(), "range": protocol.Range{End: pos(99, 0)}, "context": map[string]any{"diagnostics": []any{}}}, nil)
	}
	// A request about a document never opened, and a method the server
	// does not know, are answered too.
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": "file:///nope"}, "position": pos(0, 0)}, nil)
	c.nextID++
	c.send(map[string]any{"id": c.nextID, "method": "no/such"})
	for {
		m := c.next()
		if string(m["id"]) == fmt.Sprint(c.nextID) {
			assert.Contains(t, string(m["error"]), "method not supported")
			break
		}
	}
}

func TestPositions(t *testing.T) {
	// Line 1 (0 here) starts with a byte-order mark, which the editor
	// counts and the diagnostics do not; 𝄞 is two UTF-16 units, é one.
	ix := newLineIndex("\uFEFFab𝄞c\r\né𝄞x\n")
	at := func(line, col int) lexer.Position { return lexer.Position{Line: line, Column: col} }
	assert.Equal(t, pos(0, 1), ix.position(at(1, 1)))
	assert.Equal(t, pos(0, 3), ix.position(at(1, 3)))
	assert.Equal(t, pos(0, 5), ix.position(at(1, 4)), "after 𝄞")
	assert.Equal(t, pos(0, 6), ix.position(at(1, 5)))
	assert.Equal(t, pos(0, 6), ix.position(at(1, 99)), "clamped to the line")
	assert.Equal(t, pos(1, 1), ix.position(at(2, 2)))
	assert.Equal(t, pos(1, 3), ix.position(at(2, 3)))
	assert.Equal(t, pos(2, 0), ix.position(at(3, 1)))
	assert.Equal(t, pos(2, 0), ix.position(at(9, 1)), "clamped to the file")
	// And back, to byte offsets of the normalized text "ab𝄞c\né𝄞x\n".
	assert.Equal(t, 0, ix.offset(pos(0, 1)))
	assert.Equal(t, 2, ix.offset(pos(0, 3)))
	assert.Equal(t, 6, ix.offset(pos(0, 5)))
	assert.Equal(t, 7, ix.offset(pos(0, 99)))
	assert.Equal(t, 8+2, ix.offset(pos(1, 1)))
	assert.Equal(t, 8+6, ix.offset(pos(1, 3)))
	assert.Equal(t, 16, ix.offset(pos(2, 5)))
	assert.Equal(t, 16, ix.offset(pos(7, 0)))
	assert.Equal(t, protocol.Range{End: pos(2, 0)}, ix.whole())
}

// TestBrokenClientsAreErrors: a broken frame, or a stream that ends inside
// one, ends the session with an error (the command exits 1 saying why), and
// so does an exit with no shutdown before it, as the protocol asks. A frame
// whose body is no JSON-RPC message is answered with an error, and the
// session goes on.
func TestBrokenClientsAreErrors(t *testing.T) {
	serve := func(input string, out io.WriteCloser) error {
		return Serve(context.Background(), pipes{strings.NewReader(input), out}, "test")
	}
	frame := func(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }
	for name, input := range map[string]string{
		"no length":         "Foo: 1\r\n\r\n{}",
		"bad length":        "Content-Length: x\r\n\r\n{}",
		"cut short":         "Content-Length: 50\r\n\r\n{\"jsonrpc\"",
		"headers cut short": "Content-Length: 50\r\n",
		"exit, no shutdown": frame(`{"jsonrpc":"2.0","method":"exit"}`),
	} {
		assert.Error(t, serve(input, nopWriter{}), name)
	}
	init := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	bye := frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`) + frame(`{"jsonrpc":"2.0","method":"exit"}`)
	assert.NoError(t, serve(init+bye, nopWriter{}))
	assert.NoError(t, serve(init, nopWriter{}), "the stream ends: no error")
	var out syncWriter
	require.NoError(t, serve(frame("{abc}")+frame(`{"jsonrpc":"2.0"}`)+frame("[]")+init+bye, &out), "bodies that are no message are answered and the session goes on")
	assert.Contains(t, out.String(), `"id":1`, "the initialize after them is answered")
	// Each is answered as JSON-RPC 2.0 asks, with no id, since none could
	// be read: a parse error for the body that is no JSON, an invalid
	// request for the JSON that is no message.
	assert.Contains(t, out.String(), `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: the message is not JSON`)
	assert.Equal(t, 2, strings.Count(out.String(), `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: the message is JSON but no request, response or notification"}}`), out.String())
	assert.Less(t, strings.Index(out.String(), "-32700"), strings.Index(out.String(), `"id":1`), "answered in the order read")

	// A message whose id can be read is answered with it, whatever else is
	// wrong; an id this server cannot answer under (a negative or a
	// fractional number) is refused with it, not carried out; parameters
	// of another shape are named in plain words, not Go's.
	var ids syncWriter
	require.NoError(t, serve(init+frame(`{"jsonrpc":"2.0","id":8,"method":null}`)+
		frame(`{"jsonrpc":"2.0","id":-5,"method":"shutdown"}`)+
		frame(`{"jsonrpc":"2.0","id":"a","method":"textDocument/hover","params":"x"}`)+
		frame(`{"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x"},"position":{"line":0,"character":-1}}}`)+
		bye, &ids))
	assert.Contains(t, ids.String(), `{"jsonrpc":"2.0","id":8,"error":{"code":-32600,"message":"invalid request: the message is JSON but no request, response or notification"}}`)
	assert.Contains(t, ids.String(), `{"jsonrpc":"2.0","id":-5,"error":{"code":-32600,"message":"invalid request: an id must be a string or a whole number from 0 up"}}`)
	assert.NotContains(t, ids.String(), `18446744073709551611`)
	assert.Contains(t, ids.String(), `"id":"a","error":{"code":-32602,"message":"invalid params: want a JSON object, not a string"}`)
	assert.Contains(t, ids.String(), `"id":9,"error":{"code":-32602,"message":"invalid params: field \"position.character\": want a whole number from 0 to 4294967295, not -1"}`)
	assert.NotContains(t, ids.String(), "Go value")
	assert.Contains(t, ids.String(), `"id":2,"result":null`, "the real shutdown is answered")

	// A message larger than the limit is answered too, its bytes read and
	// dropped by its length (the server once stopped at it).
	var big syncWriter
	huge := frame(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///x","text":"` + strings.Repeat("#", maxMessage) + `"}}}`)
	require.NoError(t, serve(init+huge+frame(`{"jsonrpc":"2.0","id":7,"method":"shutdown"}`)+frame(`{"jsonrpc":"2.0","method":"exit"}`), &big), "a message past the limit is answered and the session goes on")
	assert.Contains(t, big.String(), `"id":7`, "the request after it is answered")
	assert.Contains(t, big.String(), `"id":null,"error":{"code":-32600,"message":"invalid request: the message is 8388713 bytes, larger than the limit of 8388608"}`)
	assert.Error(t, serve("Content-Length: 99999999\r\n\r\n{", nopWriter{}), "a stream that ends inside a message past the limit")

	// Header names in any case, as in HTTP; a header line past the
	// reader's buffer is an error, not read without end.
	var lower syncWriter
	require.NoError(t, serve(strings.Replace(init, "Content-Length", "content-length", 1)+bye, &lower))
	assert.Contains(t, lower.String(), `"id":1`, "a lowercase content-length is read")
	assert.ErrorContains(t, serve("X-Junk: "+strings.Repeat("x", 100_000)+"\r\n"+init, nopWriter{}), "a header line is longer than")

	// After shutdown only exit is taken; initialize comes once.
	var after syncWriter
	require.NoError(t, serve(init+frame(`{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"capabilities":{}}}`)+
		frame(`{"jsonrpc":"2.0","id":4,"method":"shutdown"}`)+frame(`{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x"},"position":{"line":0,"character":0}}}`)+
		frame(`{"jsonrpc":"2.0","method":"exit"}`), &after))
	assert.Contains(t, after.String(), `"id":3,"error":{"code":-32600,"message":"initialize was sent already: it comes once, first"}`)
	assert.Contains(t, after.String(), `"id":5,"error":{"code":-32600,"message":"the server is shutting down: only exit may follow shutdown"}`)
}

// syncWriter is a buffer the connection may write to from its goroutines.
type syncWriter struct {
	mu sync.Mutex
	b  strings.Builder
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *syncWriter) Close() error { return nil }

func (w *syncWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

type nopWriter struct{}

func (nopWriter) Write(p []byte) (int, error) { return len(p), nil }
func (nopWriter) Close() error                { return nil }

// A request before initialize is answered with the protocol's own code for
// it, ServerNotInitialized (-32002), not as an invalid request; after
// initialize the same request is answered.
func TestRequestBeforeInitialize(t *testing.T) {
	frame := func(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }
	hover := func(id int) string {
		return frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x.patience"},"position":{"line":0,"character":0}}}`, id))
	}
	input := hover(1) + frame(`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":{}}}`) + hover(3) +
		frame(`{"jsonrpc":"2.0","id":4,"method":"shutdown"}`) + frame(`{"jsonrpc":"2.0","method":"exit"}`)
	var out bufWriter
	require.NoError(t, Serve(context.Background(), pipes{strings.NewReader(input), &out}, "test"))
	got := out.String()
	assert.Regexp(t, `"id":1,"error":\{"code":-32002`, got)
	assert.NotRegexp(t, `"id":3,"error"`, got)
}

type bufWriter struct{ strings.Builder }

func (*bufWriter) Close() error { return nil }
