package httpapi_test

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"storefront/server/internal/shop"
)

// deleteMe is DELETE /account as token with body.
func (ts *testServer) deleteMe(tb testing.TB, token string, body map[string]any) (int, []byte) {
	tb.Helper()
	res, out := ts.send(tb, "DELETE", "/account", token, body)
	return res.StatusCode, out
}

// customerData is what a customer leaves in the store: an unpaid order, a
// paid and shipped one, a quote, a profile and a review with pictures.
type customerData struct {
	unpaid, paid, quote, review string
	product                     shop.Product
}

func (ts *testServer) mustCustomerData(t *testing.T, admin, who account, picture []byte) customerData {
	t.Helper()
	var d customerData
	d.product = ts.mustProduct(t, "Erasure Test Lathe "+who.ID, 250000, 100, 1)
	d.unpaid = ts.mustOrder(t, who.Token, d.product.ID, 3)
	d.paid = ts.mustOrder(t, who.Token, d.product.ID, 2)
	status, intent, _ := ts.payWithCard(t, ts.clientSecret(t, who.Token, d.paid), "4242424242424242")
	if status != 200 {
		t.Fatalf("pay: %d", status)
	}
	if res, body := ts.send(t, "PATCH", "/pay/"+d.paid, who.Token, map[string]any{"transactionId": intent}); res.StatusCode != 200 {
		t.Fatalf("record the payment: %d %s", res.StatusCode, body)
	}
	if res, body := ts.send(t, "PUT", "/order/update/"+d.paid, admin.Token, nil); res.StatusCode != 200 {
		t.Fatalf("ship: %d %s", res.StatusCode, body)
	}
	res, body := ts.send(t, "POST", "/quotes", who.Token, map[string]any{"items": []map[string]any{{"productId": d.product.ID, "quantity": 40}}, "message": "Fleet price?"})
	if res.StatusCode != 201 {
		t.Fatalf("quote: %d %s", res.StatusCode, body)
	}
	d.quote = decode[inserted](t, body).InsertedID
	img := ts.mustUpload(t, who.Token, picture)
	if res, body := ts.send(t, "POST", "/profile", who.Token, map[string]any{"image": img, "address": "1 Mill Road", "education": "BSc"}); res.StatusCode != 200 {
		t.Fatalf("profile: %d %s", res.StatusCode, body)
	}
	res, body = ts.send(t, "POST", "/reviews", who.Token, map[string]any{"review": "Review by " + who.ID, "img": img, "rating": 4})
	if res.StatusCode != 201 {
		t.Fatalf("review: %d %s", res.StatusCode, body)
	}
	d.review = decode[inserted](t, body).InsertedID
	return d
}

func (ts *testServer) reviewByID(t *testing.T, id string) (shop.Review, bool) {
	t.Helper()
	list, err := ts.store.ListReviews(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range list {
		if r.ID == id {
			return r, true
		}
	}
	return shop.Review{}, false
}

func TestDeleteAccount(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	ann := ts.mustRegister(t, "Ann", "ann@shop.test")
	bob := ts.mustRegister(t, "Bob", "bob@shop.test")
	annData := ts.mustCustomerData(t, admin, ann, testPNG(t, 40, 30))
	bobData := ts.mustCustomerData(t, admin, bob, testPNG(t, 50, 30))
	paidBefore := ts.order(t, annData.paid)
	if ts.stock(t, annData.product.ID) != 95 {
		t.Fatalf("stock %d before, want 95", ts.stock(t, annData.product.ID))
	}

	t.Run("ErrNotConfirmed_NothingChanges", func(t *testing.T) {
		before := ts.dump(t)
		for _, body := range []map[string]any{
			{"password": "not-it"},
			{},
			{"password": "secret123", "googleIdToken": "x"},
			{"password": "secret123", "role": "admin"},
		} {
			status, out := ts.deleteMe(t, ann.Token, body)
			if status != 400 {
				t.Fatalf("%v: %d %s", body, status, out)
			}
		}
		if status, out := ts.deleteMe(t, "", map[string]any{"password": "secret123"}); status != 401 {
			t.Fatalf("anonymous: %d %s", status, out)
		}
		if after := ts.dump(t); after != before {
			t.Fatal("a refused deletion changed the store")
		}
		if status, _ := ts.me(t, ann.Token); status != 200 {
			t.Fatal("a refused deletion ended the session")
		}
	})

	t.Run("OK_AccountGoesAnonymisedOrdersStay", func(t *testing.T) {
		status, out := ts.deleteMe(t, ann.Token, map[string]any{"password": "secret123"})
		if status != 200 || string(out) != `{"acknowledged":true,"deletedCount":1}` {
			t.Fatalf("%d %s", status, out)
		}
		// the account and its sessions
		if status, _ := ts.me(t, ann.Token); status != 401 {
			t.Fatalf("the deleted account's token: %d", status)
		}
		if status, _ := ts.signIn(t, ann.Email, "secret123"); status != 401 {
			t.Fatalf("sign-in to the deleted account: %d", status)
		}
		if _, err := ts.store.FindUserByEmail(context.Background(), ann.Email); shop.ErrorCode(err) != shop.ENOTFOUND {
			t.Fatalf("the account is still stored: %v", err)
		}
		// the profile
		if _, err := ts.store.FindProfileByEmail(context.Background(), ann.Email); shop.ErrorCode(err) != shop.ENOTFOUND {
			t.Fatalf("the profile is still stored: %v", err)
		}
		// the unpaid order is cancelled, its stock returned
		if _, err := ts.store.FindOrder(context.Background(), annData.unpaid); shop.ErrorCode(err) != shop.ENOTFOUND {
			t.Fatalf("the unpaid order is still stored: %v", err)
		}
		if s := ts.stock(t, annData.product.ID); s != 98 {
			t.Fatalf("stock %d, want 98 (the unpaid order's 3 back)", s)
		}
		// its cancellation is recorded, by the shop, without the address
		if c := ts.cancellationsOf(t, annData.unpaid); len(c) != 1 || c[0].By != shop.CancelledBySystem || c[0].Email != shop.ErasedMarker || c[0].ProductQuantity != 3 {
			t.Fatalf("the unpaid order's cancellation: %+v", c)
		}
		// the paid order stays, its personal fields replaced, the rest as it was
		paid := ts.order(t, annData.paid)
		want := paidBefore
		want.Name, want.Email, want.Address, want.Mobile = shop.ErasedMarker, shop.ErasedMarker, shop.ErasedMarker, shop.ErasedMarker
		if !paid.Paid || !paid.Shipped || !reflect.DeepEqual(paid, want) {
			t.Fatalf("the paid order:\n got  %+v\n want %+v", paid, want)
		}
		// the quote stays, without the name and address
		q, err := ts.store.FindQuote(context.Background(), annData.quote)
		if err != nil || q.Email != shop.ErasedMarker || q.Name != shop.ErasedMarker {
			t.Fatalf("the quote: %+v %v", q, err)
		}
		// the review stays under Former customer, without its photo
		r, ok := ts.reviewByID(t, annData.review)
		if !ok || r.Name != shop.FormerCustomer || r.Img != "" || r.Email != shop.ErasedMarker || r.Review != "Review by "+ann.ID {
			t.Fatalf("the review: %+v %v", r, ok)
		}
		_, body := ts.get(t, "/reviews")
		if !strings.Contains(string(body), `"name":"Former customer"`) || strings.Contains(string(body), `"name":"Ann"`) {
			t.Fatalf("GET /reviews: %s", body)
		}
		// nothing of Ann's address or mobile is left, and her e-mail only on
		// the mail to her and on her invoices, which are kept as issued (an
		// accounting record never changes; issue 34)
		d := ts.dump(t)
		for _, line := range strings.Split(d, "\n") {
			if strings.Contains(line, ann.Email) && !strings.HasPrefix(line, "outbox ") && !strings.HasPrefix(line, "invoices ") {
				t.Fatalf("the store still names %s: %s", ann.Email, line)
			}
		}
		if len(ts.mailbox.to(ann.Email, shop.LetterAccountDeleted)) != 1 {
			t.Fatal("no account-deleted e-mail")
		}
		if err := ts.store.Check(context.Background()); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("OK_OthersUntouched", func(t *testing.T) {
		if o := ts.order(t, bobData.unpaid); o.Email != bob.Email || o.Name != "Bob" {
			t.Fatalf("Bob's order: %+v", o)
		}
		if r, ok := ts.reviewByID(t, bobData.review); !ok || r.Name != "Bob" || r.Img == "" {
			t.Fatalf("Bob's review: %+v", r)
		}
		if status, _ := ts.me(t, bob.Token); status != 200 {
			t.Fatal("Bob's session ended")
		}
	})

	t.Run("OK_SignUpAgainIsANewAccount", func(t *testing.T) {
		again := ts.mustRegister(t, "Ann", ann.Email)
		if again.ID == ann.ID {
			t.Fatal("the same account")
		}
		if _, body := ts.send(t, "GET", "/order?email="+ann.Email, again.Token, nil); string(body) != "[]" {
			t.Fatalf("the new account sees the old orders: %s", body)
		}
	})

	t.Run("OK_ReviewsGoWhenAsked", func(t *testing.T) {
		status, out := ts.deleteMe(t, bob.Token, map[string]any{"password": "secret123", "deleteReviews": true})
		if status != 200 {
			t.Fatalf("%d %s", status, out)
		}
		if _, ok := ts.reviewByID(t, bobData.review); ok {
			t.Fatal("the review stayed")
		}
	})
}

func TestDeleteAccount_LastAdmin(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	deputy := ts.mustRegister(t, "Deputy", "deputy@shop.test")
	status, out := ts.deleteMe(t, admin.Token, map[string]any{"password": "secret123"})
	if status != 409 || !strings.Contains(string(out), "only admin") {
		t.Fatalf("the last admin: %d %s", status, out)
	}
	if u := ts.user(t, adminEmail); !u.IsAdmin() || u.DeletingAt != nil {
		t.Fatalf("after the refusal: %+v", u)
	}
	if res, body := ts.send(t, "GET", "/user", admin.Token, nil); res.StatusCode != 200 {
		t.Fatalf("the refused admin's session: %d %s", res.StatusCode, body)
	}
	ts.mustVerify(t, deputy.Email)
	if res, body := ts.send(t, "PUT", "/user/admin/"+deputy.Email, admin.Token, nil); res.StatusCode != 200 {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	if status, out := ts.deleteMe(t, admin.Token, map[string]any{"password": "secret123"}); status != 200 {
		t.Fatalf("with another admin: %d %s", status, out)
	}
	if !ts.user(t, deputy.Email).IsAdmin() {
		t.Fatal("the other admin lost the role")
	}
	if status, out := ts.deleteMe(t, deputy.Token, map[string]any{"password": "secret123"}); status != 409 {
		t.Fatalf("now the last admin: %d %s", status, out)
	}
}

func TestDeleteAccount_ConfirmedWithGoogle(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	const email = "gwen@gmail.test"
	res, body := ts.send(t, "POST", "/auth/google", "", map[string]string{"credential": ts.google.idToken(t, email, nil)})
	if res.StatusCode != 200 {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	token := decode[struct{ Token string }](t, body).Token
	stale := ts.google.idToken(t, email, func(c jwt.MapClaims) { c["iat"] = time.Now().Add(-20 * time.Minute).Unix() })
	for name, confirm := range map[string]map[string]any{
		"Stale":          {"googleIdToken": stale},
		"AnotherAccount": {"googleIdToken": ts.google.idToken(t, "someone@gmail.test", nil)},
		"Forged":         {"googleIdToken": newStrangerGoogle(t).idToken(t, email, nil)},
		"NoPassword":     {"password": "anything"},
	} {
		t.Run("Err"+name, func(t *testing.T) {
			status, out := ts.deleteMe(t, token, confirm)
			if p := decode[httpapiProblem](t, out); status != 400 || len(p.Errors) == 0 {
				t.Fatalf("%d %s", status, out)
			}
		})
	}
	status, out := ts.deleteMe(t, token, map[string]any{"googleIdToken": ts.google.idToken(t, email, nil)})
	if status != 200 {
		t.Fatalf("%d %s", status, out)
	}
	if _, err := ts.store.FindUserByEmail(context.Background(), email); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("still stored: %v", err)
	}
}

type httpapiProblem struct {
	Errors map[string]string
}

// A deletion a crash interrupted after its first step (the marker) is
// finished at the next start; meanwhile the account cannot sign in.
func TestDeleteAccount_FinishedAfterACrash(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	cy := ts.mustRegister(t, "Cy", "cy@shop.test")
	data := ts.mustCustomerData(t, admin, cy, testPNG(t, 30, 30))
	u := ts.user(t, cy.Email)
	if _, err := ts.store.BeginDeletion(context.Background(), u.ID, u.SessionVersion, time.Now(), false); err != nil {
		t.Fatal(err)
	}
	if status, _ := ts.me(t, cy.Token); status != 401 {
		t.Fatal("a session of an account being deleted")
	}
	if status, _ := ts.signIn(t, cy.Email, "secret123"); status != 401 {
		t.Fatal("signed in to an account being deleted")
	}
	n, err := ts.deps.Accounts.FinishDeletions(context.Background(), time.Now().Add(time.Second))
	if err != nil || n != 1 {
		t.Fatalf("finished %d: %v", n, err)
	}
	if _, err := ts.store.FindUserByEmail(context.Background(), cy.Email); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("still stored: %v", err)
	}
	if o := ts.order(t, data.paid); o.Email != shop.ErasedMarker {
		t.Fatalf("the paid order: %+v", o)
	}
	if s := ts.stock(t, data.product.ID); s != 98 {
		t.Fatalf("stock %d, want 98", s)
	}
	if n, err := ts.deps.Accounts.FinishDeletions(context.Background(), time.Now().Add(time.Second)); err != nil || n != 0 {
		t.Fatalf("a second pass finished %d: %v", n, err)
	}
}
