package lang

import "sync"

// keywordDoc is what a keyword means, in a line or two, and the section of
// the language reference (dsl/README.md) that says more. A test checks that
// every keyword of the grammar has one and that every section exists.
type keywordDoc struct {
	section string // a heading of dsl/README.md
	text    string
}

// keywordDocs is built at its first use, by hover, not at every start of
// the program.
var keywordDocs = sync.OnceValue(func() map[string]keywordDoc {
	return map[string]keywordDoc{
		"game":    {"The game block", "`game \"NAME\" { ... }`: the one game a file holds, with its name."},
		"aka":     {"The game block", "`aka \"A\", \"B\"`: other names of the game."},
		"summary": {"The game block", "`summary \"...\"`: a one-line description, shown by `patience list`."},
		"decks":   {"The game block", "`decks N`: the number of decks, 1 to 8 (default 1)."},
		"suits":   {"The game block", "`suits S, H`: the suits each deck holds (default all four)."},

		"foundation": {"Piles", "Declares foundation piles: `foundation f[8] { ... }`. Foundations take one card at a time by default."},
		"tableau":    {"Piles", "Declares tableau piles: `tableau t[7] { ... }`. Tableau piles are fanned and their moves are rearranging."},
		"reserve":    {"Piles", "Declares reserve piles: `reserve r { ... }`."},
		"stock":      {"Piles", "Declares the stock (at most one), dealt with `deal` and refilled by `redeal`."},
		"waste":      {"Piles", "Declares the waste pile, usually fed by the stock's `deal 1 to waste`."},
		"cell":       {"Piles", "Declares cell piles, e.g. four free cells: `cell free[4] { holds 1 }`."},
		"discard":    {"Piles", "Declares discard piles, for completed runs (`discard d[8]`) or pairs (`discard d { pairs sum 13 }`)."},

		"any":       {"Cards and patterns", "In a pattern, every card; in a condition or a suit relation, at least one pile (`any t is empty`)."},
		"red":       {"Cards and patterns", "In a pattern, every red card (♦ ♥), or a rank in red: `red A`."},
		"black":     {"Cards and patterns", "In a pattern, every black card (♣ ♠), or a rank in black: `black K`."},
		"rank":      {"Cards and patterns", "`rank b` in a pattern: the rank of the game value b (`rank b - 1`: the rank below it, round the corner); `let b = rank of PILE` sets it."},
		"of":        {"Game values (let)", "`let NAME = rank of PILE`: the rank of PILE's bottom card after the deal; `rank of first card to PILES`: of the first card to reach them."},
		"let":       {"Game values (let)", "`let NAME = rank of PILE`: a game value fixed by the deal; `let NAME = rank of first card to PILES`: one the player fixes."},
		"base":      {"base", "`base PATTERN [CLAUSE]`: which card may start the pile while it is empty; a list gives one per pile."},
		"build":     {"build", "`build STEP SUIT [wrap] [except PATTERN]`: which card may be put on the pile's top card."},
		"except":    {"build", "`build ... except PATTERN`: the matching cards take no part in building on the pile."},
		"wrap":      {"build", "Round the corner: K and A are next to each other in `build` or `run`."},
		"down":      {"build", "One rank lower (`build down ...`); in the deal, `face down but top`."},
		"up":        {"build", "One rank higher (`build up ...`)."},
		"either":    {"build", "One rank higher or lower (`build either any-suit`)."},
		"same-rank": {"build", "The same rank (`build same-rank any-suit`, `pairs same-rank`)."},

		"any-suit":         {"build", "Of any suit, in a `build`, `run` or `follow left` relation, or for `outranked` the card that outranks."},
		"same-suit":        {"build", "Of the same suit as the card below, in a `build`, `run` or `follow left` relation, or for `outranked` the card that outranks."},
		"same-colour":      {"build", "Of the same colour as the card below, in a `build`, `run` or `follow left` relation, or for `outranked` the card that outranks."},
		"alternate-colour": {"build", "Of the other colour than the card below, in a `build`, `run` or `follow left` relation, or for `outranked` the card that outranks."},
		"other-suit":       {"build", "Of any suit but the card below's own, in a `build`, `run` or `follow left` relation, or for `outranked` the card that outranks."},

		"move":  {"move", "`move top | runs | whole [using PILE, ...]`: which cards may leave the pile (default `top`)."},
		"top":   {"move", "`move top`: only the top card leaves the pile; in the deal, `face down but top`."},
		"runs":  {"move", "`move runs`: any run at the top may leave; `accepts runs`: any number of cards may come."},
		"whole": {"move", "`move whole`: only the whole pile moves, at once; `move whole by top`: judged where it lands by its top card."},
		"using": {"move", "`move runs using PILE, ...`: a run is as long as could be moved one card at a time through these empty piles."},
		"run":   {"run", "`run STEP SUIT [wrap]`: which sequences `move runs` moves as a unit, when that differs from `build`."},
		"holds": {"holds", "`holds N`: the pile never holds more than N cards; in a condition, `PILE holds N cards`."},

		"accepts":   {"accepts (one | runs | N)", "`accepts one | runs | N`: how many cards one move may bring to the pile."},
		"one":       {"accepts (one | runs | N)", "`accepts one`: one card a move."},
		"to":        {"to", "`to PILE, ...`: where the pile's cards may go; in a deal, where the cards are dealt."},
		"first":     {"Game values (let)", "`let b = rank of first card to f`: a value the player fixes, the rank of the first card to reach a pile of f."},
		"fill":      {"fill from PILES", "`fill from PILE, ...`: while empty, the pile takes cards moved from these piles only."},
		"from":      {"fill from PILES", "The piles a `fill`, `refill` or `redeal` takes from."},
		"start":     {"start after / start when", "`start after previous | PILE | PHASE` or `start when CONDITION`: when the empty pile may take its first card."},
		"rows":      {"in rows of", "`in rows of N`: the numbered group lies in rows of N piles; a pile's left ends at the start of its row."},
		"left":      {"follow left", "`follow left RELATION`: a space takes the card that follows the one to its left; `to left N`: the pile N places to the left."},
		"follow":    {"follow left", "`follow left RELATION`: while empty, the pile takes only a card that goes by the relation on the card of the pile to its left."},
		"place":     {"follow left", "`PILE is in place`: its card lies at the start of its row by `base`, or follows the card in place to its left; `redeal ... except in place`."},
		"close":     {"close up", "`close up`: when a pile of the group is left empty, the piles after it move down one place each."},
		"before":    {"close up", "`close up before each deal`: the group keeps its spaces until the stock deals, and closes up just before each deal (Monte Carlo)."},
		"none":      {"accepts (one | runs | N)", "`accepts runs when empty, none otherwise`: nothing more once the pile holds a card."},
		"otherwise": {"accepts (one | runs | N)", "`accepts runs when empty, one otherwise`: what the pile accepts once it holds a card."},
		"any-rank":  {"build", "Of any rank, by the suit relation: `build any-rank same-suit`, any card of the same suit."},
		"grid":      {"grid", "`grid [both-ends]`: the piles are the columns of a grid; gaps stay, and a card is free when the slot below is empty."},

		"both-ends": {"grid", "`grid both-ends`: a card is also free when the slot above it is empty or it is in row 1."},
		"refill":    {"refill from", "`refill from PILE, ...`: whenever the pile is empty it takes at once the top card of the first listed pile that has one."},
		"outranked": {"outranked SUIT by PILES, aces-high", "`outranked same-suit by t`: the pile takes a card, one at a time, while another pile of the list shows a face-up top card of higher rank and that suit relation (Aces Up's discard)."},
		"aces-high": {"outranked SUIT by PILES, aces-high", "`aces-high`: for `outranked`, an Ace ranks above a King."},
		"pairs":     {"pairs sum N, pairs same-rank", "`pairs sum N`: the pile takes two free cards whose ranks add up to N, or one of rank N. `pairs same-rank`: two free cards of the same rank."},
		"touching":  {"pairs sum N, pairs same-rank", "`pairs same-rank touching`: the two cards of a pair come from piles side by side, one above the other or corner to corner in their group's rows (`in rows of N`), as in Monte Carlo."},
		"sum":       {"pairs sum N, pairs same-rank", "`pairs sum N`: the total of the ranks of a pair (A = 1, J = 11, Q = 12, K = 13)."},
		"deal":      {"The deal", "`deal { ... }`: the opening deal; in the stock, `deal N to PILE` deals N cards as a move."},
		"each":      {"Stock: deal", "`to each GROUP`: one after another to every pile of the group."},
		"redeal":    {"Stock: redeal", "`redeal N | unlimited from PILE, ...`: gather the piles back into the empty stock, up to N times."},
		"unlimited": {"Stock: redeal", "`redeal unlimited from waste`: as many redeals as the player likes."},
		"shuffled":  {"Stock: redeal", "`redeal N from PILE, ... shuffled`: the gathered cards are shuffled, with the game's own generator, before they are dealt again."},
		"never":     {"fill never", "`fill never`: a space in the pile is never filled; no card may be moved into it once it is empty."},
		"bottom":    {"The deal", "`move PATTERN to bottom of each PILE`: after the deal, the matching cards of each pile go under the others (every King to the bottom of its column, say)."},
		"cover":     {"cover", "`cover PILE by PILE, ...`: PILE's cards are not available while any covering pile holds a card."},
		"by":        {"cover", "`cover PILE by PILE, ...`: the piles that cover it."},
		"take":      {"The deal", "`take PATTERN to [each] PILE`: before the shuffle, move a matching card onto the pile."},
		"rest":      {"The deal", "`rest to PILE`: deal every card no other statement deals."},
		"face":      {"The deal", "`face down but top`: every card the statement deals face down but its last."},
		"but":       {"The deal", "`face down but top`: every card the statement deals face down but its last."},
		"phase":     {"Phases", "`phase NAME [\"LABEL\"] [until CONDITION]`: a stage of the game, left for good once its condition holds."},
		"until":     {"Phases", "`phase NAME until CONDITION`: the phase ends when the condition holds."},

		"when":    {"Conditions", "A clause: the rule applies, or the deal is allowed, only while the condition holds; `win when CONDITION`."},
		"during":  {"Conditions", "`during PHASE`: while PHASE is the current phase."},
		"after":   {"Conditions", "`after PHASE`: once PHASE is over; `start after PILE`: once PILE has a card."},
		"all":     {"Conditions", "`all cards in PILE, ...`: every card of the pack lies in these piles."},
		"cards":   {"Conditions", "`all cards in PILE, ...`; `PILE holds N cards`."},
		"card":    {"Conditions", "`PILE holds 1 card`: the pile holds exactly one card; `let b = rank of first card to f`: the first card to reach f fixes b."},
		"in":      {"Conditions", "`all cards in PILE, ...`: every card of the pack lies in these piles; `in rows of N`; `is in place`."},
		"every":   {"Conditions", "`every PILE is ...`: each pile of the group (the default)."},
		"no":      {"Conditions", "`no PILE is ...`: none of the piles of the group."},
		"is":      {"Conditions", "`PILE is [not] empty | full | started`."},
		"are":     {"Conditions", "`PILES are [not] empty | full | started`: the same as `is`."},
		"not":     {"Conditions", "Negation: `not CONDITION`, `PILE is not empty`. Binds tightest."},
		"and":     {"Conditions", "Both conditions hold. Binds tighter than `or`."},
		"or":      {"Conditions", "Either condition holds."},
		"empty":   {"Conditions", "`PILE is empty`: the pile holds no card (gaps in a grid do not count)."},
		"full":    {"Conditions", "`PILE is full`: the pile holds as many cards as its `holds` says."},
		"started": {"Conditions", "`PILE is started`: the pile holds at least one card."},

		"win":     {"Win", "`win when CONDITION`: the game is won as soon as the condition holds. Required, once."},
		"layout":  {"Layout", "`layout { row ... }`: how the board is drawn, one row at a time; every pile appears once."},
		"row":     {"Layout", "`row PILE, ... [fanned | squared]`: one row of the board, left to right."},
		"fanned":  {"Layout", "`row ... fanned`: the cards are spread downward so all show (tableau piles by default)."},
		"squared": {"Layout", "`row ... squared`: the top card shows with a count (all but tableau piles by default)."},
	}
})

// KeywordDoc returns what a keyword means, in markdown, with the section of
// the language reference that says more, or "" for a word that is not a
// keyword.
func KeywordDoc(word string) string {
	d, ok := keywordDocs()[word]
	if !ok {
		return ""
	}
	return d.text + "\n\nSee the language reference, \"" + d.section + "\"."
}
