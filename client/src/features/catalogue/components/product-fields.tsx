import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import type { Control } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { ImageField } from '@/components/form/image-field';
import { catalogueMessages } from '@/config/catalogue-messages';
import { formMessages } from '@/config/form-messages';
import { CatalogueFields, type SpecRow } from './catalogue-fields';
import { MorePicturesField, type ExtraPicture } from './more-pictures-field';
import {
  validateAvailable,
  validateDescription,
  validateMinimum,
  validateOptionalImage,
  validatePrice,
  validateRequiredImage,
  validateTiers,
} from '../utils/product-validation';
import { categoryMessages } from '@/config/category-messages';

const m = catalogueMessages.productAdmin;

/** A product form's values: numbers stay text until sent, so that the rules can check what was typed. */
export interface ProductFormValues {
  name: string;
  price: string;
  avaialbequantit: string;
  minimumquantity: string;
  description: string;
  image: File | null;
  /** Issue 35: '' for none. */
  sku: string;
  category: string;
  specs: SpecRow[];
  /** Issue 45: the volume tiers as the import writes them ("10:5; 50:7.5"); '' for none. */
  tiers: string;
  /** The pictures after the main one (`image`), in order. */
  extraImages: ExtraPicture[];
}

export const emptyProductForm: ProductFormValues = {
  name: '',
  price: '',
  avaialbequantit: '',
  minimumquantity: '',
  description: '',
  image: null,
  sku: '',
  category: '',
  specs: [],
  tiers: '',
  extraImages: [],
};

/** The numbers, side by side; each stays text until sent (see ProductFormValues). */
const NUMBER_FIELDS: {
  name: 'price' | 'avaialbequantit' | 'minimumquantity';
  validate: (value: string) => string | true;
  label: string;
  inputMode: 'decimal' | 'numeric';
  /** Shown after the value. */
  unit?: string;
}[] = [
  { name: 'price', validate: validatePrice, label: m.price, inputMode: 'decimal', unit: 'USD' },
  { name: 'avaialbequantit', validate: validateAvailable, label: m.available, inputMode: 'numeric' },
  { name: 'minimumquantity', validate: validateMinimum, label: m.minimum, inputMode: 'numeric' },
];

interface ProductFieldsProps {
  control: Control<ProductFormValues>;
  /** Edit forms show the stored picture and keep it unless another is chosen. */
  currentImage?: string;
}

/** Price, stock, minimum order, description and picture: shared by Add Product and the edit dialog. */
export function ProductFields({ control, currentImage }: ProductFieldsProps) {
  const editing = currentImage !== undefined;
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        {NUMBER_FIELDS.map(({ name, validate, label, inputMode, unit }) => (
          <FormTextField
            key={name}
            control={control}
            name={name}
            rules={{ validate }}
            label={label}
            required
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode }, ...(unit && { input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } }) }}
          />
        ))}
      </Box>
      <FormTextField
        control={control}
        name="tiers"
        rules={{ validate: validateTiers }}
        label={categoryMessages.form.tiers}
        helperText={categoryMessages.form.tiersHelp}
        fullWidth
        autoComplete="off"
      />
      <FormTextField
        control={control}
        name="description"
        rules={{ validate: validateDescription }}
        label={m.description}
        required
        fullWidth
        multiline
        minRows={4}
      />
      <ImageField
        control={control}
        name="image"
        rules={{ validate: editing ? validateOptionalImage : validateRequiredImage }}
        label={m.image}
        required={!editing}
        currentUrl={currentImage}
        helperText={editing ? formMessages.uploads.keepCurrent : undefined}
      />
      <MorePicturesField control={control} />
      <CatalogueFields control={control} />
    </>
  );
}
