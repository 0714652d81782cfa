// Package splitmix is the splitmix64 generator: small, seeded and the same
// on every platform, for the endgame model's initial weights, its held-out
// split and its trainer's draws, which must not change with Go's
// math/rand.
//
// splitmix imports only the standard library.
package splitmix

import "math"

// Rand is the generator's state; any value is a valid seed.
type Rand uint64

// Next returns the next 64 random bits.
func (r *Rand) Next() uint64 {
	*r += 0x9e3779b97f4a7c15
	z := uint64(*r)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Float returns a number in [0, 1).
func (r *Rand) Float() float64 { return float64(r.Next()>>11) / (1 << 53) }

// Normal returns a standard normal number (Box–Muller).
func (r *Rand) Normal() float64 {
	return math.Sqrt(-2*math.Log(1-r.Float())) * math.Cos(2*math.Pi*r.Float())
}
