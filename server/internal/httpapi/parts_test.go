package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"storefront/server/internal/shop"
)

// Issue 48: documents, spare parts and accessories, OEM numbers.

// testPDF is a small well-formed PDF, padded (in a comment) to size bytes.
func testPDF(size int) []byte {
	head := "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n"
	tail := "xref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n0\n%%EOF\n"
	pad := max(0, size-len(head)-len(tail))
	var b bytes.Buffer
	b.WriteString(head)
	for pad > 0 {
		n := min(pad, 1000)
		b.WriteString("%" + strings.Repeat("x", n-2) + "\n")
		pad -= n
	}
	b.WriteString(tail)
	return b.Bytes()
}

// postDocument sends POST /service/{id}/documents with the file's part
// declared as contentType.
func (ts *testServer) postDocument(tb testing.TB, token, productID, filename, contentType string, data []byte, fields map[string]string) (*http.Response, []byte) {
	tb.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	if data != nil {
		h := make(map[string][]string)
		h["Content-Disposition"] = []string{fmt.Sprintf(`form-data; name="file"; filename=%q`, filename)}
		h["Content-Type"] = []string{contentType}
		fw, _ := mw.CreatePart(h)
		_, _ = fw.Write(data)
	}
	_ = mw.Close()
	req, _ := http.NewRequest("POST", ts.URL+"/service/"+productID+"/documents", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return exchange(tb, req)
}

// documentFiles counts the stored documents' files and chunks.
func (ts *testServer) documentFiles(tb testing.TB) (files, chunks int64) {
	tb.Helper()
	err := ts.store.Raw(context.Background(), "", func(ctx context.Context, db *mongo.Database) (err error) {
		if files, err = db.Collection("documents.files").CountDocuments(ctx, bson.D{}); err != nil {
			return err
		}
		chunks, err = db.Collection("documents.chunks").CountDocuments(ctx, bson.D{})
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return files, chunks
}

func (ts *testServer) product(tb testing.TB, id string) shop.Product {
	tb.Helper()
	res, body := ts.get(tb, "/service/"+id)
	if res.StatusCode != 200 {
		tb.Fatalf("GET /service/%s: %d %s", id, res.StatusCode, body)
	}
	return decode[shop.Product](tb, body)
}

func TestDocuments(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	customer := ts.mustRegister(t, "Buyer", "buyer@shop.test")
	img := ts.mustUpload(t, admin.Token, testPNG(t, 20, 20))
	p := validProduct(img)
	p["name"] = "Doc Excavator"
	id := ts.mustAddProduct(t, admin.Token, p)
	manual := testPDF(5 << 20) // two chunks
	fields := map[string]string{"name": "Operator manual", "kind": "manual"}

	t.Run("ErrNotAdmin", func(t *testing.T) {
		for _, who := range []struct {
			token  string
			status int
		}{{"", 401}, {customer.Token, 403}} {
			res, body := ts.postDocument(t, who.token, id, "m.pdf", "application/pdf", testPDF(200), fields)
			mustProblem(t, res, body, who.status)
		}
		if f, c := ts.documentFiles(t); f != 0 || c != 0 {
			t.Fatalf("a refused upload stored %d files, %d chunks", f, c)
		}
	})
	t.Run("ErrNotAPDFByItsBytes", func(t *testing.T) {
		for name, c := range map[string]struct {
			filename, ct string
			data         []byte
		}{
			"TextNamedPDF":     {"manual.pdf", "application/pdf", []byte(strings.Repeat("This is not a PDF at all.\n", 20))},
			"PNGDeclaredPDF":   {"manual.pdf", "application/pdf", testPNG(t, 30, 30)},
			"HeaderOnly":       {"manual.pdf", "application/pdf", []byte("%PDF-1.7\n" + strings.Repeat("junk ", 40))},
			"PDFWithoutTheEOF": {"manual.pdf", "application/pdf", testPDF(300)[:250]},
		} {
			t.Run(name, func(t *testing.T) {
				res, body := ts.postDocument(t, admin.Token, id, c.filename, c.ct, c.data, fields)
				if prob := mustProblem(t, res, body, 400); prob.Detail != shop.MsgDocumentNotPDF {
					t.Fatalf("detail %q", prob.Detail)
				}
			})
		}
		if f, c := ts.documentFiles(t); f != 0 || c != 0 || len(ts.product(t, id).Documents) != 0 {
			t.Fatalf("a refused upload stored %d files, %d chunks", f, c)
		}
	})
	t.Run("ErrFields400", func(t *testing.T) {
		for _, f := range []map[string]string{{"name": "Manual", "kind": "brochure"}, {"kind": "manual"}, {"name": strings.Repeat("n", 121), "kind": "manual"}} {
			res, body := ts.postDocument(t, admin.Token, id, "m.pdf", "application/pdf", testPDF(200), f)
			mustProblem(t, res, body, 400)
		}
		res, body := ts.postDocument(t, admin.Token, id, "", "", nil, fields)
		mustProblem(t, res, body, 400)
		res, body = ts.postDocument(t, admin.Token, "0123456789abcdef01234567", "m.pdf", "application/pdf", testPDF(200), fields)
		mustProblem(t, res, body, 404)
	})
	t.Run("ErrTooLarge413", func(t *testing.T) {
		res, body := ts.postDocument(t, admin.Token, id, "big.pdf", "application/pdf", testPDF(shop.MaxDocumentBytes+1), fields)
		if prob := mustProblem(t, res, body, 413); prob.Detail != shop.MsgDocumentTooLarge {
			t.Fatalf("detail %q", prob.Detail)
		}
		if f, _ := ts.documentFiles(t); f != 0 {
			t.Fatalf("stored %d files", f)
		}
	})

	res, body := ts.postDocument(t, admin.Token, id, `C:\\Docs\\Bagger "X" – manual.pdf`, "application/octet-stream", manual, fields)
	if res.StatusCode != 201 {
		t.Fatalf("upload: %d %s", res.StatusCode, body)
	}
	doc := decode[shop.Document](t, body)
	if doc.Name != "Operator manual" || doc.Kind != "manual" || doc.Size != int64(len(manual)) {
		t.Fatalf("answered %+v", doc)
	}
	if got := ts.product(t, id).Documents; !slices.Equal(got, []shop.Document{doc}) {
		t.Fatalf("the product lists %+v", got)
	}
	if f, c := ts.documentFiles(t); f != 1 || c != 2 {
		t.Fatalf("stored %d files, %d chunks", f, c)
	}

	t.Run("OK_Served", func(t *testing.T) {
		res, body := ts.get(t, "/documents/"+doc.ID)
		h := res.Header
		if res.StatusCode != 200 || !bytes.Equal(body, manual) || h.Get("Content-Type") != "application/pdf" || h.Get("X-Content-Type-Options") != "nosniff" ||
			h.Get("Cache-Control") != "public, max-age=31536000, immutable" || h.Get("ETag") == "" {
			t.Fatalf("%d %v (%d bytes)", res.StatusCode, h, len(body))
		}
		if cd := h.Get("Content-Disposition"); cd != `inline; filename="Bagger X _ manual.pdf"; filename*=UTF-8''`+url.PathEscape(`Bagger X – manual.pdf`) {
			t.Fatalf("Content-Disposition %q", cd)
		}
		res, _ = ts.do(t, "GET", "/documents/"+doc.ID, map[string]string{"If-None-Match": h.Get("ETag")})
		if res.StatusCode != 304 {
			t.Fatalf("revalidated: %d", res.StatusCode)
		}
		res, body = ts.get(t, "/documents/0123456789abcdef01234567")
		mustProblem(t, res, body, 404)
	})
	t.Run("ErrDeleteNotAdmin", func(t *testing.T) {
		for _, who := range []struct {
			token  string
			status int
		}{{"", 401}, {customer.Token, 403}} {
			res, body := ts.send(t, "DELETE", "/service/"+id+"/documents/"+doc.ID, who.token, nil)
			mustProblem(t, res, body, who.status)
		}
		if len(ts.product(t, id).Documents) != 1 {
			t.Fatal("a refused delete removed the document")
		}
	})
	t.Run("OK_DeleteDocument", func(t *testing.T) {
		res, body := ts.postDocument(t, admin.Token, id, "sheet.pdf", "application/pdf", testPDF(400), map[string]string{"name": "Datasheet", "kind": "datasheet"})
		if res.StatusCode != 201 {
			t.Fatalf("upload: %d %s", res.StatusCode, body)
		}
		sheet := decode[shop.Document](t, body)
		if res, _ := ts.get(t, "/documents/"+sheet.ID); res.StatusCode != 200 {
			t.Fatalf("served: %d", res.StatusCode)
		}
		res, body = ts.send(t, "DELETE", "/service/"+id+"/documents/"+sheet.ID, admin.Token, nil)
		if res.StatusCode != 200 {
			t.Fatalf("delete: %d %s", res.StatusCode, body)
		}
		res, body = ts.send(t, "DELETE", "/service/"+id+"/documents/"+sheet.ID, admin.Token, nil)
		mustProblem(t, res, body, 404)
		res, body = ts.get(t, "/documents/"+sheet.ID)
		mustProblem(t, res, body, 404)
		if got := ts.product(t, id).Documents; !slices.Equal(got, []shop.Document{doc}) {
			t.Fatalf("the product lists %+v", got)
		}
		if f, c := ts.documentFiles(t); f != 1 || c != 2 {
			t.Fatalf("left %d files, %d chunks", f, c)
		}
	})
	t.Run("OK_DeletingTheProductDeletesItsDocuments", func(t *testing.T) {
		res, body := ts.send(t, "DELETE", "/deleteproduct/"+id, admin.Token, nil)
		if res.StatusCode != 200 {
			t.Fatalf("delete: %d %s", res.StatusCode, body)
		}
		res, body = ts.get(t, "/documents/"+doc.ID)
		mustProblem(t, res, body, 404)
		if f, c := ts.documentFiles(t); f != 0 || c != 0 {
			t.Fatalf("left %d files, %d chunks", f, c)
		}
	})
}

func TestParts(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	customer := ts.mustRegister(t, "Buyer", "buyer@shop.test")
	img := ts.mustUpload(t, admin.Token, testPNG(t, 20, 20))
	add := func(name string, more map[string]any) string {
		p := validProduct(img)
		p["name"] = name
		for k, v := range more {
			p[k] = v
		}
		return ts.mustAddProduct(t, admin.Token, p)
	}
	filter, bucket, seal := add("Parts Oil Filter", nil), add("Parts Bucket", nil), add("Parts Seal Kit", nil)
	gone := add("Parts Gone", nil)
	machine := add("Parts Excavator", map[string]any{"parts": []string{filter, seal}, "accessories": []string{bucket}, "oemNumbers": []string{"1R-0750"}})
	other := add("Parts Loader", map[string]any{"parts": []string{filter}})

	got := ts.product(t, machine)
	if !slices.Equal(got.Parts, []string{filter, seal}) || !slices.Equal(got.Accessories, []string{bucket}) || !slices.Equal(got.OEMNumbers, []string{"1R-0750"}) {
		t.Fatalf("stored %+v", got)
	}
	if p := ts.product(t, filter); p.Parts == nil || len(p.Parts) != 0 || p.Accessories == nil || p.OEMNumbers == nil || p.Documents == nil {
		t.Fatalf("a product without them answers %+v", p)
	}
	names := func(path string) ([]string, string) {
		t.Helper()
		res, body := ts.get(t, path)
		if res.StatusCode != 200 {
			t.Fatalf("GET %s: %d %s", path, res.StatusCode, body)
		}
		var out []string
		for _, p := range decode[[]shop.Product](t, body) {
			out = append(out, p.Name)
		}
		return out, res.Header.Get("X-Total-Count")
	}
	t.Run("OK_Fits", func(t *testing.T) {
		if got, total := names("/service?fits=" + machine); !slices.Equal(got, []string{"Parts Oil Filter", "Parts Seal Kit", "Parts Bucket"}) || total != "3" {
			t.Fatalf("fits: %q total %s", got, total)
		}
		if got, total := names("/service?fits=" + machine + "&limit=2&skip=1"); !slices.Equal(got, []string{"Parts Seal Kit", "Parts Bucket"}) || total != "3" {
			t.Fatalf("page: %q total %s", got, total)
		}
		if got, total := names("/service?fits=" + filter); len(got) != 0 || total != "0" {
			t.Fatalf("a part's own: %q total %s", got, total)
		}
		res, body := ts.get(t, "/service?fits=nope")
		mustProblem(t, res, body, 400)
		res, body = ts.get(t, "/service?fits="+machine+"&limit=0")
		mustProblem(t, res, body, 400)
		res, body = ts.get(t, "/service?fits=0123456789abcdef01234567")
		mustProblem(t, res, body, 404)
	})
	t.Run("OK_PartOf", func(t *testing.T) {
		if got, total := names("/service?partOf=" + filter); !slices.Equal(got, []string{"Parts Excavator", "Parts Loader"}) || total != "2" {
			t.Fatalf("partOf: %q total %s", got, total)
		}
		if got, total := names("/service?partOf=" + filter + "&limit=1&skip=1"); !slices.Equal(got, []string{"Parts Loader"}) || total != "2" {
			t.Fatalf("page: %q total %s", got, total)
		}
		if got, _ := names("/service?partOf=" + bucket); !slices.Equal(got, []string{"Parts Excavator"}) {
			t.Fatalf("an accessory's: %q", got)
		}
		// an edit moves the reverse look-up with it
		res, body := ts.send(t, "PUT", "/service/"+other, admin.Token, map[string]any{"parts": []string{}, "accessories": []string{filter}})
		if res.StatusCode != 200 {
			t.Fatalf("edit: %d %s", res.StatusCode, body)
		}
		if got, _ := names("/service?partOf=" + filter); !slices.Equal(got, []string{"Parts Excavator", "Parts Loader"}) {
			t.Fatalf("after the move: %q", got)
		}
		res, body = ts.send(t, "PUT", "/service/"+other, admin.Token, map[string]any{"accessories": []string{}})
		if res.StatusCode != 200 {
			t.Fatalf("edit: %d %s", res.StatusCode, body)
		}
		if got, _ := names("/service?partOf=" + filter); !slices.Equal(got, []string{"Parts Excavator"}) {
			t.Fatalf("after the removal: %q", got)
		}
	})
	t.Run("ErrInvalid400_ChangesNothing", func(t *testing.T) {
		many := make([]string, shop.MaxParts+1)
		for i := range many {
			many[i] = fmt.Sprintf("%024x", i+1)
		}
		for name, c := range map[string]struct {
			body  map[string]any
			field string
		}{
			"Self":          {map[string]any{"parts": []string{machine}}, "parts"},
			"Unknown":       {map[string]any{"accessories": []string{"0123456789abcdef01234567"}}, "accessories"},
			"NotAnID":       {map[string]any{"parts": []string{"abc"}}, "parts"},
			"Repeated":      {map[string]any{"parts": []string{filter, filter}}, "parts"},
			"TooMany":       {map[string]any{"parts": many}, "parts"},
			"OEMEmpty":      {map[string]any{"oemNumbers": []string{" "}}, "oemNumbers"},
			"OEMTooLong":    {map[string]any{"oemNumbers": []string{strings.Repeat("9", 41)}}, "oemNumbers"},
			"OEMCharacters": {map[string]any{"oemNumbers": []string{"1R<0750>"}}, "oemNumbers"},
			"OEMRepeated":   {map[string]any{"oemNumbers": []string{"1r-0750", "1R-0750"}}, "oemNumbers"},
		} {
			t.Run(name, func(t *testing.T) {
				res, body := ts.send(t, "PUT", "/service/"+machine, admin.Token, c.body)
				if prob := mustProblem(t, res, body, 400); prob.Errors[c.field] == "" {
					t.Fatalf("errors %v", prob.Errors)
				}
			})
		}
		if now := ts.product(t, machine); !slices.Equal(now.Parts, got.Parts) || !slices.Equal(now.Accessories, got.Accessories) || !slices.Equal(now.OEMNumbers, got.OEMNumbers) {
			t.Fatalf("a refused edit changed %+v", now)
		}
		p := validProduct(img)
		p["name"], p["parts"] = "Parts Refused", []string{"0123456789abcdef01234567"}
		res, body := ts.send(t, "POST", "/added", admin.Token, p)
		mustProblem(t, res, body, 400)
	})
	t.Run("ErrNotAdmin", func(t *testing.T) {
		for _, who := range []struct {
			token  string
			status int
		}{{"", 401}, {customer.Token, 403}} {
			res, body := ts.send(t, "PUT", "/service/"+machine, who.token, map[string]any{"parts": []string{}})
			mustProblem(t, res, body, who.status)
		}
		if now := ts.product(t, machine); len(now.Parts) != 2 {
			t.Fatalf("a refused edit changed %+v", now.Parts)
		}
	})
	t.Run("OK_APartDeletedSinceDoesNotBlockAnEdit", func(t *testing.T) {
		m := add("Parts Crane", map[string]any{"parts": []string{gone, filter}})
		if res, body := ts.send(t, "DELETE", "/deleteproduct/"+gone, admin.Token, nil); res.StatusCode != 200 {
			t.Fatalf("delete: %d %s", res.StatusCode, body)
		}
		if got, total := names("/service?fits=" + m); !slices.Equal(got, []string{"Parts Oil Filter"}) || total != "1" {
			t.Fatalf("fits: %q total %s", got, total)
		}
		res, body := ts.send(t, "PUT", "/service/"+m, admin.Token, map[string]any{"price": "12.5"})
		if res.StatusCode != 200 {
			t.Fatalf("edit: %d %s", res.StatusCode, body)
		}
	})
}

// OEM part numbers are found through the search, exactly and by prefix,
// with or without their separators, against a fixed catalogue.
func TestSearch_OEMNumbers(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	img := ts.mustUpload(t, admin.Token, testPNG(t, 20, 20))
	for name, oem := range map[string][]string{
		"OEM Hydraulic Filter": {"1R-0750", "CAT 093-7521"},
		"OEM Fuel Filter":      {"1R-0751"},
		"OEM Track Roller":     {"6Y-2501"},
		"OEM Plain Bolt":       nil,
	} {
		p := validProduct(img)
		p["name"] = name
		if oem != nil {
			p["oemNumbers"] = oem
		}
		ts.mustAddProduct(t, admin.Token, p)
	}
	for q, want := range map[string][]string{
		"1R-0750":      {"OEM Hydraulic Filter"},
		"1r0750":       {"OEM Hydraulic Filter"},
		"1R-075":       {"OEM Hydraulic Filter", "OEM Fuel Filter"},
		"1R":           {"OEM Hydraulic Filter", "OEM Fuel Filter"},
		"CAT 093-7521": {"OEM Hydraulic Filter"},
		"0937521":      {"OEM Hydraulic Filter"},
		"6Y-25":        {"OEM Track Roller"},
		"6Y-2502":      nil,
	} {
		res, body := ts.get(t, "/service?q="+url.QueryEscape(q))
		if res.StatusCode != 200 {
			t.Fatalf("%q: %d %s", q, res.StatusCode, body)
		}
		var got []string
		for _, p := range decode[[]shop.Product](t, body) {
			got = append(got, p.Name)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("q=%q found %q, want %q", q, got, want)
		}
	}
}
