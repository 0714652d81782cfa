package match

import (
	"fmt"
	"strings"
	"time"
)

// PGNTags are the per-match header values.
type PGNTags struct {
	Event, Site string
	Date        time.Time
}

// PGN renders a finished game with the standard seven tags plus
// Termination, TimeControl and the starting position.
func (res Result) PGN(tags PGNTags, round int) string {
	var b strings.Builder
	tag := func(k, v string) { fmt.Fprintf(&b, "[%s %q]\n", k, v) }
	tag("Event", tags.Event)
	tag("Site", tags.Site)
	tag("Date", tags.Date.Format("2006.01.02"))
	tag("Round", fmt.Sprint(round))
	tag("White", res.White)
	tag("Black", res.Black)
	tag("Result", res.Result)
	tag("Termination", terminationTag(res))
	// Sides with different limits: TimeControl says so ("?") and each
	// side's limit gets a tag of its own, as other match runners write it.
	if tc := res.TimeControls; tc[0] == tc[1] {
		tag("TimeControl", tc[0])
	} else {
		tag("TimeControl", "?")
		tag("WhiteTimeControl", tc[0])
		tag("BlackTimeControl", tc[1])
	}
	tag("PlyCount", fmt.Sprint(len(res.SAN)))
	if res.Chess960 {
		tag("Variant", "Chess960")
	}
	tag("SetUp", "1")
	tag("FEN", res.StartFEN)
	b.WriteByte('\n')

	// Move numbers continue from the FEN's fullmove number and side.
	f := strings.Fields(res.StartFEN)
	moveNo := 1
	if len(f) >= 6 {
		fmt.Sscan(f[5], &moveNo)
	}
	black := len(f) >= 2 && f[1] == "b"
	var tokens []string
	for i, san := range res.SAN {
		switch {
		case !black:
			tokens = append(tokens, fmt.Sprintf("%d.", moveNo))
		case i == 0:
			tokens = append(tokens, fmt.Sprintf("%d...", moveNo))
		}
		tokens = append(tokens, san)
		if i < len(res.Clocks) && res.Clocks[i] >= 0 {
			tokens = append(tokens, "{[%clk "+clockText(res.Clocks[i])+"]}")
		}
		if black {
			moveNo++
		}
		black = !black
	}
	tokens = append(tokens, "{"+strings.ReplaceAll(res.Termination, "}", ")")+"}", res.Result)
	line := 0
	for i, t := range tokens {
		if i > 0 && line+1+len(t) > 79 {
			b.WriteByte('\n')
			line = 0
		} else if i > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(t)
		line += len(t)
	}
	b.WriteString("\n\n")
	return b.String()
}

// clockText writes a clock as PGN's %clk command does, H:MM:SS.s
// (tenths, rounded down: a clock never shows more than is left).
func clockText(d time.Duration) string {
	tenths := int64(d / (100 * time.Millisecond))
	return fmt.Sprintf("%d:%02d:%02d.%d", tenths/36000, tenths/600%60, tenths/10%60, tenths%10)
}

// terminationTag maps the reason to PGN's standard Termination values.
func terminationTag(res Result) string {
	switch {
	case res.Forfeit == TimeForfeit:
		return "time forfeit"
	case res.Forfeit == IllegalMove:
		return "rules infraction"
	case res.Forfeit == Crash:
		return "abandoned"
	case strings.HasPrefix(res.Termination, "adjudication"):
		return "adjudication"
	case res.Result == "*":
		return "unterminated"
	}
	return "normal"
}
