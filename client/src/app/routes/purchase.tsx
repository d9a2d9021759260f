import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { SplitLayout } from '@/components/ui/split-layout';
import { orderMessages } from '@/config/order-messages';
import { pageMessages } from '@/config/page-messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useProduct } from '@/features/catalogue/api/get-product';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { DeliveryOptions, deliveryBody, useDeliveryChoice } from '@/features/cart/components/delivery-options';
import { PurchaseForm } from '@/features/orders/components/purchase-form';
import { PurchaseProduct } from '@/features/orders/components/purchase-product';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';

/** Not found for an unknown product, invalid for an id that cannot be one. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'not_found' || error.code === 'invalid');
}

/** /purchase/:id (signed in): the product, and the form that orders it. */
export default function PurchasePage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const user = useUser();
  const delivery = useDeliveryChoice(); // issue 48: the delivery options, with the server's figures
  const title = product.data ? `${pageMessages.pages.purchase}: ${product.data.name}` : pageMessages.pages.purchase;

  let body;
  if (product.isError && isMissing(product.error)) {
    body = (
      <Box sx={{ maxWidth: 560, mx: 'auto', textAlign: 'center', py: { xs: 4, md: 8 } }}>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '1.8rem', md: '2.2rem' } }}>
          {orderMessages.orders.productNotFoundTitle}
        </Typography>
        <Typography role="alert" color="text.secondary" sx={{ mt: 1.5 }}>
          {orderMessages.orders.productNotFound}
        </Typography>
        <ButtonLink to={paths.products} tone="primary" size="large" style={{ marginTop: 32 }}>
          {orderMessages.orders.browseProducts}
        </ButtonLink>
      </Box>
    );
  } else if (product.isError || user.isError) {
    const failed = product.isError ? product : user;
    body = (
      <ErrorMessage onRetry={() => void failed.refetch()}>
        {product.isError ? errorMessage(product.error, orderMessages.orders.productLoadFailed) : failed.error?.message}
      </ErrorMessage>
    );
  } else if (!product.data || !user.data) {
    body = <LoadingSpinner minHeight="50vh" />;
  } else {
    body = (
      <SplitLayout>
        <PurchaseProduct product={product.data} />
        <PurchaseForm
          key={product.data._id}
          product={product.data}
          user={user.data}
          cartAction={(quantity) => <AddToCartButton product={product.data} quantity={quantity} fullWidth />}
          delivery={(quantity, addressId) => ({
            section: (
              <DeliveryOptions
                body={quantity === null ? null : { items: [{ productId: id, quantity }], ...(addressId && { addressId }) }}
                list={delivery.list}
                choice={delivery.choice}
                onChange={delivery.setChoice}
              />
            ),
            fields: deliveryBody(delivery.choice) as Record<string, string>,
            replacesTotal: delivery.list.length > 0,
          })}
        />
      </SplitLayout>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <title>{`${title} | ${site.storeName}`}</title>
      {body}
    </Container>
  );
}
