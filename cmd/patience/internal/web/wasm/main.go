//go:build js && wasm

// Command wasm is the playground's game compiled to WebAssembly: it puts a
// global object "patience" on the page whose functions carry calls to the
// playground package and answer with its Reply as a JSON string. Build it
// with "go generate ./cmd/patience/internal/web".
package main

import (
	"encoding/json"
	"syscall/js"

	"github.com/patience-dev/patience/cmd/patience/internal/web/playground"
)

func main() {
	var s playground.Session
	api := js.Global().Get("Object").New()
	reply := func(r playground.Reply) any {
		b, err := json.Marshal(r)
		if err != nil {
			return `{"ok":false,"diagnostics":[],"error":"internal error: ` + err.Error() + `"}`
		}
		return string(b)
	}
	arg := func(args []js.Value, i int) string {
		if i < len(args) && args[i].Type() == js.TypeString {
			return args[i].String()
		}
		return ""
	}
	api.Set("names", js.FuncOf(func(this js.Value, args []js.Value) any {
		b, _ := json.Marshal(playground.Names())
		return string(b)
	}))
	api.Set("source", js.FuncOf(func(this js.Value, args []js.Value) any {
		src, ok := playground.Source(arg(args, 0))
		if !ok {
			return js.Null()
		}
		return src
	}))
	api.Set("load", js.FuncOf(func(this js.Value, args []js.Value) any {
		return reply(s.Load(arg(args, 0), arg(args, 1), arg(args, 2)))
	}))
	api.Set("deal", js.FuncOf(func(this js.Value, args []js.Value) any {
		return reply(s.Deal(arg(args, 0)))
	}))
	api.Set("do", js.FuncOf(func(this js.Value, args []js.Value) any {
		return reply(s.Do(arg(args, 0)))
	}))
	js.Global().Set("patience", api)
	if ready := js.Global().Get("patienceReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // serve calls until the page goes
}
