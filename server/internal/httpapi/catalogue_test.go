package httpapi_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/shop"
)

func validProduct(image string) map[string]any {
	return map[string]any{"name": "Test Lathe", "price": "1999.99", "avaialbequantit": "7", "minimumquantity": 1,
		"description": "A lathe for testing.", "image": image, "email": "spoof@evil.test"}
}

func TestProducts(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	img := ts.mustUpload(t, admin.Token, testPNG(t, 20, 20))
	t.Run("OK_AddEditDelete", func(t *testing.T) {
		res, body := ts.send(t, "POST", "/added", admin.Token, validProduct(img))
		var added struct {
			Acknowledged bool
			InsertedID   string `json:"insertedId"`
		}
		_ = json.Unmarshal(body, &added)
		if res.StatusCode != 201 || added.InsertedID == "" {
			t.Fatalf("add: %d %s", res.StatusCode, body)
		}
		p, _ := ts.store.FindProduct(context.Background(), added.InsertedID)
		if p.Price != 199999 || p.Available != 7 || p.Email != adminEmail {
			t.Fatalf("stored %+v: price, quantity or owner wrong", p)
		}
		_, body = ts.get(t, "/service?q=test+lathe")
		if list := decode[[]shop.Product](t, body); len(list) != 1 {
			t.Fatalf("the new product is not listed: %s", body)
		}
		res, body = ts.send(t, "PUT", "/service/"+added.InsertedID, admin.Token, map[string]any{"price": 1500})
		if res.StatusCode != 200 || !strings.Contains(string(body), `"modifiedCount":1`) {
			t.Fatalf("edit: %d %s", res.StatusCode, body)
		}
		_, body = ts.get(t, "/service/"+added.InsertedID)
		if got := decode[shop.Product](t, body); got.Price != 150000 || got.Description != "A lathe for testing." {
			t.Fatalf("after edit: %+v", got)
		}
		res, body = ts.send(t, "DELETE", "/deleteproduct/"+added.InsertedID, admin.Token, nil)
		if res.StatusCode != 200 || !strings.Contains(string(body), `"deletedCount":1`) {
			t.Fatalf("delete: %d %s", res.StatusCode, body)
		}
		res, body = ts.get(t, "/service/"+added.InsertedID)
		mustProblem(t, res, body, 404)
	})
	t.Run("ErrInvalid_NothingStored", func(t *testing.T) {
		for name, c := range map[string]struct {
			change func(map[string]any)
			field  string
		}{
			"NegativePrice":   {func(p map[string]any) { p["price"] = -5 }, "price"},
			"ThreeDecimals":   {func(p map[string]any) { p["price"] = 10.555 }, "price"},
			"FractionalQty":   {func(p map[string]any) { p["avaialbequantit"] = 2.5 }, "avaialbequantit"},
			"NegativeQty":     {func(p map[string]any) { p["avaialbequantit"] = -1 }, "avaialbequantit"},
			"MinimumZero":     {func(p map[string]any) { p["minimumquantity"] = "0" }, "minimumquantity"},
			"MissingName":     {func(p map[string]any) { delete(p, "name") }, "name"},
			"MissingImage":    {func(p map[string]any) { delete(p, "image") }, "image"},
			"MissingDesc":     {func(p map[string]any) { p["description"] = " " }, "description"},
			"Operator":        {func(p map[string]any) { p["price"] = map[string]any{"$gt": 0} }, "$gt"},
			"OperatorKey":     {func(p map[string]any) { p["$set"] = map[string]any{"price": 1} }, "$set"},
			"UnknownField":    {func(p map[string]any) { p["discount"] = 50 }, "discount"},
			"PriceNotANumber": {func(p map[string]any) { p["price"] = "cheap" }, "price"},
			"QuantityIsABool": {func(p map[string]any) { p["avaialbequantit"] = true }, "avaialbequantit"},
		} {
			t.Run(name, func(t *testing.T) {
				p := validProduct(img)
				p["name"] = "Invalid " + name
				c.change(p)
				before, _ := ts.store.CountProducts(context.Background())
				res, body := ts.send(t, "POST", "/added", admin.Token, p)
				prob := mustProblem(t, res, body, 400)
				if _, ok := prob.Errors[c.field]; !ok {
					t.Errorf("errors %v do not name %q", prob.Errors, c.field)
				}
				if after, _ := ts.store.CountProducts(context.Background()); after != before {
					t.Fatal("an invalid product was stored")
				}
			})
		}
	})
	t.Run("ErrDuplicateName", func(t *testing.T) {
		p := validProduct(img)
		p["name"] = "Hydraulic Excavator 20T"
		res, body := ts.send(t, "POST", "/added", admin.Token, p)
		mustProblem(t, res, body, 409)
	})
	t.Run("ErrRenameToATakenName", func(t *testing.T) {
		_, body := ts.get(t, "/service?limit=2&sort=name")
		list := decode[[]shop.Product](t, body)
		first, taken := list[0], list[1].Name
		res, body := ts.send(t, "PUT", "/service/"+first.ID, admin.Token, map[string]any{"name": taken, "updatedAt": first.UpdatedAt})
		if p := mustProblem(t, res, body, 409); p.Detail != "A product with this name already exists." {
			t.Fatalf("detail %q", p.Detail)
		}
		if got, _ := ts.store.FindProduct(context.Background(), first.ID); !reflect.DeepEqual(got, first) {
			t.Fatalf("changed: %+v", got)
		}
	})
	t.Run("ErrEditOfStaleCopy", func(t *testing.T) {
		_, body := ts.get(t, "/service?limit=1")
		first := decode[[]shop.Product](t, body)[0]
		stale := first.UpdatedAt.Add(-time.Second)
		res, body := ts.send(t, "PUT", "/service/"+first.ID, admin.Token, map[string]any{"price": 1, "updatedAt": stale})
		mustProblem(t, res, body, 409)
		res, body = ts.send(t, "PUT", "/service/"+first.ID, admin.Token, map[string]any{"description": first.Description + " Updated.", "updatedAt": first.UpdatedAt})
		if res.StatusCode != 200 {
			t.Fatalf("edit of the current copy: %d %s", res.StatusCode, body)
		}
	})
	t.Run("ErrEditInvalidChangesNothing", func(t *testing.T) {
		_, body := ts.get(t, "/service?limit=1")
		first := decode[[]shop.Product](t, body)[0]
		res, body := ts.send(t, "PUT", "/service/"+first.ID, admin.Token, map[string]any{"price": "1.999"})
		mustProblem(t, res, body, 400)
		if got, _ := ts.store.FindProduct(context.Background(), first.ID); !reflect.DeepEqual(got, first) {
			t.Fatalf("changed: %+v", got)
		}
	})
}
