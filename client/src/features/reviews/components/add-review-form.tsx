import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import StarIcon from '@mui/icons-material/Star';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { FormActions } from '@/components/form/form-actions';
import { FormCard } from '@/components/form/form-card';
import { FormTextField } from '@/components/form/form-text-field';
import { useFieldUpload } from '@/components/form/use-field-upload';
import { ImageField } from '@/components/form/image-field';
import { ReadOnlyField } from '@/components/form/read-only-field';
import { formMessages } from '@/config/form-messages';
import { profileMessages } from '@/config/profile-messages';
import { reviewMessages } from '@/config/review-messages';
import { useSession } from '@/lib/auth';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import { checkImageFile } from '@/lib/upload-image';
import { useMyOrders } from '@/features/orders';
import { useAddReview } from '../api/add-review';

const m = profileMessages.reviewForm;
const r = reviewMessages.form;

/** The server's limit on a review's text. */
export const MAX_REVIEW_CHARS = 1000;
export const DEFAULT_RATING = 5;

interface ReviewFormValues {
  review: string;
  image: File | null;
  rating: number;
  /** A product the reviewer bought (a paid order), or '' for none. */
  productId: string;
}

const emptyReview: ReviewFormValues = { review: '', image: null, rating: DEFAULT_RATING, productId: '' };

/** The orders read for the products the reviewer bought (the server's largest page). */
export const PURCHASES_READ = 100;

/** The products of the customer's paid orders, each once, newest purchase first. */
function usePurchasedProducts(email: string | undefined): { id: string; name: string }[] {
  const orders = useMyOrders({ email, limit: PURCHASES_READ });
  const seen = new Map<string, string>();
  for (const order of orders.data?.items ?? []) {
    if (order.paid && order.productId && !seen.has(order.productId)) seen.set(order.productId, order.productName);
  }
  return [...seen].map(([id, name]) => ({ id, name }));
}

function validateReview(value: string): string | true {
  const text = value.trim();
  if (text === '') return m.reviewRequired;
  return [...text].length <= MAX_REVIEW_CHARS || m.reviewTooLong(MAX_REVIEW_CHARS);
}

function validatePhoto(file: File | null): string | true {
  if (!file) return formMessages.forms.imageRequired;
  return checkImageFile(file) ?? true;
}

/** Five stars to choose from (keyboard: arrow keys); a rating cannot be cleared, only changed. */
function RatingField({ control }: { control: Control<ReviewFormValues> }) {
  const { field } = useController({ control, name: 'rating' });
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <FormLabel component="legend" sx={{ fontWeight: 600, fontSize: '0.9rem', mb: 0.5 }}>
        {m.rating}
      </FormLabel>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Rating
          name={field.name}
          value={field.value}
          onChange={(_, value) => {
            if (value !== null && value >= 1 && value <= 5) field.onChange(Math.round(value));
          }}
          size="large"
          emptyIcon={<StarIcon fontSize="inherit" sx={{ color: 'rating.empty' }} />}
          sx={{ color: 'rating.filled', borderRadius: 1 }}
        />
        <Typography component="span" sx={{ fontWeight: 700, color: 'text.secondary' }} aria-hidden="true">
          {field.value}/5
        </Typography>
      </Box>
    </Box>
  );
}

/** Add Review: the photo is uploaded first, then the review is sent with its URL. */
export function AddReviewForm() {
  const { user } = useSession();
  const toast = useToast();
  const addReview = useAddReview();
  const { control, handleSubmit, setError, reset, formState: { isSubmitting } } = useForm<ReviewFormValues>({ defaultValues: emptyReview, mode: 'onTouched' });
  const uploadPhoto = useFieldUpload(setError, 'image');
  const text = useWatch({ control, name: 'review' });
  const purchases = usePurchasedProducts(user?.email);

  const onSubmit = handleSubmit(async (values) => {
    const img = await uploadPhoto(values.image as File);
    if (img === null) return;
    try {
      const result = await addReview.mutateAsync({
        review: values.review.trim(),
        img,
        rating: values.rating,
        ...(values.productId ? { productId: values.productId } : {}),
      });
      if (result.insertedId) {
        // The spec's message, unless REVIEWS_NEED_APPROVAL holds the review.
        if (result.awaitingApproval) toast.success(r.awaiting);
        else toast.success(m.added);
        reset(emptyReview);
      } else {
        toast.error(m.addFailed);
      }
    } catch (error) {
      showFieldErrors(error, { review: 'review', img: 'image', rating: 'rating', productId: 'productId' }, setError, (field, problem) =>
        formMessages.forms.fieldProblem(
          field === 'image' ? m.photo : field === 'rating' ? m.rating : field === 'productId' ? r.product : m.review,
          problem,
        ),
      );
      toast.error(withReason(m.addFailed, error));
    }
  });

  return (
    <FormCard onSubmit={onSubmit} aria-label={m.submit}>
      <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <ReadOnlyField label={m.name} value={user?.name ?? ''} />
        <ReadOnlyField label={m.email} value={user?.email ?? ''} type="email" />
      </Box>
      <RatingField control={control} />
      {purchases.length > 0 && (
        <FormTextField
          control={control}
          name="productId"
          select
          label={r.product}
          fullWidth
          helperText={r.productHelp}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{r.noProduct}</option>
          {purchases.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </FormTextField>
      )}
      <FormTextField
        control={control}
        name="review"
        rules={{ validate: validateReview }}
        label={m.review}
        required
        fullWidth
        multiline
        minRows={5}
        helperText={m.characters([...(text ?? '')].length, MAX_REVIEW_CHARS)}
        slotProps={{ htmlInput: { maxLength: MAX_REVIEW_CHARS + 200 } }}
      />
      <ImageField control={control} name="image" rules={{ validate: validatePhoto }} label={m.photo} required shape="square" />
      <FormActions submitLabel={m.submit} submitIcon={<RateReviewOutlinedIcon />} submitting={isSubmitting} />
    </FormCard>
  );
}
