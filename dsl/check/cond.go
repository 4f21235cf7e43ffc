package check

// Cond is a resolved condition over a game position.
type Cond interface{ isCond() }

// And holds when every part holds.
type And []Cond

// Or holds when any part holds.
type Or []Cond

// Not holds when C does not.
type Not struct{ C Cond }

// AllIn holds when every card of the game lies in Piles.
type AllIn struct{ Piles []int }

// InPhase holds during phase Phase, or, with After, once it is over.
type InPhase struct {
	Phase int
	After bool
}

// Quant quantifies a pile test over a group.
type Quant uint8

const (
	Every Quant = iota
	Some
	None
)

// PileState is what a pile test asks.
type PileState uint8

const (
	Empty   PileState = iota
	Full              // holds as many cards as its capacity
	Started           // holds at least one card
	HoldsN            // holds exactly N cards
	InPlace           // every card it holds is in place (see Pile.Follow); an empty pile is too
)

// PileTest tests piles: `f1 is full`, `no t is empty`, `f1 holds 13`.
type PileTest struct {
	Quant Quant
	Piles []int
	State PileState
	N     int
	Neg   bool
}

func (And) isCond()      {}
func (Or) isCond()       {}
func (Not) isCond()      {}
func (AllIn) isCond()    {}
func (InPhase) isCond()  {}
func (PileTest) isCond() {}
