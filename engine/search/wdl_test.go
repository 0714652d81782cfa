package search

import "testing"

// The chances add up, mirror each other, grow with the score, and are
// certain for mates and table wins.
func TestWDL(t *testing.T) {
	for _, men := range []int{2, 5, 12, 20, 32} {
		prevWin := -1
		for score := -1500; score <= 1500; score += 25 {
			w, d, l := WDL(score, men)
			if w+d+l != 1000 || w < 0 || d < 0 || l < 0 {
				t.Fatalf("WDL(%d, %d) = %d/%d/%d", score, men, w, d, l)
			}
			if w2, d2, l2 := WDL(-score, men); w2 != l || l2 != w || d2 != d {
				t.Errorf("WDL(%d, %d) = %d/%d/%d, but WDL(%d) = %d/%d/%d", score, men, w, d, l, -score, w2, d2, l2)
			}
			if w < prevWin {
				t.Errorf("%d men: the win chance falls from %d to %d at %d cp", men, prevWin, w, score)
			}
			prevWin = w
		}
		if w, d, l := WDL(0, men); w > 500 || d == 0 || w != l {
			t.Errorf("WDL(0, %d) = %d/%d/%d", men, w, d, l)
		}
		if w, _, _ := WDL(1500, men); w < 900 {
			t.Errorf("WDL(1500, %d): a win chance of %d ‰", men, w)
		}
	}
	for _, c := range []struct{ score, w, l int }{{Mate - 5, 1000, 0}, {-(Mate - 4), 0, 1000}, {TBWin - 30, 1000, 0}, {-(TBWin - 30), 0, 1000}} {
		if w, d, l := WDL(c.score, 10); w != c.w || l != c.l || d != 0 {
			t.Errorf("WDL(%d) = %d/%d/%d", c.score, w, d, l)
		}
	}
}
