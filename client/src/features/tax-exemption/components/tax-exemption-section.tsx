import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { DashboardCard } from '@/components/ui/dashboard-card';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { taxExemptionMessages as m } from '@/config/tax-exemption-messages';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import type { TaxExemption } from '@/types/api';
import { formatDate } from '@/utils/format-date';
import { useApplyForTaxExemption, useMyTaxExemption, useOpenCertificate } from '../api/tax-exemptions';

export const MAX_CERTIFICATE_BYTES = 5 * 1024 * 1024;
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** The buyer's exemption as sent: its certificate, status (and the admin's reason), and the file to open. */
function ExemptionCard({ exemption }: { exemption: TaxExemption }) {
  const open = useOpenCertificate();
  const toast = useToast();
  const titleId = `tax-exemption-${exemption._id}`;
  return (
    <DashboardCard titleId={titleId} stripeColor={exemption.status === 'approved' ? 'success.main' : exemption.status === 'pending' ? 'primary.main' : 'divider'} data-testid="tax-exemption-card">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography id={titleId} component="h3" variant="h6" sx={{ fontWeight: 800 }}>
          {m.certificateOf(exemption.number, exemption.country)}
        </Typography>
        <Chip size="small" variant="outlined" label={m.statusShort[exemption.status]} sx={{ fontWeight: 800 }} />
      </Box>
      <Typography data-testid="tax-exemption-status">{m.status[exemption.status]}</Typography>
      {exemption.reason && <Typography>{m.reason(exemption.reason)}</Typography>}
      <Typography variant="body2" color="text.secondary">
        {m.sentOn(formatDate(exemption.createdAt))}
      </Typography>
      <Box>
        <Button
          size="small"
          variant="outlined"
          color="secondary"
          loading={open.isPending}
          onClick={() => open.mutate(exemption._id, { onError: (e) => toast.error(withReason(m.viewFailed, e)) })}
          aria-label={m.viewLabel(exemption.number)}
        >
          {m.view}
        </Button>
      </Box>
    </DashboardCard>
  );
}

interface ApplyValues {
  number: string;
  country: string;
}

/** Sending a certificate: its number, issuing country and file (checked here for the buyer's convenience; the server decides by its bytes). */
function ApplyForm({ again }: { again: boolean }) {
  const apply = useApplyForTaxExemption();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileNoteId = useId();
  const { control, handleSubmit, setError, reset } = useForm<ApplyValues>({ mode: 'onTouched', defaultValues: { number: '', country: '' } });

  const send = handleSubmit((values) => {
    if (!file) return;
    apply.mutate(
      { number: values.number.trim(), country: values.country.trim().toUpperCase(), certificate: file },
      {
        onSuccess: () => {
          toast.success(m.sent);
          reset();
          setFile(null);
        },
        onError: (error) => {
          showFieldErrors(error, ['number', 'country'], setError, (field, reason) => `${field === 'number' ? m.number : m.country} ${reason}`);
          toast.error(withReason(m.sendFailed, error));
        },
      },
    );
  });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!file && !fileError) setFileError(m.fileRequired);
    void send(e);
  };

  const pick = (f: File | undefined) => {
    setFileError(null);
    if (!f) return;
    if (f.size > MAX_CERTIFICATE_BYTES) {
      setFile(null);
      setFileError(m.fileTooLarge);
      return;
    }
    setFile(f);
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={again ? m.sendAgain : m.send} sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
      <FormTextField
        control={control}
        name="number"
        label={m.number}
        rules={{ validate: (v: string) => (v.trim() === '' ? m.numberRequired : [...v.trim()].length > 60 ? m.numberTooLong : true) }}
        fullWidth
      />
      <FormTextField
        control={control}
        name="country"
        label={m.country}
        helperText={m.countryHelp}
        rules={{ validate: (v: string) => (/^[A-Za-z]{2}$/.test(v.trim()) ? true : m.countryInvalid) }}
        slotProps={{ htmlInput: { maxLength: 2, autoComplete: 'country', style: { textTransform: 'uppercase' } } }}
        sx={{ maxWidth: 240 }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Button component="label" variant="outlined" color="secondary" startIcon={<UploadFileOutlinedIcon />}>
          {m.chooseFile}
          <input type="file" accept={ACCEPT} hidden aria-label={m.file} aria-describedby={fileNoteId} data-testid="certificate-input" onChange={(e) => pick(e.target.files?.[0])} />
        </Button>
        <Typography id={fileNoteId} variant="body2" color="text.secondary">
          {file ? file.name : m.noFile} · {m.fileHelp}
        </Typography>
      </Box>
      {fileError && <ErrorMessage>{fileError}</ErrorMessage>}
      <Box>
        <Button type="submit" variant="contained" loading={apply.isPending}>
          {again ? m.sendAgain : m.send}
        </Button>
      </Box>
    </Box>
  );
}

/** The Account page's Tax exemption section: the buyer's exemption and its status; sending one (again after a decline). */
export function TaxExemptionSection() {
  const mine = useMyTaxExemption();
  if (mine.isPending) return <LoadingSpinner minHeight={80} />;
  if (mine.isError) return <ErrorMessage onRetry={() => void mine.refetch()}>{m.loadFailed}</ErrorMessage>;
  const ex = mine.data.exemption;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {ex ? <ExemptionCard exemption={ex} /> : <Typography data-testid="tax-exemption-none">{m.none}</Typography>}
      {(!ex || ex.status === 'declined') && <ApplyForm again={ex !== null} />}
    </Box>
  );
}
