package httpapi_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"storefront/server/internal/shop"
)

// Issue 35: the categories, for each role, and their rules.

func (ts *testServer) categories(t *testing.T) map[string]shop.Category {
	t.Helper()
	res, body := ts.get(t, "/categories")
	if res.StatusCode != 200 {
		t.Fatalf("GET /categories: %d %s", res.StatusCode, body)
	}
	out := map[string]shop.Category{}
	for _, c := range decode[[]shop.Category](t, body) {
		out[c.Name] = c
	}
	return out
}

func (ts *testServer) mustAddCategory(t *testing.T, token, name string) shop.Category {
	t.Helper()
	res, body := ts.send(t, "POST", "/categories", token, map[string]any{"name": name})
	if res.StatusCode != 201 {
		t.Fatalf("add category %q: %d %s", name, res.StatusCode, body)
	}
	return decode[shop.Category](t, body)
}

func (ts *testServer) mustAddProduct(t *testing.T, token string, p map[string]any) string {
	t.Helper()
	res, body := ts.send(t, "POST", "/added", token, p)
	var added struct {
		InsertedID string `json:"insertedId"`
	}
	_ = json.Unmarshal(body, &added)
	if res.StatusCode != 201 || added.InsertedID == "" {
		t.Fatalf("add product: %d %s", res.StatusCode, body)
	}
	return added.InsertedID
}

func TestCategories_Roles(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	customer := ts.mustRegister(t, "Buyer", "buyer@shop.test")
	cat := ts.mustAddCategory(t, admin.Token, "Role Tests")
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"POST", "/categories", map[string]any{"name": "Visitors' Own"}},
		{"PATCH", "/categories/" + cat.ID, map[string]any{"name": "Renamed By Others"}},
		{"DELETE", "/categories/" + cat.ID, nil},
	} {
		t.Run(c.method+"_Visitor401", func(t *testing.T) {
			res, body := ts.send(t, c.method, c.path, "", c.body)
			mustProblem(t, res, body, 401)
		})
		t.Run(c.method+"_Customer403", func(t *testing.T) {
			res, body := ts.send(t, c.method, c.path, customer.Token, c.body)
			mustProblem(t, res, body, 403)
		})
	}
	if got := ts.categories(t); got["Role Tests"].ID != cat.ID || len(got) != len(ts.categories(t)) || got["Visitors' Own"].ID != "" || got["Renamed By Others"].ID != "" {
		t.Fatalf("a refused call changed the categories: %v", got)
	}
	t.Run("GET_Anyone", func(t *testing.T) {
		for _, token := range []string{"", customer.Token, admin.Token} {
			res, body := ts.send(t, "GET", "/categories", token, nil)
			if res.StatusCode != 200 || !strings.Contains(string(body), `"Role Tests"`) {
				t.Fatalf("GET /categories: %d %s", res.StatusCode, body)
			}
		}
	})
	t.Run("Admin_AddRenameDelete", func(t *testing.T) {
		c := ts.mustAddCategory(t, admin.Token, "  Generators  ")
		if c.Name != "Generators" || c.Count != 0 {
			t.Fatalf("added %+v", c)
		}
		res, body := ts.send(t, "PATCH", "/categories/"+c.ID, admin.Token, map[string]any{"name": "Power Generators", "from": "Generators"})
		if res.StatusCode != 200 || decode[shop.Category](t, body).Name != "Power Generators" {
			t.Fatalf("rename: %d %s", res.StatusCode, body)
		}
		// A second admin's form still read "Generators": its rename is refused, and the first one's stays.
		res, body = ts.send(t, "PATCH", "/categories/"+c.ID, admin.Token, map[string]any{"name": "Gensets", "from": "Generators"})
		if mustProblem(t, res, body, 409); !strings.Contains(string(body), shop.MsgCategoryRenamedMeanwhile) {
			t.Fatalf("a rename from a former name: %s", body)
		}
		if _, body = ts.send(t, "GET", "/categories", "", nil); !strings.Contains(string(body), `"Power Generators"`) || strings.Contains(string(body), `"Gensets"`) {
			t.Fatalf("after the refused rename: %s", body)
		}
		res, body = ts.send(t, "DELETE", "/categories/"+c.ID, admin.Token, nil)
		if res.StatusCode != 200 || !strings.Contains(string(body), `"deletedCount":1`) {
			t.Fatalf("delete: %d %s", res.StatusCode, body)
		}
		res, body = ts.send(t, "DELETE", "/categories/"+c.ID, admin.Token, nil)
		mustProblem(t, res, body, 404)
		res, body = ts.send(t, "PATCH", "/categories/"+c.ID, admin.Token, map[string]any{"name": "Ghost"})
		mustProblem(t, res, body, 404)
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		for _, body := range []map[string]any{{"name": " "}, {"name": strings.Repeat("x", 61)}, {"name": "$set"}, {}, {"name": "A", "count": 3}} {
			res, out := ts.send(t, "POST", "/categories", admin.Token, body)
			mustProblem(t, res, out, 400)
		}
		res, out := ts.send(t, "PATCH", "/categories/nope", admin.Token, map[string]any{"name": "X"})
		mustProblem(t, res, out, 400)
	})
}

func TestCategories_Rules(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	ctx := context.Background()
	admin := ts.mustRegister(t, "Boss", adminEmail)
	img := ts.mustUpload(t, admin.Token, testPNG(t, 20, 20))
	gens := ts.mustAddCategory(t, admin.Token, "Rule Generators")
	pumps := ts.mustAddCategory(t, admin.Token, "Rule Pumps")
	var ids []string
	for _, name := range []string{"Rule Genset 60", "Rule Genset 100", "Rule Genset 200"} {
		p := validProduct(img)
		p["name"], p["category"] = name, "Rule Generators"
		ids = append(ids, ts.mustAddProduct(t, admin.Token, p))
	}
	if got := ts.categories(t)["Rule Generators"]; got.Count != 3 {
		t.Fatalf("count %d, want 3", got.Count)
	}
	t.Run("ErrNameTaken409", func(t *testing.T) {
		res, body := ts.send(t, "POST", "/categories", admin.Token, map[string]any{"name": "Rule Pumps"})
		if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgCategoryTaken {
			t.Fatalf("detail %q", p.Detail)
		}
		res, body = ts.send(t, "PATCH", "/categories/"+gens.ID, admin.Token, map[string]any{"name": "Rule Pumps"})
		mustProblem(t, res, body, 409)
		if got := ts.categories(t); got["Rule Generators"].Count != 3 || got["Rule Pumps"].ID != pumps.ID {
			t.Fatalf("a refused rename changed something: %v", got)
		}
	})
	t.Run("ErrDeleteInUse409", func(t *testing.T) {
		res, body := ts.send(t, "DELETE", "/categories/"+gens.ID, admin.Token, nil)
		if p := mustProblem(t, res, body, 409); p.Detail != "3 products use this category. Move them to another category first." {
			t.Fatalf("detail %q", p.Detail)
		}
		if got := ts.categories(t)["Rule Generators"]; got.ID != gens.ID || got.Count != 3 {
			t.Fatalf("after a refused delete: %+v", got)
		}
	})
	t.Run("ErrUnknownCategory400", func(t *testing.T) {
		p := validProduct(img)
		p["name"], p["category"] = "Rule Orphan", "No Such Category"
		res, body := ts.send(t, "POST", "/added", admin.Token, p)
		if prob := mustProblem(t, res, body, 400); prob.Errors["category"] == "" {
			t.Fatalf("errors %v do not name category", prob.Errors)
		}
		res, body = ts.send(t, "PUT", "/service/"+ids[0], admin.Token, map[string]any{"category": "No Such Category"})
		mustProblem(t, res, body, 400)
	})
	t.Run("RenameRewritesProducts", func(t *testing.T) {
		res, body := ts.send(t, "PATCH", "/categories/"+gens.ID, admin.Token, map[string]any{"name": "Rule Gensets"})
		if res.StatusCode != 200 || decode[shop.Category](t, body).Count != 3 {
			t.Fatalf("rename: %d %s", res.StatusCode, body)
		}
		for _, id := range ids {
			if p, _ := ts.store.FindProduct(ctx, id); p.Category != "Rule Gensets" {
				t.Fatalf("%s has category %q after the rename", p.Name, p.Category)
			}
		}
		_, body = ts.get(t, "/service?category=Rule+Gensets")
		if n := len(decode[[]shop.Product](t, body)); n != 3 {
			t.Fatalf("filter by the new name: %d products", n)
		}
		if err := ts.store.Check(ctx); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("MoveThenDelete", func(t *testing.T) {
		for _, id := range ids {
			res, body := ts.send(t, "PUT", "/service/"+id, admin.Token, map[string]any{"category": "Rule Pumps"})
			if res.StatusCode != 200 {
				t.Fatalf("move: %d %s", res.StatusCode, body)
			}
		}
		res, body := ts.send(t, "DELETE", "/categories/"+gens.ID, admin.Token, nil)
		if res.StatusCode != 200 {
			t.Fatalf("delete an empty category: %d %s", res.StatusCode, body)
		}
		res, body = ts.send(t, "PUT", "/service/"+ids[0], admin.Token, map[string]any{"category": ""})
		if p, _ := ts.store.FindProduct(ctx, ids[0]); res.StatusCode != 200 || p.Category != "" {
			t.Fatalf("remove the category: %d %s, %q", res.StatusCode, body, p.Category)
		}
		if got := ts.categories(t)["Rule Pumps"]; got.Count != 2 {
			t.Fatalf("pumps count %d, want 2", got.Count)
		}
	})
}
