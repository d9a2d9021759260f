package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"storefront/server/internal/auth"
	"storefront/server/internal/config"
	"storefront/server/internal/opscmd"
	"storefront/server/internal/shop"
	"storefront/server/internal/wiring"
)

// The operator's commands (issue 44): no store is ever locked out of its
// admin pages. Run on the machine, with the server's environment (with the
// embedded store, while the server is stopped, as seed is):
//
//	storefront admin verify EMAIL     marks the address verified (an ADMIN_EMAILS address becomes admin)
//	storefront admin reset-mfa EMAIL  removes the account's second factor and ends its sessions
//
// Each is recorded in the audit trail as the operator's.
const adminUsage = `usage:
  storefront admin verify EMAIL      mark EMAIL's address verified (an ADMIN_EMAILS address becomes admin)
  storefront admin reset-mfa EMAIL   remove EMAIL's second factor and end its sessions
With the embedded store, stop the server first. Each run is recorded in the audit trail.`

// runAdmin runs "storefront admin ..." (args from os.Args[1:]).
func runAdmin(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	if len(args) != 3 || (args[1] != "verify" && args[1] != "reset-mfa") || !shop.IsEmail(shop.NormalizeEmail(args[2])) {
		fmt.Fprintln(stderr, adminUsage)
		return 2
	}
	cfg, err := config.Load(getenv)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	secret, err := auth.LoadSecret(cfg.JWTSecret, cfg.DataDir)
	if err != nil {
		fmt.Fprintf(stderr, "token secret: %v\n", err)
		return 1
	}
	factors, err := auth.NewFactors(secret, authenticatorIssuer(cfg))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	verb := map[string]string{"verify": "verify the address", "reset-mfa": "reset the second factor"}[args[1]]
	store, err := opscmd.OpenStore(ctx, cfg, verb, stderr)
	if err != nil {
		return 1
	}
	defer opscmd.CloseStore(store)
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	deps := wiring.Services(store, wiring.Options{PublicURL: cfg.PublicURL, SiteURL: cfg.SiteURL, Factors: factors, AdminEmails: cfg.AdminEmails,
		AdminMFA: cfg.AdminMFA, AuditRetention: cfg.AuditRetention, Log: log})
	email := shop.NormalizeEmail(args[2])
	ctx = shop.WithOrigin(ctx, shop.Origin{IP: "local", UserAgent: "storefront admin " + args[1]})
	var u shop.User
	if args[1] == "verify" {
		u, err = deps.Accounts.OperatorVerify(ctx, email)
	} else {
		u, err = deps.Accounts.OperatorResetMFA(ctx, email)
	}
	if err != nil {
		fmt.Fprintf(stderr, "Cannot %s of %s: %s\n", verb, email, shop.ErrorMessage(err))
		return 1
	}
	switch args[1] {
	case "verify":
		role := "a customer"
		if u.IsAdmin() {
			role = "an admin"
		}
		fmt.Fprintf(stdout, "%s is verified; the account is %s.\n", u.Email, role)
		if u.IsAdmin() && cfg.AdminMFA == shop.AdminMFARequired {
			fmt.Fprintln(stdout, "Sign in and turn on two-step sign-in (Dashboard → Account) to use the admin pages.")
		}
	default:
		fmt.Fprintf(stdout, "%s has no second factor now, and every session of it has ended. Sign in with the password and turn two-step sign-in on again.\n", u.Email)
	}
	return 0
}
