import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { categoryMessages } from '@/config/category-messages';
import { useCategories } from '../api/get-categories';
import type { ProductFormValues } from './product-fields';

const m = categoryMessages.form;

/** At most this many specifications per product (the server's limit). */
export const MAX_SPECS = 30;
export const MAX_SKU_CHARS = 40;

/** A specification row as the form holds it (the unit '' for none). */
export interface SpecRow {
  name: string;
  value: string;
  unit: string;
}

/** The rows to send: trimmed, without a unit when it has none. */
export function specsToSend(rows: SpecRow[]) {
  return rows.map(({ name, value, unit }) => ({ name: name.trim(), value: value.trim(), ...(unit.trim() && { unit: unit.trim() }) }));
}

const requiredSpec = (value: string) => value.trim() !== '' || m.specRequired;

/**
 * The catalogue's fields of a product form (issue 35): the SKU, the category
 * (one of GET /categories) and the specifications, which can be added,
 * removed and moved up or down.
 */
export function CatalogueFields({ control }: { control: Control<ProductFormValues> }) {
  const categories = useCategories();
  const specs = useFieldArray({ control, name: 'specs' });
  const rows = specs.fields;
  const chosen = useWatch({ control, name: 'category' });
  const known = categories.data ?? [];
  // The product's category stays an option while the list loads (or if it went meanwhile).
  const names = chosen && !known.some((c) => c.name === chosen) ? [...known.map((c) => c.name), chosen] : known.map((c) => c.name);

  return (
    <>
      <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <FormTextField
          control={control}
          name="sku"
          label={m.sku}
          helperText={m.skuHelp}
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: MAX_SKU_CHARS } }}
        />
        <FormTextField control={control} name="category" label={m.category} select fullWidth slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">{m.noCategory}</MenuItem>
          {names.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </FormTextField>
      </Box>

      <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, m: 0, p: 2, display: 'grid', gap: 1.5, minWidth: 0 }}>
        <Typography component="legend" sx={{ px: 0.5, fontWeight: 700 }}>
          {m.specs}
        </Typography>
        <Box component="ol" data-testid="spec-rows" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
          {rows.map((row, i) => (
            <Box
              component="li"
              key={row.id}
              sx={{ display: 'grid', gap: 1, alignItems: 'start', gridTemplateColumns: { xs: '1fr 1fr', sm: 'minmax(0, 3fr) minmax(0, 3fr) minmax(0, 2fr) auto' } }}
            >
              <FormTextField control={control} name={`specs.${i}.name`} rules={{ validate: requiredSpec }} label={`${m.specName} ${i + 1}`} size="small" autoComplete="off" />
              <FormTextField control={control} name={`specs.${i}.value`} rules={{ validate: requiredSpec }} label={`${m.specValue} ${i + 1}`} size="small" autoComplete="off" />
              <FormTextField control={control} name={`specs.${i}.unit`} label={`${m.specUnit} ${i + 1}`} size="small" autoComplete="off" />
              <Box sx={{ display: 'flex', gap: 0.25 }}>
                <IconButton aria-label={m.moveUp(i + 1)} disabled={i === 0} onClick={() => specs.move(i, i - 1)} size="small">
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton aria-label={m.moveDown(i + 1)} disabled={i === rows.length - 1} onClick={() => specs.move(i, i + 1)} size="small">
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
                <IconButton aria-label={m.removeSpec(i + 1)} onClick={() => specs.remove(i)} size="small" color="error">
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Box>
            </Box>
          ))}
        </Box>
        <Box>
          <Button type="button" variant="outlined" color="secondary" startIcon={<AddIcon />} disabled={rows.length >= MAX_SPECS} onClick={() => specs.append({ name: '', value: '', unit: '' })}>
            {m.addSpec}
          </Button>
          {rows.length >= MAX_SPECS && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {m.tooManySpecs(MAX_SPECS)}
            </Typography>
          )}
        </Box>
      </Box>
    </>
  );
}
