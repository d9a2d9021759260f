package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/testwait"
)

// startStripeMock runs the pinned stripe-mock (installed by `go tool task
// test:go` into bin/) on loopback and returns its address.
func startStripeMock(tb testing.TB) string {
	tb.Helper()
	// stripe-mock is a tool of this module (go.mod pins its version), so
	// the test builds it itself: a plain go test never lacks it. Never a
	// skip: a skipped payment test hides a failure.
	bin := os.Getenv("STRIPE_MOCK_BIN")
	if bin == "" {
		out, err := exec.Command("go", "tool", "-n", "stripe-mock").Output()
		if err != nil {
			var stderr []byte
			if ee, ok := err.(*exec.ExitError); ok {
				stderr = ee.Stderr
			}
			tb.Fatalf("build stripe-mock (go tool -n stripe-mock): %v\n%s", err, stderr)
		}
		bin = strings.TrimSpace(string(out))
	}
	port := func() int {
		l, _ := net.Listen("tcp", "127.0.0.1:0")
		defer l.Close()
		return l.Addr().(*net.TCPAddr).Port
	}
	httpPort, httpsPort := port(), port()
	cmd := exec.Command(bin, "-http-port", fmt.Sprint(httpPort), "-https-port", fmt.Sprint(httpsPort))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	addr := fmt.Sprintf("127.0.0.1:%d", httpPort)
	listening := func() bool {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
		}
		return err == nil
	}
	if !testwait.Until(30*time.Second, listening) {
		tb.Fatalf("stripe-mock did not start:\n%s", out.String())
	}
	return "http://" + addr
}

// stripeProxy sits between the server and stripe-mock. stripe-mock answers
// with fixtures and keeps no state, so the proxy remembers the intents made
// through it (amount, order, status) and lets a test move them on, e.g. to
// succeeded as a confirmed card would. It also records what was sent.
type stripeProxy struct {
	*httptest.Server
	mock string

	mu       sync.Mutex
	intents  map[string]*fakeIntent
	byKey    map[string][]byte // idempotency key -> first answer, as Stripe replays it
	creates  []url.Values
	keysSeen []string
}

type fakeIntent struct {
	Amount  int64
	OrderID string
	Status  string
	Secret  string
}

func newStripeProxy(tb testing.TB) *stripeProxy {
	p := &stripeProxy{mock: startStripeMock(tb), intents: map[string]*fakeIntent{}, byKey: map[string][]byte{}}
	p.Server = httptest.NewServer(http.HandlerFunc(p.serve))
	tb.Cleanup(p.Close)
	return p
}

func (p *stripeProxy) set(id string, f fakeIntent) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if old := p.intents[id]; old != nil && f.Secret == "" {
		f.Secret = old.Secret
	}
	p.intents[id] = &f
}

func (p *stripeProxy) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	form, _ := url.ParseQuery(string(body))
	key := r.Header.Get("Idempotency-Key")
	isCreate := r.Method == "POST" && r.URL.Path == "/v1/payment_intents"
	p.mu.Lock()
	if isCreate {
		p.creates = append(p.creates, form)
		p.keysSeen = append(p.keysSeen, key)
		if prev, ok := p.byKey[key]; ok && key != "" {
			p.mu.Unlock()
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write(prev)
			return
		}
	}
	p.mu.Unlock()

	req, _ := http.NewRequest(r.Method, p.mock+r.URL.RequestURI(), bytes.NewReader(body))
	req.Header = r.Header.Clone()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		http.Error(w, err.Error(), 502)
		return
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var obj map[string]any
	if json.Unmarshal(raw, &obj) == nil && obj["object"] == "payment_intent" {
		p.mu.Lock()
		id, _ := obj["id"].(string)
		if isCreate {
			var amount int64
			fmt.Sscan(form.Get("amount"), &amount)
			// stripe-mock answers every intent with one fixture secret;
			// Stripe's secret starts with the intent's id.
			p.intents[id] = &fakeIntent{Amount: amount, OrderID: form.Get("metadata[orderId]"), Status: "requires_payment_method",
				Secret: id + "_secret_" + fmt.Sprint(len(p.intents))}
		} else if strings.HasSuffix(r.URL.Path, "/cancel") {
			if f := p.intents[id]; f != nil {
				f.Status = "canceled"
			}
		}
		if f := p.intents[id]; f != nil {
			obj["amount"], obj["status"], obj["metadata"] = f.Amount, f.Status, map[string]string{"orderId": f.OrderID}
			if f.Secret != "" {
				obj["client_secret"] = f.Secret
			}
		}
		raw, _ = json.Marshal(obj)
		if isCreate && key != "" {
			p.byKey[key] = raw
		}
		p.mu.Unlock()
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(res.StatusCode)
	_, _ = w.Write(raw)
}

func TestStripePayment(t *testing.T) {
	t.Parallel()
	proxy := newStripeProxy(t)
	ts := mustServeWith(t, serveOptions{stripeURL: proxy.URL})
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Welder", 1290_00, 20, 1)
	intentOf := func(secret string) string { id, _, _ := strings.Cut(secret, "_secret_"); return id }

	t.Run("OK_IntentCarriesServerAmountAndOrder", func(t *testing.T) {
		id := ts.mustOrder(t, alice.Token, p.ID, 2)
		secret := ts.clientSecret(t, alice.Token, id) // the body also says price 0.01
		proxy.mu.Lock()
		form, key := proxy.creates[len(proxy.creates)-1], proxy.keysSeen[len(proxy.keysSeen)-1]
		proxy.mu.Unlock()
		if form.Get("amount") != "258000" || form.Get("currency") != "usd" || form.Get("metadata[orderId]") != id {
			t.Fatalf("intent created with %v", form)
		}
		if !strings.Contains(key, id) {
			t.Fatalf("idempotency key %q does not name the order", key)
		}
		if again := ts.clientSecret(t, alice.Token, id); again != secret {
			t.Fatalf("second call: %s, first %s", again, secret)
		}
		if g, err := ts.store.FindGroup(context.Background(), id); err != nil || g.PaymentIntentID == "" || g.Paid {
			t.Fatalf("the order's purchase after intent: %+v %v", g, err)
		}
	})
	// The client confirms with the Card Element (confirmCardPayment), so the
	// intent must be card-only, not open to automatic payment methods.
	t.Run("OK_IntentIsCardOnly", func(t *testing.T) {
		id := ts.mustOrder(t, alice.Token, p.ID, 1)
		secret := ts.clientSecret(t, alice.Token, id) // stripe-mock accepted the request's parameters
		proxy.mu.Lock()
		form := proxy.creates[len(proxy.creates)-1]
		proxy.mu.Unlock()
		if form.Get("metadata[orderId]") != id || !strings.HasPrefix(secret, "pi_") {
			t.Fatalf("last intent created was not this order's: %v, secret %q", form, secret)
		}
		var types []string
		for k, v := range form {
			if strings.HasPrefix(k, "payment_method_types") {
				types = append(types, v...)
			}
			if strings.HasPrefix(k, "automatic_payment_methods") {
				t.Errorf("intent created with %s=%v; want a card-only intent", k, v)
			}
		}
		if len(types) != 1 || types[0] != "card" {
			t.Fatalf("payment_method_types = %v, want [card] (form %v)", types, form)
		}
	})
	t.Run("ErrUnpaidUnderpaidMadeUpOtherOrder", func(t *testing.T) {
		a := ts.mustOrder(t, alice.Token, p.ID, 1)
		b := ts.mustOrder(t, alice.Token, p.ID, 1)
		piA := intentOf(ts.clientSecret(t, alice.Token, a))
		piB := intentOf(ts.clientSecret(t, alice.Token, b))
		proxy.set(piB, fakeIntent{Amount: 1290_00, OrderID: b, Status: "succeeded"})
		// In order: "Underpaid" moves intent A on.
		for _, c := range []struct {
			name   string
			tx     string
			setup  func()
			status int
		}{
			{"Unpaid", piA, func() {}, 402},
			{"Underpaid", piA, func() { proxy.set(piA, fakeIntent{Amount: 1_00, OrderID: a, Status: "succeeded"}) }, 400},
			{"MadeUp", "pi_made_up_by_client", func() {}, 400},
			{"OtherOrder", piB, func() {}, 400},
		} {
			t.Run(c.name, func(t *testing.T) {
				c.setup()
				res, body := ts.send(t, "PATCH", "/pay/"+a, alice.Token, map[string]string{"transactionId": c.tx})
				mustProblem(t, res, body, c.status)
				if o := ts.order(t, a); o.Paid || o.TransactionID != "" {
					t.Fatalf("order paid by %s: %+v", c.tx, o)
				}
			})
		}
	})
	t.Run("OK_ConcurrentPayEndsWithOneTransaction", func(t *testing.T) {
		mongotest.RequireMongoDB(t, ts.store)
		id := ts.mustOrder(t, alice.Token, p.ID, 1)
		pi1 := intentOf(ts.clientSecret(t, alice.Token, id))
		proxy.set(pi1, fakeIntent{Amount: 1290_00, OrderID: id, Status: "succeeded"})
		pi2 := "pi_second_tab_payment"
		proxy.set(pi2, fakeIntent{Amount: 1290_00, OrderID: id, Status: "succeeded"})
		statuses := make([]int, 2)
		var wg sync.WaitGroup
		for i, tx := range []string{pi1, pi2} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, _ := ts.send(t, "PATCH", "/pay/"+id, alice.Token, map[string]string{"transactionId": tx})
				statuses[i] = res.StatusCode
			}()
		}
		wg.Wait()
		o := ts.order(t, id)
		if !o.Paid || (o.TransactionID != pi1 && o.TransactionID != pi2) {
			t.Fatalf("order %+v", o)
		}
		if !(statuses[0] == 200 && statuses[1] == 409 || statuses[0] == 409 && statuses[1] == 200) {
			t.Fatalf("statuses %v: want one 200 and one 409", statuses)
		}
	})
}
