package httpapi

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"storefront/server/internal/shop"
)

// maxJSONBody bounds every JSON request body.
const maxJSONBody = 1 << 20

// decodeJSON reads the request body into v: application/json only (415),
// at most 1 MB (413), and (400) field names exactly as declared: no unknown
// fields, no case variants of known ones, no repeated keys and no MongoDB
// operators ($-keys) anywhere. An empty body is decoded as {}.
//
// It decodes with the json/v2 API (github.com/go-json-experiment/json):
// unlike encoding/json it matches names case-sensitively and refuses
// duplicate names by default. Errors are mapped by their type and sentinel
// and located by their JSON pointer, never by their text.
func decodeJSON(c *gin.Context, v any) error {
	if c.Request.ContentLength != 0 {
		mt, _, err := mime.ParseMediaType(c.GetHeader("Content-Type"))
		if err != nil || mt != "application/json" {
			return shop.Errorf(shop.EUNSUPPORTED, "Send the body as application/json.")
		}
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, maxJSONBody))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return shop.Errorf(shop.ETOOLARGE, "The request body is larger than 1 MB.")
		}
		return shop.Errorf(shop.EINVALID, "The request body could not be read.")
	}
	if len(bytes.TrimSpace(body)) == 0 {
		body = []byte("{}")
	}
	// The generic pass checks the syntax and finds repeated keys and
	// operators at any depth, also inside values the target type holds as any.
	var generic any
	if err := json.Unmarshal(body, &generic); err != nil {
		if field, ok := repeatedKey(err); ok {
			return shop.Invalid("The request body is not valid.", map[string]string{field: "is repeated"})
		}
		return shop.Errorf(shop.EINVALID, "The request body is not valid JSON.")
	}
	if _, ok := generic.(map[string]any); !ok {
		return shop.Errorf(shop.EINVALID, "The request body must be a JSON object.")
	}
	if key := operatorKey(generic); key != "" {
		return shop.Invalid("The request body is not valid.", map[string]string{key: "operators are not accepted"})
	}
	if err := json.Unmarshal(body, v, json.RejectUnknownMembers(true)); err != nil {
		return decodeError(err)
	}
	return nil
}

// decodeError maps an error of json.Unmarshal into v to a validation error
// naming the field at fault.
func decodeError(err error) error {
	invalid := func(field, msg string) error {
		return shop.Invalid("The request body is not valid.", map[string]string{field: msg})
	}
	if field, ok := repeatedKey(err); ok {
		return invalid(field, "is repeated")
	}
	var semErr *json.SemanticError
	if !errors.As(err, &semErr) || semErr.JSONPointer == "" {
		return invalid("body", "has a value of the wrong kind")
	}
	field := pointerField(semErr.JSONPointer)
	if errors.Is(err, json.ErrUnknownName) {
		// also a case variant of a known field: names match exactly
		return invalid(field, "is not a known field")
	}
	return invalid(field, "has the wrong type")
}

// repeatedKey reports whether err is a duplicate object member name, and the
// field (as a dotted path) that was repeated.
func repeatedKey(err error) (string, bool) {
	var synErr *jsontext.SyntacticError
	if !errors.Is(err, jsontext.ErrDuplicateName) || !errors.As(err, &synErr) {
		return "", false
	}
	return pointerField(synErr.JSONPointer), true
}

// pointerField names the field a JSON pointer locates, as the dotted path
// of its (unescaped) tokens: "/productQuantity" -> "productQuantity",
// "/price/a" -> "price.a"; the whole body for the empty pointer.
func pointerField(p jsontext.Pointer) string {
	var tokens []string
	for tok := range p.Tokens() {
		tokens = append(tokens, tok)
	}
	if len(tokens) == 0 {
		return "body"
	}
	return strings.Join(tokens, ".")
}

// operatorKey returns the first key that starts with $ anywhere in v.
func operatorKey(v any) string {
	switch t := v.(type) {
	case map[string]any:
		for k, child := range t {
			if strings.HasPrefix(k, "$") {
				return k
			}
			if found := operatorKey(child); found != "" {
				return found
			}
		}
	case []any:
		for _, child := range t {
			if found := operatorKey(child); found != "" {
				return found
			}
		}
	}
	return ""
}
