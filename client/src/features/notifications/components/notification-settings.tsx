import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { useId } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { DashboardCard, DashboardCardHead } from '@/components/ui/dashboard-card';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { notificationMessages as m } from '@/config/notification-messages';
import { errorMessage } from '@/lib/api-client';
import { withReason } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import type { NotificationSettings as Settings } from '@/types/api';
import { useNotificationSettings, useSetNotificationSettings } from '../api/notification-settings';

type Name = keyof Settings;

const KINDS: readonly { name: Name; label: string; hint: string }[] = [
  { name: 'newOrder', label: m.newOrder, hint: m.newOrderHint },
  { name: 'payment', label: m.payment, hint: m.paymentHint },
  { name: 'quoteRequest', label: m.quoteRequest, hint: m.quoteRequestHint },
  { name: 'claim', label: m.claim, hint: m.claimHint },
];

/** One switch, its label beside it and its hint under the label (the switch's description). */
function SettingSwitch({ control, name, label, hint }: { control: Control<Settings>; name: Name; label: string; hint: string }) {
  const hintId = useId();
  return (
    <Box sx={{ display: 'grid', gap: 0.25 }}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <FormControlLabel
            sx={{ m: 0, gap: 1, alignItems: 'center', '& .MuiFormControlLabel-label': { fontWeight: 700 } }}
            label={label}
            control={
              <Switch
                name={field.name}
                checked={field.value}
                onChange={(_, checked) => field.onChange(checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref, 'aria-describedby': hintId } }}
              />
            }
          />
        )}
      />
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ pl: { xs: 0, sm: 8 } }}>
        {hint}
      </Typography>
    </Box>
  );
}

function SettingsForm({ initial }: { initial: Settings }) {
  const kindsId = useId();
  const howId = useId();
  const toast = useToast();
  const save = useSetNotificationSettings();
  const { control, handleSubmit, reset } = useForm<Settings>({ defaultValues: initial });
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(saved);
        toast.success(m.saved);
      },
      onError: (error) => toast.error(withReason(m.saveFailed, error)),
    }),
  );
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      <DashboardCard titleId={kindsId} stripeColor="primary.main">
        <DashboardCardHead titleId={kindsId} title={m.kindsLegend}>
          {null}
        </DashboardCardHead>
        <Box role="group" aria-labelledby={kindsId} sx={{ display: 'grid', gap: 1.5 }}>
          {KINDS.map((kind) => (
            <SettingSwitch key={kind.name} control={control} {...kind} />
          ))}
        </Box>
      </DashboardCard>
      <DashboardCard titleId={howId} stripeColor="divider">
        <DashboardCardHead titleId={howId} title={m.deliveryLegend}>
          {null}
        </DashboardCardHead>
        <Box role="group" aria-labelledby={howId}>
          <SettingSwitch control={control} name="digest" label={m.digest} hint={m.digestHint} />
        </Box>
      </DashboardCard>
      <Button type="submit" variant="contained" startIcon={<SaveOutlinedIcon />} loading={save.isPending} sx={{ justifySelf: 'start', minHeight: 44 }}>
        {m.save}
      </Button>
    </Box>
  );
}

/** Notifications (admin): which e-mails of new work this admin receives, and one a day or one per event. */
export function NotificationSettings() {
  const settings = useNotificationSettings();
  if (settings.data) return <SettingsForm initial={settings.data} />;
  if (settings.isError) {
    return <ErrorMessage onRetry={() => void settings.refetch()}>{errorMessage(settings.error, m.loadFailed)}</ErrorMessage>;
  }
  return <LoadingSpinner />;
}
