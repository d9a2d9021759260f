// Package openapitest checks the API's answers against its OpenAPI document
// (httpapi.OpenAPIDocument) with libopenapi-validator, a validator of
// OpenAPI 3.0 to 3.2. The Go tests that talk to the API pass every exchange
// through Check, so that each of them is also a contract test. Only tests
// import it.
package openapitest

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"sync"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/pb33f/libopenapi-validator/config"
	vErrors "github.com/pb33f/libopenapi-validator/errors"

	"storefront/server/internal/httpapi"
)

// Document is the parsed document and a validator of exchanges against it.
type Document struct {
	Raw       []byte
	Model     libopenapi.Document
	validator validator.Validator
}

// Load parses the API's document and builds its validator. Formats are
// asserted (date-time, date), and undeclared status codes are errors.
func Load() (*Document, error) {
	raw, err := httpapi.OpenAPIDocument()
	if err != nil {
		return nil, err
	}
	doc, err := libopenapi.NewDocument(raw)
	if err != nil {
		return nil, fmt.Errorf("parse the OpenAPI document: %w", err)
	}
	v, errs := validator.NewValidator(doc, config.WithFormatAssertions())
	if len(errs) > 0 {
		return nil, fmt.Errorf("build the validator: %v", errs)
	}
	return &Document{Raw: raw, Model: doc, validator: v}, nil
}

// Shared is the document every test of a process checks against, loaded once.
var Shared = sync.OnceValues(Load)

// ValidateDocument checks the document itself against the OpenAPI 3.1
// schema.
func (d *Document) ValidateDocument() error {
	if ok, errs := d.validator.ValidateDocument(); !ok {
		return describe("the document", errs)
	}
	return nil
}

// Check validates one exchange: req (whose body, if any, is reqBody) and
// the answer res with its body read into resBody.
//
//   - The answer of a described operation must be one of its declared
//     statuses, with the declared headers and a body of the declared media
//     type and schema.
//   - A request that the server accepted (2xx) must be one the document
//     allows too: its parameters, its body and its credentials. (Refused
//     requests are often refused on purpose, so they are not checked.)
//   - Requests to no described operation (an unknown path, a wrong method, a
//     CORS preflight) must be answered with a problem document or, for an
//     allowed preflight, 204.
func (d *Document) Check(req *http.Request, reqBody []byte, res *http.Response, resBody []byte) error {
	req = req.Clone(req.Context())
	req.Body = io.NopCloser(bytes.NewReader(reqBody))
	resCopy := *res
	resCopy.Body = io.NopCloser(bytes.NewReader(resBody))
	resCopy.Request = req

	ok, errs := d.validator.ValidateHttpResponse(req, &resCopy)
	if !ok && undescribed(errs) {
		return checkUndescribed(req, res, resBody)
	}
	if !ok {
		return describe("the answer", errs)
	}
	if res.StatusCode >= 200 && res.StatusCode < 300 {
		req.Body = io.NopCloser(bytes.NewReader(reqBody))
		if ok, errs := d.validator.ValidateHttpRequestSync(req); !ok {
			return describe("the accepted request", errs)
		}
	}
	return nil
}

func undescribed(errs []*vErrors.ValidationError) bool {
	for _, e := range errs {
		if e.IsPathMissingError() || e.IsOperationMissingError() {
			return true
		}
	}
	return false
}

func checkUndescribed(req *http.Request, res *http.Response, body []byte) error {
	if req.Method == http.MethodOptions && req.Header.Get("Access-Control-Request-Method") != "" && res.StatusCode == http.StatusNoContent {
		if res.Header.Get("Access-Control-Allow-Origin") == "" || len(body) != 0 {
			return fmt.Errorf("a preflight's 204 without Access-Control-Allow-Origin, or with a body")
		}
		return nil
	}
	return CheckProblem(res, body)
}

// CheckProblem checks that an answer is a problem document of its status.
func CheckProblem(res *http.Response, body []byte) error {
	if res.StatusCode < 400 {
		return fmt.Errorf("status %d to a request the document does not describe", res.StatusCode)
	}
	if mt, _, _ := mime.ParseMediaType(res.Header.Get("Content-Type")); mt != "application/problem+json" {
		return fmt.Errorf("status %d with Content-Type %q, not a problem document", res.StatusCode, res.Header.Get("Content-Type"))
	}
	var p struct {
		Type, Title, Detail, Code string
		Status                    int
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&p); err != nil || p.Type == "" || p.Title == "" || p.Detail == "" || p.Code == "" || p.Status != res.StatusCode {
		return fmt.Errorf("not a problem document of status %d: %s", res.StatusCode, body)
	}
	return nil
}

func describe(what string, errs []*vErrors.ValidationError) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s does not obey the OpenAPI document:", what)
	for _, e := range errs {
		fmt.Fprintf(&b, "\n  - %s: %s", e.Message, e.Reason)
		for _, f := range e.SchemaValidationErrors {
			fmt.Fprintf(&b, "\n      at %s (%s): %s", cmp.Or(f.FieldPath, "$"), f.KeywordLocation, f.Reason)
		}
	}
	return fmt.Errorf("%s", b.String())
}
