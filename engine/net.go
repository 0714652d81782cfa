package engine

import (
	"fmt"

	"kibitz/engine/search"
	"kibitz/internal/regular"
	"kibitz/nnue"
)

// The evaluation the engine searches with: the embedded net, a net file
// or the classical evaluation.

// UseNNUE switches between the net and the classical evaluation.
func (e *Engine) UseNNUE(on bool) error {
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	e.useNNUE = on
	return e.applyNet()
}

// LoadNet reads a net file (kibitz train --out) and evaluates with it;
// "" goes back to the embedded net. On error the net in use stays.
func (e *Engine) LoadNet(path string) error {
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	if path == "" {
		e.net = nil
		return e.applyNet()
	}
	n, err := ReadNet(path)
	if err != nil {
		return err
	}
	e.net = n
	return e.applyNet()
}

// ReadNet reads a net file (kibitz train --out); a damaged one is an
// error that names it.
func ReadNet(path string) (*nnue.Net, error) {
	f, err := regular.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	n, err := nnue.Load(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return n, nil
}

// EmbeddedNet returns the net built into Kibitz, the one every engine
// evaluates with unless told otherwise.
func EmbeddedNet() (*nnue.Net, error) { return nnue.Default() }

// Net returns the net the search evaluates with, nil when classical.
func (e *Engine) Net() *nnue.Net { return e.opts.Net }

// applyNet puts the chosen net (or none) into the search options.
func (e *Engine) applyNet() error {
	net := (*nnue.Net)(nil)
	if e.useNNUE {
		net = e.net
		if net == nil {
			d, err := EmbeddedNet()
			if err != nil {
				return err
			}
			net = d
		}
	}
	e.opts.Net = net
	if e.search != nil {
		e.update(func(*search.Options) {})
	}
	return nil
}
