import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormError } from '@/components/form/form-error';
import { catalogueMessages } from '@/config/catalogue-messages';
import { formMessages } from '@/config/form-messages';
import { ApiError } from '@/lib/api-client';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { uploadProblem, useUploadImage } from '@/lib/upload-image';
import type { Product } from '@/types/api';
import { useEditProduct, type ProductChanges } from '../api/edit-product';
import { FormTextField } from '@/components/form/form-text-field';
import { productFieldLabel, skuConflict, validateProductName } from '../utils/product-validation';
import { specsToSend } from './catalogue-fields';
import { uploadExtraPictures } from './more-pictures-field';
import { productImages } from './product-gallery';
import { ProductFields, type ProductFormValues } from './product-fields';

const m = catalogueMessages.productAdmin;
const SERVER_FIELDS = ['name', 'price', 'avaialbequantit', 'minimumquantity', 'description', 'image', 'sku', 'category', 'specs'] as const;

function formValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    price: String(product.price),
    avaialbequantit: String(product.avaialbequantit),
    minimumquantity: String(product.minimumquantity),
    description: product.description,
    image: null,
    sku: product.sku ?? '',
    category: product.category ?? '',
    specs: (product.specs ?? []).map(({ name, value, unit }) => ({ name, value, unit: unit ?? '' })),
    extraImages: productImages(product)
      .slice(1)
      .map((url) => ({ url })),
  };
}

/** The fields whose values differ from the product's (numbers compared as numbers). */
function changedFields(product: Product, values: ProductFormValues): Omit<ProductChanges, 'image'> {
  const changes: Omit<ProductChanges, 'image'> = {};
  const price = Number(values.price.trim());
  const available = Number(values.avaialbequantit.trim());
  const minimum = Number(values.minimumquantity.trim());
  const description = values.description.trim();
  const name = values.name.trim();
  const sku = values.sku.trim();
  const specs = specsToSend(values.specs);
  if (name !== product.name) changes.name = name;
  if (sku !== (product.sku ?? '')) changes.sku = sku;
  if (values.category !== (product.category ?? '')) changes.category = values.category;
  if (JSON.stringify(specs) !== JSON.stringify(specsToSend(formValues(product).specs))) changes.specs = specs;
  if (price !== product.price) changes.price = price;
  if (available !== product.avaialbequantit) changes.avaialbequantit = available;
  if (minimum !== product.minimumquantity) changes.minimumquantity = minimum;
  if (description !== product.description) changes.description = description;
  return changes;
}

interface EditProductDialogProps {
  product: Product;
  onClose: () => void;
}

/**
 * Edit a product: price, stock, minimum order, description and picture. Only
 * changed fields are sent (PUT /service/{id}); a new picture is uploaded first.
 * Mount it per product (with a key), so that it starts from that product's values.
 */
export function EditProductDialog({ product, onClose }: EditProductDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const toast = useToast();
  const upload = useUploadImage();
  const editProduct = useEditProduct();
  const [conflict, setConflict] = useState(false);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<ProductFormValues>({ defaultValues: formValues(product), mode: 'onTouched' });

  const onSubmit = handleSubmit(async (values) => {
    setConflict(false);
    const changes: ProductChanges = changedFields(product, values);
    if (values.image) {
      try {
        changes.image = await upload.mutateAsync(values.image);
      } catch (error) {
        setError('image', { type: 'server', message: uploadProblem(error) }, { shouldFocus: true });
        toast.error(withReason(formMessages.uploads.failed, error));
        return;
      }
    }
    try {
      const images = [...new Set([changes.image ?? product.image, ...(await uploadExtraPictures(values.extraImages))])];
      const stored = productImages(product);
      // A new image alone makes the list [image] on the server: the list goes only when there is more to it.
      if (JSON.stringify(images) !== JSON.stringify(stored) && (images.length > 1 || stored.length > 1)) changes.images = images;
    } catch (error) {
      toast.error(withReason(formMessages.uploads.failed, error));
      return;
    }
    if (Object.keys(changes).length === 0) {
      toast.info(m.unchanged);
      onClose();
      return;
    }
    try {
      await editProduct.mutateAsync({ id: product._id, changes, updatedAt: product.updatedAt });
      toast.success(m.updated);
      onClose();
    } catch (error) {
      const sku = skuConflict(error);
      if (sku) {
        setError('sku', { type: 'server', message: sku }, { shouldFocus: true });
        return;
      }
      if (error instanceof ApiError && error.code === 'conflict') {
        setConflict(true);
        return;
      }
      showFieldErrors(error, SERVER_FIELDS, setError, (field, problem) => formMessages.forms.fieldProblem(productFieldLabel(field), problem));
      toast.error(withReason(m.updateFailed, error));
    }
  });

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 800, pr: 3 }}>
        {m.editTitle(product.name)}
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2.25, alignContent: 'start', pt: '20px !important' }}>
        <FormTextField control={control} name="name" rules={{ validate: validateProductName }} label={m.name} required fullWidth autoComplete="off" />
        <ProductFields control={control} currentImage={product.image} />
        {conflict && <FormError>{m.changedMeanwhile}</FormError>}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
        <Box sx={{ flexGrow: 1 }} />
        <Button type="button" color="secondary" onClick={onClose} disabled={isSubmitting}>
          {formMessages.forms.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting} sx={{ minHeight: 44, px: 3 }}>
          {m.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
