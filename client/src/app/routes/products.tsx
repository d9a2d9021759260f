import { catalogueMessages } from '@/config/catalogue-messages';
import { site } from '@/config/site';
import { AllProducts } from '@/features/catalogue/components/all-products';

export default function ProductsPage() {
  return (
    <>
      <title>{`${catalogueMessages.products.title} | ${site.storeName}`}</title>
      <AllProducts />
    </>
  );
}
