// Package lsp is the patience language server: it speaks the Language
// Server Protocol over a stream (standard input and output for `patience
// lsp`) and answers from dsl/lang, so an editor shows the checker's own
// diagnostics, with quick fixes for its suggestions, completes keywords and
// names, explains keywords and piles, finds definitions and references,
// outlines the file and formats it with dsl.Format.
//
// The protocol's types and its method dispatch are github.com/tliron/glsp's
// (protocol_3_16); the JSON-RPC framing is github.com/sourcegraph/jsonrpc2,
// which glsp itself is built on, used directly so that any stream can be
// served (a pipe in the tests) without glsp's server package and its
// logging dependencies.
package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/patience-dev/patience/cmd/patience/internal/store"
	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/lang"
)

// Name is the server's name in its answer to initialize.
const Name = "patience"

// Serve answers one client on stream until the client exits or the stream
// ends. version is the server's version, for the client's information.
//
// It returns an error, for the command to exit 1 with, when a message from
// the client cannot be read (its frame is broken, or the stream ends inside
// it: the connection cannot go on past it), and when the client exits
// without shutting down first, as the protocol says. A frame whose body is
// no JSON-RPC message is answered with an error and the session goes on
// (see answeringStream).
func Serve(ctx context.Context, stream io.ReadWriteCloser, version string) error {
	s := &server{docs: map[string]*document{}, version: version}
	h := s.handler()
	codec := &safeCodec{}
	conn := jsonrpc2.NewConn(ctx, answeringStream{jsonrpc2.NewBufferedStream(stream, codec)}, jsonrpc2.HandlerWithError(
		func(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
			return s.handle(ctx, conn, req, h)
		}), jsonrpc2.SetLogger(log.New(io.Discard, "", 0))) // Serve says what went wrong, once

	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		conn.Close()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch err := codec.failed(); {
	case s.exited && !s.shutdown:
		return errors.New("the client sent exit before shutdown")
	case s.exited:
		return nil // what the closed stream says after exit is no message
	case err != nil:
		return fmt.Errorf("cannot read the client's message: %v", err)
	}
	return nil
}

// safeCodec frames messages as the protocol says, with every character that
// could drive a terminal written as a JSON escape (see dsl.Escape), so that
// nothing from a document reaches a terminal raw even when the server is
// run by hand. The escaped message is the same JSON.
// It keeps the first message it could not read (see Serve).
type safeCodec struct {
	jsonrpc2.VSCodeObjectCodec
	mu  sync.Mutex
	err error
}

func (*safeCodec) WriteObject(w io.Writer, obj any) error {
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	data = []byte(dsl.Escape(string(data)))
	if _, err := fmt.Fprintf(w, "Content-Length: %d\r\n\r\n", len(data)); err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// ReadObject reads the next message. One whose body is no JSON-RPC message
// (not JSON, or JSON of another shape), or is longer than maxMessage, is
// returned as a *badMessage, for answeringStream to answer: the frame says
// where the message ends, so the connection can go on. A frame that is broken, or a stream that ends
// inside one, ends the connection.
func (c *safeCodec) ReadObject(r *bufio.Reader, v any) error {
	for {
		body, err := readFrame(r)
		var bad *badMessage
		if errors.As(err, &bad) {
			return err // its bytes are read and dropped: the next message follows
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				c.mu.Lock()
				if c.err == nil {
					c.err = err
				}
				c.mu.Unlock()
			}
			return err
		}
		if !json.Valid(body) {
			return &badMessage{code: jsonrpc2.CodeParseError, message: "parse error: the message is not JSON"}
		}
		// The id, where one can be read, goes with the answer to any
		// message wrong in another way, so that the client can match it.
		var probe struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(body, &probe) == nil && probe.ID != nil && !servableID(probe.ID) {
			if readableID(probe.ID) {
				return &badMessage{code: jsonrpc2.CodeInvalidRequest, message: "invalid request: an id must be a string or a whole number from 0 up", id: probe.ID}
			}
			probe.ID = nil
		}
		if json.Unmarshal(body, v) != nil {
			return &badMessage{code: jsonrpc2.CodeInvalidRequest, message: "invalid request: the message is JSON but no request, response or notification", id: probe.ID}
		}
		return nil
	}
}

// readableID reports whether raw is an id JSON-RPC allows: a string, a
// number or null.
func readableID(raw json.RawMessage) bool {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return false
	}
	switch v.(type) {
	case string, float64, nil:
		return true
	}
	return false
}

// servableID reports whether raw is an id the connection can answer
// under: a string, null, or a whole number that fits a uint64 (jsonrpc2
// would wrap a negative one round).
func servableID(raw json.RawMessage) bool {
	var n uint64
	var str string
	return json.Unmarshal(raw, &n) == nil || json.Unmarshal(raw, &str) == nil || string(raw) == "null"
}

// badMessage is a message read whole that is no JSON-RPC message: the
// error to answer it with, and its id if one could be read (else null).
type badMessage struct {
	code    int64
	message string
	id      json.RawMessage
}

func (b *badMessage) Error() string { return b.message }

// answeringStream answers each message that is no JSON-RPC message as
// JSON-RPC 2.0 asks (a parse error, -32700, for a body that is no JSON; an
// invalid request, -32600, for JSON of another shape; with its id where
// one could be read, else null) and reads on: jsonrpc2.Conn would end the
// connection at the first error ReadObject returns.
type answeringStream struct{ jsonrpc2.ObjectStream }

func (s answeringStream) ReadObject(v any) error {
	for {
		err := s.ObjectStream.ReadObject(v)
		var bad *badMessage
		if !errors.As(err, &bad) {
			return err
		}
		reply := struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"` // null when none could be read
			Error   *jsonrpc2.Error `json:"error"`
		}{"2.0", bad.id, &jsonrpc2.Error{Code: bad.code, Message: bad.message}}
		if err := s.WriteObject(reply); err != nil {
			return err
		}
	}
}

// maxMessage bounds a message's body: the largest document is 1 MiB (see
// dsl.MaxFileSize), written out as JSON escapes at most six times as long.
const maxMessage = 8 << 20

// readFrame reads one message's headers and its body, as the protocol
// frames them ("Content-Length: N", a blank line, N bytes).
func readFrame(r *bufio.Reader) ([]byte, error) {
	length := -1
	for first := true; ; first = false {
		raw, err := r.ReadSlice('\n') // a header line longer than the buffer is an error
		line := string(raw)
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			return nil, fmt.Errorf("a header line is longer than %d bytes", r.Size())
		case err != nil:
			if first && line == "" && errors.Is(err, io.EOF) {
				return nil, io.EOF // the stream ended between messages
			}
			return nil, errors.New("the stream ended inside a message's headers")
		}
		if !strings.HasSuffix(line, "\r\n") {
			return nil, errors.New(`a header line must end with \r\n`)
		}
		line = strings.TrimSuffix(line, "\r\n")
		if line == "" {
			break
		}
		// Header names are case-insensitive, as in HTTP.
		if name, n, ok := strings.Cut(line, ":"); ok && strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			k, err := strconv.Atoi(strings.TrimSpace(n))
			if err != nil || k < 0 {
				return nil, fmt.Errorf("bad Content-Length %q", strings.TrimSpace(n))
			}
			length = k
		}
	}
	switch {
	case length < 0:
		return nil, errors.New("no Content-Length header found")
	case length > maxMessage:
		// Passed over, read by its length without being kept.
		if n, err := io.CopyN(io.Discard, r, int64(length)); err != nil {
			return nil, fmt.Errorf("the stream ended inside a message of %d bytes, larger than the limit of %d: %d of them came", length, maxMessage, n)
		}
		return nil, &badMessage{code: jsonrpc2.CodeInvalidRequest, message: fmt.Sprintf("invalid request: the message is %d bytes, larger than the limit of %d", length, maxMessage)}
	}
	body := make([]byte, length)
	if n, err := io.ReadFull(r, body); err != nil {
		return nil, fmt.Errorf("the stream ended inside a message: %d of its %d bytes came", n, length)
	}
	return body, nil
}

// failed is the first message that could not be read, if any.
func (c *safeCodec) failed() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

type server struct {
	mu       sync.Mutex
	docs     map[string]*document
	version  string
	shutdown bool // the client asked to shut down
	exited   bool // and then, or without, to exit
}

// document is one open file and its latest analysis.
type document struct {
	uri  string
	text string
	ix   *lineIndex
	doc  *lang.Doc
}

// handle runs one message through glsp's dispatch. A panic in answering is
// turned into an error reply, so that no document can stop the server.
func (s *server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request, h *protocol.Handler) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("internal error in %s: %v\n%s", req.Method, r, debug.Stack())}
		}
	}()
	gctx := &glsp.Context{
		Method: req.Method,
		Notify: func(method string, params any) { _ = conn.Notify(ctx, method, params) },
		Call:   func(method string, params, result any) { _ = conn.Call(ctx, method, params, result) },
	}
	if req.Params != nil {
		gctx.Params = *req.Params
	}
	s.mu.Lock()
	down := s.shutdown
	s.mu.Unlock()
	switch {
	case down && req.Method != protocol.MethodExit:
		// As the protocol asks of anything after shutdown but exit.
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "the server is shutting down: only exit may follow shutdown"}
	case req.Method == protocol.MethodInitialize && h.IsInitialized():
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "initialize was sent already: it comes once, first"}
	}
	early := !h.IsInitialized() && req.Method != protocol.MethodInitialize && req.Method != protocol.MethodExit
	r, validMethod, validParams, err := h.Handle(gctx)
	switch {
	case early && validMethod:
		// The code the protocol gives a request before initialize.
		return nil, &jsonrpc2.Error{Code: codeServerNotInitialized, Message: "the server is not initialized: send initialize first"}
	case req.Method == protocol.MethodExit:
		s.mu.Lock()
		s.exited = true
		s.mu.Unlock()
		conn.Close()
		return nil, nil
	case !validMethod:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "method not supported: " + req.Method}
	case !validParams:
		msg := "invalid params"
		if err != nil {
			msg += ": " + store.JSONMessage(err) // in the protocol's words, not Go's
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: err.Error()}
	}
	return r, nil
}

// codeServerNotInitialized is the LSP's ServerNotInitialized error code.
const codeServerNotInitialized = -32002

func (s *server) handler() *protocol.Handler {
	return &protocol.Handler{
		Initialize:  s.initialize,
		Initialized: func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		Shutdown: func(*glsp.Context) error {
			s.mu.Lock()
			s.shutdown = true
			s.mu.Unlock()
			return nil
		},
		Exit:                       func(*glsp.Context) error { return nil },
		SetTrace:                   func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		TextDocumentDidOpen:        s.didOpen,
		TextDocumentDidChange:      s.didChange,
		TextDocumentDidClose:       s.didClose,
		TextDocumentDidSave:        func(*glsp.Context, *protocol.DidSaveTextDocumentParams) error { return nil },
		TextDocumentCompletion:     s.completion,
		TextDocumentHover:          s.hover,
		TextDocumentDefinition:     s.definition,
		TextDocumentReferences:     s.references,
		TextDocumentDocumentSymbol: s.documentSymbol,
		TextDocumentCodeAction:     s.codeAction,
		TextDocumentFormatting:     s.formatting,
		TextDocumentPrepareRename:  s.prepareRename,
		TextDocumentRename:         s.rename,
	}
}

func (s *server) initialize(_ *glsp.Context, _ *protocol.InitializeParams) (any, error) {
	yes := true
	full := protocol.TextDocumentSyncKindFull
	version := s.version
	return protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync:           protocol.TextDocumentSyncOptions{OpenClose: &yes, Change: &full},
			CompletionProvider:         &protocol.CompletionOptions{},
			HoverProvider:              true,
			DefinitionProvider:         true,
			ReferencesProvider:         true,
			DocumentSymbolProvider:     true,
			CodeActionProvider:         protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix}},
			DocumentFormattingProvider: true,
			RenameProvider:             protocol.RenameOptions{PrepareProvider: &yes},
		},
		ServerInfo: &protocol.InitializeResultServerInfo{Name: Name, Version: &version},
	}, nil
}

// filename is what diagnostics call a document: the path of a file: URI,
// or the URI itself.
func filename(uri string) string {
	if rest, ok := strings.CutPrefix(uri, "file://"); ok {
		return rest
	}
	return uri
}

// update analyses a document's new text and publishes its diagnostics.
func (s *server) update(ctx *glsp.Context, uri, text string) {
	s.mu.Lock()
	var prev *lang.Doc
	if d := s.docs[uri]; d != nil {
		prev = d.doc
	}
	d := &document{uri: uri, text: text, ix: newLineIndex(text), doc: lang.Analyze(filename(uri), []byte(text), prev)}
	s.docs[uri] = d
	s.mu.Unlock()
	ctx.Notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: d.diagnostics()})
}

func (s *server) get(uri string) *document {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.docs[uri]
}

func (s *server) didOpen(ctx *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	s.update(ctx, p.TextDocument.URI, p.TextDocument.Text)
	return nil
}

func (s *server) didChange(ctx *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	// Full sync: the last change holds the whole text.
	for i := len(p.ContentChanges) - 1; i >= 0; i-- {
		switch c := p.ContentChanges[i].(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			s.update(ctx, p.TextDocument.URI, c.Text)
			return nil
		case protocol.TextDocumentContentChangeEvent:
			if c.Range == nil {
				s.update(ctx, p.TextDocument.URI, c.Text)
				return nil
			}
			return fmt.Errorf("the server takes whole documents (full sync), not ranges")
		}
	}
	return nil
}

func (s *server) didClose(ctx *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	s.mu.Lock()
	delete(s.docs, p.TextDocument.URI)
	s.mu.Unlock()
	ctx.Notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []protocol.Diagnostic{}})
	return nil
}

// suggestion is carried in a diagnostic's data, for its quick fix.
type suggestion struct {
	Suggest string `json:"suggest"`
}

// diagnostics are the checker's diagnostics in the protocol's terms, worded
// as `patience validate` words them.
func (d *document) diagnostics() []protocol.Diagnostic {
	out := []protocol.Diagnostic{}
	source := Name
	for _, x := range d.doc.Diags {
		sev := protocol.DiagnosticSeverityError
		if x.Severity == dsl.Warning {
			sev = protocol.DiagnosticSeverityWarning
		}
		msg := x.Message
		pd := protocol.Diagnostic{Range: d.ix.rng(x.Pos, x.End), Severity: &sev, Source: &source}
		if x.Suggest != "" {
			msg += fmt.Sprintf("; did you mean %q?", x.Suggest)
			pd.Data = suggestion{x.Suggest}
		}
		pd.Message = msg
		out = append(out, pd)
	}
	return out
}

func (s *server) codeAction(_ *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	d := s.get(p.TextDocument.URI)
	if d == nil {
		return []protocol.CodeAction{}, nil
	}
	out := []protocol.CodeAction{}
	quickfix := protocol.CodeActionKindQuickFix
	yes := true
	for i, x := range d.doc.Diags {
		if x.Suggest == "" || x.End.Line == 0 {
			continue
		}
		pd := d.diagnostics()[i]
		if !overlaps(pd.Range, p.Range) {
			continue
		}
		out = append(out, protocol.CodeAction{
			Title: fmt.Sprintf("Change to %q", x.Suggest), Kind: &quickfix, IsPreferred: &yes,
			Diagnostics: []protocol.Diagnostic{pd},
			Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{
				d.uri: {{Range: pd.Range, NewText: x.Suggest}},
			}},
		})
	}
	return out, nil
}

func before(a, b protocol.Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

func overlaps(a, b protocol.Range) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

var completionKinds = map[string]protocol.CompletionItemKind{
	"keyword":         protocol.CompletionItemKindKeyword,
	string(lang.Pile): protocol.CompletionItemKindField, string(lang.Group): protocol.CompletionItemKindStruct,
	string(lang.Phase): protocol.CompletionItemKindEvent, string(lang.Value): protocol.CompletionItemKindConstant,
}

func (s *server) completion(_ *glsp.Context, p *protocol.CompletionParams) (any, error) {
	d := s.get(p.TextDocument.URI)
	if d == nil {
		return []protocol.CompletionItem{}, nil
	}
	out := []protocol.CompletionItem{}
	for _, c := range d.doc.Complete(d.ix.offset(p.Position)) {
		kind := completionKinds[c.Kind]
		detail := c.Detail
		item := protocol.CompletionItem{Label: c.Label, Kind: &kind, Detail: &detail}
		if c.Kind == "keyword" {
			if doc := lang.KeywordDoc(c.Label); doc != "" {
				item.Documentation = protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: doc}
			}
		}
		out = append(out, item)
	}
	return out, nil
}

func (s *server) hover(_ *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	d := s.get(p.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	text, span, ok := d.doc.Hover(d.ix.offset(p.Position))
	if !ok {
		return nil, nil
	}
	r := d.ix.rng(span.Start, span.End)
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: text}, Range: &r}, nil
}

func (d *document) locations(spans []lang.Span) []protocol.Location {
	out := []protocol.Location{}
	for _, sp := range spans {
		out = append(out, protocol.Location{URI: d.uri, Range: d.ix.rng(sp.Start, sp.End)})
	}
	return out
}

func (s *server) definition(_ *glsp.Context, p *protocol.DefinitionParams) (any, error) {
	d := s.get(p.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	spans, ok := d.doc.Definition(d.ix.offset(p.Position))
	if !ok {
		return nil, nil
	}
	return d.locations(spans), nil
}

func (s *server) references(_ *glsp.Context, p *protocol.ReferenceParams) ([]protocol.Location, error) {
	d := s.get(p.TextDocument.URI)
	if d == nil {
		return []protocol.Location{}, nil
	}
	return d.locations(d.doc.References(d.ix.offset(p.Position), p.Context.IncludeDeclaration)), nil
}

var symbolKinds = map[string]protocol.SymbolKind{
	"game": protocol.SymbolKindModule, string(lang.Pile): protocol.SymbolKindField, string(lang.Group): protocol.SymbolKindArray,
	string(lang.Phase): protocol.SymbolKindEvent, string(lang.Value): protocol.SymbolKindConstant,
	"deal": protocol.SymbolKindFunction, "layout": protocol.SymbolKindStruct, "win": protocol.SymbolKindBoolean,
}

func (s *server) documentSymbol(_ *glsp.Context, p *protocol.DocumentSymbolParams) (any, error) {
	d := s.get(p.TextDocument.URI)
	if d == nil {
		return []protocol.DocumentSymbol{}, nil
	}
	var conv func(o lang.Outline) protocol.DocumentSymbol
	conv = func(o lang.Outline) protocol.DocumentSymbol {
		kind, ok := symbolKinds[o.Kind]
		if !ok {
			kind = protocol.SymbolKindObject
		}
		name := o.Name
		if strings.TrimSpace(name) == "" {
			name = o.Kind // the protocol refuses an empty name
		}
		sym := protocol.DocumentSymbol{Name: name, Kind: kind, Range: d.ix.rng(o.Range.Start, o.Range.End), SelectionRange: d.ix.rng(o.Select.Start, o.Select.End)}
		if o.Detail != "" {
			detail := o.Detail
			sym.Detail = &detail
		}
		for _, c := range o.Children {
			sym.Children = append(sym.Children, conv(c))
		}
		return sym
	}
	out := []protocol.DocumentSymbol{}
	for _, o := range d.doc.Outline() {
		out = append(out, conv(o))
	}
	return out, nil
}

// formatting replaces the whole text with dsl.Format's; a file that does
// not parse is left alone (its diagnostics say why).
func (s *server) formatting(_ *glsp.Context, p *protocol.DocumentFormattingParams) ([]protocol.TextEdit, error) {
	d := s.get(p.TextDocument.URI)
	if d == nil {
		return []protocol.TextEdit{}, nil
	}
	out, err := dsl.Format(filename(d.uri), []byte(d.text))
	if err != nil || string(out) == d.text {
		return []protocol.TextEdit{}, nil
	}
	return []protocol.TextEdit{{Range: d.ix.whole(), NewText: string(out)}}, nil
}

// prepareRename gives the range of the name under the cursor that rename
// can change, or an error saying why it cannot (a pile of a group, a
// role group, a keyword), which the editor shows before asking for a name.
func (s *server) prepareRename(_ *glsp.Context, p *protocol.PrepareRenameParams) (any, error) {
	d := s.get(p.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	span, err := d.doc.PrepareRename(d.ix.offset(p.Position))
	if err != nil {
		return nil, err
	}
	return protocol.RangeWithPlaceholder{Range: d.ix.rng(span.Start, span.End), Placeholder: string(d.doc.Src[span.Start.Offset:span.End.Offset])}, nil
}

// rename renames a pile, a group (and its piles), a phase or a value
// everywhere in the file, as lang.Rename does: refused, with the reason,
// where the new name is taken or not a name, or where the renamed file
// would not check as the file did.
func (s *server) rename(_ *glsp.Context, p *protocol.RenameParams) (*protocol.WorkspaceEdit, error) {
	d := s.get(p.TextDocument.URI)
	if d == nil {
		return nil, nil
	}
	edits, err := d.doc.Rename(d.ix.offset(p.Position), p.NewName)
	if err != nil {
		return nil, err
	}
	out := []protocol.TextEdit{}
	for _, e := range edits {
		out = append(out, protocol.TextEdit{Range: d.ix.rng(e.Start, e.End), NewText: e.Text})
	}
	return &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{d.uri: out}}, nil
}
