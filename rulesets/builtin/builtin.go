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

// data is a string, so that the names and the strings of the games read
// from it are parts of it, not copies.
//
//go:embed games.bin
var data string

// Filename is the name diagnostics give a built-in ruleset.
func Filename(name string) string { return "rulesets/" + name + ".patience" }

// entry is one stored game.
type entry struct {
	name   string
	titles []string // the game's name and other names
	sum    [sha256.Size]byte
	game   string // the encoded game
}

// entries reads the index of games.bin; nil when it was written for
// another model. The index comes first and the games after it, so that
// finding one game reads the index and that game, not the whole data.
var entries = sync.OnceValue(func() []entry {
	d := &decoder{b: data}
	if d.bytes(d.uvarint()) != shape() {
		return nil
	}
	n := d.uvarint()
	if n > uint64(len(d.b)) { // every entry takes a byte at least
		return nil
	}
	es := make([]entry, n)
	sizes := make([]uint64, n)
	for i := range es {
		e := &es[i]
		e.name = d.bytes(d.uvarint())
		copy(e.sum[:], d.bytes(sha256.Size))
		k := d.uvarint()
		if k > uint64(len(d.b)) {
			return nil
		}
		e.titles = make([]string, k)
		for j := range e.titles {
			e.titles[j] = d.bytes(d.uvarint())
		}
		sizes[i] = d.uvarint()
	}
	for i := range es {
		es[i].game = d.bytes(sizes[i])
	}
	if d.err != nil || len(d.b) != 0 {
		return nil
	}
	return es
})

// encodeAll writes games.bin for every built-in ruleset: the index, then
// the games in its order.
func encodeAll() ([]byte, error) {
	b := appendString(nil, shape())
	names := rulesets.Names()
	b = appendUvarint(b, len(names))
	var games []byte
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
		b = appendUvarint(b, len(enc))
		games = append(games, enc...)
	}
	return append(b, games...), nil
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
	if rulesets.Exists(arg) {
		return arg, true
	}
	for _, name := range rulesets.Names() {
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
