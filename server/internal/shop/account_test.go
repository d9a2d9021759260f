package shop

import (
	"strings"
	"testing"
	"time"
)

func TestAccountTokens(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 6, 1, 10, 0, 0, 0, time.UTC)
	raw, tok, err := NewAccountToken(TokenResetPassword, now)
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) != 43 || strings.ContainsAny(raw, "+/=") || tok.Hash != HashAccountToken(raw) || strings.Contains(tok.Hash, raw) {
		t.Fatalf("token %q, hash %q", raw, tok.Hash)
	}
	if !tok.ExpiresAt.Equal(now.Add(30 * time.Minute)) {
		t.Fatalf("a reset token lasts until %v", tok.ExpiresAt)
	}
	if !tok.Usable(tok.Hash, now.Add(29*time.Minute)) || tok.Usable(tok.Hash, now.Add(30*time.Minute)) || tok.Usable(HashAccountToken("x"), now) {
		t.Fatal("Usable")
	}
	var none *AccountToken
	if none.Usable(tok.Hash, now) {
		t.Fatal("no token is usable")
	}
	if _, v, _ := NewAccountToken(TokenVerifyEmail, now); !v.ExpiresAt.Equal(now.Add(24 * time.Hour)) {
		t.Fatalf("a verification token lasts until %v", v.ExpiresAt)
	}
	for _, bad := range []string{"", "   ", strings.Repeat("a", 129)} {
		if _, err := ParseAccountToken(bad); ErrorCode(err) != EINVALID {
			t.Errorf("%q: %v", bad, err)
		}
	}
	if h, err := ParseAccountToken(" " + raw + " "); err != nil || h != tok.Hash {
		t.Fatalf("ParseAccountToken: %v", err)
	}
}

func TestRedactTokens(t *testing.T) {
	t.Parallel()
	in := "Open https://shop.example/verify-email?token=abc_DEF-123 now.\n<a href=\"https://shop.example/reset-password?token=xyz&x=1\">link</a> ?other=keep"
	out := RedactTokens(in)
	for _, gone := range []string{"abc_DEF-123", "xyz"} {
		if strings.Contains(out, gone) {
			t.Fatalf("%q kept in %s", gone, out)
		}
	}
	for _, kept := range []string{"verify-email?token=REDACTED now.", "reset-password?token=REDACTED&x=1", "?other=keep"} {
		if !strings.Contains(out, kept) {
			t.Fatalf("%q lacks %q", out, kept)
		}
	}
}

func TestImageIDsIn(t *testing.T) {
	t.Parallel()
	got := ImageIDsIn("http://a/images/0123456789abcdef01234567 and /images/abcdefabcdefabcdefabcdef, not /images/xyz or /images/0123456789abcdef0123456789")
	if len(got) != 2 || got[0] != "0123456789abcdef01234567" || got[1] != "abcdefabcdefabcdefabcdef" {
		t.Fatalf("%v", got)
	}
	if ImageIDsIn("nothing") != nil {
		t.Fatal("ids in a text without pictures")
	}
}
