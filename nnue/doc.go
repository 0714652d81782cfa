// Package nnue is Kibitz's neural-network evaluation: a versioned network
// file format with a checksum, an accumulator stack updated incrementally
// (and lazily: only when a position is evaluated) as the search makes and
// unmakes moves, and the forward pass, with a scalar Go backend (four int16
// lanes per uint64; what wasm runs without SIMD), a wasm SIMD128 backend
// and an AVX2 assembly backend on amd64, all giving bit-identical results.
//
// # Architecture
//
// A perspective network: 768 inputs per side (colour relative to the side
// × piece type × square, the board flipped for Black) → H hidden neurons
// (a multiple of 64, 256 by default) per side, clipped ReLU (or its
// square, format version 2) → one output from the concatenation [side to
// move, other side], or one of up to eight chosen by the number of men
// (output buckets, version 2); the inputs may be read through the own
// king's bucket, mirrored to files a–d (king buckets, version 3). Weights
// are int16: the feature transformer at scale QA = 255, the output layer
// at a scale QB that the file records (1024 for new nets); the result is
// scaled to centipawns by 400/(QA·QB).
//
// Why not the HalfKP 41024→256×2→32→32→1 of Marvin Karhan's thesis
// "Entwicklung eines Efficiently Updatable Neural Network (NNUE) zur Evaluation
// von Schachpositionen" (Hochschule Mannheim): HalfKP's 41 k
// inputs per side need hundreds of millions of positions to train, while
// Kibitz trains its own nets from a few million self-play positions on a
// 2-core machine; 768 inputs learn from that much data. The file records
// the input count, hidden size and layer count, and the code keeps feature
// indexing (FeatureIndex), accumulation and the output layer apart, so a
// king-bucketed feature set or more layers is a new version of the format,
// not a rewrite.
//
// # Using it
//
// The package is a library of its own: it knows no chess rules. A
// position is what it reads through Position — each colour's pieces of
// each type as bitboards (square a1 = 0 … h8 = 63), the side to move and
// the piece changes of the last move — in its own numbering (Color,
// PieceType, Square, Piece = type × 2 + colour). Net.EvaluateFresh scores
// one position; an Evaluator follows a search: Reset at the root, Push
// after each move (and null move), Pop after taking it back, Evaluate
// where a score is needed. Board is a plain Position for positions given
// piece by piece (the example); Kibitz's search shows its board through
// engine/netinput.
//
// nnue imports only the standard library and golang.org/x/sys/cpu: nothing
// of Kibitz.
package nnue

//go:generate go run ./internal/asmgen -out kernels_amd64.s -stubs kernels_amd64_stub.go -pkg nnue
