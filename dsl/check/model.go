// Package check turns a parsed .patience file into a resolved, validated
// game model, or reports every problem in it at once. Every name in the model
// is resolved to an index, every value is in range and the cards add up, so
// that a model the checker returns can be compiled and played without any
// run-time error.
package check

import "github.com/patience-dev/patience/dsl"

// Role is what a pile is for. Roles decide a few defaults (a foundation takes
// one card at a time, a stock is dealt face down) and which moves count as
// rearranging when deciding whether a game is lost.
type Role uint8

const (
	Foundation Role = iota
	Tableau
	Reserve
	Stock
	Waste
	Cell
	Discard
)

var roleNames = [...]string{"foundation", "tableau", "reserve", "stock", "waste", "cell", "discard"}

// RoleGroups are the names that refer to every pile of a role.
var roleGroups = [...]string{"foundations", "tableau", "reserves", "stock", "waste", "cells", "discards"}

func (r Role) String() string { return roleNames[r] }

// Limits refused by the checker, with a clear message naming the limit.
const (
	MaxDecks  = 8
	MaxCards  = 208 // cards in the pack: decks × 13 × suits
	MaxPiles  = 64
	MaxPhases = 16
	MaxValues = 8
)

// Game is a resolved, validated game.
type Game struct {
	Name    string
	Aka     []string
	Summary string
	Decks   int

	Piles  []*Pile
	Groups []*Group // declared groups, then role groups, each at most once

	Values []*Value
	Phases []*Phase

	Deal      []DealStep
	Stock     int // index of the stock pile, or -1
	Actions   []*StockAction
	Redeal    *Redeal // nil: no redeal
	Win       Cond
	Layout    [][]int // rows of pile indices, top to bottom
	Source    []byte
	Filename  string
	CardCount int   // Decks × 13 × len(Suits)
	Suits     []int // the suits in each deck (0 clubs, 1 diamonds, 2 hearts, 3 spades)

	// Warnings are what the checker found legal but surely not meant (see
	// warn.go), with the file's text for rendering; nil when there are none.
	Warnings *dsl.Diagnostics
}

// Group is a named set of piles in order.
type Group struct {
	Name  string
	Piles []int
}

// Pile is one pile with every rule that applies to it.
type Pile struct {
	Name  string
	Group string // the declared group name ("f" for f1..f8), or the pile's own name
	Role  Role

	Base  []BaseRule // all applicable rules must match the first card; none applicable means any card
	Build *Relation  // nil: nothing may be built on the top card
	// BuildWhen, when not nil, is the clause of `build ... when` (`during`,
	// `after`): while it does not hold, nothing is put on the top card
	// (the relation still judges a run and what the pile holds);
	// BuildWhenText is the clause as written, for messages.
	BuildWhen     Cond
	BuildWhenText string
	Except        *Pattern  // cards that never take part in building, on either side
	Run           *Relation // which sequences move as a unit (move runs); defaults to Build
	Holds         int       // capacity; 0 for no limit
	Fanned        bool      // shown with every card visible (tableau by default, or `fanned` in the layout)
	Move          MoveKind
	Grid          bool
	To            []int // piles its cards may go to
	Fill          []int // if non-nil, the only piles that may fill it when empty
	// FillNever: no move ever puts a card on it while it is empty (a deal
	// or a refill still may).
	FillNever bool

	Using  []int // move runs: the empty piles a run may pass through
	Refill []int // filled automatically when empty, from the first of these with a card
	Pairs  int   // if > 0, takes two cards whose ranks add up to Pairs (or one of rank Pairs), or if PairsSameRank two of a rank
	// PairsTouching: a pair's two cards come from piles that touch in the
	// rows their group lies in (`in rows of N`), across, up and down or
	// corner to corner.
	PairsTouching bool
	BothEnds      bool  // grid: a card is also free when the slot above it is empty
	CoveredBy     []int // its cards are not available while any of these holds a card

	StartAfter int  // pile that must have started before this one may, or -1
	StartWhen  Cond // nil: always
	Accepts    int  // cards per move once it holds a card: AcceptOne, AcceptRuns, AcceptNone, or an exact count
	// AcceptsEmpty is Accepts while the pile is empty (`accepts runs when
	// empty, one otherwise`); the same as Accepts unless the file says so.
	AcceptsEmpty int

	// Rows is the length of the rows its group lies in (`in rows of 13`), 0
	// for one row: what lies to a pile's left ends at the start of its row.
	Rows int
	// Follow (`follow left RELATION`): while empty it takes only a card
	// that goes by the relation on the card of the pile to its left, Left;
	// a pile with nothing to its left (Left < 0) takes by Base.
	Follow *Relation
	Left   int // the pile to its left in its row, or -1
	// CloseUp: when a move or a deal leaves a pile of its group empty, the
	// piles after it move down one place, so the empty ones come last.
	CloseUp bool
	// CloseUpAtDeal (`close up before each deal`): the group closes up only
	// just before each deal of the stock, and keeps its spaces till then.
	CloseUpAtDeal bool
	ByTop         bool // move whole: judged where it lands by its top card alone
	// Outranked (`outranked SUIT by PILES`): it takes a card, one at a
	// time, only while another pile of the list shows a face-up top card
	// that outranks it; nil for a pile that takes cards by its base and
	// build.
	Outranked *Outrank
}

// Outrank is what an outranked pile asks of the card it takes: a face-up
// top card of higher rank on a pile of By other than the card's own (and
// the pile itself), whose suit relates to the card's by Suit. With
// AcesHigh (`aces-high`) an Ace ranks above a King.
type Outrank struct {
	Suit     SuitRel
	By       []int
	AcesHigh bool
}

// Outranks reports whether card rank and suit hi outranks lo by the rule.
func (o *Outrank) Outranks(hiRank, hiSuit, loRank, loSuit int) bool {
	if o.AcesHigh {
		if hiRank == 1 {
			hiRank = 14
		}
		if loRank == 1 {
			loRank = 14
		}
	}
	if hiRank <= loRank {
		return false
	}
	red := func(s int) bool { return s == 1 || s == 2 }
	switch o.Suit {
	case SameSuit:
		return hiSuit == loSuit
	case OtherSuit:
		return hiSuit != loSuit
	case SameColour:
		return red(hiSuit) == red(loSuit)
	case AlternateColour:
		return red(hiSuit) != red(loSuit)
	}
	return true
}

// Accepts values other than an exact count.
const (
	AcceptNone = -1 // nothing (`accepts ... when empty, none otherwise`)
	AcceptRuns = 0
	AcceptOne  = 1
)

// MoveKind says which cards may leave a pile.
type MoveKind uint8

const (
	MoveTop MoveKind = iota
	MoveRuns
	MoveWhole
	MoveTopOrWhole // the top card alone or the whole pile, nothing between
	MoveAny        // any face-up part at the top; only its bottom card is checked where it lands
)

// BaseRule is a pattern for the first card of an empty pile, limited to when
// Cond holds (nil: always).
type BaseRule struct {
	Pattern Pattern
	Cond    Cond
}

// Step is the rank step of a building relation.
type Step uint8

const (
	StepDown Step = iota
	StepUp
	StepEither
	StepSame
	StepAny     // any card on any card (Suit is AnySuit, By and Wrap are unset)
	StepAnyRank // any rank, by the suit relation (`any-rank same-suit`)
)

// SuitRel is the suit relation of a building relation.
type SuitRel uint8

const (
	AnySuit SuitRel = iota
	SameSuit
	SameColour
	AlternateColour
	OtherSuit
)

// Relation says which card may go on which: rank step, suit relation, wrap.
// By is the number of ranks a step goes, when more than one (0: one rank).
// Or, if not nil, is another relation a card may fit by instead.
type Relation struct {
	Step Step
	By   int
	Suit SuitRel
	Wrap bool
	Or   *Relation
}

// Parts lists the relation and every alternative its Or chain adds.
func (x *Relation) Parts() []*Relation {
	var out []*Relation
	for ; x != nil; x = x.Or {
		out = append(out, x)
	}
	return out
}

// Equal reports whether two relations (nil or not) say the same, part by
// part.
func (x *Relation) Equal(y *Relation) bool {
	for x != nil && y != nil {
		if x.Step != y.Step || x.By != y.By || x.Suit != y.Suit || x.Wrap != y.Wrap {
			return false
		}
		x, y = x.Or, y.Or
	}
	return x == nil && y == nil
}

// Pattern is a set of cards. A card matches when its rank is in Ranks, its
// suit is in Suits and, if Value >= 0, its rank equals that game value.
type Pattern struct {
	Ranks uint16 // bit r for rank r (1..13)
	Suits uint8  // bit s for suit s (0 clubs, 1 diamonds, 2 hearts, 3 spades)
	Value int    // game value index, or -1
	// Offset (0 to 12) is how many ranks above the value's the pattern's
	// rank lies, round the corner: `rank b + 1` is 1, `rank b - 1` 12.
	Offset int
	Text   string // as written, for messages: "K", "red A", "rank b"
}

// ValueRank is the rank the pattern names when its value is v (1 to 13),
// or 0 when v is 0 (not known yet).
func (p Pattern) ValueRank(v int) int { return OffsetRank(v, p.Offset) }

// OffsetRank is the rank offset ranks above rank v (1 to 13), round the
// corner, or 0 when v is 0 (not known yet).
func OffsetRank(v, offset int) int {
	if v == 0 {
		return 0
	}
	return (v-1+offset)%13 + 1
}

// AnyCard matches every card.
var AnyCard = Pattern{Ranks: 0x3ffe, Suits: 0xf, Value: -1, Text: "any"}

// Value is a game value: the rank of a pile's bottom card once the deal is
// done, or (First) the rank of the first card to reach a pile of On, by
// the deal or in play; 0, not known, until one has. Pile is On's first
// pile then.
type Value struct {
	Name   string
	Pile   int
	First  bool
	On     []int
	OnText string // On as the file names it
}

// Phase is a stage of the game, left for good when Until holds.
type Phase struct {
	Name  string
	Label string
	Until Cond // nil: the last phase, never left
}

// DealStep is one statement of the opening deal.
type DealStep struct {
	Kind    DealKind
	Pile    int
	Count   int
	Pattern Pattern // Take and Bottom only
	Face    Face
}

// DealKind is the kind of a deal step.
type DealKind uint8

const (
	DealTake   DealKind = iota // take a matching card out before the shuffle
	DealPut                    // Count cards from the shuffled pack
	DealBottom                 // every card matching Pattern to the bottom of Pile, after the cards dealt so far
	DealAside                  // every card matching Pattern dealt so far, out of its pile onto Pile (Count: the most there can be)
)

// Face says how dealt cards lie.
type Face uint8

const (
	FaceUp Face = iota
	FaceDown
	FaceDownButTop
)

// StockAction deals from the stock: Count cards to one pile, or one card to
// each pile of a group Count times.
type StockAction struct {
	Count    int
	Each     bool
	Empty    bool // each empty: only the targets empty when it deals, each in turn
	Targets  []int
	When     Cond
	WhenText string // the condition as written, for messages
}

// Redeal gathers piles back into the stock when it is empty; or, with To,
// gathers them at any time and deals them out again, By cards to each pile
// of To in turn. Shuffled shuffles the gathered cards first.
type Redeal struct {
	Times    int // -1: unlimited
	From     []int
	Shuffled bool
	To       []int // a redeal that deals out again; nil: into the stock
	By       int
	// InPlace (`except in place`): the cards in place (see Pile.Follow)
	// stay; the others are gathered and dealt one to each pile not in
	// place, leaving empty the first of each row (From and To are the same
	// piles, By is 1).
	InPlace bool
}

// PairsSameRank is Pile.Pairs of a pile that takes two cards of the same
// rank (`pairs same-rank`): more than any two ranks add up to, so that no
// sum, and no card alone, matches it.
const PairsSameRank = 100
