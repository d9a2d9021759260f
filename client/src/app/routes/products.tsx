import { catalogueMessages } from '@/config/catalogue-messages';
import { site } from '@/config/site';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { AllProducts } from '@/features/catalogue/components/all-products';
import { AddToQuoteButton, QuoteListBar } from '@/features/quotes/components/quote-buttons';

export default function ProductsPage() {
  return (
    <>
      <title>{`${catalogueMessages.products.title} | ${site.storeName}`}</title>
      <AllProducts aside={<QuoteListBar />} cardActions={(product) => (
          <>
            <AddToCartButton product={product} fullWidth style={{ marginTop: 8 }} />
            <AddToQuoteButton product={product} />
          </>
        )} />
    </>
  );
}
