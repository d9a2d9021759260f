import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LowPriorityIcon from '@mui/icons-material/LowPriority';
import { pictureBox, ProductPicture } from '@/components/ui/product-picture';
import { messages } from '@/config/messages';
import { orderMessages } from '@/config/order-messages';
import { pageMessages } from '@/config/page-messages';
import type { Product } from '@/types/api';
import { formatPrice } from '@/utils/format';


/** The product being ordered: image, name, price, stock, minimum order and description. */
export function PurchaseProduct({ product }: { product: Product }) {
  return (
    <Box
      component="section"
      aria-labelledby="purchase-product-name"
      sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, overflow: 'hidden' }}
    >
      <Box sx={{ bgcolor: 'surface.muted', ...pictureBox }}>
        <ProductPicture src={product.image} alt={product.name} />
      </Box>
      <Box sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 1.5 }}>
        <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
          {pageMessages.pages.purchase}
        </Typography>
        <Typography
          id="purchase-product-name"
          variant="h4"
          component="h1"
          sx={{ fontSize: { xs: '1.6rem', md: '1.9rem' }, lineHeight: 1.2, mt: -1, overflowWrap: 'anywhere' }}
        >
          {product.name}
        </Typography>
        <Typography component="p" sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Box component="span" sx={{ fontWeight: 800, fontSize: '1.75rem' }}>
            {formatPrice(product.price)}
          </Box>
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 600 }}>
            {orderMessages.orders.perPiece}
          </Box>
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Chip
            icon={<Inventory2OutlinedIcon />}
            label={messages.catalogue.available(product.avaialbequantit)}
            sx={{ fontWeight: 700, bgcolor: 'surface.muted' }}
          />
          <Chip
            icon={<LowPriorityIcon />}
            label={messages.catalogue.minimumOrder(product.minimumquantity)}
            sx={{ fontWeight: 700, bgcolor: 'highlight.bg', '& .MuiChip-icon': { color: 'highlight.icon' } }}
          />
        </Box>
        <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', lineHeight: 1.65 }}>
          {product.description}
        </Typography>
      </Box>
    </Box>
  );
}
