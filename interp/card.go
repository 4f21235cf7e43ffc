package interp

import (
	"fmt"
	"strings"

	"github.com/patience-dev/patience/dsl"
)

// Card is one card in one byte: rank 1..13 in bits 0-3, suit in bits 4-5
// (clubs, diamonds, hearts, spades), bit 7 set when it lies face down.
// The zero Card is a gap: an empty slot in a grid.
type Card uint8

const (
	faceDown Card = 0x80
	gap      Card = 0
)

// NewCard makes a face-up card of rank 1..13 and suit 0..3.
func NewCard(rank, suit int) Card { return Card(rank | suit<<4) }

func (c Card) Rank() int      { return int(c & 0x0f) }
func (c Card) Suit() int      { return int(c>>4) & 3 }
func (c Card) FaceDown() bool { return c&faceDown != 0 }
func (c Card) IsGap() bool    { return c == gap }
func (c Card) Red() bool      { s := c.Suit(); return s == 1 || s == 2 }
func (c Card) Up() Card       { return c &^ faceDown }
func (c Card) Down() Card     { return c | faceDown }

const rankChars = "?A23456789TJQK"
const suitChars = "CDHS"

// SuitSymbols are the suit symbols in suit order.
var SuitSymbols = [4]string{"♣", "♦", "♥", "♠"}

// String writes the card as rank and suit, e.g. "TD", "QS"; a face-down card
// in parentheses, "(QS)"; a gap as "..".
func (c Card) String() string {
	if c.IsGap() {
		return ".."
	}
	s := string(rankChars[c.Rank()]) + string(suitChars[c.Suit()])
	if c.FaceDown() {
		return "(" + s + ")"
	}
	return s
}

// ParseCard reads a card as String writes it; "10D" is accepted for "TD".
func ParseCard(s string) (Card, error) {
	if s == ".." {
		return gap, nil
	}
	down := false
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		down, s = true, s[1:len(s)-1]
	}
	s = strings.ToUpper(s)
	if strings.HasPrefix(s, "10") {
		s = "T" + s[2:]
	}
	if len(s) != 2 {
		return 0, fmt.Errorf("bad card %s: want rank and suit, e.g. TD or QS", dsl.QuoteShort(s))
	}
	r := strings.IndexByte(rankChars[1:], s[0]) + 1
	su := strings.IndexByte(suitChars, s[1])
	if r <= 0 || su < 0 {
		return 0, fmt.Errorf("bad card %s: want rank A23456789TJQK and suit CDHS", dsl.QuoteShort(s))
	}
	c := NewCard(r, su)
	if down {
		c = c.Down()
	}
	return c, nil
}
