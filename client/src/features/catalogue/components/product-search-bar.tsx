import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import type { SxProps, Theme } from '@mui/material/styles';
import { catalogueMessages } from '@/config/catalogue-messages';
import type { ProductSort } from '@/types/api';
import { SORT_OPTIONS } from '../hooks/use-product-search';
import { mergeSx } from '@/lib/theme';

const m = catalogueMessages.products;

interface ProductSearchBarProps {
  text: string;
  onTextChange: (text: string) => void;
  sort: ProductSort;
  onSortChange: (sort: ProductSort) => void;
  /** Smaller fields (a dashboard table's toolbar). */
  dense?: boolean;
  sx?: SxProps<Theme>;
}

/** A product list's search by name and its order, side by side (stacked on a phone). */
export function ProductSearchBar({ text, onTextChange, sort, onSortChange, dense = false, sx }: ProductSearchBarProps) {
  const size = dense ? 'small' : 'medium';
  return (
    <Box
      role="search"
      sx={mergeSx(
        {
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 240px' },
          gap: 2,
          p: 2,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
        },
        sx,
      )}
    >
      <TextField
        type="search"
        label={m.search}
        value={text}
        onChange={(e) => onTextChange(e.target.value)}
        autoComplete="off"
        fullWidth
        size={size}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden="true" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField select label={m.sort} value={sort} onChange={(e) => onSortChange(e.target.value as ProductSort)} fullWidth size={size}>
        {SORT_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
