import Box from '@mui/material/Box';
import AddBoxOutlinedIcon from '@mui/icons-material/AddBoxOutlined';
import { useForm } from 'react-hook-form';
import { FormActions } from '@/components/form/form-actions';
import { FormCard } from '@/components/form/form-card';
import { FormTextField } from '@/components/form/form-text-field';
import { useFieldUpload } from '@/components/form/use-field-upload';
import { ReadOnlyField } from '@/components/form/read-only-field';
import { catalogueMessages } from '@/config/catalogue-messages';
import { formMessages } from '@/config/form-messages';
import { dashboardMessages } from '@/config/dashboard-messages';
import { useSession } from '@/lib/auth';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { useAddProduct } from '../api/add-product';
import { productFieldLabel, skuConflict, tiersFromText, validateProductName } from '../utils/product-validation';
import { specsToSend } from './catalogue-fields';
import { uploadExtraPictures } from './more-pictures-field';
import { emptyProductForm, ProductFields, type ProductFormValues } from './product-fields';

const m = catalogueMessages.productAdmin;
const SERVER_FIELDS = ['name', 'price', 'avaialbequantit', 'minimumquantity', 'description', 'image', 'sku', 'category', 'specs', 'tiers'] as const;

/** Add Product: the picture is uploaded first, then the product is sent with its URL. */
export function AddProductForm() {
  const { user } = useSession();
  const toast = useToast();
  const addProduct = useAddProduct();
  const { control, handleSubmit, setError, reset, formState: { isSubmitting } } = useForm<ProductFormValues>({ defaultValues: emptyProductForm, mode: 'onTouched' });
  const uploadImage = useFieldUpload(setError, 'image');

  const onSubmit = handleSubmit(async (values) => {
    const image = await uploadImage(values.image as File);
    if (image === null) return;
    let extra: string[];
    try {
      extra = await uploadExtraPictures(values.extraImages);
    } catch (error) {
      toast.error(withReason(formMessages.uploads.failed, error));
      return;
    }
    const images = [...new Set([image, ...extra])];
    try {
      const result = await addProduct.mutateAsync({
        name: values.name.trim(),
        price: Number(values.price.trim()),
        avaialbequantit: Number(values.avaialbequantit.trim()),
        minimumquantity: Number(values.minimumquantity.trim()),
        description: values.description.trim(),
        image,
        ...(values.sku.trim() && { sku: values.sku.trim() }),
        ...(values.category && { category: values.category }),
        ...(values.specs.length > 0 && { specs: specsToSend(values.specs) }),
        ...(values.tiers.trim() && { tiers: tiersFromText(values.tiers) ?? [] }),
        ...(images.length > 1 && { images }),
      });
      if (result.insertedId) {
        toast.success(m.added);
        reset(emptyProductForm);
      } else {
        toast.error(m.addFailed);
      }
    } catch (error) {
      const sku = skuConflict(error);
      if (sku) setError('sku', { type: 'server', message: sku }, { shouldFocus: true });
      showFieldErrors(error, SERVER_FIELDS, setError, (field, problem) => formMessages.forms.fieldProblem(productFieldLabel(field), problem));
      toast.error(withReason(m.addFailed, error));
    }
  });

  return (
    <FormCard onSubmit={onSubmit} aria-label={dashboardMessages.addProduct}>
      <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '3fr 2fr' } }}>
        <FormTextField
          control={control}
          name="name"
          rules={{ validate: validateProductName }}
          label={m.name}
          required
          fullWidth
          autoComplete="off"
        />
        <ReadOnlyField label={m.email} value={user?.email ?? ''} type="email" />
      </Box>
      <ProductFields control={control} />
      <FormActions submitLabel={m.submit} submitIcon={<AddBoxOutlinedIcon />} submitting={isSubmitting} />
    </FormCard>
  );
}
