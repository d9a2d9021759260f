package main

import (
	"bytes"
	"fmt"
	"io"
	"mime/quotedprintable"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mail/mailtest"
	"storefront/server/internal/shop"
	"storefront/server/internal/testwait"
)

// TestTwoInstances runs two storefront processes on one MongoDB (with
// MONGODB_URI: go tool task test:wire's wire server, or the GitHub
// workflow's replica set) behind one address that sends requests to each
// in turn, as a load balancer would, and checks what several instances
// must agree on:
//   - they start together and add the demo catalogue and reviews once;
//   - a session from one is valid on the other (one JWT_SECRET);
//   - order, quote and claim numbers stay unique across both (placed one
//     after another, alternating instances: concurrent checks need
//     MongoDB's atomic updates and run in the replica-set job's tests);
//   - each e-mail is sent once, both instances' senders sharing the outbox;
//   - a price edited on one is served by the other within the cache's 2 s;
//   - an instance killed in the middle of orders has its stock holds
//     settled by the other's recovery sweep.
func TestTwoInstances(t *testing.T) {
	t.Parallel()
	uri := os.Getenv("MONGODB_URI")
	if uri == "" {
		t.Skip("needs MONGODB_URI: go tool task test:wire runs it against a wire server, the GitHub workflow against a replica set")
	}
	bin := buildCommand(t, ".", "storefront")
	smtp := mailtest.Start(t, mailtest.Options{Security: mailtest.Plain})
	const admin = "boss@two.test"
	env := []string{
		"MONGODB_URI=" + uri, "MONGODB_DB=two_instances_" + bson.NewObjectID().Hex(),
		"JWT_SECRET=two-instances-share-this-secret-0123456789", "STORE_ALLOW_NON_ATOMIC=" + os.Getenv("STORE_ALLOW_NON_ATOMIC"),
		"ADMIN_EMAILS=" + admin, "SEED_DEMO=true", "SIGNUP_BURST=1000", "LOGIN_BURST=1000",
		"SMTP_URL=smtp://" + smtp.Addr(), "MAIL_FROM=Shop <orders@two.test>",
		// The sweep settles what is older than 2 s, every half second: the
		// killed instance's holds within the test's time.
		"RECOVERY_AFTER=2s", "RECOVERY_EVERY=500ms",
	}
	// Both start at once on an empty database.
	var a, b *running
	var wg sync.WaitGroup
	wg.Go(func() { a = startStorefront(t, bin, t.TempDir(), env...) })
	wg.Go(func() { b = startStorefront(t, bin, t.TempDir(), env...) })
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	front := roundRobin(t, a.api.base, b.api.base)
	api := &apiClient{tb: t, base: front.URL, http: &http.Client{Timeout: 10 * time.Second}, contract: mustContract(t)}

	t.Run("DemoDataOnce", func(t *testing.T) {
		var products []shop.Product
		api.pages("/service", "", &products)
		names := map[string]int{}
		for _, p := range products {
			names[p.Name]++
		}
		if len(products) != 14 || len(names) != 14 {
			t.Errorf("%d demo products (%d names) after two starts, want 14 once each", len(products), len(names))
		}
		var reviews []map[string]any
		api.mustCall("GET", "/reviews?limit=100", "", "", 200, &reviews)
		texts := map[string]int{}
		for _, r := range reviews {
			texts[fmt.Sprint(r["name"], ": ", r["review"])]++
		}
		if len(reviews) < 6 || len(texts) != len(reviews) {
			t.Errorf("%d demo reviews after two starts (%d different), want each once: %v", len(reviews), len(texts), texts)
		}
	})

	first := api.register("Boss", admin)
	verifyFromMail(t, api, smtp, admin) // ADMIN_EMAILS: an admin once the address is verified
	secret := api.enrolMFA(first)       // and, ADMIN_MFA=required, with a second factor
	adminToken := api.signIn(admin, secret)
	buyer := api.register("Bea Buyer", "bea@two.test")
	t.Run("OneSessionOnBoth", func(t *testing.T) {
		for _, inst := range []*running{a, b} {
			inst.api.mustCall("GET", "/admin/"+admin, adminToken, "", 200, nil)
			inst.api.mustCall("GET", "/order?email=bea@two.test", buyer, "", 200, nil)
		}
	})

	// A product of its own, so the counts below are this test's.
	var added struct {
		ID string `json:"insertedId"`
	}
	api.mustCall("POST", "/added", adminToken, `{"name":"Two Instance Lathe","price":"1200","image":"http://shop.example/lathe.png",
		"description":"A lathe both instances sell.","avaialbequantit":"500","minimumquantity":"1"}`, 201, &added)
	lathe := added.ID

	var orderIDs []string
	t.Run("NumbersUnique", func(t *testing.T) {
		seen := map[int64]bool{}
		for i := range 10 {
			var placed struct {
				ID string `json:"insertedId"`
			}
			api.mustCall("POST", "/order", buyer, fmt.Sprintf(`{"productId":%q,"productQuantity":"1","address":"1 Mill Road","mobile":"+44 113 496 0000"}`, lathe), 201, &placed)
			var o shop.Order
			api.mustCall("GET", "/pay/"+placed.ID, buyer, "", 200, &o)
			if seen[o.Number] {
				t.Errorf("order %d: number %d handed out twice", i, o.Number)
			}
			seen[o.Number] = true
			orderIDs = append(orderIDs, o.ID)
		}
		quotes := map[int64]bool{}
		for i := range 4 {
			var q shop.Quote
			api.mustCall("POST", "/quotes", buyer, fmt.Sprintf(`{"items":[{"productId":%q,"quantity":%d}],"message":"A price for %d, please."}`, lathe, 10+i, 10+i), 201, &q)
			if quotes[q.Number] {
				t.Errorf("quote number %d handed out twice", q.Number)
			}
			quotes[q.Number] = true
		}
		claims := map[int64]bool{}
		for _, id := range orderIDs[:4] {
			api.mustCall("PUT", "/order/update/"+id, adminToken, "", 200, nil)
			var c shop.Claim
			api.mustCall("POST", "/claims", buyer, fmt.Sprintf(`{"orderId":%q,"reason":"It arrived with a cracked chuck.","images":[]}`, id), 201, &c)
			if claims[c.Number] {
				t.Errorf("claim number %d handed out twice", c.Number)
			}
			claims[c.Number] = true
		}
	})

	t.Run("EachMailOnce", func(t *testing.T) {
		// The address to verify, 10 orders placed, 4 shipped, 4 claims
		// received: 19 letters to Bea, each sent by one of the two senders.
		const want = 19
		allSent := func() bool {
			var box []shop.Mail
			api.pages("/admin/outbox", adminToken, &box)
			n := 0
			for _, m := range box {
				if m.To != "bea@two.test" {
					continue
				}
				if m.Status != shop.MailSent {
					return false
				}
				if m.Attempts != 1 {
					t.Errorf("the letter %q took %d attempts", m.Subject, m.Attempts)
				}
				n++
			}
			return n == want
		}
		if !testwait.Until(60*time.Second, allSent) {
			t.Fatalf("the outbox did not send Bea's %d letters:\nA:\n%s\nB:\n%s", want, a.logs.String(), b.logs.String())
		}
		letters := lettersTo(smtp, "bea@two.test")
		ids := map[string]int{}
		for _, id := range letters {
			ids[id]++
		}
		if len(ids) != want {
			t.Errorf("%d distinct letters delivered to Bea, want %d", len(ids), want)
		}
		// Once each: the senders' claim of a letter is one conditional
		// update, which FerretDB v1 does not apply atomically; there, two
		// senders may both take a letter (the replica-set job checks once).
		if a.atomicStore() {
			for id, n := range ids {
				if n > 1 {
					t.Errorf("the letter %s was delivered %d times", id, n)
				}
			}
		} else if len(letters) > want {
			t.Logf("%d deliveries of %d letters: FerretDB's non-atomic claim let both senders take some", len(letters), want)
		}
	})

	t.Run("PriceEditShowsOnTheOther", func(t *testing.T) {
		var p shop.Product
		b.api.mustCall("GET", "/service/"+lathe, "", "", 200, &p) // cached on B
		a.api.mustCall("PUT", "/service/"+lathe, adminToken, `{"price":"1350"}`, 200, nil)
		start := time.Now()
		fresh := func() bool {
			var p shop.Product
			b.api.mustCall("GET", "/service/"+lathe, "", "", 200, &p)
			return p.Price == 135000
		}
		// docs/operations.md promises 2 s; a loaded machine gets a little more.
		if !testwait.Until(5*time.Second, fresh) {
			t.Fatalf("B still serves the old price %s after A's edit", time.Since(start).Round(time.Millisecond))
		}
		t.Logf("B served A's new price after %s", time.Since(start).Round(time.Millisecond))
	})

	t.Run("KilledInstanceHoldsSettled", func(t *testing.T) {
		// Ten products of 100, one order each sent to A at once (one order
		// per product: concurrent writes to one document need MongoDB's
		// atomicity), and A killed after the first answer.
		var ids []string
		for i := range 10 {
			var p struct {
				ID string `json:"insertedId"`
			}
			api.mustCall("POST", "/added", adminToken, fmt.Sprintf(`{"name":"Crash Press %d","price":"500","image":"http://shop.example/p.png",
				"description":"Pressed while an instance dies.","avaialbequantit":"100","minimumquantity":"1"}`, i), 201, &p)
			ids = append(ids, p.ID)
		}
		var answered atomic.Int32
		var orders sync.WaitGroup
		for _, id := range ids {
			orders.Go(func() {
				status, _, err := a.api.call("POST", "/order", buyer, fmt.Sprintf(`{"productId":%q,"productQuantity":"3","address":"1 Mill Road","mobile":"+44 113 496 0000"}`, id))
				if err == nil && status == 201 {
					answered.Add(1)
				}
			})
		}
		testwait.Until(10*time.Second, func() bool { return answered.Load() > 0 })
		_ = a.cmd.Process.Kill()
		orders.Wait()
		// Every product's stock plus its orders' pieces comes back to 100 once
		// B's sweep has settled A's holds.
		settled := func() bool {
			var mine []shop.Order
			b.api.pages("/order?email=bea@two.test", buyer, &mine)
			for _, id := range ids {
				var p shop.Product
				b.api.mustCall("GET", "/service/"+id, "", "", 200, &p)
				held := int64(0)
				for _, o := range mine {
					if o.ProductID == id {
						held += o.ProductQuantity
					}
				}
				if p.Available+held != 100 {
					return false
				}
			}
			return true
		}
		if !testwait.Until(30*time.Second, settled) {
			t.Fatalf("stock not settled after A was killed (%d orders answered):\nB:\n%s", answered.Load(), b.logs.String())
		}
		t.Logf("%d of 10 orders answered before the kill; every product's stock settled by B", answered.Load())
	})
	b.stop()
}

// roundRobin is one address in front of the instances, sending each request
// to the next, as a load balancer does.
func roundRobin(t *testing.T, backends ...string) *httptest.Server {
	var proxies []*httputil.ReverseProxy
	for _, b := range backends {
		u, err := url.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		proxies = append(proxies, httputil.NewSingleHostReverseProxy(u))
	}
	var next atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		proxies[int(next.Add(1))%len(proxies)].ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

var messageID = regexp.MustCompile(`(?mi)^Message-Id:\s*(\S+)`)

// lettersTo lists the Message-IDs of the letters the SMTP server received
// for to, one per delivery.
func lettersTo(s *mailtest.Server, to string) []string {
	var out []string
	for _, m := range s.Messages() {
		for _, rcpt := range m.To {
			if strings.EqualFold(rcpt, to) {
				id := "?"
				if sm := messageID.FindSubmatch(m.Data); sm != nil {
					id = string(sm[1])
				}
				out = append(out, id)
			}
		}
	}
	sort.Strings(out)
	return out
}

// atomicStore reports whether the instance's MONGODB_URI applies
// conditional updates atomically (not the wire server of test:wire, whose
// instances log that STORE_ALLOW_NON_ATOMIC let them start).
func (r *running) atomicStore() bool {
	return !strings.Contains(r.logs.String(), "conditional updates are not atomic")
}

// verifyFromMail opens the verification link the SMTP server received for
// email, as the owner of an ADMIN_EMAILS address does.
func verifyFromMail(t *testing.T, api *apiClient, s *mailtest.Server, email string) {
	t.Helper()
	var token string
	found := testwait.Until(30*time.Second, func() bool {
		for _, m := range s.Messages() {
			if len(m.To) == 0 || !strings.EqualFold(m.To[0], email) {
				continue
			}
			data, _ := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(m.Data)))
			if link := verifyLink.FindSubmatch(data); link != nil {
				token = string(link[1])
			}
		}
		return token != ""
	})
	if !found {
		t.Fatalf("no verification e-mail for %s arrived", email)
	}
	api.mustCall("POST", "/auth/verify-email", "", fmt.Sprintf(`{"token":%q}`, token), 200, nil)
}
