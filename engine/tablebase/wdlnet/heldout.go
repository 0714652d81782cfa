package wdlnet

import "kibitz/internal/splitmix"

// Heldout says whether entry i of a table belongs to the test share
// (percent of every table's index, chosen by a hash of the entry and the
// seed): the same split for training and for the report.
func Heldout(i int, seed uint64, percent int) bool {
	r := splitmix.Rand(uint64(i)*0x2545f4914f6cdd1d ^ seed)
	return int(r.Next()%100) < percent
}
