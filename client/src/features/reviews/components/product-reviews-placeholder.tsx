/** The space the product page's reviews take while their code and answer load (kept apart: the page loads it at once, the reviews later). */
export function ProductReviewsPlaceholder() {
  return <div style={{ minHeight: 160 }} aria-hidden="true" />;
}
