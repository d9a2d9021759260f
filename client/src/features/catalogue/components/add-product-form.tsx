import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddBoxOutlinedIcon from '@mui/icons-material/AddBoxOutlined';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { ReadOnlyField } from '@/components/form/read-only-field';
import { catalogueMessages } from '@/config/catalogue-messages';
import { formMessages } from '@/config/form-messages';
import { messages } from '@/config/messages';
import { useSession } from '@/lib/auth';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { uploadProblem, useUploadImage } from '@/lib/upload-image';
import { useAddProduct } from '../api/add-product';
import { PRODUCT_FIELD_LABELS, validateProductName } from '../utils/product-validation';
import { emptyProductForm, ProductFields, type ProductFormValues } from './product-fields';

const m = catalogueMessages.productAdmin;
const SERVER_FIELDS = ['name', 'price', 'avaialbequantit', 'minimumquantity', 'description', 'image'] as const;

/** Add Product: the picture is uploaded first, then the product is sent with its URL. */
export function AddProductForm() {
  const { user } = useSession();
  const toast = useToast();
  const upload = useUploadImage();
  const addProduct = useAddProduct();
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = useForm<ProductFormValues>({ defaultValues: emptyProductForm, mode: 'onTouched' });

  const onSubmit = handleSubmit(async (values) => {
    let image: string;
    try {
      image = await upload.mutateAsync(values.image as File);
    } catch (error) {
      setError('image', { type: 'server', message: uploadProblem(error) }, { shouldFocus: true });
      toast.error(withReason(formMessages.uploads.failed, error));
      return;
    }
    try {
      const result = await addProduct.mutateAsync({
        name: values.name.trim(),
        price: Number(values.price.trim()),
        avaialbequantit: Number(values.avaialbequantit.trim()),
        minimumquantity: Number(values.minimumquantity.trim()),
        description: values.description.trim(),
        image,
      });
      if (result.insertedId) {
        toast.success(m.added);
        reset(emptyProductForm);
      } else {
        toast.error(m.addFailed);
      }
    } catch (error) {
      showFieldErrors(error, SERVER_FIELDS, setError, (field, problem) => formMessages.forms.fieldProblem(PRODUCT_FIELD_LABELS[field], problem));
      toast.error(withReason(m.addFailed, error));
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={messages.dashboard.addProduct}
      sx={{ display: 'grid', gap: 2.25, p: { xs: 2.5, sm: 4 }, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
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
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={isSubmitting}
          loadingPosition="start"
          startIcon={<AddBoxOutlinedIcon />}
          sx={{ minHeight: 48, width: { xs: '100%', sm: 'auto' }, px: 4 }}
        >
          {m.submit}
        </Button>
      </Box>
    </Box>
  );
}
