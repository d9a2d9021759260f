package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// maxJSONBody bounds every JSON request body.
const maxJSONBody = 1 << 20

// decodeJSON reads the request body into v: application/json only (415),
// at most 1 MB (413), no unknown fields and no MongoDB operators ($-keys)
// anywhere (400). An empty body is decoded as {}.
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
	var generic any
	if err := json.Unmarshal(body, &generic); err != nil {
		return shop.Errorf(shop.EINVALID, "The request body is not valid JSON.")
	}
	if _, ok := generic.(map[string]any); !ok {
		return shop.Errorf(shop.EINVALID, "The request body must be a JSON object.")
	}
	if key := operatorKey(generic); key != "" {
		return shop.Invalid("The request body is not valid.", map[string]string{key: "operators are not accepted"})
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var typeErr *json.UnmarshalTypeError
		switch {
		case errors.As(err, &typeErr):
			return shop.Invalid("The request body is not valid.", map[string]string{typeErr.Field: "has the wrong type"})
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
			return shop.Invalid("The request body is not valid.", map[string]string{field: "is not a known field"})
		default:
			return shop.Invalid("The request body is not valid.", map[string]string{"body": "has a value of the wrong kind"})
		}
	}
	return nil
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
