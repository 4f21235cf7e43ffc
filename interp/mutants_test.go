package interp

// Mutants of the built-in games, shrunk to a few live cards, against the
// plain search (a helper's test): each built-in rule file is parsed into
// statements, one to four of its statements are changed at random (build
// relations, moves, bases, capacities, fills, targets, accepts, starts,
// stock deals and redeals, covers, phases, clauses, grids, rows, pairs,
// outranked piles, the win's piles, the deal's facing), then the game is
// shrunk (one or two suits, three to five live ranks, the rest taken to a
// junk pile named in the win, groups cut to a few piles, the deal's counts
// redrawn) and, if the checker accepts it, every claim is compared with
// the plain search by checkGenerated.

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/rulesets"
)

var (
	mutantsPer  = flag.Int("mutants.per", 20, "valid mutants TestMutatedBuiltins compares per built-in game")
	mutantsSeed = flag.Uint64("mutants.seed", 1, "seed of TestMutatedBuiltins")
	mutantsOnly = flag.String("mutants.only", "", "only this built-in game")
	mutantsDump = flag.String("mutants.dump", "", "directory to write the failing mutant to")
)

// mItem is one statement of the game block, or a block (a pile's or the
// deal) with its statements.
type mItem struct {
	stmt  string   // a top-level statement; "" for a block
	head  string   // a block's header, e.g. "tableau t[7]"
	body  []string // a block's statements
	block bool
}

type mGame struct {
	items []mItem
	// shrinking
	suits    []string
	decks    int
	lo, hi   int
	sizes    map[string][2]int // group -> first, last pile number
	single   map[string]bool   // single piles
	roleOf   map[string]string // pile or group -> role
	junkRole string
	rng      *rand.Rand
}

var mPileHead = regexp.MustCompile(`^(foundation|tableau|reserve|stock|waste|cell|discard)(?:\s+([A-Za-z_][A-Za-z0-9_-]*))?(?:\[(\d+)(?:\.\.(\d+))?\])?$`)

// mSplit turns a source into flat statement lines, braces on lines of their
// own, with comments, layout, aka and summary dropped.
func mSplit(src string) []string {
	var out []string
	var cur strings.Builder
	inq, comment := false, false
	emit := func() {
		s := strings.Join(strings.Fields(cur.String()), " ")
		if s != "" {
			out = append(out, s)
		}
		cur.Reset()
	}
	for _, ch := range src {
		if comment {
			if ch == '\n' {
				comment = false
				emit()
			}
			continue
		}
		switch {
		case ch == '"':
			inq = !inq
			cur.WriteRune(ch)
		case inq:
			cur.WriteRune(ch)
		case ch == '#':
			comment = true
		case ch == '{':
			emit()
			out = append(out, "{")
		case ch == '}':
			emit()
			out = append(out, "}")
		case ch == ';' || ch == '\n':
			emit()
		default:
			cur.WriteRune(ch)
		}
	}
	emit()
	return out
}

func mParse(src string) *mGame {
	lines := mSplit(src)
	g := &mGame{}
	// lines[0] = game "X", lines[1] = "{", last = "}"
	i := 2
	for i < len(lines)-1 {
		l := lines[i]
		if i+1 < len(lines) && lines[i+1] == "{" {
			it := mItem{head: l, block: true}
			j := i + 2
			depth := 1
			for ; j < len(lines); j++ {
				if lines[j] == "{" {
					depth++
					continue
				}
				if lines[j] == "}" {
					depth--
					if depth == 0 {
						break
					}
					continue
				}
				it.body = append(it.body, lines[j])
			}
			i = j + 1
			if l == "layout" {
				continue
			}
			g.items = append(g.items, it)
			continue
		}
		i++
		if strings.HasPrefix(l, "aka ") || strings.HasPrefix(l, "summary ") {
			continue
		}
		if mPileHead.MatchString(l) {
			g.items = append(g.items, mItem{head: l, block: true})
			continue
		}
		g.items = append(g.items, mItem{stmt: l})
	}
	return g
}

func (g *mGame) render() string {
	var b strings.Builder
	b.WriteString("game \"M\" {\n")
	for _, it := range g.items {
		if !it.block {
			fmt.Fprintf(&b, "  %s\n", it.stmt)
			continue
		}
		if len(it.body) == 0 {
			fmt.Fprintf(&b, "  %s\n", it.head)
			continue
		}
		fmt.Fprintf(&b, "  %s {\n", it.head)
		for _, s := range it.body {
			fmt.Fprintf(&b, "    %s\n", s)
		}
		b.WriteString("  }\n")
	}
	b.WriteString("}\n")
	return b.String()
}

func (g *mGame) pick(xs ...string) string { return xs[g.rng.IntN(len(xs))] }
func (g *mGame) chance(p float64) bool    { return g.rng.Float64() < p }

// piles reads the pile declarations.
func (g *mGame) scan() {
	g.sizes = map[string][2]int{}
	g.single = map[string]bool{}
	g.roleOf = map[string]string{}
	for _, it := range g.items {
		if !it.block {
			continue
		}
		m := mPileHead.FindStringSubmatch(it.head)
		if m == nil {
			continue
		}
		name := m[2]
		if name == "" {
			name = m[1]
		}
		g.roleOf[name] = m[1]
		if m[3] == "" {
			g.single[name] = true
			continue
		}
		a, _ := strconv.Atoi(m[3])
		b := a
		if m[4] != "" {
			b, _ = strconv.Atoi(m[4])
		} else {
			a = 1
		}
		s, ok := g.sizes[name]
		if !ok {
			s = [2]int{a, b}
		}
		s[0], s[1] = min(s[0], a), max(s[1], b)
		g.sizes[name] = s
	}
}

// pileNames lists names that may stand in a `to` or a win: groups, single
// piles, role groups and a few single piles of groups.
func (g *mGame) pileNames() []string {
	var xs []string
	roles := map[string]string{"foundation": "foundations", "tableau": "tableau", "reserve": "reserves", "cell": "cells", "discard": "discards", "waste": "waste"}
	seen := map[string]bool{}
	for name, role := range g.roleOf {
		if role == "stock" {
			continue
		}
		xs = append(xs, name)
		if r, ok := roles[role]; ok && !seen[r] && g.roleOf[r] == "" {
			seen[r] = true
			xs = append(xs, r)
		}
		if s, ok := g.sizes[name]; ok {
			xs = append(xs, fmt.Sprintf("%s%d", name, s[0]))
		}
	}
	slices.Sort(xs)
	return slices.Compact(xs)
}

func (g *mGame) somePiles(n int) string {
	names := g.pileNames()
	g.rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	n = min(max(n, 1), len(names))
	return strings.Join(names[:n], ", ")
}

func (g *mGame) somePile() string { return g.somePiles(1) }

func (g *mGame) rank() string {
	return genRanks[g.lo+g.rng.IntN(g.hi-g.lo+1)]
}

func (g *mGame) step() string { return (&gen{rng: g.rng}).step() }

func (g *mGame) relation() string {
	if g.chance(0.08) {
		return "any"
	}
	r := g.step()
	if g.chance(0.1) {
		r += " or " + g.step()
	}
	return r
}

func (g *mGame) cond() string {
	p := g.somePile()
	switch g.rng.IntN(6) {
	case 0:
		return "stock is empty"
	case 1:
		return p + " is empty"
	case 2:
		return "any " + p + " is empty"
	case 3:
		return "no " + p + " is empty"
	case 4:
		return p + " is not empty"
	default:
		return fmt.Sprintf("%s holds %d cards", p, g.rng.IntN(4))
	}
}

func (g *mGame) clause() string {
	var phases []string
	for _, it := range g.items {
		if !it.block && strings.HasPrefix(it.stmt, "phase ") {
			phases = append(phases, strings.Fields(it.stmt)[1])
		}
	}
	if len(phases) > 0 && g.chance(0.5) {
		return g.pick("during ", "after ") + phases[g.rng.IntN(len(phases))]
	}
	return "when " + g.cond()
}

func (g *mGame) pattern() string {
	switch g.rng.IntN(6) {
	case 0:
		return "any"
	case 1:
		return g.pick("red", "black")
	case 2:
		return g.pick("red ", "black ") + g.rank()
	case 3:
		return g.rank() + g.suits[g.rng.IntN(len(g.suits))]
	default:
		return g.rank()
	}
}

// set replaces the statement of body starting with key, or adds it, or
// (with s == "") drops it.
func set(body []string, key, s string) []string {
	for i, x := range body {
		if x == key || strings.HasPrefix(x, key+" ") {
			if s == "" {
				return slices.Delete(slices.Clone(body), i, i+1)
			}
			body = slices.Clone(body)
			body[i] = s
			return body
		}
	}
	if s == "" {
		return body
	}
	return append(slices.Clone(body), s)
}

func (g *mGame) pileBlocks() []int {
	var xs []int
	for i, it := range g.items {
		if it.block && mPileHead.MatchString(it.head) {
			xs = append(xs, i)
		}
	}
	return xs
}

func (g *mGame) role(i int) string {
	return mPileHead.FindStringSubmatch(g.items[i].head)[1]
}

// mutate changes one statement, and says what it did.
func (g *mGame) mutate() string {
	g.scan()
	blocks := g.pileBlocks()
	switch k := g.rng.IntN(20); {
	case k < 14 && len(blocks) > 0: // a pile's rules
		i := blocks[g.rng.IntN(len(blocks))]
		it := &g.items[i]
		if g.role(i) == "stock" {
			return g.mutateStock(it)
		}
		var s, key string
		switch g.rng.IntN(19) {
		case 0, 1, 2:
			key = "build"
			s = "build " + g.relation()
			if g.chance(0.1) {
				s += " except " + g.pattern()
			}
			if g.chance(0.15) {
				s += " " + g.clause()
			}
			if g.chance(0.15) {
				s = ""
			}
		case 3, 4:
			key = "move"
			s = "move " + g.pick("top", "runs", "whole", "whole by top", "top or whole", "any", "runs using "+g.somePiles(1+g.rng.IntN(2)))
			if g.chance(0.1) {
				s = ""
			}
		case 5:
			key = "base"
			s = "base " + g.pattern()
			if g.chance(0.15) {
				s += " " + g.clause()
			}
			if g.chance(0.2) {
				s = ""
			}
		case 6:
			key = "holds"
			s = fmt.Sprintf("holds %d", 1+g.rng.IntN(8))
			if g.chance(0.3) {
				s = ""
			}
		case 7:
			key = "fill"
			s = g.pick("fill never", "fill from "+g.somePiles(1+g.rng.IntN(2)), "")
		case 8, 9:
			key = "to"
			old := ""
			for _, x := range it.body {
				if strings.HasPrefix(x, "to ") {
					old = x
				}
			}
			switch {
			case old != "" && g.chance(0.4):
				s = old + ", " + g.somePile()
			case old != "" && g.chance(0.3):
				ts := strings.Split(strings.TrimPrefix(old, "to "), ", ")
				if len(ts) > 1 {
					j := g.rng.IntN(len(ts))
					ts = slices.Delete(ts, j, j+1)
				}
				s = "to " + strings.Join(ts, ", ")
				if len(ts) == 0 {
					s = ""
				}
			default:
				s = "to " + g.somePiles(1+g.rng.IntN(3))
				if g.chance(0.1) {
					s = "to left 1" + g.pick("", ", left 2", ", "+g.somePile())
				}
			}
		case 10:
			key = "accepts"
			s = "accepts " + g.pick("one", "runs", "2", "3", "runs when empty, one otherwise", "one when empty, none otherwise", "runs when empty, none otherwise", "2 when empty, one otherwise")
			if g.chance(0.2) {
				s = ""
			}
		case 11:
			key = "start"
			s = g.pick("start after previous", "start after "+g.somePile(), "start when "+g.cond(), "")
		case 12:
			key = "run"
			s = "run " + g.step()
		case 13:
			key = "refill"
			s = "refill from " + g.somePiles(1+g.rng.IntN(2))
			if g.chance(0.3) {
				s = ""
			}
		case 14:
			key = "grid"
			s = g.pick("grid", "grid both-ends", "")
		case 15:
			key = "close"
			s = g.pick("close up", "")
		case 16:
			key = "follow"
			s = "follow left " + g.step()
			if g.chance(0.5) {
				it.body = set(it.body, "holds", "holds 1")
			}
			if g.chance(0.5) {
				it.body = set(it.body, "in", fmt.Sprintf("in rows of %d", 2+g.rng.IntN(3)))
			}
			if g.chance(0.2) {
				s = ""
			}
		case 17:
			key = "pairs"
			s = g.pick("pairs sum 13", "pairs same-rank", fmt.Sprintf("pairs sum %d", 2*g.lo+g.rng.IntN(2*(g.hi-g.lo)+1)), "")
			if s != "" {
				it.body = set(it.body, "build", "")
				it.body = set(it.body, "base", "")
			}
		case 18:
			key = "outranked"
			s = "outranked " + g.pick("same-suit", "any-suit", "same-colour", "other-suit", "alternate-colour") + " by " + g.somePiles(1+g.rng.IntN(2))
			if g.chance(0.3) {
				it.body = set(it.body, "aces-high", "aces-high")
			}
			it.body = set(it.body, "build", "")
			it.body = set(it.body, "base", "")
			if g.chance(0.2) {
				s = ""
			}
		}
		it.body = set(it.body, key, s)
		return fmt.Sprintf("%s: %s -> %q", it.head, key, s)
	case k < 15: // the win's piles
		names := g.pileNames()
		g.rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
		n := 1 + g.rng.IntN(min(3, len(names)))
		w := "win when all cards in " + strings.Join(names[:n], ", ")
		if g.chance(0.2) {
			w = "win when " + g.pick("every ", "no ") + names[0] + " is empty"
		}
		g.setTop("win ", w)
		return w
	case k < 16: // a cover
		a, b := g.somePile(), g.somePiles(1+g.rng.IntN(2))
		if s, ok := g.sizes[a]; ok {
			a = fmt.Sprintf("%s%d", a, s[0]+g.rng.IntN(s[1]-s[0]+1))
		}
		s := "cover " + a + " by " + b
		g.items = append(g.items, mItem{stmt: s})
		return s
	case k < 17: // a phase
		s := "phase ph1 until " + g.pick(g.cond(), "stock is empty", "all cards in "+g.somePile())
		g.items = append([]mItem{{stmt: s}, {stmt: "phase ph2"}}, g.items...)
		return s
	case k < 18: // a redeal of the game
		var have bool
		for _, it := range g.items {
			have = have || strings.HasPrefix(it.stmt, "redeal ")
		}
		grp := ""
		for name := range g.sizes {
			if g.roleOf[name] == "tableau" {
				grp = name
			}
		}
		if grp == "" || (have && g.chance(0.5)) {
			g.setTop("redeal ", "")
			return "no redeal"
		}
		s := fmt.Sprintf("redeal %d from %s%s to each %s by %d", 1+g.rng.IntN(2), grp, g.pick("", " shuffled"), grp, 1+g.rng.IntN(3))
		g.setTop("redeal ", s)
		return s
	case k < 19: // the deal's facing
		for i := range g.items {
			if g.items[i].head == "deal" {
				it := &g.items[i]
				for j, x := range it.body {
					if mCount.MatchString(x) && !strings.Contains(x, "stock") && g.chance(0.5) {
						x = strings.TrimSuffix(strings.TrimSuffix(x, " face down but top"), " face down")
						x += g.pick("", " face down", " face down but top")
						it.body[j] = x
						return "facing: " + x
					}
				}
			}
		}
		return "facing: none"
	default: // a new pile
		s := g.pick(
			"cell cx[2] { holds 1; to foundations",
			"reserve rx { to "+g.somePiles(2),
			"tableau tx[2] { build down any-suit; to "+g.somePiles(2),
			"foundation fx { build up any-suit; to "+g.somePiles(1),
		)
		head, body, _ := strings.Cut(s, " { ")
		g.items = append(g.items, mItem{head: head, body: strings.Split(body, "; "), block: true})
		// something moves to it
		if bs := g.pileBlocks(); len(bs) > 0 {
			i := bs[g.rng.IntN(len(bs))]
			if g.role(i) != "stock" {
				name := strings.Fields(head)[1]
				name, _, _ = strings.Cut(name, "[")
				old := ""
				for _, x := range g.items[i].body {
					if strings.HasPrefix(x, "to ") {
						old = x
					}
				}
				if old == "" {
					g.items[i].body = set(g.items[i].body, "to", "to "+name)
				} else {
					g.items[i].body = set(g.items[i].body, "to", old+", "+name)
				}
			}
		}
		return "new pile " + s
	}
}

func (g *mGame) mutateStock(it *mItem) string {
	var deals []int
	for j, x := range it.body {
		if strings.HasPrefix(x, "deal ") {
			deals = append(deals, j)
		}
	}
	switch g.rng.IntN(5) {
	case 0, 1: // a deal's count, target or clause
		tgt := g.pick("waste", "each "+g.somePile(), g.somePile(), "each "+g.somePiles(2))
		if _, ok := g.roleOf["waste"]; !ok && tgt == "waste" {
			tgt = "each " + g.somePile()
		}
		s := fmt.Sprintf("deal %d to %s", 1+g.rng.IntN(3), tgt)
		if g.chance(0.2) {
			s += " " + g.clause()
		}
		if len(deals) > 0 && g.chance(0.7) {
			it.body[deals[g.rng.IntN(len(deals))]] = s
		} else {
			it.body = append(it.body, s)
		}
		return "stock: " + s
	case 2: // drop a deal
		if len(deals) > 1 {
			j := deals[g.rng.IntN(len(deals))]
			it.body = slices.Delete(it.body, j, j+1)
			return "stock: drop a deal"
		}
		fallthrough
	default: // the redeal
		from := "waste"
		if _, ok := g.roleOf["waste"]; !ok {
			from = g.somePile()
		}
		for _, x := range it.body {
			if strings.HasPrefix(x, "redeal ") {
				if f := strings.Fields(x); len(f) >= 4 {
					from = strings.TrimSuffix(strings.Join(f[3:], " "), " shuffled")
				}
			}
		}
		s := "redeal " + g.pick("unlimited", "1", "2", "3") + " from " + from
		if !strings.Contains(s, "unlimited") && g.chance(0.4) {
			s += " shuffled"
		}
		if g.chance(0.25) {
			s = ""
		}
		it.body = set(it.body, "redeal", s)
		return "stock: " + s
	}
}

func (g *mGame) setTop(prefix, s string) {
	for i, it := range g.items {
		if !it.block && strings.HasPrefix(it.stmt, prefix) {
			if s == "" {
				g.items = slices.Delete(g.items, i, i+1)
			} else {
				g.items[i].stmt = s
			}
			return
		}
	}
	if s != "" {
		g.items = append(g.items, mItem{stmt: s})
	}
}

var (
	mCount   = regexp.MustCompile(`^(\d+(?:, \d+)*) to (each )?([A-Za-z_][A-Za-z0-9_-]*)(.*)$`)
	mTake    = regexp.MustCompile(`^take (.+) to (each )?([A-Za-z_][A-Za-z0-9_-]*)$`)
	mIndexed = regexp.MustCompile(`\b([A-Za-z_][A-Za-z_-]*?)(\d+)\b`)
)

// cut drops the references to piles past a group's new end: from lists,
// or the statement itself.
func (g *mGame) cut(s string) (string, bool) {
	for range 10 {
		bad := ""
		for _, m := range mIndexed.FindAllStringSubmatch(s, -1) {
			if sz, ok := g.sizes[m[1]]; ok {
				n, _ := strconv.Atoi(m[2])
				if n > sz[1] {
					bad = m[0]
					break
				}
			}
		}
		if bad == "" {
			return s, true
		}
		re := regexp.MustCompile(`(, ` + bad + `\b)|(\b` + bad + `, )`)
		t := re.ReplaceAllString(s, "")
		if t == s {
			return "", false
		}
		s = t
	}
	return s, true
}

var mPackSuits = []string{"C", "D", "H", "S"}

func (g *mGame) matches(pat string, rk int, su string) bool {
	red := su == "D" || su == "H"
	f := strings.Fields(pat)
	if len(f) == 2 {
		if (f[0] == "red") != red {
			return false
		}
		pat = f[1]
	}
	switch pat {
	case "any":
		return true
	case "red":
		return red
	case "black":
		return !red
	}
	rs := genRanks[rk]
	if pat == rs || (pat == "T" && rk == 10) {
		return true
	}
	return pat == rs+su || (rk == 10 && pat == "T"+su)
}

// shrink cuts the groups, redraws the deal and takes the cards outside the
// live ranks and suits to junk.
func (g *mGame) shrink() bool {
	g.scan()
	// groups cut to a few piles
	for i, it := range g.items {
		if !it.block {
			continue
		}
		m := mPileHead.FindStringSubmatch(it.head)
		if m == nil || m[3] == "" || m[4] != "" {
			continue
		}
		n, _ := strconv.Atoi(m[3])
		k := min(n, 1+g.rng.IntN(4))
		need := 1
		for j, s := range it.body {
			if s == "start after previous" {
				need = max(need, 2)
			}
			for _, lm := range regexp.MustCompile(`left (\d+)`).FindAllStringSubmatch(s, -1) {
				l, _ := strconv.Atoi(lm[1])
				need = max(need, l+1)
			}
			if strings.HasPrefix(s, "base ") && strings.Contains(s, ",") {
				pats := strings.Split(strings.TrimPrefix(s, "base "), ", ")
				var keep []string
				for _, pt := range pats {
					su := pt[len(pt)-1:]
					if strings.Contains("CDHS", su) && len(pt) > 1 && !slices.Contains(g.suits, su) {
						continue
					}
					keep = append(keep, pt)
				}
				if len(keep) == 0 {
					keep = pats[:1]
				}
				k = min(k, len(keep))
				it.body[j] = "base " + strings.Join(keep, ", ")
			}
		}
		if slices.Contains(it.body, "close up") {
			k = min(n, 3+g.rng.IntN(6))
		}
		k = min(max(k, need), n)
		if slices.Contains(it.body, "in rows of 13") || slices.ContainsFunc(it.body, func(s string) bool { return strings.HasPrefix(s, "follow left") }) {
			k = min(n, 4+g.rng.IntN(5))
		}
		if strings.Contains(it.head, "peak") || strings.HasPrefix(it.head, "reserve p[") {
			k = min(n, 3+g.rng.IntN(6))
		}
		name := m[2]
		g.items[i].head = fmt.Sprintf("%s %s[%d]", m[1], name, k)
		g.sizes[name] = [2]int{1, k}
		for j, s := range it.body {
			if strings.HasPrefix(s, "base ") && strings.Contains(s, ",") {
				pats := strings.Split(strings.TrimPrefix(s, "base "), ", ")
				if len(pats) > k {
					g.items[i].body[j] = "base " + strings.Join(pats[:k], ", ")
				}
			}
			if strings.HasPrefix(s, "in rows of ") {
				r := 1 + g.rng.IntN(k)
				if k > 1 {
					r = max(r, 2)
				}
				g.items[i].body[j] = fmt.Sprintf("in rows of %d", r)
			}
		}
	}
	// references past the ends
	var items []mItem
	for _, it := range g.items {
		if !it.block {
			if s, ok := g.cut(it.stmt); ok {
				it.stmt = s
				items = append(items, it)
			}
			continue
		}
		var body []string
		for _, s := range it.body {
			if s, ok := g.cut(s); ok {
				body = append(body, s)
			}
		}
		it.body = body
		items = append(items, it)
	}
	g.items = items
	// the junk pile
	g.items = append(g.items, mItem{head: g.junkRole + " junk", block: true})
	g.roleOf["junk"] = g.junkRole
	g.single["junk"] = true
	// the pack
	type card struct {
		rk int
		su string
	}
	var pack []card
	for range g.decks {
		for _, su := range mPackSuits {
			if slices.Contains(g.suits, su) {
				for rk := 1; rk <= 13; rk++ {
					pack = append(pack, card{rk, su})
				}
			}
		}
	}
	taken := make([]bool, len(pack))
	di := slices.IndexFunc(g.items, func(it mItem) bool { return it.block && it.head == "deal" })
	if di < 0 {
		return false
	}
	deal := g.items[di].body
	var takes, others []string
	for _, s := range deal {
		if m := mTake.FindStringSubmatch(s); m != nil {
			if su := m[1][len(m[1])-1:]; len(m[1]) > 1 && strings.Contains("CDHS", su) && !slices.Contains(g.suits, su) {
				continue
			}
			times := 1
			if m[2] != "" {
				sz, ok := g.sizes[m[3]]
				if !ok {
					return false
				}
				times = sz[1] - sz[0] + 1
			}
			for range times {
				j := slices.IndexFunc(pack, func(c card) bool { return g.matches(m[1], c.rk, c.su) })
				for j >= 0 && taken[j] {
					k := slices.IndexFunc(pack[j+1:], func(c card) bool { return g.matches(m[1], c.rk, c.su) })
					if k < 0 {
						j = -1
					} else {
						j += 1 + k
					}
				}
				if j < 0 {
					return false
				}
				taken[j] = true
			}
			takes = append(takes, s)
			continue
		}
		others = append(others, s)
	}
	played := 0
	for j, c := range pack {
		if taken[j] {
			played++
			continue
		}
		if c.rk < g.lo || c.rk > g.hi {
			takes = append(takes, fmt.Sprintf("take %s%s to junk", genRanks[c.rk], c.su))
			continue
		}
		played++
	}
	left := played
	for j := range taken {
		if taken[j] {
			left--
		}
	}
	// the counts, redrawn
	hasRest := slices.ContainsFunc(others, func(s string) bool { return strings.HasPrefix(s, "rest ") })
	type slot struct {
		line, idx int
		min, max  int
	}
	holds := map[string]int{}
	for _, it := range g.items {
		if m := mPileHead.FindStringSubmatch(it.head); it.block && m != nil {
			name := m[2]
			if name == "" {
				name = m[1]
			}
			for _, s := range it.body {
				if strings.HasPrefix(s, "holds ") {
					h, _ := strconv.Atoi(strings.TrimPrefix(s, "holds "))
					if o, ok := holds[name]; !ok || h < o {
						holds[name] = h
					}
				}
			}
		}
	}
	var slots []slot
	counts := map[int][]int{}
	tails := map[int]string{}
	for li, s := range others {
		m := mCount.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		n := 1
		if sz, ok := g.sizes[m[3]]; ok && (m[2] != "" || strings.Contains(m[1], ",")) {
			n = sz[1] - sz[0] + 1
		}
		orig := strings.Split(m[1], ", ")
		cs := make([]int, n)
		for k := range cs {
			o, _ := strconv.Atoi(orig[min(k, len(orig)-1)])
			mn := 0
			if o > 0 && (n == 1 || g.chance(0.5)) {
				mn = 1
			}
			if o == 1 && m[2] != "" && g.chance(0.7) {
				mn = 1
			}
			mx := 1 << 20
			if h, ok := holds[m[3]]; ok {
				mx = h
			}
			slots = append(slots, slot{li, k, min(mn, mx), mx})
		}
		counts[li] = cs
		tails[li] = m[3] + m[4]
	}
	g.rng.Shuffle(len(slots), func(i, j int) { slots[i], slots[j] = slots[j], slots[i] })
	// the minimums first
	for _, sl := range slots {
		if left >= sl.min {
			counts[sl.line][sl.idx] = sl.min
			left -= sl.min
		}
	}
	for _, sl := range slots {
		if left == 0 {
			break
		}
		add := g.rng.IntN(min(left, 3, sl.max-counts[sl.line][sl.idx]) + 1)
		if hasRest && g.chance(0.4) {
			add = 0
		}
		counts[sl.line][sl.idx] += add
		left -= add
	}
	if !hasRest && left > 0 {
		if len(slots) == 0 {
			return false
		}
		for _, sl := range slots {
			add := min(left, sl.max-counts[sl.line][sl.idx])
			counts[sl.line][sl.idx] += add
			left -= add
		}
		if left > 0 {
			return false
		}
	}
	for li, cs := range counts {
		strs := make([]string, len(cs))
		for k, c := range cs {
			strs[k] = strconv.Itoa(c)
		}
		others[li] = strings.Join(strs, ", ") + " to " + tails[li]
	}
	// `rest to each G by N` needs no change; the rest may be none
	if hasRest && left == 0 {
		for li, s := range others {
			if strings.HasPrefix(s, "rest ") {
				others = slices.Delete(others, li, li+1)
				break
			}
		}
	}
	g.items[di].body = append(takes, others...)
	// the win: the junk, and the counts of cards
	for i, it := range g.items {
		if it.block || !strings.HasPrefix(it.stmt, "win ") {
			continue
		}
		w := it.stmt
		if strings.Contains(w, "all cards in") {
			w = regexp.MustCompile(`(all cards in [A-Za-z0-9_, -]+?)( and | or |\)|$)`).ReplaceAllString(w, "$1, junk$2")
		}
		w = regexp.MustCompile(`holds \d+ cards`).ReplaceAllString(w, fmt.Sprintf("holds %d cards", played))
		g.items[i].stmt = w
	}
	// the header
	g.setTop("decks ", fmt.Sprintf("decks %d", g.decks))
	g.setTop("suits ", "suits "+strings.Join(g.suits, ", "))
	return true
}

// mutant makes one shrunk mutant of a built-in game.
func mutant(src string, rng *rand.Rand) (string, []string) {
	g := mParse(src)
	g.rng = rng
	g.decks = 1
	all := []string{"C", "D", "H", "S"}
	rng.Shuffle(4, func(i, j int) { all[i], all[j] = all[j], all[i] })
	ns := 1 + rng.IntN(2)
	g.suits = all[:ns]
	slices.SortFunc(g.suits, func(a, b string) int { return slices.Index(mPackSuits, a) - slices.Index(mPackSuits, b) })
	if ns == 1 && rng.IntN(4) == 0 {
		g.decks = 2
	}
	w := 3 + rng.IntN(3)
	if ns*g.decks > 1 {
		w = 2 + rng.IntN(3)
	}
	g.lo = 1 + rng.IntN(14-w)
	if rng.IntN(3) == 0 {
		g.lo = 1 // an Ace: most built-ins start there
	}
	g.hi = g.lo + w - 1
	g.junkRole = g.pick("reserve", "discard")
	var what []string
	for range 1 + rng.IntN(4) {
		what = append(what, g.mutate())
	}
	if !g.shrink() {
		return "", what
	}
	return g.render(), what
}

func TestMutatedBuiltins(t *testing.T) {
	t.Parallel()
	names := rulesets.Names()
	if *mutantsOnly != "" {
		names = []string{*mutantsOnly}
	}
	var total tally
	for gi, name := range names {
		src, _ := rulesets.Source(name)
		var n tally
		valid, tried := 0, 0
		for tried < 30*(*mutantsPer) && valid < *mutantsPer {
			seed := *mutantsSeed*1_000_003 + uint64(gi)*100_000 + uint64(tried)
			tried++
			rng := rand.New(rand.NewPCG(seed, 0x3a7))
			out, what := mutant(string(src), rng)
			if out == "" {
				continue
			}
			if _, err := checkSrc(out); err != nil {
				continue
			}
			valid++
			ok := t.Run(fmt.Sprintf("%s/%d", name, seed), func(t *testing.T) {
				defer func() {
					if t.Failed() && *mutantsDump != "" {
						os.WriteFile(fmt.Sprintf("%s/%s-%d.patience", *mutantsDump, name, seed), []byte(out), 0o644)
					}
				}()
				checkGenerated(t, out, 3, seed, &n, budget{plain: 20_000, nodes: 50_000})
			})
			if !ok {
				t.Logf("mutations: %q", what)
			}
		}
		t.Logf("%-32s %4d valid of %5d; %4d positions: %d winnable, %d not, %d unknown; %d safe, %d lost, %d blocked, %d warned, %d dead lines, %d inconclusive",
			name, valid, tried, n.positions, n.wins, n.losses, n.unknown, n.safe, n.lost, n.blocked, n.warned, n.dead, n.inconclusive)
		total.positions += n.positions
		total.wins += n.wins
		total.losses += n.losses
		total.safe += n.safe
		total.lost += n.lost
	}
	t.Logf("total %+v", total)
	if *mutantsOnly == "" && (total.positions < 5*(*mutantsPer)*len(names) || total.safe == 0 || total.lost == 0) {
		t.Errorf("too few claims compared: %+v", total)
	}
}

func checkSrc(src string) (any, error) {
	g, err := check.Source("m.patience", []byte(src))
	return g, err
}
