package config

import (
	"slices"
	"strings"
	"testing"
)

func env(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }

func TestLoad(t *testing.T) {
	t.Run("OK_Defaults", func(t *testing.T) {
		c, err := Load(env(nil))
		if err != nil {
			t.Fatal(err)
		}
		if c.Port != 5000 || c.DataDir != "./data" || c.MongoDB != "storefront" || !c.SeedDemo || c.PublicURL != "http://localhost:5000" || c.PaymentMode() != "test" {
			t.Fatalf("defaults: %+v", c)
		}
		if !slices.Contains(c.CORSOrigins, "http://localhost:5173") {
			t.Fatalf("the client's local origin is not allowed: %v", c.CORSOrigins)
		}
	})
	t.Run("OK_Set", func(t *testing.T) {
		c, err := Load(env(map[string]string{"PORT": "8080", "SEED_DEMO": "false", "CORS_ORIGINS": "https://shop.example/, https://admin.shop.example",
			"PUBLIC_URL": "https://api.shop.example/", "ADMIN_EMAILS": "Boss@Shop.example, ops@shop.example", "STRIPE_SECRET_KEY": "sk_test_x"}))
		if err != nil {
			t.Fatal(err)
		}
		if c.Port != 8080 || c.SeedDemo || c.PublicURL != "https://api.shop.example" || c.PaymentMode() != "stripe" ||
			!slices.Equal(c.CORSOrigins, []string{"https://shop.example", "https://admin.shop.example"}) || c.OwnerEmail() != "boss@shop.example" {
			t.Fatalf("%+v", c)
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		_, err := Load(env(map[string]string{"PORT": "http", "SEED_DEMO": "maybe", "PUBLIC_URL": "shop", "CORS_ORIGINS": "*"}))
		for _, want := range []string{"PORT", "SEED_DEMO", "PUBLIC_URL", "CORS_ORIGINS"} {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("error %v does not name %s", err, want)
			}
		}
	})
}
