// Package builtin serves the built-in rulesets already checked, so that
// finding one by name and loading it cost neither the parser nor the
// checker: games.bin holds, for each rule file, its game as check.Source
// returns it, in the stream codec.go reads. The data is derived, like a
// golden file: go generate (go test -update) writes it from the rule
// files, and the tests prove every stored game equal to what the checker
// makes of its file. A stored game whose file or model has changed since
// is never used: the file is checked instead.
package builtin

//go:generate go test -run ^TestGamesData$ -update .

import (
	"crypto/sha256"
	_ "embed"
	"reflect"
	"strings"
	"sync"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/rulesets"
)

//go:embed games.bin
var data []byte

// Filename is the name diagnostics give a built-in ruleset.
func Filename(name string) string { return "rulesets/" + name + ".patience" }

// entry is one stored game.
type entry struct {
	name   string
	titles []string // the game's name and other names
	sum    [sha256.Size]byte
	game   []byte // the encoded game
}

// entries reads the index of games.bin; nil when it was written for
// another model.
var entries = sync.OnceValue(func() []entry {
	d := &decoder{b: data}
	if string(d.bytes(d.uvarint())) != shape() {
		return nil
	}
	var es []entry
	for n := d.uvarint(); n > 0 && d.err == nil; n-- {
		var e entry
		e.name = string(d.bytes(d.uvarint()))
		copy(e.sum[:], d.bytes(sha256.Size))
		for k := d.uvarint(); k > 0 && d.err == nil; k-- {
			e.titles = append(e.titles, string(d.bytes(d.uvarint())))
		}
		e.game = d.bytes(d.uvarint())
		es = append(es, e)
	}
	if d.err != nil {
		return nil
	}
	return es
})

// encodeAll writes games.bin for every built-in ruleset.
func encodeAll() ([]byte, error) {
	b := appendString(nil, shape())
	names := rulesets.Names()
	b = appendUvarint(b, len(names))
	for _, name := range names {
		src, _ := rulesets.Source(name)
		g, err := check.Source(Filename(name), src)
		if err != nil {
			return nil, err
		}
		b = appendString(b, name)
		sum := sha256.Sum256(src)
		b = append(b, sum[:]...)
		titles := append([]string{g.Name}, g.Aka...)
		b = appendUvarint(b, len(titles))
		for _, t := range titles {
			b = appendString(b, t)
		}
		g.Source = nil // the caller's to add
		if g.Warnings != nil {
			g.Warnings.Source = nil
		}
		enc, err := encode(nil, reflect.ValueOf(g).Elem())
		if err != nil {
			return nil, err
		}
		b = append(appendUvarint(b, len(enc)), enc...)
	}
	return b, nil
}

// Game returns the checked game of a built-in ruleset, as check.Source
// returns it for Filename(name); each call returns a new one. It reports
// false for a name that is not a built-in ruleset, or one that does not
// check.
func Game(name string) (*check.Game, bool) {
	src, ok := rulesets.Source(name)
	if !ok {
		return nil, false
	}
	for _, e := range entries() {
		if e.name != name || e.sum != sha256.Sum256(src) {
			continue
		}
		g := new(check.Game)
		d := &decoder{b: e.game}
		d.decode(reflect.ValueOf(g).Elem())
		if d.err != nil || len(d.b) != 0 {
			break
		}
		g.Source = src
		if g.Warnings != nil {
			g.Warnings.Source = src
		}
		return g, true
	}
	// Not stored, or stored from another text: check the file.
	g, err := check.Source(Filename(name), src)
	return g, err == nil
}

// Find finds a built-in ruleset by its name, or, ignoring case, by its
// name or one of its game's names (the title or an aka).
func Find(arg string) (string, bool) {
	names := rulesets.Names()
	for _, name := range names {
		if name == arg {
			return name, true
		}
	}
	for _, name := range names {
		if strings.EqualFold(name, arg) {
			return name, true
		}
		for _, t := range titles(name) {
			if strings.EqualFold(t, arg) {
				return name, true
			}
		}
	}
	return "", false
}

// titles are the names of a ruleset's game, from the stored data when it
// is up to date, or else from checking the file.
func titles(name string) []string {
	src, _ := rulesets.Source(name)
	for _, e := range entries() {
		if e.name == name && e.sum == sha256.Sum256(src) {
			return e.titles
		}
	}
	g, err := check.Source(Filename(name), src)
	if err != nil {
		return nil
	}
	return append([]string{g.Name}, g.Aka...)
}
