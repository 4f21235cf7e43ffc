package interp

import "math"

// Wilson is the 95 % Wilson score interval for a win rate when won of n
// deals are won and unknown more could not be decided. Unknowns are counted
// both ways, as Blake & Gent do for Solvitaire: the low end as if every
// unknown deal were lost, the high end as if every one were won.
func Wilson(won, unknown, n int) (low, high float64) {
	if n <= 0 {
		return 0, 1
	}
	low, _ = wilson(won, n)
	_, high = wilson(won+unknown, n)
	return low, high
}

func wilson(k, n int) (low, high float64) {
	const z = 1.959963984540054 // the 97.5th percentile of the normal
	p := float64(k) / float64(n)
	nf := float64(n)
	centre := (p + z*z/(2*nf)) / (1 + z*z/nf)
	half := z / (1 + z*z/nf) * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return max(0, centre-half), min(1, centre+half)
}
