package mongodb_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// The account's tokens are found by their hash (the mirror's key index, or
// MongoDB's sparse index), used once by one conditional write, and the
// in-memory copy stays exact.
func TestAccountTokens_SingleUseByHash(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	now := time.Now().UTC()
	raw, tok, err := shop.NewAccountToken(shop.TokenVerifyEmail, now)
	if err != nil {
		t.Fatal(err)
	}
	u, err := s.CreateUserWithToken(ctx, shop.User{Email: "Ann@Shop.test", Name: "Ann", Provider: shop.ProviderPassword, PasswordHash: "h"}, tok)
	if err != nil {
		t.Fatal(err)
	}
	if found, err := s.FindUserByToken(ctx, shop.TokenVerifyEmail, tok.Hash); err != nil || found.ID != u.ID {
		t.Fatalf("by hash: %+v %v", found, err)
	}
	if _, err := s.FindUserByToken(ctx, shop.TokenResetPassword, tok.Hash); shop.ErrorCode(err) != shop.EINVALID {
		t.Fatalf("a verification token found as a reset token: %v", err)
	}
	dump, _ := s.Dump(ctx)
	if strings.Contains(dump, raw) || !strings.Contains(dump, tok.Hash) {
		t.Fatal("the store keeps the token, or not its hash")
	}
	// Eight uses at once: one verifies.
	t.Run("OneOfEightUsesAtOnce", func(t *testing.T) {
		mongotest.RequireMongoDB(t, s)
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Go(func() { _, errs[i] = s.VerifyEmail(ctx, u.ID, tok.Hash, now, true) })
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch shop.ErrorCode(err) {
			case "":
				ok++
			case shop.EINVALID:
			default:
				t.Fatal(err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d uses of one token succeeded", ok)
		}
	})
	if !s.Atomic() { // skipped above: one use, then a second is refused
		if _, err := s.VerifyEmail(ctx, u.ID, tok.Hash, now, true); err != nil {
			t.Fatal(err)
		}
		if _, err := s.VerifyEmail(ctx, u.ID, tok.Hash, now, true); shop.ErrorCode(err) != shop.EINVALID {
			t.Fatalf("a second use: %v", err)
		}
	}
	got, _ := s.FindUserByID(ctx, u.ID)
	if !got.EmailVerified || !got.IsAdmin() {
		t.Fatalf("after verifying: %+v", got)
	}
	if _, err := s.FindUserByToken(ctx, shop.TokenVerifyEmail, tok.Hash); shop.ErrorCode(err) != shop.EINVALID {
		t.Fatalf("a used token is still found: %v", err)
	}
	// An expired reset token is refused, and changes nothing.
	_, reset, _ := shop.NewAccountToken(shop.TokenResetPassword, now.Add(-time.Hour))
	if err := s.SetAccountToken(ctx, u.ID, shop.TokenResetPassword, reset); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ResetPassword(ctx, u.ID, reset.Hash, now, "new", false); shop.ErrorCode(err) != shop.EINVALID {
		t.Fatalf("an expired token: %v", err)
	}
	if got, _ := s.FindUserByID(ctx, u.ID); got.PasswordHash != "h" || got.SessionVersion != 0 {
		t.Fatalf("an expired token changed the account: %+v", got)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

// A password change is refused when the session or the password changed in
// between, and raises the session version.
func TestChangePassword_Guarded(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	u, err := s.CreateUser(ctx, shop.User{Email: "bob@shop.test", Name: "Bob", Provider: shop.ProviderPassword, PasswordHash: "old"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChangePassword(ctx, u.ID, 0, "not-the-hash", "new"); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("another password: %v", err)
	}
	changed, err := s.ChangePassword(ctx, u.ID, 0, "old", "new")
	if err != nil || changed.SessionVersion != 1 || changed.PasswordHash != "new" {
		t.Fatalf("%+v %v", changed, err)
	}
	if _, err := s.ChangePassword(ctx, u.ID, 0, "new", "newer"); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("an older session: %v", err)
	}
	if ended, err := s.EndSessions(ctx, u.ID); err != nil || ended.SessionVersion != 2 {
		t.Fatalf("%+v %v", ended, err)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}
