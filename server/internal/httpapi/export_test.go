package httpapi

import (
	"context"
	"errors"
)

// SetSitemapURLs lowers the URLs per sitemap file, so that a test sees the
// sitemap index without a catalogue of 50,000 products; the sitemap is
// built again at the next request.
func SetSitemapURLs(s *Site, n int) {
	s.sitemapMu.Lock()
	defer s.sitemapMu.Unlock()
	s.sitemapURLs = n
	s.sitemaps.Store(nil)
}

// FormatPrice is the product page's price, as the client formats it.
var FormatPrice = formatPrice

// HoldHomeAnswer starts the load of the home page's featured answer and
// keeps it from finishing until release is closed, as a database that does
// not answer would; that load then fails (a failure is not kept).
func HoldHomeAnswer(s *Site, release <-chan struct{}) {
	q, err := s.spa.home.query()
	if err != nil {
		panic(err)
	}
	started := make(chan struct{})
	go func() {
		_, _ = s.api.answers.get(context.Background(), productListKey(q), s.api.catalogue.Version, func(context.Context) (any, int64, error) {
			close(started)
			<-release
			return nil, 0, errors.New("held")
		})
	}()
	<-started
}
