import { useNavigate } from 'react-router';
import { ButtonLink, PlainButton } from '@/components/ui/button-link';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { serviceMessages } from '@/config/service-messages';
import { useToast } from '@/lib/toast';
import type { Product } from '@/types/api';
import { addToQuoteList, MAX_QUOTE_ITEMS, useQuoteList } from '../utils/quote-list';
import s from './quote-buttons.module.css';

const m = serviceMessages.quoteList;

function listItemOf(product: Product) {
  return {
    productId: product._id,
    name: product.name,
    image: product.image,
    price: product.price,
    minimumquantity: product.minimumquantity,
    avaialbequantit: product.avaialbequantit,
  };
}

/**
 * The product page's call to action beside Purchase: puts the product in the
 * quote list and opens it (/quote asks a signed-out visitor to sign in first,
 * then comes back). It looks the same whatever the list holds, so a page
 * rendered on the server matches.
 */
export function RequestQuoteButton({ product }: { product: Product }) {
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <PlainButton
      type="button"
      tone="outlined"
      size="large"
      aria-label={m.requestQuoteLabel(product.name)}
      onClick={() => {
        if (!addToQuoteList(listItemOf(product))) toast.error(m.full(MAX_QUOTE_ITEMS));
        void navigate(paths.quote);
      }}
    >
      <Icon name="requestQuoteOutlined" size="small" />
      {m.requestQuote}
    </PlainButton>
  );
}

/** A product card's "Add to quote" on /products; "In quote list" once it is there. */
export function AddToQuoteButton({ product }: { product: Product }) {
  const list = useQuoteList();
  const toast = useToast();
  const inList = list.some((item) => item.productId === product._id);
  return (
    <PlainButton
      type="button"
      tone="outlined"
      fullWidth
      disabled={inList}
      aria-label={inList ? m.inQuoteLabel(product.name) : m.addToQuoteLabel(product.name)}
      onClick={() => {
        if (addToQuoteList(listItemOf(product))) toast.success(m.added(product.name));
        else toast.error(m.full(MAX_QUOTE_ITEMS));
      }}
      style={{ marginTop: 8, ...(inList && { cursor: 'default', opacity: 0.75 }) }}
    >
      {inList ? <Icon name="check" size="small" /> : <Icon name="requestQuoteOutlined" size="small" />}
      {inList ? m.inQuote : m.addToQuote}
    </PlainButton>
  );
}

/** Above the catalogue while the quote list has products: how many, and the way to send them. */
export function QuoteListBar() {
  const list = useQuoteList();
  if (list.length === 0) return null;
  return (
    <div data-testid="quote-list-bar" className={s.bar}>
      <p role="status" className={s.text}>
        {m.barText(list.length)}
      </p>
      <ButtonLink to={paths.quote} tone="secondary">
        <Icon name="requestQuoteOutlined" size="small" />
        {m.review}
      </ButtonLink>
    </div>
  );
}
