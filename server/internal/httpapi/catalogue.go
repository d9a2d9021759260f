package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// listProducts answers GET /service?limit&skip&q&sort with a JSON array and
// the number of matches in X-Total-Count.
func (s *Server) listProducts(c *gin.Context) {
	if raw, ok := c.GetQuery("ids"); ok {
		s.listProductsByID(c, raw)
		return
	}
	for _, param := range []string{"fits", "partOf"} { // issue 48 (documents.go)
		if id, ok := c.GetQuery(param); ok {
			s.partsList(c, param, id)
			return
		}
	}
	q, err := shop.ParseProductParams(shop.ProductParams{Limit: c.Query("limit"), Skip: c.Query("skip"), Q: c.Query("q"), Sort: c.Query("sort"),
		Category: c.Query("category"), MinPrice: c.Query("minPrice"), MaxPrice: c.Query("maxPrice"), InStock: c.Query("inStock")})
	if err != nil {
		s.fail(c, err)
		return
	}
	a, err := s.productListAnswer(c.Request.Context(), q)
	s.serve(c, a, err)
}

// listProductsByID answers GET /service?ids=a,b,c: those products that exist,
// in that order (the cart's lines in one request instead of one each).
func (s *Server) listProductsByID(c *gin.Context, raw string) {
	ids, err := shop.ParseProductIDs(raw)
	if err != nil {
		s.fail(c, err)
		return
	}
	a, err := s.answers.get(c.Request.Context(), "service?ids="+strings.Join(ids, ","), s.catalogue.Version, func(ctx context.Context) (any, int64, error) {
		list, err := s.catalogue.FindMany(ctx, ids)
		return list, int64(len(list)), err
	})
	s.serve(c, a, err)
}

// productListAnswer is the cached answer of GET /service for q; its value
// is the []shop.Product.
func (s *Server) productListAnswer(ctx context.Context, q shop.ProductQuery) (*answer, error) {
	return s.answers.get(ctx, productListKey(q), s.catalogue.Version, func(ctx context.Context) (any, int64, error) {
		list, total, err := s.catalogue.List(ctx, q)
		return list, total, err
	})
}

// productListKey is the answer cache's key of GET /service for q.
func productListKey(q shop.ProductQuery) string {
	key := "service?" + q.Sort + "&" + itoa(q.Limit) + "&" + itoa(q.Skip) + "&" + strings.Join(q.Words, " ")
	if q.Category != "" || q.MinPrice != nil || q.MaxPrice != nil || q.InStock {
		price := func(c *shop.Cents) string {
			if c == nil {
				return "-"
			}
			return strconv.FormatInt(int64(*c), 10)
		}
		key += "&" + strconv.Quote(q.Category) + "&" + price(q.MinPrice) + "&" + price(q.MaxPrice) + "&" + strconv.FormatBool(q.InStock)
	}
	return key
}

// getProduct answers GET /service/{id}.
func (s *Server) getProduct(c *gin.Context) {
	id := c.Param("id")
	if err := shop.CheckID(id); err != nil {
		s.fail(c, err)
		return
	}
	a, err := s.productAnswer(c.Request.Context(), id)
	s.serve(c, a, err)
}

// productAnswer is the cached answer of GET /service/{id}; its value is the
// shop.Product.
func (s *Server) productAnswer(ctx context.Context, id string) (*answer, error) {
	return s.answers.get(ctx, "service/"+id, s.catalogue.Version, func(ctx context.Context) (any, int64, error) {
		p, err := s.catalogue.Find(ctx, id)
		return p, -1, err
	})
}

// addProduct answers POST /added with {acknowledged, insertedId}.
func (s *Server) addProduct(c *gin.Context) {
	if raw, ok := bind[shop.RawProduct](s, c); ok {
		id, err := s.catalogue.AddProduct(c.Request.Context(), caller(c), raw)
		s.reply(c, http.StatusCreated, gin.H{"acknowledged": true, "insertedId": id}, err)
	}
}

// editProduct answers PUT /service/{id}; an optional updatedAt (the value
// the admin's copy shows) makes the save conditional on it.
func (s *Server) editProduct(c *gin.Context) {
	var body struct {
		shop.RawProduct
		UpdatedAt *time.Time `json:"updatedAt"`
	}
	if err := decodeJSON(c, &body); err != nil {
		s.fail(c, err)
		return
	}
	res, err := s.catalogue.EditProduct(c.Request.Context(), caller(c), c.Param("id"), body.RawProduct, body.UpdatedAt)
	s.reply(c, http.StatusOK, res, err)
}

// deleteProduct answers DELETE /deleteproduct/{id}.
func (s *Server) deleteProduct(c *gin.Context) {
	res, err := s.catalogue.DeleteProduct(c.Request.Context(), caller(c), c.Param("id"))
	s.reply(c, http.StatusOK, res, err)
}

// Encoded is one of the API's cached answers as the client server writes
// its pages from it: what the client would fetch, so that a page holds
// what the API answers and is kept while that answer is the same.
type Encoded struct {
	JSON  []byte // the answer's body
	ETag  string
	Total int64 // X-Total-Count of a list; -1 otherwise
}

func (a *answer) encoded() Encoded { return Encoded{JSON: a.body, ETag: a.etag, Total: a.total} }

// CachedProduct is GET /service/{id}'s cached answer (the product page is
// rendered from it).
func (s *Server) CachedProduct(ctx context.Context, id string) (shop.Product, Encoded, error) {
	a, err := s.productAnswer(ctx, id)
	if err != nil {
		return shop.Product{}, Encoded{}, err
	}
	p, _ := a.value.(shop.Product)
	return p, a.encoded(), nil
}

// CachedProducts is GET /service's cached answer for q (the home page's
// featured cards are rendered from it).
func (s *Server) CachedProducts(ctx context.Context, q shop.ProductQuery) ([]shop.Product, Encoded, error) {
	a, err := s.productListAnswer(ctx, q)
	if err != nil {
		return nil, Encoded{}, err
	}
	list, _ := a.value.([]shop.Product)
	return list, a.encoded(), nil
}

// Issue 35: the categories.

// listCategories answers GET /categories.
func (s *Server) listCategories(c *gin.Context) {
	list, err := s.catalogue.ListCategories(c.Request.Context())
	s.reply(c, http.StatusOK, list, err)
}

// addCategory answers POST /categories {name} with the new category.
func (s *Server) addCategory(c *gin.Context) {
	if in, ok := bind[shop.CategoryInput](s, c); ok {
		cat, err := s.catalogue.AddCategory(c.Request.Context(), caller(c), in.Name)
		s.reply(c, http.StatusCreated, cat, err)
	}
}

// renameCategory answers PATCH /categories/{id} {name, from?}.
func (s *Server) renameCategory(c *gin.Context) {
	if in, ok := bind[shop.CategoryRename](s, c); ok {
		cat, err := s.catalogue.RenameCategory(c.Request.Context(), caller(c), c.Param("id"), in.Name, in.From)
		s.reply(c, http.StatusOK, cat, err)
	}
}

// deleteCategory answers DELETE /categories/{id}.
func (s *Server) deleteCategory(c *gin.Context) {
	res, err := s.catalogue.DeleteCategory(c.Request.Context(), caller(c), c.Param("id"))
	s.reply(c, http.StatusOK, res, err)
}
