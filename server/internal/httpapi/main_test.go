package httpapi_test

import (
	"os"
	"testing"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/auth"
)

// TestMain sets what every test of the package shares, once, before any
// runs: Gin's test mode, and argon2id's cheapest parameters (the auth
// package's own tests keep and check the production ones), since these
// tests sign up and sign in hundreds of accounts.
func TestMain(m *testing.M) {
	gin.SetMode(gin.TestMode)
	auth.FastHashingForTests()
	os.Exit(m.Run())
}
