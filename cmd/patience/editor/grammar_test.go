// Package editor_test checks the TextMate grammar for .patience files
// (patience.tmLanguage.json, for VS Code and other editors) against the
// parser, so that the two cannot drift apart.
package editor_test

import (
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl"
)

type rule struct {
	Name     string `json:"name"`
	Match    string `json:"match"`
	Begin    string `json:"begin"`
	Patterns []rule `json:"patterns"`
}

type grammar struct {
	ScopeName  string          `json:"scopeName"`
	FileTypes  []string        `json:"fileTypes"`
	Patterns   []rule          `json:"patterns"`
	Repository map[string]rule `json:"repository"`
}

func load(t *testing.T) grammar {
	t.Helper()
	b, err := os.ReadFile("patience.tmLanguage.json")
	require.NoError(t, err)
	var g grammar
	require.NoError(t, json.Unmarshal(b, &g))
	return g
}

const (
	before = `(?<![\w-])(?:`
	after  = `)(?![\w-])`
)

// keywordRules returns each keyword rule's scope and words.
func keywordRules(t *testing.T, g grammar) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, r := range g.Repository["keywords"].Patterns {
		require.True(t, strings.HasPrefix(r.Match, before) && strings.HasSuffix(r.Match, after), "rule %s: %s", r.Name, r.Match)
		body := strings.TrimSuffix(strings.TrimPrefix(r.Match, before), after)
		for _, w := range strings.Split(body, "|") {
			out[r.Name] = append(out[r.Name], strings.ReplaceAll(w, `\-`, "-"))
		}
	}
	return out
}

// TestKeywordsMatchTheParser: the grammar highlights exactly the parser's
// reserved words, each in one scope.
func TestKeywordsMatchTheParser(t *testing.T) {
	g := load(t)
	assert.Equal(t, "source.patience", g.ScopeName)
	assert.Equal(t, []string{"patience"}, g.FileTypes)
	seen := map[string]string{}
	for scope, words := range keywordRules(t, g) {
		for _, w := range words {
			if prev, ok := seen[w]; ok {
				t.Errorf("%q is in both %s and %s", w, prev, scope)
			}
			seen[w] = scope
			assert.True(t, dsl.IsKeyword(w), "the grammar highlights %q, which is not a keyword (dsl.IsKeyword)", w)
		}
	}
	var missing []string
	for _, w := range dsl.Keywords() {
		if _, ok := seen[w]; !ok {
			missing = append(missing, w)
		}
	}
	sort.Strings(missing)
	assert.Empty(t, missing, "keywords the grammar does not highlight")
}

// TestKeywordRulesMatchWholeWords runs each keyword rule, written for
// Oniguruma, as Go's regexp (lookarounds turned into plain groups) on every
// built-in ruleset's words: a rule matches a word exactly when it lists it,
// so `any` does not light up inside `any-suit`.
func TestKeywordRulesMatchWholeWords(t *testing.T) {
	g := load(t)
	words := map[string]bool{"any-suit": true, "same-rank": true, "t1": true, "king-row": true}
	for _, w := range dsl.Keywords() {
		words[w] = true
	}
	for scope, list := range keywordRules(t, g) {
		listed := map[string]bool{}
		for _, w := range list {
			listed[w] = true
		}
		var rule string
		for _, r := range g.Repository["keywords"].Patterns {
			if r.Name == scope {
				rule = r.Match
			}
		}
		body := strings.TrimSuffix(strings.TrimPrefix(rule, before), after)
		re := regexp.MustCompile(`(?:^|[^\w-])(` + body + `)(?:[^\w-]|$)`)
		for w := range words {
			m := re.FindStringSubmatch(" " + w + " ")
			assert.Equal(t, listed[w], m != nil && m[1] == w, "%s on %q", scope, w)
		}
	}
	// Every rule's pattern is one Go's regexp reads too, lookarounds aside.
	var check func(r rule)
	check = func(r rule) {
		for _, p := range []string{r.Match, r.Begin} {
			p = strings.NewReplacer(`(?<![\w-])`, "", `(?![\w-])`, "").Replace(p)
			_, err := regexp.Compile(p)
			assert.NoError(t, err, "rule %s", r.Name)
		}
		for _, sub := range r.Patterns {
			check(sub)
		}
	}
	for _, r := range g.Repository {
		check(r)
	}
}
