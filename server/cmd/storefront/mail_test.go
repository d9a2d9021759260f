package main

import (
	"bytes"
	"fmt"
	"io"
	"mime/quotedprintable"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"storefront/server/internal/mail/mailtest"
	"storefront/server/internal/testwait"
)

// TestBinary_SendsMail: with SMTP_URL the binary runs the outbox's sender:
// a contact message reaches the admin through a real SMTP server, and
// SIGTERM still stops the process cleanly.
func TestBinary_SendsMail(t *testing.T) {
	t.Parallel()
	srv := mailtest.Start(t, mailtest.Options{Security: mailtest.Plain})
	bin := buildCommand(t, ".", "storefront")
	port := freePort(t)
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "DATA_DIR="+t.TempDir(), fmt.Sprintf("PORT=%d", port), "MONGODB_URI=", "SEED_DEMO=false",
		"SMTP_URL=smtp://"+srv.Addr(), "MAIL_FROM=Shop <orders@shop.test>", "ADMIN_EMAILS=boss@shop.test")
	logs := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	api := &apiClient{tb: t, base: fmt.Sprintf("http://127.0.0.1:%d", port), http: http.DefaultClient, contract: mustContract(t)}
	if !testwait.Until(60*time.Second, api.healthy) {
		t.Fatalf("not healthy in time:\n%s", logs.String())
	}
	// The owner signs up and opens the link of the e-mail: an admin then.
	arrived := srv.Arrived()
	api.register("Boss", "boss@shop.test")
	select {
	case <-arrived:
	case <-time.After(30 * time.Second):
		t.Fatalf("no verification e-mail arrived:\n%s", logs.String())
	}
	got := srv.Messages()
	data, _ := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(got[0].Data)))
	link := verifyLink.FindSubmatch(data)
	if len(got) != 1 || got[0].To[0] != "boss@shop.test" || link == nil {
		t.Fatalf("received %+v", got)
	}
	api.mustCall("POST", "/auth/verify-email", "", fmt.Sprintf(`{"token":%q}`, link[1]), 200, nil)
	arrived = srv.Arrived()
	api.mustCall("POST", "/contact", "", `{"email":"buyer@firm.test","subject":"Opening hours","message":"When are you open?"}`, 201, nil)
	select {
	case <-arrived:
	case <-time.After(30 * time.Second):
		t.Fatalf("no mail arrived:\n%s", logs.String())
	}
	got = srv.Messages()
	if len(got) != 2 || got[1].To[0] != "boss@shop.test" || !strings.Contains(string(got[1].Data), "Subject: Contact message: Opening hours") {
		t.Fatalf("received %+v", got)
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-done:
		if err != nil || !strings.Contains(logs.String(), "store closed") {
			t.Fatalf("exit after SIGTERM: %v\n%s", err, logs.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("did not stop on SIGTERM:\n%s", logs.String())
	}
}
