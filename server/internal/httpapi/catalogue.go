package httpapi

import (
	"context"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/mongodb"
	"storefront/server/internal/shop"
)

// listProducts answers GET /service?limit&skip&q&sort with a JSON array and
// the number of matches in X-Total-Count.
func (s *Server) listProducts(c *gin.Context) {
	q, err := shop.ParseProductQuery(c.Query("limit"), c.Query("skip"), c.Query("q"), c.Query("sort"))
	if err != nil {
		s.fail(c, err)
		return
	}
	key := "service?" + q.Sort + "&" + itoa(q.Limit) + "&" + itoa(q.Skip) + "&" + q.Q
	a, err := s.answers.get(c.Request.Context(), key, mongodb.CollProducts, func(ctx context.Context) (any, int64, error) {
		list, total, err := s.store.ListProducts(ctx, q)
		return list, total, err
	})
	if err != nil {
		s.fail(c, err)
		return
	}
	serveAnswer(c, a)
}

// getProduct answers GET /service/{id}.
func (s *Server) getProduct(c *gin.Context) {
	id := c.Param("id")
	if err := shop.CheckID(id); err != nil {
		s.fail(c, err)
		return
	}
	a, err := s.productAnswer(c.Request.Context(), id)
	if err != nil {
		s.fail(c, err)
		return
	}
	serveAnswer(c, a)
}

// productAnswer is the cached answer of GET /service/{id}; its value is the
// shop.Product. The product page (Site) is rendered from it.
func (s *Server) productAnswer(ctx context.Context, id string) (*answer, error) {
	return s.answers.get(ctx, "service/"+id, mongodb.CollProducts, func(ctx context.Context) (any, int64, error) {
		p, err := s.store.FindProduct(ctx, id)
		return p, -1, err
	})
}
