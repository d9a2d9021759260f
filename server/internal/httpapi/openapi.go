package httpapi

import (
	"bytes"
	_ "embed"
	"fmt"
	"strconv"
	"sync"

	"github.com/gin-gonic/gin"
	"github.com/go-json-experiment/json/jsontext"
	"go.yaml.in/yaml/v3"

	"storefront/server/internal/cache"
)

// openAPIYAML is the API's contract, written by hand next to the handlers it
// describes. The Go tests check every answer they receive against it, and
// the client's types are generated from it (client/src/types/api.gen.ts).
//
//go:embed openapi.yaml
var openAPIYAML []byte

// OpenAPIDocument returns the API's OpenAPI 3.1 document as JSON, keys in the
// order the YAML source has them.
func OpenAPIDocument() ([]byte, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(openAPIYAML, &doc); err != nil {
		return nil, fmt.Errorf("openapi.yaml: %w", err)
	}
	var buf bytes.Buffer
	enc := jsontext.NewEncoder(&buf, jsontext.WithIndent("  "))
	if err := yamlToJSON(enc, &doc); err != nil {
		return nil, fmt.Errorf("openapi.yaml: %w", err)
	}
	return buf.Bytes(), nil
}

// yamlToJSON writes a YAML node as JSON. Only what JSON can say is allowed:
// string keys, and scalars that are strings, numbers, booleans or null.
func yamlToJSON(enc *jsontext.Encoder, n *yaml.Node) error {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) != 1 {
			return fmt.Errorf("line %d: want one document", n.Line)
		}
		return yamlToJSON(enc, n.Content[0])
	case yaml.AliasNode:
		return yamlToJSON(enc, n.Alias)
	case yaml.MappingNode:
		if err := enc.WriteToken(jsontext.BeginObject); err != nil {
			return err
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode || k.Tag == "!!merge" {
				return fmt.Errorf("line %d: keys must be plain scalars", k.Line)
			}
			if err := enc.WriteToken(jsontext.String(k.Value)); err != nil {
				return fmt.Errorf("line %d: %w", k.Line, err)
			}
			if err := yamlToJSON(enc, n.Content[i+1]); err != nil {
				return err
			}
		}
		return enc.WriteToken(jsontext.EndObject)
	case yaml.SequenceNode:
		if err := enc.WriteToken(jsontext.BeginArray); err != nil {
			return err
		}
		for _, c := range n.Content {
			if err := yamlToJSON(enc, c); err != nil {
				return err
			}
		}
		return enc.WriteToken(jsontext.EndArray)
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!str":
			return enc.WriteToken(jsontext.String(n.Value))
		case "!!bool":
			b, err := strconv.ParseBool(n.Value)
			if err != nil {
				return fmt.Errorf("line %d: %q is not a JSON boolean", n.Line, n.Value)
			}
			return enc.WriteToken(jsontext.Bool(b))
		case "!!null":
			return enc.WriteToken(jsontext.Null)
		case "!!int":
			i, err := strconv.ParseInt(n.Value, 10, 64)
			if err != nil {
				return fmt.Errorf("line %d: %q is not a decimal integer", n.Line, n.Value)
			}
			return enc.WriteToken(jsontext.Int(i))
		case "!!float":
			f, err := strconv.ParseFloat(n.Value, 64)
			if err != nil {
				return fmt.Errorf("line %d: %q is not a JSON number", n.Line, n.Value)
			}
			return enc.WriteToken(jsontext.Float(f))
		}
		return fmt.Errorf("line %d: a %s scalar has no JSON form", n.Line, n.ShortTag())
	}
	return fmt.Errorf("line %d: unexpected YAML node", n.Line)
}

// openAPIAnswer is the document encoded once a process, to be served like
// the cached reads (ETag, gzip). The document is compiled in, so every
// Server shares one answer (a test binary makes hundreds of servers, and
// the encoding at best compression cost each of them a tenth of a second).
var openAPIAnswer = sync.OnceValue(newOpenAPIAnswer)

func newOpenAPIAnswer() *answer {
	doc, err := OpenAPIDocument()
	if err != nil {
		// The document is compiled in, and a test reads it: this is a build
		// defect, not a condition to handle at run time.
		panic(err)
	}
	return &answer{body: doc, gz: cache.Gzipped(doc), etag: cache.ETag(doc), total: -1}
}

// openAPI answers GET /openapi.json.
func (s *Server) openAPI(c *gin.Context) {
	serveAnswer(c, s.openapi)
}
