import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import TuneIcon from '@mui/icons-material/Tune';
import { useId, useState } from 'react';
import { PlainButton } from '@/components/ui/button-link';
import { categoryMessages } from '@/config/category-messages';
import { useSearchText } from '@/lib/url-list-state';
import { useCategories } from '../api/get-categories';
import { activeFilterCount, NO_FILTERS, priceRangeInverted, type ProductFilters } from '../hooks/use-product-search';

const m = categoryMessages.filters;

export interface ProductFiltersProps {
  filters: ProductFilters;
  /** Changes filters (and goes back to page 1); `replace` refines a price being typed. */
  onChange: (changes: Partial<ProductFilters>, options?: { replace?: boolean }) => void;
}

/** Keeps a typed price to what a price can be: digits and one decimal point. */
const priceText = (text: string) => text.replace(/[^\d.]/g, '').replace(/(\..*)\./g, '$1');

/**
 * The catalogue's filters: a category (with its product count), a price range
 * and in stock only. Each change goes to the URL at once (a price once typing
 * pauses), as the search does.
 */
export function ProductFilterPanel({ filters, onChange }: ProductFiltersProps) {
  const categories = useCategories();
  const [minPrice, setMinPrice] = useSearchText(filters.minPrice, (minPrice, options) => onChange({ minPrice }, options));
  const [maxPrice, setMaxPrice] = useSearchText(filters.maxPrice, (maxPrice, options) => onChange({ maxPrice }, options));
  const known = categories.data ?? [];
  // A category the URL names but the list does not have (yet): still shown as chosen.
  const options = filters.category && !known.some((c) => c.name === filters.category) ? [...known, { _id: '', name: filters.category, count: 0 }] : known;
  const inverted = priceRangeInverted(filters);
  const dollar = { input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { inputMode: 'decimal' as const } };

  return (
    <Box component="form" role="search" aria-label={m.title} onSubmit={(e) => e.preventDefault()} sx={{ display: 'grid', gap: 2 }}>
      <TextField
        select
        label={m.category}
        value={filters.category}
        onChange={(e) => onChange({ category: e.target.value })}
        fullWidth
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{m.allCategories}</MenuItem>
        {options.map((category) => (
          <MenuItem key={category.name} value={category.name}>
            {category._id ? m.categoryOption(category.name, category.count) : category.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <TextField
          label={m.minPrice}
          value={minPrice}
          onChange={(e) => setMinPrice(priceText(e.target.value))}
          slotProps={dollar}
          autoComplete="off"
          error={inverted}
          helperText={inverted ? m.minAboveMaxField : undefined}
        />
        <TextField label={m.maxPrice} value={maxPrice} onChange={(e) => setMaxPrice(priceText(e.target.value))} slotProps={dollar} autoComplete="off" />
      </Box>
      <FormControlLabel
        control={<Checkbox checked={filters.inStock === 'true'} onChange={(e) => onChange({ inStock: e.target.checked ? 'true' : '' })} />}
        label={m.inStock}
      />
      {activeFilterCount(filters) > 0 && (
        <PlainButton type="button" tone="outlined" onClick={() => onChange(NO_FILTERS)}>
          {m.clear}
        </PlainButton>
      )}
    </Box>
  );
}

/**
 * The filters beside the products on a wide screen; on a narrow one, a Filters
 * button (with how many are on) that opens them in a drawer. CSS decides which
 * shows, so the first render is the same at every width.
 */
export function ProductFilters(props: ProductFiltersProps) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const count = activeFilterCount(props.filters);
  return (
    <>
      <Box sx={{ display: { xs: 'block', md: 'none' }, mb: 2 }}>
        <PlainButton type="button" tone="outlined" onClick={() => setOpen(true)} aria-haspopup="dialog">
          <TuneIcon fontSize="small" aria-hidden="true" />
          {count > 0 ? m.openCount(count) : m.open}
        </PlainButton>
      </Box>
      <Drawer open={open} onClose={() => setOpen(false)} anchor="left" slotProps={{ paper: { 'aria-labelledby': titleId, sx: { width: 'min(320px, 88vw)', p: 2.5 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {m.title}
          </Typography>
          <IconButton aria-label={m.close} onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Box>
        <ProductFilterPanel {...props} />
        <PlainButton type="button" tone="secondary" fullWidth onClick={() => setOpen(false)} style={{ marginTop: 16 }}>
          {m.showResults}
        </PlainButton>
      </Drawer>
      <Box
        data-testid="filters-side"
        sx={{ display: { xs: 'none', md: 'block' }, p: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, alignSelf: 'start' }}
      >
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {m.title}
        </Typography>
        <ProductFilterPanel {...props} />
      </Box>
    </>
  );
}
