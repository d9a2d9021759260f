package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Issue 44: no store is ever locked out. On a deployment without SMTP_URL
// whose SITE_URL is not loopback the log shows no mailed link, and says so,
// naming MAIL_CONSOLE=true and `storefront admin verify`; the operator's
// commands, run while the server is stopped, verify the first admin's
// address and remove a lost second factor, each recorded in the audit trail.
func TestBinary_OperatorCommands(t *testing.T) {
	t.Parallel()
	bin := buildCommand(t, ".", "storefront")
	dataDir := t.TempDir()
	const owner = "owner@ops.test"
	env := []string{"ADMIN_EMAILS=" + owner, "SEED_DEMO=false", "SITE_URL=https://shop.example"}
	admin := func(args ...string) (string, int) {
		t.Helper()
		cmd := exec.Command(bin, append([]string{"admin"}, args...)...)
		cmd.Env = append(os.Environ(), append([]string{"DATA_DIR=" + dataDir, "MONGODB_URI="}, env...)...)
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return string(out), code
	}

	a := startStorefront(t, bin, dataDir, env...)
	token := a.api.register("Owner", owner)
	logs := a.logs.String()
	for _, want := range []string{"MAIL_CONSOLE=true", "storefront admin verify"} {
		if !strings.Contains(logs, want) {
			t.Errorf("the warning at start does not name %q:\n%s", want, logs)
		}
	}
	if strings.Contains(logs, "verify-email?token=") {
		t.Fatalf("a live link in a deployment's log:\n%s", logs)
	}
	if out, code := admin("verify", owner); code != 1 || !strings.Contains(out, "running storefront") {
		t.Fatalf("while the server runs: exit %d\n%s", code, out)
	}
	a.stop()

	if out, code := admin("verify"); code != 2 || !strings.Contains(out, "usage") {
		t.Fatalf("no address: exit %d\n%s", code, out)
	}
	if out, code := admin("verify", "nobody@ops.test"); code != 1 || !strings.Contains(out, "not found") {
		t.Fatalf("an unknown address: exit %d\n%s", code, out)
	}
	out, code := admin("verify", owner)
	if code != 0 || !strings.Contains(out, owner+" is verified; the account is an admin.") || !strings.Contains(out, "two-step sign-in") {
		t.Fatalf("verify: exit %d\n%s", code, out)
	}

	b := startStorefront(t, bin, dataDir, env...)
	token = b.api.signIn(owner, "")
	b.api.mustCall("GET", "/user", token, "", 403, nil) // mfa_required
	b.api.enrolMFA(token)
	var trail []struct{ Action, Actor, Target string }
	b.api.mustCall("GET", "/admin/audit?action=operator.", token, "", 200, &trail)
	if len(trail) != 1 || trail[0].Action != "operator.verify-address" || trail[0].Actor != "operator" || trail[0].Target != owner {
		t.Fatalf("the operator's verification in the trail: %+v", trail)
	}
	b.stop()

	out, code = admin("reset-mfa", owner)
	if code != 0 || !strings.Contains(out, "has no second factor now") {
		t.Fatalf("reset-mfa: exit %d\n%s", code, out)
	}
	c := startStorefront(t, bin, dataDir, env...)
	var me struct {
		Token string
		User  struct{ MFA bool }
	}
	c.api.mustCall("POST", "/auth/login", "", `{"email":"`+owner+`","password":"`+testPassword+`"}`, 200, &me)
	if me.Token == "" || me.User.MFA {
		t.Fatalf("after reset-mfa the sign-in is one step: %+v", me)
	}
	c.api.enrolMFA(me.Token)
	c.api.mustCall("GET", "/admin/audit?action=operator.mfa-reset", me.Token, "", 200, &trail)
	if len(trail) != 1 || trail[0].Actor != "operator" {
		t.Fatalf("the operator's reset in the trail: %+v", trail)
	}
	c.stop()
}
