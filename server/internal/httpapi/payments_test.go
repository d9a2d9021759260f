package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"storefront/server/internal/shop"
)

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func (ts *testServer) clientSecret(tb testing.TB, token, orderID string) string {
	tb.Helper()
	res, body := ts.send(tb, "POST", "/create-payment-intent", token, map[string]any{"orderId": orderID, "price": 0.01})
	var out struct{ ClientSecret string }
	_ = json.Unmarshal(body, &out)
	if res.StatusCode != 200 || out.ClientSecret == "" {
		tb.Fatalf("create intent: %d %s", res.StatusCode, body)
	}
	return out.ClientSecret
}

func (ts *testServer) payWithCard(tb testing.TB, secret, number string) (int, string, string) {
	tb.Helper()
	res, body := ts.send(tb, "POST", "/payments/test/confirm", "", map[string]any{
		"clientSecret": secret, "number": number, "expMonth": 12, "expYear": time.Now().Year() + 2, "cvc": "123", "name": "Alice", "email": "alice@shop.test"})
	var out struct{ ID, Status, Detail string }
	_ = json.Unmarshal(body, &out)
	return res.StatusCode, out.ID, out.Detail
}

func (ts *testServer) order(tb testing.TB, id string) shop.Order {
	tb.Helper()
	o, err := ts.store.FindOrder(context.Background(), id)
	if err != nil {
		tb.Fatal(err)
	}
	return o
}

func TestTestModePayment(t *testing.T) {
	t.Parallel()
	logs := &syncBuffer{}
	ts := mustServeWith(t, serveOptions{logTo: logs})
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	bob := ts.quickAccount(t, "Bob", "bob@shop.test")
	p := ts.mustProduct(t, "Compressor", 6450_00, 10, 1)

	t.Run("OK_PaidThenCannotDelete", func(t *testing.T) {
		id := ts.mustOrder(t, alice.Token, p.ID, 2)
		secret := ts.clientSecret(t, alice.Token, id)
		if again := ts.clientSecret(t, alice.Token, id); again != secret {
			t.Fatalf("a second call made another intent: %s vs %s", again, secret)
		}
		status, piID, detail := ts.payWithCard(t, secret, "4242 4242 4242 4242")
		if status != 200 || piID == "" {
			t.Fatalf("confirm: %d %s", status, detail)
		}
		res, body := ts.send(t, "PATCH", "/pay/"+id, alice.Token, map[string]string{"transactionId": piID})
		if res.StatusCode != 200 {
			t.Fatalf("pay: %d %s", res.StatusCode, body)
		}
		o := ts.order(t, id)
		if !o.Paid || o.TransactionID != piID || o.PaidAt == nil {
			t.Fatalf("order after paying: %+v", o)
		}
		if res, _ := ts.send(t, "PATCH", "/pay/"+id, alice.Token, map[string]string{"transactionId": piID}); res.StatusCode != 200 {
			t.Fatalf("the same transaction again: %d", res.StatusCode)
		}
		res, body = ts.send(t, "PATCH", "/pay/"+id, alice.Token, map[string]string{"transactionId": "pi_test_other"})
		mustProblem(t, res, body, 409)
		res, body = ts.send(t, "POST", "/create-payment-intent", alice.Token, map[string]string{"orderId": id})
		mustProblem(t, res, body, 409)
		stock := ts.stock(t, p.ID)
		res, body = ts.send(t, "DELETE", "/delete/"+id, alice.Token, nil)
		mustProblem(t, res, body, 409)
		if ts.stock(t, p.ID) != stock || !ts.order(t, id).Paid {
			t.Fatal("deleting a paid order changed something")
		}
	})
	t.Run("ErrDeclined_StaysUnpaid", func(t *testing.T) {
		id := ts.mustOrder(t, alice.Token, p.ID, 1)
		secret := ts.clientSecret(t, alice.Token, id)
		status, _, detail := ts.payWithCard(t, secret, "4000 0000 0000 0002")
		if status != 402 || detail != "Your card was declined." {
			t.Fatalf("decline: %d %q", status, detail)
		}
		intentID, _, _ := strings.Cut(secret, "_secret_")
		res, body := ts.send(t, "PATCH", "/pay/"+id, alice.Token, map[string]string{"transactionId": intentID})
		mustProblem(t, res, body, 402)
		if ts.order(t, id).Paid {
			t.Fatal("a declined payment marked the order paid")
		}
	})
	t.Run("ErrMadeUpOrOtherOrdersIntent", func(t *testing.T) {
		a := ts.mustOrder(t, alice.Token, p.ID, 1)
		b := ts.mustOrder(t, alice.Token, p.ID, 1)
		secretB := ts.clientSecret(t, alice.Token, b)
		_, piB, _ := ts.payWithCard(t, secretB, "4242424242424242")
		for _, tx := range []string{"pi_made_up", piB} {
			res, body := ts.send(t, "PATCH", "/pay/"+a, alice.Token, map[string]string{"transactionId": tx})
			mustProblem(t, res, body, 400)
			if ts.order(t, a).Paid {
				t.Fatalf("%s marked order a paid", tx)
			}
		}
	})
	t.Run("ErrOtherCustomerCannotPay", func(t *testing.T) {
		id := ts.mustOrder(t, alice.Token, p.ID, 1)
		secret := ts.clientSecret(t, alice.Token, id)
		_, piID, _ := ts.payWithCard(t, secret, "4242424242424242")
		before := ts.order(t, id)
		// another customer's order is hidden like a missing one (404), so that ids cannot be probed
		res, body := ts.send(t, "POST", "/create-payment-intent", bob.Token, map[string]string{"orderId": id})
		mustProblem(t, res, body, 404)
		res, body = ts.send(t, "PATCH", "/pay/"+id, bob.Token, map[string]string{"transactionId": piID})
		mustProblem(t, res, body, 404)
		if after := ts.order(t, id); after.Paid != before.Paid || after.TransactionID != before.TransactionID {
			t.Fatal("another customer changed the order")
		}
	})
	t.Run("OK_SpecBodyWithOrder", func(t *testing.T) {
		id := ts.mustOrder(t, alice.Token, p.ID, 1)
		secret := ts.clientSecret(t, alice.Token, id)
		_, piID, _ := ts.payWithCard(t, secret, "4242424242424242")
		// `order` naming another order, or not a string, is refused and changes nothing
		other := ts.mustOrder(t, alice.Token, p.ID, 1)
		for _, c := range []struct {
			order any
			msg   string
		}{{other, "must be the id of the order in the path"}, {"", "must be the id of the order in the path"}, {7, "has the wrong type"}} {
			res, body := ts.send(t, "PATCH", "/pay/"+id, alice.Token, map[string]any{"order": c.order, "transactionId": piID})
			if pr := mustProblem(t, res, body, 400); len(pr.Errors) != 1 || pr.Errors["order"] != c.msg {
				t.Fatalf("order %v: errors %v", c.order, pr.Errors)
			}
			if ts.order(t, id).Paid || ts.order(t, other).Paid {
				t.Fatalf("order %v: a refused request marked an order paid", c.order)
			}
		}
		// the spec's body {order, transactionId}, checked with the provider as ever
		res, body := ts.send(t, "PATCH", "/pay/"+other, alice.Token, map[string]any{"order": other, "transactionId": piID})
		mustProblem(t, res, body, 400)
		if ts.order(t, other).Paid {
			t.Fatal("another order's payment marked this order paid")
		}
		res, body = ts.send(t, "PATCH", "/pay/"+id, alice.Token, map[string]any{"order": id, "transactionId": piID})
		if res.StatusCode != 200 {
			t.Fatalf("pay with the spec's body: %d %s", res.StatusCode, body)
		}
		if o := ts.order(t, id); !o.Paid || o.TransactionID != piID {
			t.Fatalf("order after paying: %+v", o)
		}
	})
	t.Run("OK_DeleteCancelsOpenIntent", func(t *testing.T) {
		id := ts.mustOrder(t, alice.Token, p.ID, 1)
		secret := ts.clientSecret(t, alice.Token, id)
		if res, body := ts.send(t, "DELETE", "/delete/"+id, alice.Token, nil); res.StatusCode != 200 {
			t.Fatalf("delete: %d %s", res.StatusCode, body)
		}
		if status, _, detail := ts.payWithCard(t, secret, "4242424242424242"); status != 402 || !strings.Contains(detail, "cancelled") {
			t.Fatalf("paying a deleted order's intent: %d %q", status, detail)
		}
	})
	t.Run("CardNeverStoredOrLogged", func(t *testing.T) {
		dump, err := ts.store.Dump(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []string{"4242424242424242", "4242 4242 4242 4242", "4000000000000002", "4000 0000 0000 0002"} {
			if strings.Contains(dump, n) {
				t.Fatalf("the store holds card number %s", n)
			}
			if strings.Contains(logs.String(), n) {
				t.Fatalf("the log holds card number %s", n)
			}
		}
		if !strings.Contains(logs.String(), "/payments/test/confirm") {
			t.Fatal("the log shows no confirm request: this check would prove nothing")
		}
	})
}

func signedEvent(tb testing.TB, id, orderID, intentID string, amount int64, at time.Time, secret string) ([]byte, string) {
	tb.Helper()
	payload, _ := json.Marshal(map[string]any{
		"id": id, "object": "event", "type": "payment_intent.succeeded", "api_version": "2025-01-01", "created": at.Unix(),
		"data": map[string]any{"object": map[string]any{"id": intentID, "object": "payment_intent", "amount": amount, "currency": "usd",
			"status": "succeeded", "metadata": map[string]string{"orderId": orderID}}},
	})
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: at})
	return signed.Payload, signed.Header
}

func (ts *testServer) postWebhook(tb testing.TB, payload []byte, sig string) (int, []byte) {
	tb.Helper()
	req, _ := http.NewRequest("POST", ts.URL+"/stripe/webhook", bytes.NewReader(payload))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Stripe-Signature", sig)
	res, body := exchange(tb, req)
	return res.StatusCode, body
}

func TestStripeWebhook(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Generator", 149_00, 10, 1)
	id := ts.mustOrder(t, alice.Token, p.ID, 2)
	now := time.Now()
	t.Run("ErrBadSignature", func(t *testing.T) {
		payload, sig := signedEvent(t, "evt_bad", id, "pi_1", 298_00, now, "whsec_wrong")
		if status, _ := ts.postWebhook(t, payload, sig); status != 400 || ts.order(t, id).Paid {
			t.Fatalf("status %d", status)
		}
	})
	t.Run("ErrStaleTimestamp", func(t *testing.T) {
		payload, sig := signedEvent(t, "evt_old", id, "pi_1", 298_00, now.Add(-10*time.Minute), webhookSecret)
		if status, _ := ts.postWebhook(t, payload, sig); status != 400 || ts.order(t, id).Paid {
			t.Fatalf("status %d", status)
		}
	})
	t.Run("ErrWrongAmountNotRecorded", func(t *testing.T) {
		payload, sig := signedEvent(t, "evt_under", id, "pi_under", 1_00, now, webhookSecret)
		if status, _ := ts.postWebhook(t, payload, sig); status != 200 || ts.order(t, id).Paid {
			t.Fatalf("status %d, paid %v", status, ts.order(t, id).Paid)
		}
	})
	t.Run("OK_MarksPaidOnce", func(t *testing.T) {
		payload, sig := signedEvent(t, "evt_ok", id, "pi_good", 298_00, now, webhookSecret)
		if status, body := ts.postWebhook(t, payload, sig); status != 200 {
			t.Fatalf("status %d %s", status, body)
		}
		o := ts.order(t, id)
		if !o.Paid || o.TransactionID != "pi_good" {
			t.Fatalf("after the event: %+v", o)
		}
		if status, _ := ts.postWebhook(t, payload, sig); status != 200 {
			t.Fatalf("replay: %d", status)
		}
		if after := ts.order(t, id); after.TransactionID != "pi_good" || !after.PaidAt.Equal(*o.PaidAt) {
			t.Fatalf("a replay changed the order: %+v", after)
		}
		// an event for another intent of the same paid order changes nothing either
		payload, sig = signedEvent(t, "evt_second", id, "pi_other", 298_00, now, webhookSecret)
		ts.postWebhook(t, payload, sig)
		if after := ts.order(t, id); after.TransactionID != "pi_good" {
			t.Fatalf("a second payment replaced the first: %+v", after)
		}
	})
}
