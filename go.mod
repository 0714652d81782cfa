module kibitz

go 1.26

require github.com/notnil/chess v1.10.0

require github.com/syumai/workers v0.33.0
