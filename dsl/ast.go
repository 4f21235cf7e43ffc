package dsl

import "github.com/alecthomas/participle/v2/lexer"

// Node is implemented by every syntax node: each one knows where it starts
// and ends in the source, so every diagnostic can point at it.
type Node interface {
	Span() (start, end lexer.Position)
}

// At is embedded in every node and carries its source span.
type At struct {
	Pos    lexer.Position
	EndPos lexer.Position
}

// Span returns where the node starts and ends.
func (a At) Span() (lexer.Position, lexer.Position) { return a.Pos, a.EndPos }

// File is a whole .patience file: exactly one game.
type File struct {
	At
	Game *Game `parser:"@@"`
}

// Game is `game "Name" { statements }`.
type Game struct {
	At
	Name  string     `parser:"'game' @String '{'"`
	Stmts []GameStmt `parser:"( @@ ';'? )* '}'"`
}

// GameStmt is a statement at the top level of a game block.
type GameStmt interface {
	Node
	gameStmt()
}

// Aka lists the other names of the game: `aka "Panama", "Downing Street"`.
type Aka struct {
	At
	Names []string `parser:"'aka' @String ( ',' @String )*"`
}

// Summary is a one-line description: `summary "..."`.
type Summary struct {
	At
	Text string `parser:"'summary' @String"`
}

// Decks is the number of 52-card decks: `decks 2`.
type Decks struct {
	At
	Count Int `parser:"'decks' @@"`
}

// Suits limits each deck to some suits: `suits S` (Spider One Suit plays
// eight decks of spades), `suits S, H`.
type Suits struct {
	At
	Suits []Word `parser:"'suits' @@ ( ',' @@ )*"`
}

// Cover says that a pile's cards are not available while any of the
// covering piles holds a card: `cover p1 by p2, p3`.
type Cover struct {
	At
	Pile Ref   `parser:"'cover' @@ 'by'"`
	By   []Ref `parser:"@@ ( ',' @@ )*"`
}

// Let binds a game value: `let b = rank of f1` (the rank of the bottom
// card of pile f1 once the deal is done), or `let b = rank of first card
// to f` (the rank of the first card to reach a pile of f, fixed then).
type Let struct {
	At
	Name  Name   `parser:"'let' @@ '='"`
	What  string `parser:"@'rank' 'of'"`
	First bool   `parser:"( @'first' 'card' 'to' )?"`
	Pile  Ref    `parser:"@@"`
}

// Phase declares a stage of the game, left for good once its condition holds:
// `phase restriction "f1 must be completed first" until f1 is full`.
type Phase struct {
	At
	Name  Name   `parser:"'phase' @@"`
	Label string `parser:"@String?"`
	Until *Cond  `parser:"( 'until' @@ )?"`
}

// PileDecl declares one pile or a numbered group of piles:
// `foundation f[8] { ... }`, `waste`, `tableau t[2..8] { ... }`.
type PileDecl struct {
	At
	Role  string     `parser:"@( 'foundation' | 'tableau' | 'reserve' | 'stock' | 'waste' | 'cell' | 'discard' )"`
	Name  *Name      `parser:"@@?"`
	Range *Range     `parser:"( '[' @@ ']' )?"`
	Stmts []PileStmt `parser:"( '{' ( @@ ';'? )* '}' )?"`
}

// Range is a count `8` (piles 1 to 8) or a span `2..8`.
type Range struct {
	At
	From Int  `parser:"@@"`
	To   *Int `parser:"( '..' @@ )?"`
}

// DealBlock is the opening deal: `deal { ... }`, run in order.
type DealBlock struct {
	At
	Stmts []DealStmt `parser:"'deal' '{' ( @@ ';'? )* '}'"`
}

// Win is the win condition: `win when all cards in foundations`.
type Win struct {
	At
	Cond *Cond `parser:"'win' 'when' @@"`
}

// Layout says how the piles are arranged on screen, one row at a time.
type Layout struct {
	At
	Rows []LayoutRow `parser:"'layout' '{' ( @@ ';'? )* '}'"`
}

// LayoutRow is one row of piles, left to right: `row stock, waste, f`.
// `fanned` spreads each pile's cards downward so all show; `squared` shows
// only the top card and a count. Tableau piles are fanned by default, the
// others squared.
type LayoutRow struct {
	At
	Piles []LayoutPile `parser:"'row' @@ ( ',' @@ )*"`
	Style string       `parser:"@( 'fanned' | 'squared' )?"`
}

// LayoutPile is a pile or a group in a row, or piles of a group by their
// numbers: `t`, `t3`, `t[1..6]`.
type LayoutPile struct {
	Pile  Ref    `parser:"@@"` // a field of its own: embedded, its position would span the range too
	Range *Range `parser:"( '[' @@ ']' )?"`
}

func (*Aka) gameStmt()       {}
func (*Summary) gameStmt()   {}
func (*Decks) gameStmt()     {}
func (*Let) gameStmt()       {}
func (*Suits) gameStmt()     {}
func (*Cover) gameStmt()     {}
func (*Phase) gameStmt()     {}
func (*PileDecl) gameStmt()  {}
func (*DealBlock) gameStmt() {}
func (*Win) gameStmt()       {}
func (*Layout) gameStmt()    {}
func (*Redeal) gameStmt()    {}

// PileStmt is a statement inside a pile declaration.
type PileStmt interface {
	Node
	pileStmt()
}

// Base says which card may start the pile when it is empty, one pattern for
// the whole group or one per pile: `base K, Q, J`. An optional clause limits
// when it applies: `base rank b during restriction`.
type Base struct {
	At
	Patterns []*Pattern `parser:"'base' @@ ( ',' @@ )*"`
	Clause   *Clause    `parser:"@@?"`
}

// Build says what may be placed on the pile's top card:
// `build down alternate-colour wrap except rank b`. Without it, nothing may.
// An optional clause limits when it applies: `build up same-suit after
// dealing` (Strategy).
type Build struct {
	At
	Rel    *Relation `parser:"'build' @@"`
	Except *Pattern  `parser:"( 'except' @@ )?"`
	Clause *Clause   `parser:"@@?"`
}

// Run says which sequences may be moved as a unit when it differs from the
// build rule: `run down same-suit`.
type Run struct {
	At
	Rel *Relation `parser:"'run' @@"`
}

// Relation is a rank step (by one rank, or by `by N`; `any-rank` for no
// step), a suit relation and an optional wrap: `up by 2 any-suit wrap`; or
// `any`: any card on any card. `or` adds another relation a card may fit
// by instead: `same-rank any-suit or any-rank same-suit`.
type Relation struct {
	At
	Any  bool      `parser:"  @'any'"`
	Step string    `parser:"| @( 'down' | 'up' | 'either' | 'same-rank' | 'any-rank' )"`
	By   *Int      `parser:"  ( 'by' @@ )?"`
	Suit string    `parser:"  @( 'any-suit' | 'same-suit' | 'same-colour' | 'alternate-colour' | 'other-suit' )"`
	Wrap bool      `parser:"  @'wrap'?"`
	Or   *Relation `parser:"  ( 'or' @@ )?"`
}

// Holds caps the pile: `holds 13`.
type Holds struct {
	At
	Count Int `parser:"'holds' @@"`
}

// Move says which cards may leave the pile: `move top` (the default),
// `move runs`, `move whole`, `move top or whole`, `move any` (any face-up
// group at the top). `move runs using cells, t` limits a run to what could
// be moved one card at a time through the empty piles listed. `move whole
// by top`: the whole pile, judged where it lands by its top card alone.
type Move struct {
	At
	What  string `parser:"'move' @( 'top' | 'runs' | 'whole' | 'any' )"`
	Or    *Ref   `parser:"( 'or' @@ )?"` // `whole`, checked by the checker
	ByTop bool   `parser:"@( 'by' 'top' )?"`
	Using []Ref  `parser:"( 'using' @@ ( ',' @@ )* )?"`
}

// Rows breaks a numbered group into rows of N piles, for what lies to a
// pile's left: `in rows of 13`.
type Rows struct {
	At
	Count Int `parser:"'in' 'rows' 'of' @@"`
}

// Follow fills an empty pile only with a card that goes by the relation on
// the card of the pile to its left: `follow left up same-suit` (Montana).
type Follow struct {
	At
	Rel *Relation `parser:"'follow' 'left' @@"`
}

// CloseUp makes a group close up: when a pile of it is left empty, the
// piles after it move down one place each: `close up` (Accordion).
type CloseUp struct {
	At
	Close  bool `parser:"@'close' 'up'"`
	AtDeal bool `parser:"@( 'before' 'each' 'deal' )?"` // only just before the stock deals
}

// Refill fills the pile automatically, as soon as it is empty, with the top
// card of the first listed pile that has one: `refill from waste, stock`.
// In a grid it fills a gap in the last row dealt.
type Refill struct {
	At
	From []Ref `parser:"'refill' 'from' @@ ( ',' @@ )*"`
}

// Pairs makes the pile take two available cards from different piles whose
// ranks add up to N, or one card of rank N alone: `pairs sum 13`; or two
// of the same rank: `pairs same-rank`.
type Pairs struct {
	At
	Sum      *Int `parser:"'pairs' ( 'sum' @@"`
	SameRank bool `parser:"| @'same-rank' )"`
	Touching bool `parser:"@'touching'?"` // the two cards' piles touch in their rows
}

// Outranked makes the pile take a card, one at a time, while a pile of the
// list other than the card's own shows a face-up top card of higher rank,
// its suit related to the card's as the suit word says: `outranked
// same-suit by t` (Aces Up's discard).
type Outranked struct {
	At
	Suit string `parser:"'outranked' @( 'any-suit' | 'same-suit' | 'same-colour' | 'alternate-colour' | 'other-suit' )"`
	By   []Ref  `parser:"'by' @@ ( ',' @@ )*"`
}

// AcesHigh ranks an Ace above a King where the pile compares ranks for
// `outranked`: `aces-high`.
type AcesHigh struct {
	At
	High bool `parser:"@'aces-high'"`
}

// Grid makes the group a grid: dealing fills a row, a removed card leaves a
// gap, and a card is available when the slot below it is empty; with
// `both-ends`, also when the slot above it is empty or it is in row 1.
type Grid struct {
	At
	Grid     bool `parser:"@'grid'"`
	BothEnds bool `parser:"@'both-ends'?"`
}

// To lists where the pile's cards may go: `to foundations, t`; `left N`
// is the pile N places to the pile's left in its row: `to left, left 3`.
type To struct {
	At
	Dests []Dest `parser:"'to' @@ ( ',' @@ )*"`
}

// Dest is a pile or group, or `left [N]`: the pile N places (default 1)
// to the left.
type Dest struct {
	At
	Left bool `parser:"  ( @'left'"`
	N    *Int `parser:"    @@? )"`
	Pile *Ref `parser:"| @@"`
}

// Fill restricts which piles may fill the pile when it is empty:
// `fill from waste`; `fill never`: no move fills it.
type Fill struct {
	At
	Never bool  `parser:"'fill' ( @'never'"`
	Piles []Ref `parser:"| 'from' @@ ( ',' @@ )* )"`
}

// Start gates the first card: `start after previous`, `start after f1`,
// `start after restriction` or `start when <condition>`.
type Start struct {
	At
	After *Ref  `parser:"'start' ( 'after' @@"`
	When  *Cond `parser:"| 'when' @@ )"`
}

// Accepts says how many cards one move may bring: `accepts one`,
// `accepts runs`, `accepts 13`; or one number while the pile is empty and
// another once it holds a card: `accepts runs when empty, one otherwise`
// (`none`: nothing).
type Accepts struct {
	At
	Count     AcceptCount  `parser:"'accepts' @@"`
	Otherwise *AcceptCount `parser:"( 'when' 'empty' ',' @@ 'otherwise' )?"`
}

// AcceptCount is `one`, `runs`, `none` or a number of cards.
type AcceptCount struct {
	At
	One   bool `parser:"  @'one'"`
	Runs  bool `parser:"| @'runs'"`
	None  bool `parser:"| @'none'"`
	Count *Int `parser:"| @@"`
}

// StockDeal is a stock action: `deal 1 to waste`, `deal 1 to each t when
// no t is empty`, `deal 1 to each empty m` (only the piles empty then).
type StockDeal struct {
	At
	Count  Int     `parser:"'deal' @@ 'to'"`
	Each   bool    `parser:"@'each'?"`
	Empty  bool    `parser:"@'empty'?"`
	Target Ref     `parser:"@@"`
	More   []Ref   `parser:"( ',' @@ )*"` // `deal 1 to each t1, t2, t3`
	Clause *Clause `parser:"@@?"`
}

// Redeal gathers piles back into the stock: `redeal 2 from waste`,
// `redeal unlimited from waste`. Piles are gathered in order, each from its
// bottom card up, and the new stock deals them in that order; `shuffled`
// shuffles them first. As a game statement it deals the cards straight
// out again: `redeal 2 from fan shuffled to each fan by 3`.
type Redeal struct {
	At
	Unlimited bool  `parser:"'redeal' ( @'unlimited'"`
	Count     *Int  `parser:"| @@ )"`
	From      []Ref `parser:"'from' @@ ( ',' @@ )*"`
	Shuffled  bool  `parser:"@'shuffled'?"`
	To        *Ref  `parser:"( 'to' 'each' @@"`
	By        *Int  `parser:"  'by' @@ )?"`
	InPlace   bool  `parser:"@( 'except' 'in' 'place' )?"`
}

func (*Base) pileStmt()      {}
func (*Build) pileStmt()     {}
func (*Run) pileStmt()       {}
func (*Holds) pileStmt()     {}
func (*Move) pileStmt()      {}
func (*Grid) pileStmt()      {}
func (*To) pileStmt()        {}
func (*Fill) pileStmt()      {}
func (*Start) pileStmt()     {}
func (*Accepts) pileStmt()   {}
func (*StockDeal) pileStmt() {}
func (*Redeal) pileStmt()    {}
func (*Refill) pileStmt()    {}
func (*Pairs) pileStmt()     {}
func (*Outranked) pileStmt() {}
func (*AcesHigh) pileStmt()  {}
func (*Rows) pileStmt()      {}
func (*Follow) pileStmt()    {}
func (*CloseUp) pileStmt()   {}

// DealStmt is a statement of the opening deal.
type DealStmt interface {
	Node
	dealStmt()
}

// Take moves a card out of the pack before shuffling: `take K to f1`, or
// one card to each pile of a group: `take A to each f`.
type Take struct {
	At
	Pattern *Pattern `parser:"'take' @@"`
	Each    bool     `parser:"'to' @'each'?"`
	Pile    Ref      `parser:"@@"`
}

// Put deals cards from the shuffled pack: `13 to reserve`, `1 to each t`,
// `8, 7, 6 to c face down but top`.
type Put struct {
	At
	Counts []Int   `parser:"@@ ( ',' @@ )* 'to'"`
	Each   bool    `parser:"@'each'?"`
	Target Ref     `parser:"@@"`
	Face   *Facing `parser:"@@?"`
}

// Rest deals every card left to one pile: `rest to stock`; or N at a time
// to each pile of a group in turn until they run out: `rest to each fan by 3`.
type Rest struct {
	At
	Each   bool    `parser:"'rest' 'to' @'each'?"`
	Target Ref     `parser:"@@"`
	By     *Int    `parser:"( 'by' @@ )?"`
	Face   *Facing `parser:"@@?"`
}

// Facing is `face down but top`: every card dealt face down but the last;
// or `face down`: every card. (Cards are dealt face up, the stock's face
// down; a face-down top card of any other pile is turned up when the deal
// is done.)
type Facing struct {
	At
	Down   bool `parser:"@( 'face' 'down' )"`
	ButTop bool `parser:"@( 'but' 'top' )?"`
}

// Bottom rearranges the piles dealt so far: every card matching the
// pattern goes to the bottom of the pile it lies in, keeping the order of
// the cards it passes and of the cards moved: `move K to bottom of each t`.
// Without `bottom of` the cards are taken out of the piles dealt so far
// onto one pile instead: `move A to aces` (Montana).
type Bottom struct {
	At
	Pattern *Pattern `parser:"'move' @@ 'to'"`
	Bottom  bool     `parser:"@( 'bottom' 'of' )?"`
	Each    bool     `parser:"@'each'?"`
	Pile    Ref      `parser:"@@"`
}

func (*Bottom) dealStmt() {}
func (*Take) dealStmt()   {}
func (*Put) dealStmt()    {}
func (*Rest) dealStmt()   {}

// Clause limits a statement to part of the game: `when <cond>`,
// `during <phase>`, `after <phase>`.
type Clause struct {
	At
	When   *Cond `parser:"  'when' @@"`
	During *Ref  `parser:"| 'during' @@"`
	After  *Ref  `parser:"| 'after' @@"`
}

// Pattern describes a set of cards: `any`, `K`, `10`, `AS`, `red A`, `black`,
// `rank b`.
type Pattern struct {
	At
	Any    bool   `parser:"  @'any'"`
	Value  *Ref   `parser:"| 'rank' @@"`
	Sign   string `parser:"  ( @( '+' | '-' )"`
	Offset *Int   `parser:"    @@ )?"`
	Colour string `parser:"| ( @( 'red' | 'black' )"`
	Word   *Word  `parser:"    @@? | @@ )"`
}

// Word is a rank or card literal as written: `K`, `10`, `AS`, `10H`.
type Word struct {
	At
	Text string `parser:"@( Ident | Int )"`
}

// Cond is a small typed condition: `f1 is full`, `no t is empty`,
// `all cards in foundations, discards`, `during restriction`, combined with
// `and`, `or`, `not` and parentheses.
type Cond struct {
	At
	Or []*AndCond `parser:"@@ ( 'or' @@ )*"`
}

// AndCond is a conjunction of conditions.
type AndCond struct {
	At
	And []*UnaryCond `parser:"@@ ( 'and' @@ )*"`
}

// UnaryCond is a negation, a parenthesised condition or an atom.
type UnaryCond struct {
	At
	Not   *UnaryCond `parser:"  'not' @@"`
	Group *Cond      `parser:"| '(' @@ ')'"`
	Atom  *Atom      `parser:"| @@"`
}

// Atom is a single test.
type Atom struct {
	At
	AllIn  []Ref     `parser:"  'all' 'cards' 'in' @@ ( ',' @@ )*"`
	During *Ref      `parser:"| 'during' @@"`
	After  *Ref      `parser:"| 'after' @@"`
	Pile   *PileTest `parser:"| @@"`
}

// PileTest tests a pile or a group: `f1 is full`, `no t is empty`,
// `any cell is empty`, `f1 holds 13`, `stock is not empty`.
type PileTest struct {
	At
	Quant string `parser:"@( 'every' | 'any' | 'no' )?"`
	Pile  Ref    `parser:"@@"`
	Is    bool   `parser:"( ( @( 'is' | 'are' )"`
	Not   bool   `parser:"    @'not'?"`
	State string `parser:"    @( 'empty' | 'full' | 'started' | 'in' 'place' ) )"`
	Holds *Int   `parser:"| 'holds' @@ ( 'cards' | 'card' )? )"`
}

// Name is a newly declared identifier (never a keyword) with its position.
type Name struct {
	At
	Text string `parser:"@Ident"`
}

// Ref is a reference to a declared name: a pile, a group, a role group
// ("foundations"), a phase or a game value.
type Ref struct {
	At
	Text string `parser:"@( Ident | Keyword )"`
}

// Int is a decimal integer literal with its position ("010" is ten).
type Int struct {
	At
	Value int `parser:"@Int"`
}
