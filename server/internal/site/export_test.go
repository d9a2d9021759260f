package site

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
