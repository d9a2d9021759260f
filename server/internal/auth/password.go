// Package auth holds the server's identity mechanisms: password hashing,
// session tokens and Google ID-token verification.
package auth

import (
	"context"
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alexedwards/argon2id"

	"storefront/server/internal/shop"
)

// productionParams are the argon2id parameters every hash is made with
// (OWASP's recommended minimum: 19 MiB, 2 passes, 1 lane).
var productionParams = argon2id.Params{Memory: 19 * 1024, Iterations: 2, Parallelism: 1, SaltLength: 16, KeyLength: 32}

// argonParams are the parameters in use: productionParams, except in a test
// binary that asked for FastHashingForTests.
var argonParams = &productionParams

// FastHashingForTests makes this test binary hash passwords with argon2id's
// cheapest parameters (64 KiB, 1 pass), so that tests signing up hundreds of
// accounts spend milliseconds instead of seconds on it. Call it from a
// TestMain, before any test runs. Outside a test binary it panics: no
// setting, flag or environment variable of a deployment can reach it. The
// auth package's own tests keep the production parameters and check them.
func FastHashingForTests() {
	if !testing.Testing() {
		panic("auth: FastHashingForTests called outside a test binary")
	}
	argonParams = &argon2id.Params{Memory: 64, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}
	dummyHash, _ = hashPassword("not a real password")
}

// The most a stored hash may ask for: a check runs with the hash's own
// parameters, and memory per check must stay bounded (HashLimit counts
// argonParams.Memory per slot).
const (
	maxArgonMemory     = 64 * 1024 // KiB
	maxArgonIterations = 10
	maxArgonLanes      = 4
)

// HashPassword returns an argon2id hash in the PHC string format (under the
// process-wide limit, waiting as long as it takes for a slot).
func HashPassword(password string) (string, error) { return Argon2{}.Hash(password) }

// CheckPassword reports whether password matches hash, in constant time
// (under the process-wide limit, waiting as long as it takes for a slot).
func CheckPassword(hash, password string) (bool, error) {
	defer defaultLimit.Load().acquire()()
	return checkPassword(hash, password)
}

// createHash and checkHash are alexedwards/argon2id's, which encode and
// decode the PHC string over x/crypto/argon2 and compare in constant time
// (tests count the hashes running through them).
var createHash, checkHash = argon2id.CreateHash, argon2id.CheckHash

func hashPassword(password string) (string, error) { return createHash(password, argonParams) }

var errBadHash = errors.New("unrecognised password hash")

func checkPassword(hash, password string) (bool, error) {
	p, _, _, err := argon2id.DecodeHash(hash)
	if err != nil || p.Memory > maxArgonMemory || p.Iterations > maxArgonIterations || p.Parallelism > maxArgonLanes {
		return false, errBadHash
	}
	ok, _, err := checkHash(password, hash)
	if err != nil {
		return false, errBadHash
	}
	return ok, nil
}

// Argon2 is the password hasher the accounts service uses. Every hash and
// check runs under a HashLimit, so that however many requests arrive, at
// most that many 19 MiB argon2id buffers are in use at once.
type Argon2 struct {
	Limit *HashLimit // nil: the process-wide limit (SetDefaultHashLimit)
}

func (a Argon2) limit() *HashLimit {
	if a.Limit != nil {
		return a.Limit
	}
	return defaultLimit.Load()
}

// HashContext hashes password once a hash slot is free. It returns ErrBusy
// when none frees up within the limit's wait, or an EUNAVAILABLE error when
// ctx ends first.
func (a Argon2) HashContext(ctx context.Context, password string) (string, error) {
	release, err := a.limit().Acquire(ctx)
	if err != nil {
		return "", err
	}
	defer release()
	return hashPassword(password)
}

// CheckContext reports whether password matches hash, once a hash slot is
// free (errors as HashContext). An unrecognised hash does not match.
func (a Argon2) CheckContext(ctx context.Context, hash, password string) (bool, error) {
	release, err := a.limit().Acquire(ctx)
	if err != nil {
		return false, err
	}
	defer release()
	ok, _ := checkPassword(hash, password)
	return ok, nil
}

// CheckNoAccountContext spends the time of a password check, under the
// same limit as real checks (errors as HashContext).
func (a Argon2) CheckNoAccountContext(ctx context.Context, password string) error {
	release, err := a.limit().Acquire(ctx)
	if err != nil {
		return err
	}
	defer release()
	_, _ = checkPassword(dummyHash, password)
	return nil
}

// Hash is HashContext for tools without a request: it waits as long as it
// takes for a slot.
func (a Argon2) Hash(password string) (string, error) {
	defer a.limit().acquire()()
	return hashPassword(password)
}

// Check is CheckContext for tools without a request: it waits as long as it
// takes for a slot.
func (a Argon2) Check(hash, password string) bool {
	defer a.limit().acquire()()
	ok, _ := checkPassword(hash, password)
	return ok
}

// CheckNoAccount is CheckNoAccountContext for tools without a request.
func (a Argon2) CheckNoAccount(password string) {
	defer a.limit().acquire()()
	_, _ = checkPassword(dummyHash, password)
}

// dummyHash is checked against when an account does not exist, so that a
// wrong email takes as long as a wrong password.
var dummyHash, _ = hashPassword("not a real password")

// CheckNoAccount spends the time of a password check (under the
// process-wide limit).
func CheckNoAccount(password string) { Argon2{}.CheckNoAccount(password) }

// HashLimit bounds how many password hashes run at once, and so the memory
// they hold (argonParams.Memory KiB each); a caller waits a bounded time for a slot.
type HashLimit struct {
	slots chan struct{}
	wait  time.Duration

	waiting atomic.Int64 // callers waiting for a slot (tests)
}

// Default hash limit: GOMAXPROCS slots, at least 2 and at most 8 (8 x 19 MiB
// = 152 MiB of hash buffers at most), and a 2 s wait for one.
const (
	minHashSlots, maxHashSlots = 2, 8
	DefaultHashWait            = 2 * time.Second
)

// DefaultHashConcurrency is how many hashes run at once by default.
func DefaultHashConcurrency() int {
	return min(max(runtime.GOMAXPROCS(0), minHashSlots), maxHashSlots)
}

// NewHashLimit returns a limit of concurrent hashes, each caller waiting at
// most wait for a slot. concurrent <= 0 is DefaultHashConcurrency, wait < 0
// DefaultHashWait; wait 0 does not wait.
func NewHashLimit(concurrent int, wait time.Duration) *HashLimit {
	if concurrent <= 0 {
		concurrent = DefaultHashConcurrency()
	}
	if wait < 0 {
		wait = DefaultHashWait
	}
	return &HashLimit{slots: make(chan struct{}, concurrent), wait: wait}
}

// Concurrency is how many hashes may run at once.
func (h *HashLimit) Concurrency() int { return cap(h.slots) }

// ErrBusy is the answer when every hash slot stayed busy for the whole
// wait: 503 with Retry-After.
var ErrBusy = &shop.Error{Code: shop.EUNAVAILABLE, RetryAfter: time.Second,
	Message: "The server is busy checking passwords. Please try again in a moment."}

// Acquire takes a hash slot, waiting at most the limit's wait and no longer
// than ctx lasts; release gives it back. It returns ErrBusy when no slot
// freed up in time.
func (h *HashLimit) Acquire(ctx context.Context) (release func(), err error) {
	release = func() { <-h.slots }
	select {
	case h.slots <- struct{}{}:
		return release, nil
	default:
	}
	if h.wait <= 0 {
		return nil, ErrBusy
	}
	h.waiting.Add(1)
	defer h.waiting.Add(-1)
	t := time.NewTimer(h.wait)
	defer t.Stop()
	select {
	case h.slots <- struct{}{}:
		return release, nil
	case <-t.C:
		return nil, ErrBusy
	case <-ctx.Done():
		return nil, &shop.Error{Code: shop.EUNAVAILABLE, Message: "The request ended before the password was checked.", Cause: ctx.Err()}
	}
}

// acquire takes a slot however long that takes.
func (h *HashLimit) acquire() (release func()) {
	select {
	case h.slots <- struct{}{}:
	default:
		h.waiting.Add(1)
		h.slots <- struct{}{}
		h.waiting.Add(-1)
	}
	return func() { <-h.slots }
}

var defaultLimit atomic.Pointer[HashLimit]

func init() { defaultLimit.Store(NewHashLimit(0, -1)) }

// SetDefaultHashLimit replaces the process-wide limit that Argon2{} and the
// package's functions hash under (at start, before any request).
func SetDefaultHashLimit(h *HashLimit) { defaultLimit.Store(h) }
