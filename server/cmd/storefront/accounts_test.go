package main

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"storefront/server/internal/testwait"
)

var verifyLink = regexp.MustCompile(`/verify-email\?token=([A-Za-z0-9_-]+)`)

// verifyFromLog opens the verification link mailed to email, as an owner
// on a machine without SMTP_URL does: from the server's log, where the
// outbox shows each message's recipient, subject and links. An ADMIN_EMAILS
// account becomes an admin then.
func (a *apiClient) verifyFromLog(logs fmt.Stringer, email string) {
	a.tb.Helper()
	var token string
	found := testwait.Until(30*time.Second, func() bool {
		for _, line := range strings.Split(logs.String(), "\n") {
			if m := verifyLink.FindStringSubmatch(line); m != nil && strings.Contains(line, "to="+email+" ") {
				token = m[1]
			}
		}
		return token != ""
	})
	if !found {
		a.tb.Fatalf("no verification link for %s in the log:\n%s", email, logs.String())
	}
	a.mustCall("POST", "/auth/verify-email", "", fmt.Sprintf(`{"token":%q}`, token), 200, nil)
}
