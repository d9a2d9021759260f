package httpapi_test

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/pb33f/libopenapi"

	"storefront/server/internal/httpapi/openapitest"
)

// exchange sends req to the API over the network and returns the answer
// with its body read, once the exchange has been checked against the
// OpenAPI document. Every helper of these tests that calls the API goes
// through it (or, in process, through serveIn), so every handler test is
// also a contract test.
func exchange(tb testing.TB, req *http.Request) (*http.Response, []byte) {
	tb.Helper()
	reqBody := takeBody(tb, req)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		tb.Fatal(err)
	}
	mustObeyContract(tb, req, reqBody, res, body)
	return res, body
}

// serveIn is exchange in process: h answers req directly (so that a test
// chooses the client's address).
func serveIn(tb testing.TB, h http.Handler, req *http.Request) (*http.Response, []byte) {
	tb.Helper()
	reqBody := takeBody(tb, req)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	res.Request = req
	body, _ := io.ReadAll(res.Body)
	mustObeyContract(tb, req, reqBody, res, body)
	return res, body
}

// takeBody reads req's body and puts an unread copy back.
func takeBody(tb testing.TB, req *http.Request) []byte {
	tb.Helper()
	if req.Body == nil || req.Body == http.NoBody {
		return nil
	}
	b, err := io.ReadAll(req.Body)
	if err != nil {
		tb.Fatal(err)
	}
	req.Body = io.NopCloser(bytes.NewReader(b))
	req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
	return b
}

func mustObeyContract(tb testing.TB, req *http.Request, reqBody []byte, res *http.Response, body []byte) {
	tb.Helper()
	doc := mustDocument(tb)
	if err := doc.Check(req, reqBody, res, body); err != nil {
		tb.Fatalf("%s %s answered %d, against the OpenAPI document (server/internal/httpapi/openapi.yaml): %v\nbody: %.2000s",
			req.Method, req.URL.RequestURI(), res.StatusCode, err, body)
	}
}

func mustDocument(tb testing.TB) *openapitest.Document {
	tb.Helper()
	doc, err := openapitest.Shared()
	if err != nil {
		tb.Fatal(err)
	}
	return doc
}

// GET /openapi.json is the document, valid OpenAPI 3.1, revalidated by ETag.
func TestOpenAPI_Served(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	res, body := ts.get(t, "/openapi.json")
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("status %d, type %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	doc, err := libopenapi.NewDocument(body)
	if err != nil {
		t.Fatal(err)
	}
	if v := doc.GetVersion(); !strings.HasPrefix(v, "3.1.") {
		t.Fatalf("OpenAPI version %q, want 3.1", v)
	}
	if !bytes.Equal(body, mustDocument(t).Raw) {
		t.Fatal("the served document is not the one the tests check against")
	}
	if err := mustDocument(t).ValidateDocument(); err != nil {
		t.Fatal(err)
	}
	res, body = ts.do(t, "GET", "/openapi.json", map[string]string{"If-None-Match": res.Header.Get("ETag")})
	if res.StatusCode != 304 || len(body) != 0 {
		t.Fatalf("revalidation: %d, %d bytes", res.StatusCode, len(body))
	}
}

// The router's routes and the document's operations are the same set: a
// route cannot be added without its description, nor described without
// existing.
func TestOpenAPI_RoutesAreThePaths(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	engine, ok := ts.Config.Handler.(*gin.Engine)
	if !ok {
		t.Fatalf("the API handler is a %T, not a *gin.Engine", ts.Config.Handler)
	}
	var routes []string
	for _, r := range engine.Routes() {
		routes = append(routes, r.Method+" "+ginParam.ReplaceAllString(r.Path, "{}"))
	}
	model, errs := mustDocument(t).Model.BuildV3Model()
	if errs != nil {
		t.Fatal(errs)
	}
	var described []string
	for path, item := range model.Model.Paths.PathItems.FromOldest() {
		for method := range item.GetOperations().FromOldest() {
			described = append(described, strings.ToUpper(method)+" "+docParam.ReplaceAllString(path, "{}"))
		}
	}
	slices.Sort(routes)
	slices.Sort(described)
	for _, r := range routes {
		if !slices.Contains(described, r) {
			t.Errorf("route %s is not in the OpenAPI document", r)
		}
	}
	for _, d := range described {
		if !slices.Contains(routes, d) {
			t.Errorf("the OpenAPI document describes %s, which the router does not have", d)
		}
	}
	if len(routes) < 30 {
		t.Fatalf("only %d routes: this comparison would prove little", len(routes))
	}
}

var (
	ginParam = regexp.MustCompile(`[:*][^/.]+`) // GET /invoices/:number.pdf is {number}.pdf
	docParam = regexp.MustCompile(`\{[^}]+\}`)
)

// The check refuses answers the document does not allow: it would
// otherwise pass every test whatever the server did.
func TestOpenAPI_CheckRefusesWhatTheDocumentDoesNot(t *testing.T) {
	t.Parallel()
	doc := mustDocument(t)
	product := `{"_id":"0123456789abcdef01234567","name":"Pump","price":12.5,"image":"http://shop.test/images/0123456789abcdef01234567",` +
		`"description":"A pump.","avaialbequantit":3,"minimumquantity":1,"email":"a@shop.test","createdAt":"2026-01-02T03:04:05Z","updatedAt":"2026-01-02T03:04:05Z",` +
		`"specs":[],"images":["http://shop.test/images/0123456789abcdef01234567"],"documents":[],"parts":[],"accessories":[],"oemNumbers":[]}`
	headers := map[string]string{"Content-Type": "application/json", "ETag": `"abc"`}
	problem := `{"type":"about:blank","title":"Not Found","status":404,"detail":"The product was not found.","code":"not_found"}`
	for name, c := range map[string]struct {
		method, path string
		reqBody      string
		reqHeader    map[string]string
		status       int
		header       map[string]string
		body         string
		ok           bool
	}{
		"OK_Product":               {"GET", "/service/0123456789abcdef01234567", "", nil, 200, headers, product, true},
		"OK_NotFoundProblem":       {"GET", "/service/0123456789abcdef01234567", "", nil, 404, map[string]string{"Content-Type": "application/problem+json"}, problem, true},
		"OK_UnknownPathProblem":    {"GET", "/no/such/path", "", nil, 404, map[string]string{"Content-Type": "application/problem+json"}, problem, true},
		"ErrMissingField":          {"GET", "/service/0123456789abcdef01234567", "", nil, 200, headers, strings.Replace(product, `"minimumquantity":1,`, "", 1), false},
		"ErrUnknownField":          {"GET", "/service/0123456789abcdef01234567", "", nil, 200, headers, strings.Replace(product, `"name"`, `"secret":1,"name"`, 1), false},
		"ErrWrongType":             {"GET", "/service/0123456789abcdef01234567", "", nil, 200, headers, strings.Replace(product, `"price":12.5`, `"price":"12.5"`, 1), false},
		"ErrBadID":                 {"GET", "/service/0123456789abcdef01234567", "", nil, 200, headers, strings.Replace(product, `0123456789abcdef01234567"`, `0123"`, 1), false},
		"ErrBadDate":               {"GET", "/service/0123456789abcdef01234567", "", nil, 200, headers, strings.Replace(product, `"2026-01-02T03:04:05Z"`, `"yesterday"`, 1), false},
		"ErrMissingHeader":         {"GET", "/service/0123456789abcdef01234567", "", nil, 200, map[string]string{"Content-Type": "application/json"}, product, false},
		"ErrUndeclaredStatus":      {"GET", "/service/0123456789abcdef01234567", "", nil, 409, map[string]string{"Content-Type": "application/problem+json"}, problem, false},
		"ErrErrorNotAProblem":      {"GET", "/service/0123456789abcdef01234567", "", nil, 404, map[string]string{"Content-Type": "application/json"}, `{"error":"not found"}`, false},
		"ErrUnknownPathNotProblem": {"GET", "/no/such/path", "", nil, 404, map[string]string{"Content-Type": "text/plain"}, "404 page not found", false},
		"ErrAcceptedUnknownField": {"POST", "/contact", `{"email":"a@shop.test","subject":"Hi","message":"Hello","urgent":true}`, map[string]string{"Content-Type": "application/json"},
			201, map[string]string{"Content-Type": "application/json"}, `{"acknowledged":true,"insertedId":"0123456789abcdef01234567"}`, false},
		"ErrAcceptedWithoutToken": {"GET", "/auth/me", "", nil, 200, map[string]string{"Content-Type": "application/json", "Cache-Control": "no-store"},
			`{"user":{"_id":"0123456789abcdef01234567","email":"a@shop.test","name":"A","role":"","provider":"password","createdAt":"2026-01-02T03:04:05Z"}}`, false},
	} {
		t.Run(name, func(t *testing.T) {
			req := httptest.NewRequest(c.method, c.path, strings.NewReader(c.reqBody))
			for k, v := range c.reqHeader {
				req.Header.Set(k, v)
			}
			res := &http.Response{StatusCode: c.status, Header: http.Header{}, Request: req}
			for k, v := range c.header {
				res.Header.Set(k, v)
			}
			err := doc.Check(req, []byte(c.reqBody), res, []byte(c.body))
			if c.ok && err != nil {
				t.Fatalf("refused: %v", err)
			}
			if !c.ok && err == nil {
				t.Fatal("passed")
			}
			t.Log(err)
		})
	}
}
