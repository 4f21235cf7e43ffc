package builtin

import (
	"flag"
	"os"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/rulesets"
)

var update = flag.Bool("update", false, "rewrite games.bin")

// TestGamesData: games.bin is what the rule files and the model make now.
func TestGamesData(t *testing.T) {
	want, err := encodeAll()
	require.NoError(t, err)
	if *update {
		require.NoError(t, os.WriteFile("games.bin", want, 0o644))
		return
	}
	require.True(t, string(want) == data, "games.bin is stale: run go generate ./rulesets/builtin")
}

// TestGamesAreTheCheckedFiles: every stored game is exactly what the
// checker makes of its rule file.
func TestGamesAreTheCheckedFiles(t *testing.T) {
	require.Len(t, entries(), len(rulesets.Names()), "games.bin is stale: run go generate ./rulesets/builtin")
	for _, name := range rulesets.Names() {
		src, _ := rulesets.Source(name)
		want, err := check.Source(Filename(name), src)
		require.NoError(t, err)
		got, ok := Game(name)
		require.True(t, ok)
		assert.Equal(t, want, got, name)
		again, _ := Game(name)
		assert.NotSame(t, got, again, "each call makes a new game")
		found, ok := Find(want.Name)
		assert.True(t, ok)
		assert.Equal(t, name, found)
	}
}

// TestStaleDataIsNotUsed: a game stored from another text of its file, or
// from another model, is checked afresh, never read.
func TestStaleDataIsNotUsed(t *testing.T) {
	es := entries()
	require.NotEmpty(t, es)
	i := 0
	for es[i].name != "precedence" {
		i++
	}
	saved := es[i].game
	defer func() { es[i].game = saved }()
	es[i].game = "" // what decoding would fail on
	g, ok := Game("precedence")
	require.True(t, ok, "a corrupt entry falls back to the checker")
	assert.Equal(t, "Precedence", g.Name)
	es[i].sum[0]++ // another text
	defer func() { es[i].sum[0]-- }()
	es[i].game = "\xff" // would be corrupt, but is never read
	g, ok = Game("precedence")
	require.True(t, ok)
	assert.Equal(t, "Precedence", g.Name)
	assert.Equal(t, []string{"Precedence", "Order of Precedence", "Panama", "Downing Street"}, titles("precedence"))
}

// TestModelTypesAreComplete: modelTypes lists every struct type reachable
// from check.Game, so that the shape changes with any of them.
func TestModelTypesAreComplete(t *testing.T) {
	seen, structs := map[reflect.Type]bool{}, map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice:
			walk(t.Elem())
		case reflect.Interface:
			for _, c := range condTypes {
				walk(c)
			}
		case reflect.Struct:
			structs[t] = true
			for i := range t.NumField() {
				walk(t.Field(i).Type)
			}
		}
	}
	walk(reflect.TypeFor[check.Game]())
	listed := map[reflect.Type]bool{}
	for _, t := range modelTypes {
		listed[t] = true
	}
	assert.Equal(t, structs, listed, "add the missing types to modelTypes")
}

func TestFind(t *testing.T) {
	for arg, want := range map[string]string{
		"precedence": "precedence", "PRECEDENCE": "precedence", "order of precedence": "precedence",
		"Downing Street": "precedence", "The Plot": "plot", "FreeCell": "freecell",
	} {
		got, ok := Find(arg)
		assert.True(t, ok, arg)
		assert.Equal(t, want, got, arg)
	}
	for _, arg := range []string{"", "precedenc", "rulesets/precedence.patience"} {
		_, ok := Find(arg)
		assert.False(t, ok, arg)
	}
	_, ok := Game("nope")
	assert.False(t, ok)
}
