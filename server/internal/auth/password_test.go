package auth

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alexedwards/argon2id"

	"storefront/server/internal/shop"
	"storefront/server/internal/testwait"
)

// eventually waits (without a fixed sleep) until cond holds.
func eventually(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	if !testwait.Until(30*time.Second, cond) {
		tb.Fatalf("timed out waiting until %s", what)
	}
}

func TestArgon2_HashAndCheck(t *testing.T) {
	ctx := context.Background()
	a := Argon2{Limit: NewHashLimit(2, time.Second)}
	hash, err := a.HashContext(ctx, "secret123")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		hash, password string
		want           bool
	}{{hash, "secret123", true}, {hash, "secret124", false}, {"$bcrypt$nope", "secret123", false},
		// A hash written before the library took over the PHC format.
		{"$argon2id$v=19$m=19456,t=2,p=1$LEyJEM3KDN+veCx2XJe/Nw$lrU8sjCL3kJkPCFrREEOIhDEHnfZGdt3Hw5UlHxV2zg", "correct horse 42", true},
	} {
		if ok, err := a.CheckContext(ctx, c.hash, c.password); err != nil || ok != c.want {
			t.Errorf("check %q against %q: %v %v, want %v", c.password, c.hash, ok, err, c.want)
		}
	}
	// A stored hash asking for more memory than a hash slot allows is
	// refused before any work.
	greedy := "$argon2id$v=19$m=131072,t=2,p=1$LEyJEM3KDN+veCx2XJe/Nw$lrU8sjCL3kJkPCFrREEOIhDEHnfZGdt3Hw5UlHxV2zg"
	if ok, err := checkPassword(greedy, "correct horse 42"); ok || !errors.Is(err, errBadHash) {
		t.Errorf("a 128 MiB hash: %v %v, want errBadHash", ok, err)
	}
	if err := a.CheckNoAccountContext(ctx, "secret123"); err != nil {
		t.Fatal(err)
	}
	// The tools' forms (and the package's functions) agree.
	if !(Argon2{}).Check(hash, "secret123") {
		t.Fatal("Check refused the right password")
	}
	if ok, err := CheckPassword(hash, "secret123"); !ok || err != nil {
		t.Fatalf("CheckPassword: %v %v", ok, err)
	}
	if len(a.Limit.slots) != 0 {
		t.Fatalf("%d slots still held after the calls returned", len(a.Limit.slots))
	}
}

// TestHashLimit_BoundsConcurrentHashes counts the argon2id computations
// running at once (each holds 19 MiB) while many sign-ups, sign-ins and
// no-account checks arrive together: never more than the limit.
func TestHashLimit_BoundsConcurrentHashes(t *testing.T) {
	const slots, callers = 3, 12
	ctx := context.Background()
	a := Argon2{Limit: NewHashLimit(slots, time.Minute)}
	hash, err := a.HashContext(ctx, "secret123")
	if err != nil {
		t.Fatal(err)
	}

	var running, peak, done atomic.Int64
	gate := make(chan struct{})
	var open sync.Once
	t.Cleanup(func() { open.Do(func() { close(gate) }) }) // a failed test lets the hashes finish
	counted := func() func() {
		n := running.Add(1)
		for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
		}
		<-gate
		return func() { running.Add(-1); done.Add(1) }
	}
	createHash = func(password string, p *argon2id.Params) (string, error) {
		defer counted()()
		return argon2id.CreateHash(password, p)
	}
	checkHash = func(password, hash string) (bool, *argon2id.Params, error) {
		defer counted()()
		return argon2id.CheckHash(password, hash)
	}
	t.Cleanup(func() { createHash, checkHash = argon2id.CreateHash, argon2id.CheckHash })

	var wg sync.WaitGroup
	for i := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			switch i % 4 {
			case 0:
				_, err = a.HashContext(ctx, "new-password") // sign-up
			case 1:
				_, err = a.CheckContext(ctx, hash, "secret123") // sign-in
			case 2:
				err = a.CheckNoAccountContext(ctx, "guess") // sign-in, no such account
			case 3:
				a.Check(hash, "secret123") // a tool
			}
			if err != nil {
				t.Error(err)
			}
		}()
	}
	// All the slots are taken and everyone else waits for one.
	eventually(t, "the slots are full and the rest wait", func() bool {
		if n := running.Load(); n > slots {
			t.Fatalf("%d hashes running at once, limit %d", n, slots)
		}
		return running.Load() == slots && a.Limit.waiting.Load() == callers-slots
	})
	open.Do(func() { close(gate) })
	wg.Wait()
	if done.Load() != callers || peak.Load() != slots {
		t.Fatalf("%d hashes done (want %d), at most %d at once (want %d)", done.Load(), callers, peak.Load(), slots)
	}
}

func TestHashLimit_Busy(t *testing.T) {
	ctx := context.Background()
	lim := NewHashLimit(1, 10*time.Millisecond)
	a := Argon2{Limit: lim}
	release, err := lim.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Every slot is held: each kind of call gives up after the wait with the
	// 503 error that says when to retry.
	_, errHash := a.HashContext(ctx, "secret123")
	_, errCheck := a.CheckContext(ctx, "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$a2V5", "secret123")
	errNoAccount := a.CheckNoAccountContext(ctx, "secret123")
	for _, err := range []error{errHash, errCheck, errNoAccount} {
		var e *shop.Error
		if !errors.Is(err, ErrBusy) || !errors.As(err, &e) || e.Code != shop.EUNAVAILABLE || e.RetryAfter <= 0 {
			t.Fatalf("with every slot held: %v, want ErrBusy", err)
		}
	}
	// A request that ends while waiting stops waiting.
	ended, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := (Argon2{Limit: NewHashLimit(1, time.Hour)}).HashContext(ended, "x"); err != nil {
		t.Fatalf("a free slot is taken even by an ended request: %v", err)
	}
	long := Argon2{Limit: NewHashLimit(1, time.Hour)}
	hold, _ := long.Limit.Acquire(ctx)
	if _, err := long.HashContext(ended, "x"); shop.ErrorCode(err) != shop.EUNAVAILABLE || !errors.Is(err, context.Canceled) {
		t.Fatalf("ended request: %v", err)
	}
	hold()
	// Once the slot is free again, hashing works.
	release()
	if _, err := a.HashContext(ctx, "secret123"); err != nil {
		t.Fatal(err)
	}
}

func TestDefaultHashConcurrency(t *testing.T) {
	if n := DefaultHashConcurrency(); n < 2 || n > 8 {
		t.Fatalf("default %d hash slots, want 2 to 8", n)
	}
	if n := NewHashLimit(0, -1); n.Concurrency() != DefaultHashConcurrency() || n.wait != DefaultHashWait {
		t.Fatalf("NewHashLimit(0, -1) = %d slots, wait %s", n.Concurrency(), n.wait)
	}
}

// TestArgon2_ProductionCost keeps the production parameters (this package
// never calls FastHashingForTests) and checks what a hash costs: the PHC
// string records OWASP's minimum (19 MiB, 2 passes, 1 lane), and making it
// allocates the 19 MiB.
func TestArgon2_ProductionCost(t *testing.T) {
	if *argonParams != productionParams {
		t.Fatalf("hashing with %+v, want the production parameters %+v", *argonParams, productionParams)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	hash, err := Argon2{Limit: NewHashLimit(1, time.Second)}.HashContext(context.Background(), "secret123")
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	p, _, _, err := argon2id.DecodeHash(hash)
	if err != nil {
		t.Fatal(err)
	}
	if p.Memory != 19*1024 || p.Iterations != 2 || p.Parallelism != 1 || p.KeyLength != 32 || p.SaltLength != 16 {
		t.Fatalf("a new hash records %+v, want m=19456 t=2 p=1 (OWASP's minimum for argon2id)", *p)
	}
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated < 19<<20 {
		t.Fatalf("hashing allocated %d bytes, less than the 19 MiB its parameters promise", allocated)
	}
	if !strings.HasPrefix(dummyHash, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("the no-account check's hash %q is not made with the production parameters, so an unknown e-mail answers faster", dummyHash)
	}
}
