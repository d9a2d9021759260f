package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"storefront/server/internal/shop"
)

func TestContact(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	send := func(body map[string]any) (int, []byte) {
		res, out := ts.send(t, "POST", "/contact", "", body)
		return res.StatusCode, out
	}
	t.Run("ErrInvalid_NothingStored", func(t *testing.T) {
		for field, body := range map[string]map[string]any{
			"email":   {"email": "nope", "subject": "Hi", "message": "Hello"},
			"subject": {"email": "a@b.co", "subject": " ", "message": "Hello"},
			"message": {"email": "a@b.co", "subject": "Hi", "message": strings.Repeat("x", 5001)},
		} {
			res, out := ts.send(t, "POST", "/contact", "", body)
			if p := mustProblem(t, res, out, 400); p.Errors[field] == "" {
				t.Errorf("%s: errors %v", field, p.Errors)
			}
		}
		_, out := ts.send(t, "GET", "/contact", admin.Token, nil)
		if string(out) != "[]" {
			t.Fatalf("invalid messages were stored: %s", out)
		}
	})
	var id string
	t.Run("OK_AdminReadsMarksDeletes", func(t *testing.T) {
		if status, out := send(map[string]any{"email": "buyer@firm.test", "subject": "Quote for 3 excavators", "message": "Please call me."}); status != 201 {
			t.Fatalf("%d %s", status, out)
		}
		res, out := ts.send(t, "GET", "/contact", admin.Token, nil)
		list := decode[[]shop.Message](t, out)
		if res.StatusCode != 200 || len(list) != 1 || list[0].Subject != "Quote for 3 excavators" || list[0].Handled {
			t.Fatalf("%d %s", res.StatusCode, out)
		}
		id = list[0].ID
		res, out = ts.send(t, "PATCH", "/contact/"+id, admin.Token, map[string]any{"handled": true})
		if res.StatusCode != 200 || !strings.Contains(string(out), `"modifiedCount":1`) {
			t.Fatalf("%d %s", res.StatusCode, out)
		}
	})
	t.Run("ErrNotAdmin", func(t *testing.T) {
		for _, c := range []struct{ method, path string }{{"GET", "/contact"}, {"PATCH", "/contact/" + id}, {"DELETE", "/contact/" + id}} {
			for token, want := range map[string]int{"": 401, alice.Token: 403} {
				var body any
				if c.method == "PATCH" {
					body = map[string]any{"handled": false}
				}
				res, out := ts.send(t, c.method, c.path, token, body)
				mustProblem(t, res, out, want)
			}
		}
		_, out := ts.send(t, "GET", "/contact", admin.Token, nil)
		if list := decode[[]shop.Message](t, out); len(list) != 1 || !list[0].Handled {
			t.Fatalf("a refused call changed the inbox: %s", out)
		}
		res, _ := ts.send(t, "DELETE", "/contact/"+id, admin.Token, nil)
		if res.StatusCode != 200 {
			t.Fatalf("admin delete: %d", res.StatusCode)
		}
	})
	t.Run("ErrRateLimited", func(t *testing.T) {
		ts := mustServe(t)
		var status int
		var out []byte
		for i := 0; i < 6; i++ {
			res, b := ts.send(t, "POST", "/contact", "", map[string]any{"email": "a@b.co", "subject": fmt.Sprint("S", i), "message": "M"})
			status, out = res.StatusCode, b
		}
		var p struct{ Status int }
		_ = json.Unmarshal(out, &p)
		if status != 429 || p.Status != 429 {
			t.Fatalf("6th message in a minute: %d %s", status, out)
		}
	})
}
