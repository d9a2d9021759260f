package app_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/server/internal/app"
	"storefront/server/internal/mail"
	"storefront/server/internal/mail/mailtest"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
	"storefront/server/internal/testclock"
)

// newClock is the time the store and the courier see; tests move it.
func newClock() *testclock.Clock { return testclock.At("2026-05-04T08:00:00Z") }

// openStore opens the store of dir on the clock (it is closed when the test ends).
func openStore(t *testing.T, dir string, clock *testclock.Clock) *mongodb.Store {
	t.Helper()
	cfg := mongotest.Config(dir)
	cfg.Clock = clock.Now
	s, err := mongodb.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close(context.Background()) })
	return s
}

func newOutbox(s *mongodb.Store, enabled bool) *app.Outbox {
	return &app.Outbox{Store: s, Composer: mail.MustTemplates(""), Enabled: enabled, Domain: "shop.test", Log: discard}
}

func newCourier(t *testing.T, s *mongodb.Store, srv *mailtest.Server, clock *testclock.Clock, rawURL string) *app.Courier {
	t.Helper()
	tr, err := mail.NewSMTP(rawURL, "orders@shop.test", srv.ClientTLS())
	if err != nil {
		t.Fatal(err)
	}
	return &app.Courier{Store: s, Transport: tr, Log: discard, Now: clock.Now}
}

func shipped(n int64, to string) shop.Letter {
	at := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	g := shop.GroupOfOne(shop.Order{Number: n, Name: "Ann", Email: to, ProductName: "Lathe", ProductQuantity: 1, Shipped: true, ShippedAt: &at})
	return shop.Letter{Kind: shop.LetterOrderShipped, To: to, Group: &g}
}

func outbox(t *testing.T, s *mongodb.Store) []shop.Mail {
	t.Helper()
	list, _, err := s.ListMail(context.Background(), 100, 0)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func mustPass(t *testing.T, c *app.Courier) int {
	t.Helper()
	n, err := c.Pass(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestCourier_Delivers(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name     string
		security mailtest.Security
		wantTLS  bool
	}{{"Plain", mailtest.Plain, false}, {"StartTLS", mailtest.StartTLS, true}} {
		t.Run(c.name, func(t *testing.T) {
			clock := newClock()
			s := openStore(t, t.TempDir(), clock)
			srv := mailtest.Start(t, mailtest.Options{Security: c.security})
			newOutbox(s, true).Send(context.Background(), shipped(1001, "ann@shop.test"), shipped(1002, "bob@shop.test"))
			courier := newCourier(t, s, srv, clock, "smtp://"+srv.Addr())
			if n := mustPass(t, courier); n != 2 {
				t.Fatalf("sent %d, want 2", n)
			}
			got := srv.Messages()
			if len(got) != 2 || got[0].TLS != c.wantTLS {
				t.Fatalf("received %+v", got)
			}
			for _, m := range outbox(t, s) {
				if m.Status != shop.MailSent || m.Attempts != 1 || m.SentAt == nil || !m.SentAt.Equal(clock.Now()) || m.LastError != "" {
					t.Fatalf("after delivery: %+v", m)
				}
				found := false
				for _, r := range got {
					found = found || strings.Contains(string(r.Data), "Message-ID: "+m.MessageID)
				}
				if !found || !strings.HasSuffix(m.MessageID, "@shop.test>") {
					t.Fatalf("no message carries the Message-ID %s", m.MessageID)
				}
			}
			if n := mustPass(t, courier); n != 0 || len(srv.Messages()) != 2 {
				t.Fatalf("a second pass sent %d", n)
			}
			// Sent mail is kept 90 days, then deleted.
			clock.Add(shop.MailKeepSent - time.Second)
			mustPass(t, courier)
			if len(outbox(t, s)) != 2 {
				t.Fatal("sent mail deleted before 90 days")
			}
			clock.Add(2 * time.Second)
			mustPass(t, courier)
			if list := outbox(t, s); len(list) != 0 {
				t.Fatalf("sent mail kept past 90 days: %+v", list)
			}
			if err := s.Check(context.Background()); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestCourier_DisabledIsKeptNotSent(t *testing.T) {
	t.Parallel()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	srv := mailtest.Start(t, mailtest.Options{})
	newOutbox(s, false).Send(context.Background(), shipped(1001, "ann@shop.test"))
	if n := mustPass(t, newCourier(t, s, srv, clock, "smtp://"+srv.Addr())); n != 0 || len(srv.Messages()) != 0 {
		t.Fatalf("a disabled message was sent")
	}
	if list := outbox(t, s); len(list) != 1 || list[0].Status != shop.MailDisabled || !strings.Contains(list[0].Text, "has shipped") {
		t.Fatalf("outbox: %+v", list)
	}
}

// TestCourier_ServerDownThenUp: an outage loses nothing, and the message is
// delivered once when the server is back.
func TestCourier_ServerDownThenUp(t *testing.T) {
	t.Parallel()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	srv := mailtest.Start(t, mailtest.Options{Security: mailtest.StartTLS})
	srv.Stop()
	newOutbox(s, true).Send(context.Background(), shipped(1001, "ann@shop.test"))
	courier := newCourier(t, s, srv, clock, "smtp://"+srv.Addr())
	if n := mustPass(t, courier); n != 0 {
		t.Fatalf("sent %d to a stopped server", n)
	}
	m := outbox(t, s)[0]
	if m.Status != shop.MailPending || m.Attempts != 1 || m.LastError == "" || m.NextAt.Sub(clock.Now()) > 10*time.Second {
		t.Fatalf("after a failed attempt: %+v (next in %s)", m, m.NextAt.Sub(clock.Now()))
	}
	mustPass(t, courier) // not due yet: no attempt
	if m := outbox(t, s)[0]; m.Attempts != 1 {
		t.Fatalf("tried again before its time: %d attempts", m.Attempts)
	}
	srv.Restart()
	clock.Add(shop.MailFirstRetry)
	if n := mustPass(t, courier); n != 1 {
		t.Fatalf("sent %d after the server came back", n)
	}
	clock.Add(time.Hour)
	mustPass(t, courier)
	if got := srv.Messages(); len(got) != 1 {
		t.Fatalf("delivered %d times, want once", len(got))
	}
	if m := outbox(t, s)[0]; m.Status != shop.MailSent || m.Attempts != 2 || m.LastError != "" {
		t.Fatalf("after delivery: %+v", m)
	}
}

// TestCourier_GivesUpAfter24Hours: backoff doubles up to 5 minutes; after
// 24 hours of refusals the message is failed.
func TestCourier_GivesUpAfter24Hours(t *testing.T) {
	t.Parallel()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	srv := mailtest.Start(t, mailtest.Options{})
	srv.Stop()
	newOutbox(s, true).Send(context.Background(), shipped(1001, "ann@shop.test"))
	courier := newCourier(t, s, srv, clock, "smtp://"+srv.Addr())
	start := clock.Now()
	var waits []time.Duration
	for i := 0; i < 1000; i++ {
		mustPass(t, courier)
		m := outbox(t, s)[0]
		if m.Status == shop.MailFailed {
			if clock.Now().Sub(start) < shop.MailGiveUpAfter || m.LastError == "" {
				t.Fatalf("failed after %s: %+v", clock.Now().Sub(start), m)
			}
			if waits[0] > 10*time.Second || waits[1] != 2*waits[0] || waits[len(waits)-1] != shop.MailMaxBackoff {
				t.Fatalf("backoff: %v", waits[:8])
			}
			return
		}
		waits = append(waits, m.NextAt.Sub(clock.Now()))
		clock.Add(m.NextAt.Sub(clock.Now()))
	}
	t.Fatal("never given up")
}

// TestCourier_RestartWithPendingMail: messages stored before a stop (one
// never tried, one that failed) are delivered by the next process.
func TestCourier_RestartWithPendingMail(t *testing.T) {
	t.Parallel()
	clock := newClock()
	dir := t.TempDir()
	srv := mailtest.Start(t, mailtest.Options{})
	srv.Stop()
	first := openStore(t, dir, clock)
	newOutbox(first, true).Send(context.Background(), shipped(1001, "ann@shop.test"))
	mustPass(t, newCourier(t, first, srv, clock, "smtp://"+srv.Addr()))
	newOutbox(first, true).Send(context.Background(), shipped(1002, "bob@shop.test"))
	if err := first.Close(context.Background()); err != nil {
		t.Fatal(err)
	}

	srv.Restart()
	clock.Add(time.Minute)
	second := openStore(t, dir, clock)
	if n := mustPass(t, newCourier(t, second, srv, clock, "smtp://"+srv.Addr())); n != 2 || len(srv.Messages()) != 2 {
		t.Fatalf("after the restart: sent %d, received %d", n, len(srv.Messages()))
	}
}

// TestCourier_StalledClaimExpires: a sender that claimed a message and
// stopped answering loses it when its lease ends; another sender delivers
// it, and the stalled one can no longer record an outcome.
func TestCourier_StalledClaimExpires(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	srv := mailtest.Start(t, mailtest.Options{})
	newOutbox(s, true).Send(ctx, shipped(1001, "ann@shop.test"))
	m := outbox(t, s)[0]
	if _, err := s.ClaimMail(ctx, m.ID, "stalled", clock.Now(), clock.Now().Add(shop.MailLease)); err != nil {
		t.Fatal(err)
	}
	other := newCourier(t, s, srv, clock, "smtp://"+srv.Addr())
	clock.Add(shop.MailLease - time.Second)
	if n := mustPass(t, other); n != 0 {
		t.Fatal("a claimed message was sent by another sender within the lease")
	}
	clock.Add(2 * time.Second)
	if n := mustPass(t, other); n != 1 || len(srv.Messages()) != 1 {
		t.Fatalf("after the lease: sent %d", n)
	}
	late := m
	late.Status, late.Attempts = shop.MailPending, 1
	if err := s.FinishMail(ctx, m.ID, "stalled", late); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("the stalled sender recorded an outcome: %v", err)
	}
	if got := outbox(t, s)[0]; got.Status != shop.MailSent {
		t.Fatalf("after the stalled sender's attempt: %+v", got)
	}
}

// TestCourier_SendersShareTheOutbox: two senders (two instances) pass at
// once; each message is claimed by one of them and delivered once.
func TestCourier_SendersShareTheOutbox(t *testing.T) {
	t.Parallel()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	mongotest.RequireMongoDB(t, s)
	srv := mailtest.Start(t, mailtest.Options{})
	box := newOutbox(s, true)
	const n = 20
	for i := range n {
		box.Send(context.Background(), shipped(int64(1001+i), "ann@shop.test"))
	}
	a, b := newCourier(t, s, srv, clock, "smtp://"+srv.Addr()), newCourier(t, s, srv, clock, "smtp://"+srv.Addr())
	a.Batch, b.Batch = 5, 5
	var wg sync.WaitGroup
	sent := make([]int, 2)
	for i, c := range []*app.Courier{a, b} {
		wg.Go(func() { sent[i] = mustPass(t, c) })
	}
	wg.Wait()
	ids := map[string]int{}
	for _, m := range srv.Messages() {
		for _, line := range strings.Split(string(m.Data), "\r\n") {
			if strings.HasPrefix(line, "Message-ID: ") {
				ids[line]++
			}
		}
	}
	if sent[0]+sent[1] != n || len(ids) != n || len(srv.Messages()) != n {
		t.Fatalf("sent %v, received %d messages with %d distinct ids", sent, len(srv.Messages()), len(ids))
	}
}

// TestCourier_RunWakesAndStops: Run delivers at a wake and at a tick, and
// returns when its context ends.
func TestCourier_RunWakesAndStops(t *testing.T) {
	t.Parallel()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	srv := mailtest.Start(t, mailtest.Options{})
	courier := newCourier(t, s, srv, clock, "smtp://"+srv.Addr())
	wake, tick := make(chan struct{}, 1), make(chan time.Time)
	box := newOutbox(s, true)
	box.Wake = func() {
		select {
		case wake <- struct{}{}:
		default:
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		courier.Run(ctx, tick, wake)
	}()
	arrived := srv.Arrived()
	box.Send(context.Background(), shipped(1001, "ann@shop.test"))
	<-arrived
	arrived = srv.Arrived()
	newOutbox(s, true).Send(context.Background(), shipped(1002, "ann@shop.test")) // no wake: the tick finds it
	tick <- clock.Now()
	<-arrived
	cancel()
	<-done
	if got := len(srv.Messages()); got != 2 {
		t.Fatalf("received %d", got)
	}
}
