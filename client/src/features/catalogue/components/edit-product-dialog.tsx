import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConflictChoices, type ConflictChoice, type ConflictField } from '@/components/form/conflict-choices';
import { ErrorMessage } from '@/components/ui/error-message';
import { catalogueMessages } from '@/config/catalogue-messages';
import { categoryMessages } from '@/config/category-messages';
import { formMessages } from '@/config/form-messages';
import { ApiError } from '@/lib/api-client';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { uploadProblem, useUploadImage } from '@/lib/upload-image';
import type { Product } from '@/types/api';
import { formatPrice } from '@/utils/format';
import { useEditProduct, type ProductChanges } from '../api/edit-product';
import { getProductQueryOptions } from '../api/get-product';
import { FormTextField } from '@/components/form/form-text-field';
import { productFieldLabel, skuConflict, tiersFromText, tiersToText, validateProductName } from '../utils/product-validation';
import { specsToSend } from './catalogue-fields';
import { uploadExtraPictures } from './more-pictures-field';
import { productImages } from './product-gallery';
import { ProductFields, type ProductFormValues } from './product-fields';
import { ProductMachineryAdmin } from './product-machinery-admin';

const m = catalogueMessages.productAdmin;
const c = formMessages.conflict;
const SERVER_FIELDS = ['name', 'price', 'avaialbequantit', 'minimumquantity', 'description', 'image', 'sku', 'category', 'specs', 'tiers'] as const;

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
    tiers: tiersToText(product.tiers),
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
  const tiers = tiersFromText(values.tiers) ?? [];
  if (JSON.stringify(tiers) !== JSON.stringify(tiersFromText(tiersToText(product.tiers)))) changes.tiers = tiers;
  if (price !== product.price) changes.price = price;
  if (available !== product.avaialbequantit) changes.avaialbequantit = available;
  if (minimum !== product.minimumquantity) changes.minimumquantity = minimum;
  if (description !== product.description) changes.description = description;
  return changes;
}

/** The fields a conflict compares, as the form holds them (`pictures`: the main picture and the others together). */
type ConflictKey = 'name' | 'price' | 'avaialbequantit' | 'minimumquantity' | 'description' | 'sku' | 'category' | 'specs' | 'tiers' | 'pictures';

const CONFLICT_LABELS: Record<ConflictKey, string> = {
  name: m.name,
  price: m.price,
  avaialbequantit: m.available,
  minimumquantity: m.minimum,
  description: m.description,
  sku: categoryMessages.form.sku,
  category: categoryMessages.form.category,
  specs: categoryMessages.form.specs,
  tiers: categoryMessages.form.tiers,
  pictures: categoryMessages.product.gallery,
};

/** The form's pictures in order: the main one (a new file, or the copy's), then the others. */
function pictureKeys(values: ProductFormValues, main: string): string[] {
  return [values.image ? `file:${values.image.name}` : main, ...values.extraImages.map((p) => p.url ?? `file:${p.file.name}`)];
}

/** A field's value as compared (numbers as numbers, text trimmed), and as shown. */
function conflictValue(key: ConflictKey, values: ProductFormValues, main: string): { same: string; shown: string } {
  switch (key) {
    case 'price': {
      const n = Number(values.price.trim());
      return { same: String(n), shown: Number.isFinite(n) ? formatPrice(n) : values.price };
    }
    case 'avaialbequantit':
    case 'minimumquantity': {
      const n = Number(values[key].trim());
      return { same: String(n), shown: Number.isFinite(n) ? m.pcs(n) : values[key] };
    }
    case 'specs': {
      const specs = specsToSend(values.specs);
      return { same: JSON.stringify(specs), shown: specs.map((x) => `${x.name}: ${x.value}${x.unit ? ` ${x.unit}` : ''}`).join('; ') };
    }
    case 'pictures': {
      const keys = pictureKeys(values, main);
      return { same: JSON.stringify(keys), shown: m.pictures(keys.length, keys.some((k) => k.startsWith('file:'))) };
    }
    default:
      return { same: values[key].trim(), shown: values[key].trim() };
  }
}

/**
 * The fields the store's copy (`now`) changed since the copy the form started
 * from (`base`) and where the form's value is not already the store's: each
 * needs the admin's choice.
 */
function conflictFields(base: Product, now: Product, values: ProductFormValues): ConflictField[] {
  const from = formValues(base);
  const saved = formValues(now);
  return (Object.keys(CONFLICT_LABELS) as ConflictKey[]).flatMap((key) => {
    const before = conflictValue(key, from, base.image);
    const after = conflictValue(key, saved, now.image);
    const mine = conflictValue(key, values, base.image);
    if (before.same === after.same || mine.same === after.same) return [];
    return [{ key, label: CONFLICT_LABELS[key], mine: mine.shown, theirs: after.shown }];
  });
}

interface Conflict {
  fields: ConflictField[];
  /** The form's values when the save was refused: "Keep mine" puts them back. */
  mine: ProductFormValues;
  /** The store's copy, as form values: "Take the saved one" takes them. */
  saved: ProductFormValues;
}

interface EditProductDialogProps {
  product: Product;
  onClose: () => void;
}

/**
 * Edit a product: price, stock, minimum order, description and picture. Only
 * changed fields are sent (PUT /service/{id}); a new picture is uploaded first.
 * Mount it per product (with a key), so that it starts from that product's values.
 *
 * Every save names the version its values were based on (`updatedAt` of
 * `base`), never a newer copy the page may have read since: after a 409 the
 * dialog reads the store's copy, lists each field it changed beside the
 * admin's value, and saves (with the new version) only once the admin has
 * kept theirs or taken the saved one for every field.
 */
export function EditProductDialog({ product, onClose }: EditProductDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const toast = useToast();
  const upload = useUploadImage();
  const editProduct = useEditProduct();
  const queryClient = useQueryClient();
  // The copy the form's values are based on: the product as opened, then the store's copy after a conflict.
  const [base, setBase] = useState(product);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [choices, setChoices] = useState<Record<string, ConflictChoice | undefined>>({});
  const [notice, setNotice] = useState('');
  const [chooseError, setChooseError] = useState('');
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { isSubmitting },
  } = useForm<ProductFormValues>({ defaultValues: formValues(product), mode: 'onTouched' });

  const choose = (key: string, choice: ConflictChoice) => {
    if (!conflict) return;
    setChoices((current) => ({ ...current, [key]: choice }));
    setChooseError('');
    const from = choice === 'mine' ? conflict.mine : conflict.saved;
    const k = key as ConflictKey;
    if (k === 'pictures') {
      setValue('image', from.image, { shouldDirty: true });
      setValue('extraImages', from.extraImages, { shouldDirty: true });
    } else {
      setValue(k, from[k], { shouldDirty: true, shouldValidate: true });
    }
  };

  /** A 409: the store's copy is read, and what it changed since `base` is offered field by field. */
  const resolveConflict = async () => {
    let now: Product;
    try {
      now = await queryClient.fetchQuery({ ...getProductQueryOptions(product._id), staleTime: 0 });
    } catch (error) {
      setNotice(withReason(c.reloadFailed, error));
      return;
    }
    const values = getValues();
    const fields = conflictFields(base, now, values);
    setBase(now);
    setChoices({});
    setChooseError('');
    if (fields.length === 0) {
      setConflict(null);
      setNotice(c.onlyVersion);
    } else {
      setConflict({ fields, mine: values, saved: formValues(now) });
      setNotice('');
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    if (conflict && conflict.fields.some((field) => choices[field.key] === undefined)) {
      setChooseError(c.chooseEach);
      return;
    }
    setNotice('');
    const changes: ProductChanges = changedFields(base, values);
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
      const images = [...new Set([changes.image ?? base.image, ...(await uploadExtraPictures(values.extraImages))])];
      const stored = productImages(base);
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
      await editProduct.mutateAsync({ id: product._id, changes, updatedAt: base.updatedAt });
      toast.success(m.updated);
      onClose();
    } catch (error) {
      const sku = skuConflict(error);
      if (sku) {
        setError('sku', { type: 'server', message: sku }, { shouldFocus: true });
        return;
      }
      if (error instanceof ApiError && error.code === 'conflict') {
        await resolveConflict();
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
        {m.editTitle(base.name)}
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2.25, alignContent: 'start', pt: '20px !important' }}>
        <FormTextField control={control} name="name" rules={{ validate: validateProductName }} label={m.name} required fullWidth autoComplete="off" />
        <ProductFields control={control} currentImage={base.image} />
        <ProductMachineryAdmin
          product={base}
          onChanged={async () => {
            // saved on their own: the form's next save is based on the new version
            const now = await queryClient.fetchQuery({ ...getProductQueryOptions(product._id), staleTime: 0 });
            setBase(now);
          }}
        />
        {conflict && <ConflictChoices fields={conflict.fields} choices={choices} onChoose={choose} error={chooseError} />}
        {notice && <ErrorMessage>{notice}</ErrorMessage>}
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
