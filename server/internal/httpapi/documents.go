package httpapi

import (
	"context"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/cache"
	"storefront/server/internal/shop"
)

// Issue 48: a product's documents (PDFs) and its spare parts and
// accessories.

// documentCacheBytes bounds the documents kept in memory: a stored
// document never changes (a new upload is a new id); a deleted one is
// removed.
const documentCacheBytes = 64 << 20

type cachedDocument struct {
	doc  shop.StoredDocument
	data []byte
}

// maxDocumentBody is the largest request body of an upload: the file and
// its form's other fields.
const maxDocumentBody = shop.MaxDocumentBytes + 64<<10

// addDocument answers POST /service/{id}/documents (multipart: file, name,
// kind) with the new document. The size is checked before the body is
// read (its declared length, then as it is read); the bytes, not the
// file's name or declared type, decide that it is a PDF.
func (s *Server) addDocument(c *gin.Context) {
	if mt, _, err := mime.ParseMediaType(c.GetHeader("Content-Type")); err != nil || mt != "multipart/form-data" {
		s.fail(c, shop.Errorf(shop.EUNSUPPORTED, "Send the document as multipart/form-data in the field \"file\", with \"name\" and \"kind\"."))
		return
	}
	if c.Request.ContentLength > maxDocumentBody {
		s.fail(c, shop.Errorf(shop.ETOOLARGE, shop.MsgDocumentTooLarge))
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, maxDocumentBody)
	file, header, err := c.Request.FormFile("file")
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			s.fail(c, shop.Errorf(shop.ETOOLARGE, shop.MsgDocumentTooLarge))
			return
		}
		s.fail(c, shop.Invalid("The document is not valid.", map[string]string{"file": shop.FieldRequired}))
		return
	}
	defer file.Close()
	if header.Size > shop.MaxDocumentBytes {
		s.fail(c, shop.Errorf(shop.ETOOLARGE, shop.MsgDocumentTooLarge))
		return
	}
	data, err := io.ReadAll(io.LimitReader(file, shop.MaxDocumentBytes+1))
	if err != nil {
		s.fail(c, shop.Errorf(shop.EINVALID, "The upload could not be read."))
		return
	}
	in := shop.DocumentInput{Name: c.Request.FormValue("name"), Kind: c.Request.FormValue("kind"), Filename: header.Filename}
	doc, err := s.catalogue.AddDocument(c.Request.Context(), caller(c), c.Param("id"), in, data)
	s.reply(c, http.StatusCreated, doc, err)
}

// deleteDocument answers DELETE /service/{id}/documents/{docId}.
func (s *Server) deleteDocument(c *gin.Context) {
	err := s.catalogue.DeleteDocument(c.Request.Context(), caller(c), c.Param("id"), c.Param("docId"))
	if err == nil {
		s.documentBytes.Remove(c.Param("docId"))
	}
	s.reply(c, http.StatusOK, shop.DeleteResult{Acknowledged: true, DeletedCount: 1}, err)
}

// getDocument answers GET /documents/{id}: the PDF, shown in the browser
// under its file name, cached for good (it never changes).
func (s *Server) getDocument(c *gin.Context) {
	id := c.Param("id")
	if err := shop.CheckID(id); err != nil {
		s.fail(c, err)
		return
	}
	cd, ok := s.documentBytes.Get(id)
	if !ok {
		doc, data, err := s.catalogue.OpenDocument(c.Request.Context(), id)
		if err != nil {
			s.fail(c, err)
			return
		}
		cd = cachedDocument{doc: doc, data: data}
		s.documentBytes.Put(id, cd, int64(len(data)))
	}
	// Only while its product lists it (the product's cached answer): a
	// document deleted, or its product's, here or by another instance, is
	// not served from memory.
	if listed, err := s.listsDocument(c.Request.Context(), cd.doc.ProductID, id); !listed {
		s.documentBytes.Remove(id)
		if err == nil {
			err = shop.Errorf(shop.ENOTFOUND, "The document was not found.")
		}
		s.fail(c, err)
		return
	}
	etag := `"` + cd.doc.SHA256 + `"`
	h := c.Writer.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Disposition", contentDisposition(cd.doc.Filename))
	if cache.ETagMatches(c.GetHeader("If-None-Match"), etag) {
		c.Status(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(cd.data)))
	c.Data(http.StatusOK, "application/pdf", cd.data)
}

// contentDisposition is "inline" with the file name: an ASCII fallback
// (quotes, backslashes and anything outside printable ASCII replaced) and
// the exact name in RFC 5987's encoding.
func contentDisposition(name string) string {
	ascii := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == ';' {
			return '_'
		}
		return r
	}, name)
	return `inline; filename="` + ascii + `"; filename*=UTF-8''` + url.PathEscape(name)
}

// partsList answers GET /service?fits={id} (the product's spare parts and
// accessories) and GET /service?partOf={id} (the products that list it
// as one: the machines a part fits), paged by limit and skip like the
// catalogue, with X-Total-Count.
func (s *Server) partsList(c *gin.Context, param, id string) {
	if err := shop.CheckID(id); err != nil {
		s.fail(c, shop.Invalid("The list parameters are not valid.", map[string]string{param: shop.ErrorMessage(err)}))
		return
	}
	q, err := shop.ParseProductParams(shop.ProductParams{Limit: c.Query("limit"), Skip: c.Query("skip")})
	if err != nil {
		s.fail(c, err)
		return
	}
	id = strings.ToLower(id)
	key := "service?" + param + "=" + id + "&" + itoa(q.Limit) + "&" + itoa(q.Skip)
	a, err := s.answers.get(c.Request.Context(), key, s.catalogue.Version, func(ctx context.Context) (any, int64, error) {
		if param == "fits" {
			return s.catalogue.Fits(ctx, id, q.Skip, q.Limit)
		}
		return s.catalogue.PartOf(ctx, id, q.Skip, q.Limit)
	})
	s.serve(c, a, err)
}

// listsDocument reports whether the product lists the document.
func (s *Server) listsDocument(ctx context.Context, productID, docID string) (bool, error) {
	a, err := s.productAnswer(ctx, productID)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	p, _ := a.value.(shop.Product)
	for _, d := range p.Documents {
		if d.ID == docID {
			return true, nil
		}
	}
	return false, nil
}
