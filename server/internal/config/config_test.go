package config

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func env(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }

func TestLoad(t *testing.T) {
	t.Parallel()
	t.Run("OK_Defaults", func(t *testing.T) {
		c, err := Load(env(nil))
		if err != nil {
			t.Fatal(err)
		}
		if c.Port != 5000 || c.DataDir != "./data" || c.MongoDB != "storefront" || !c.SeedDemo || c.PublicURL != "http://localhost:5000" || c.PaymentMode() != "test" ||
			c.SiteURL != "http://localhost:5173" {
			t.Fatalf("defaults: %+v", c)
		}
		if !slices.Contains(c.CORSOrigins, "http://localhost:5173") {
			t.Fatalf("the client's local origin is not allowed: %v", c.CORSOrigins)
		}
	})
	t.Run("OK_Set", func(t *testing.T) {
		c, err := Load(env(map[string]string{"PORT": "8080", "SEED_DEMO": "false", "CORS_ORIGINS": "https://shop.example/, https://admin.shop.example",
			"PUBLIC_URL": "https://api.shop.example/", "SITE_URL": "https://shop.example/", "ADMIN_EMAILS": "Boss@Shop.example, ops@shop.example", "STRIPE_SECRET_KEY": "sk_test_x"}))
		if err != nil {
			t.Fatal(err)
		}
		if c.Port != 8080 || c.SeedDemo || c.PublicURL != "https://api.shop.example" || c.SiteURL != "https://shop.example" || c.PaymentMode() != "stripe" ||
			!slices.Equal(c.CORSOrigins, []string{"https://shop.example", "https://admin.shop.example"}) || c.OwnerEmail() != "boss@shop.example" {
			t.Fatalf("%+v", c)
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		_, err := Load(env(map[string]string{"PORT": "http", "SEED_DEMO": "maybe", "PUBLIC_URL": "shop", "CORS_ORIGINS": "*", "SITE_URL": "ftp://shop.example"}))
		for _, want := range []string{"PORT", "SEED_DEMO", "PUBLIC_URL", "CORS_ORIGINS", "SITE_URL"} {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("error %v does not name %s", err, want)
			}
		}
	})
	t.Run("OK_SiteURLFollowsClientPort", func(t *testing.T) {
		c, err := Load(env(map[string]string{"CLIENT_PORT": "8081"}))
		if err != nil || c.SiteURL != "http://localhost:8081" {
			t.Fatalf("%v %q", err, c.SiteURL)
		}
	})
	t.Run("ErrSiteURL", func(t *testing.T) {
		for _, v := range []string{"shop.example", "https://", "https://shop.example/?a=1", "https://shop.example/#top", "javascript:alert(1)", "https://shop.example/" + strings.Repeat("a", 300)} {
			if _, err := Load(env(map[string]string{"SITE_URL": v})); err == nil || !strings.Contains(err.Error(), "SITE_URL") {
				t.Errorf("SITE_URL=%q: %v", v, err)
			}
		}
	})
}

func TestLoad_Limits(t *testing.T) {
	t.Parallel()
	t.Run("OK_UnsetMeansDefaults", func(t *testing.T) {
		c, err := Load(env(nil))
		if err != nil {
			t.Fatal(err)
		}
		// Zero: the server's own (safe) defaults apply.
		if c.SignUpLimit != (Rate{}) || c.LoginLimit != (Rate{}) || c.LoginGuessLimit != (Rate{}) || c.LoginAccountLimit != (Rate{}) ||
			c.LoginAccountMaxWait != 0 || c.HashConcurrency != 0 || c.HashWait != 0 {
			t.Fatalf("limits set without the environment: %+v", c)
		}
	})
	t.Run("OK_Set", func(t *testing.T) {
		c, err := Load(env(map[string]string{
			"SIGNUP_BURST": "500", "SIGNUP_INTERVAL": "1s",
			"LOGIN_BURST": "30", "LOGIN_INTERVAL": "10s",
			"LOGIN_GUESS_BURST": "3", "LOGIN_GUESS_INTERVAL": "2m",
			"LOGIN_ACCOUNT_BURST": "50", "LOGIN_ACCOUNT_INTERVAL": "5s", "LOGIN_ACCOUNT_MAX_WAIT": "20s",
			"HASH_CONCURRENCY": " 4 ", "HASH_WAIT": "500ms",
		}))
		if err != nil {
			t.Fatal(err)
		}
		if c.SignUpLimit != (Rate{500, time.Second}) || c.LoginLimit != (Rate{30, 10 * time.Second}) ||
			c.LoginGuessLimit != (Rate{3, 2 * time.Minute}) || c.LoginAccountLimit != (Rate{50, 5 * time.Second}) ||
			c.LoginAccountMaxWait != 20*time.Second || c.HashConcurrency != 4 || c.HashWait != 500*time.Millisecond {
			t.Fatalf("%+v", c)
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		bad := map[string]string{
			"SIGNUP_BURST": "0", "SIGNUP_INTERVAL": "5", "LOGIN_BURST": "-1", "LOGIN_INTERVAL": "0s",
			"LOGIN_GUESS_BURST": "many", "LOGIN_GUESS_INTERVAL": "-1m", "LOGIN_ACCOUNT_BURST": "1.5",
			"LOGIN_ACCOUNT_INTERVAL": "forever", "LOGIN_ACCOUNT_MAX_WAIT": "48h", "HASH_CONCURRENCY": "100000", "HASH_WAIT": "soon",
		}
		_, err := Load(env(bad))
		for name := range bad {
			if err == nil || !strings.Contains(err.Error(), name+" ") {
				t.Errorf("error %v does not name %s", err, name)
			}
		}
	})
}

func TestLoad_Mail(t *testing.T) {
	t.Parallel()
	t.Run("OK_UnsetKeepsMail", func(t *testing.T) {
		c, err := Load(env(nil))
		if err != nil || c.SMTPURL != "" || c.MailFrom != "" {
			t.Fatalf("%v %+v", err, c)
		}
	})
	t.Run("OK_Set", func(t *testing.T) {
		c, err := Load(env(map[string]string{"SMTP_URL": " smtps://shop:pw@mail.example.com ", "MAIL_FROM": "Shop <orders@example.com>"}))
		if err != nil || c.SMTPURL != "smtps://shop:pw@mail.example.com" || c.MailFrom != "Shop <orders@example.com>" {
			t.Fatalf("%v %+v", err, c)
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		for _, e := range []map[string]string{
			{"SMTP_URL": "http://mail.example.com", "MAIL_FROM": "a@example.com"},
			{"SMTP_URL": "smtp://", "MAIL_FROM": "a@example.com"},
			{"SMTP_URL": "smtp://mail.example.com"},
			{"SMTP_URL": "smtp://mail.example.com", "MAIL_FROM": "nobody"},
		} {
			if _, err := Load(env(e)); err == nil {
				t.Errorf("%v: accepted", e)
			}
		}
	})
}

func TestLoad_SharedStore(t *testing.T) {
	t.Parallel()
	c, err := Load(env(map[string]string{"MONGODB_URI": "mongodb://db:27017/", "TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.7",
		"STORE_ALLOW_NON_ATOMIC": "true", "RECOVERY_AFTER": "30s", "RECOVERY_EVERY": "5s"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.CheckServer(); err == nil || !strings.Contains(err.Error(), "JWT_SECRET is required with MONGODB_URI") {
		t.Fatalf("a server on MONGODB_URI without JWT_SECRET: %v", err)
	}
	if !c.AllowNonAtomic || len(c.TrustedProxies) != 2 || c.RecoveryAfter != 30*time.Second || c.RecoveryEvery != 5*time.Second {
		t.Fatalf("loaded %+v", c)
	}
	c.JWTSecret = "a-shared-secret-of-thirty-two-characters"
	if err := c.CheckServer(); err != nil {
		t.Fatal(err)
	}
	if c, _ := Load(env(map[string]string{})); c.CheckServer() != nil || c.AllowNonAtomic {
		t.Fatalf("embedded needs no JWT_SECRET, and is atomic: %+v", c)
	}
	if _, err := Load(env(map[string]string{"TRUSTED_PROXIES": "lb.internal"})); err == nil || !strings.Contains(err.Error(), `TRUSTED_PROXIES entry "lb.internal"`) {
		t.Fatalf("a host name in TRUSTED_PROXIES: %v", err)
	}
}

func TestLoad_Tax(t *testing.T) {
	t.Parallel()
	c, err := Load(env(nil))
	if err != nil || c.TaxRate != 0 || c.TaxLabel != "Sales tax" {
		t.Fatalf("defaults: %d %q %v", c.TaxRate, c.TaxLabel, err)
	}
	for v, want := range map[string]int64{"8.25": 825, "20": 2000, "0": 0, "7.5": 750, "100": 10000} {
		c, err := Load(env(map[string]string{"TAX_RATE": v, "TAX_LABEL": "VAT"}))
		if err != nil || c.TaxRate != want || c.TaxLabel != "VAT" {
			t.Fatalf("TAX_RATE=%s: %d %q %v", v, c.TaxRate, c.TaxLabel, err)
		}
	}
	for _, v := range []string{"-1", "8.255", "abc", "100.01", "1e2", ".5", "8,25"} {
		if _, err := Load(env(map[string]string{"TAX_RATE": v})); err == nil || !strings.Contains(err.Error(), "TAX_RATE") {
			t.Fatalf("TAX_RATE=%s accepted: %v", v, err)
		}
	}
}
