import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import SecurityOutlinedIcon from '@mui/icons-material/SecurityOutlined';
import QRCode from 'qrcode';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormActions } from '@/components/form/form-actions';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/form-text-field';
import { PasswordField } from '@/components/form/password-field';
import { DashboardCard, DashboardCardHead } from '@/components/ui/dashboard-card';
import { accountMessages } from '@/config/account-messages';
import { authMessages } from '@/config/auth-messages';
import { showFieldErrors, withReason } from '@/lib/form-errors';
import { usePublicConfig } from '@/lib/public-config';
import { useToast } from '@/lib/toast';
import type { TotpEnrolment, User } from '@/types/api';
import { useConfirmTotp, useDisableMfa, useStartTotp } from '../api/two-step';

const m = accountMessages.account;

/** The otpauth URL as a QR code (an SVG image; drawn here, never by a remote service). */
function QrCode({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    void QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((svg) => {
      if (active) setSrc(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`);
    });
    return () => {
      active = false;
    };
  }, [url]);
  return (
    <Box sx={{ width: 184, height: 184, bgcolor: 'common.white', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {src && <img src={src} alt={m.qrAlt} width={184} height={184} data-testid="totp-qr" />}
    </Box>
  );
}

/** The set-up: the QR code and key, then the first code turns it on. */
function SetUp({ enrolment, confirm, onDone }: { enrolment: TotpEnrolment; confirm: ReturnType<typeof useConfirmTotp>; onDone: (codes: string[]) => void }) {
  const toast = useToast();
  const { control, handleSubmit, setError } = useForm<{ code: string }>({ defaultValues: { code: '' }, mode: 'onTouched' });
  const onSubmit = handleSubmit(({ code }) => {
    confirm.mutate(code.trim(), {
      onSuccess: (answer) => {
        toast.success(m.turnedOn);
        onDone(answer.recoveryCodes);
      },
      onError: (error) => {
        if (!showFieldErrors(error, ['code'], setError)) toast.error(withReason(m.turnOnFailed, error));
      },
    });
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={m.setUpTitle} sx={{ display: 'grid', gap: 2, mt: 1 }}>
      <Typography component="h3" sx={{ fontWeight: 800 }}>
        {m.setUpTitle}
      </Typography>
      <Typography color="text.secondary">{m.scanQr}</Typography>
      <QrCode url={enrolment.otpauthUrl} />
      <Typography>
        {m.setupKey}:{' '}
        <Box component="code" data-testid="totp-secret" sx={{ fontSize: '1rem', overflowWrap: 'anywhere', fontWeight: 700 }}>
          {enrolment.secret}
        </Box>
      </Typography>
      <FormTextField
        control={control}
        name="code"
        rules={{ validate: (value: string) => /^\s*\d{3}\s?\d{3}\s*$/.test(value) || m.codeRequired }}
        label={m.code}
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        sx={{ maxWidth: 280 }}
      />
      <FormActions submitLabel={m.confirm} submitIcon={<SecurityOutlinedIcon />} submitting={confirm.isPending} />
    </Box>
  );
}

/** The recovery codes, shown once right after turning it on. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const titleId = useId();
  return (
    <Box role="region" aria-labelledby={titleId} sx={{ display: 'grid', gap: 1.5, mt: 1 }}>
      <Typography id={titleId} component="h3" sx={{ fontWeight: 800 }}>
        {m.recoveryTitle}
      </Typography>
      <Alert severity="warning">{m.recoveryText}</Alert>
      <Box
        component="ol"
        aria-label={m.recoveryListLabel}
        data-testid="recovery-codes"
        sx={{ m: 0, pl: 3, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 0.5, fontFamily: 'monospace', fontSize: '1.05rem' }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Button type="button" variant="contained" onClick={onDone} sx={{ justifySelf: 'start', minHeight: 44 }}>
        {m.recoveryDone}
      </Button>
    </Box>
  );
}

/** Turning it off: the password (if the account has one) and a code. */
function TurnOff({ hasPassword, disable }: { hasPassword: boolean; disable: ReturnType<typeof useDisableMfa> }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const { control, handleSubmit, setError, reset } = useForm<{ password: string; code: string }>({ defaultValues: { password: '', code: '' } });
  const onSubmit = handleSubmit(({ password, code }) => {
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => {
          setOpen(false);
          reset();
          toast.success(m.turnedOff);
        },
        onError: (error) => {
          if (!showFieldErrors(error, ['password', 'code'], setError)) toast.error(withReason(m.turnOffFailed, error));
        },
      },
    );
  });
  return (
    <>
      <Button type="button" variant="outlined" color="secondary" onClick={() => setOpen(true)} sx={{ justifySelf: 'start', minHeight: 44 }}>
        {m.turnOff}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        onSubmit={(event) => void onSubmit(event)}
        title={m.turnOffTitle}
        busy={disable.isPending}
        cancelLabel={m.cancel}
        submitLabel={m.turnOff}
        submitIcon={<SecurityOutlinedIcon />}
      >
        <Typography color="text.secondary">{m.turnOffText}</Typography>
        {hasPassword && (
          <PasswordField
            control={control}
            name="password"
            rules={{ validate: (value: string) => value !== '' || authMessages.passwordRequired }}
            label={m.password}
            autoComplete="current-password"
            required
            fullWidth
          />
        )}
        <FormTextField
          control={control}
          name="code"
          rules={{ validate: (value: string) => value.trim() !== '' || authMessages.codeRequired }}
          label={m.turnOffCode}
          autoComplete="one-time-code"
          required
          fullWidth
        />
      </FormDialog>
    </>
  );
}

/**
 * Two-step sign-in (issue 44): off, it turns on with a QR code for an
 * authenticator app and a first code, then shows the recovery codes once;
 * on, it turns off with the password and a code (not for an admin of a store
 * that requires it).
 */
export function TwoStepSection({ user, notice }: { user: User; notice?: boolean }) {
  const titleId = useId();
  const toast = useToast();
  const start = useStartTotp();
  const config = usePublicConfig();
  const [codes, setCodes] = useState<string[] | null>(null);
  // Held here, not in SetUp: the answer turns the account's `mfa` on, which
  // unmounts SetUp, and a mutation's per-call callbacks (the toast, the
  // recovery codes, shown this once) run only while its caller is mounted.
  const confirm = useConfirmTotp();
  // Likewise: turned off, the account's refetch unmounts TurnOff before its toast.
  const disable = useDisableMfa();
  const on = user.mfa === true;
  const adminRequired = user.role === 'admin' && config.data?.adminMfa !== 'optional';
  const begin = () => start.mutate(undefined, { onError: (error) => toast.error(withReason(m.turnOnFailed, error)) });
  return (
    <DashboardCard titleId={titleId} stripeColor={on ? 'divider' : 'primary.main'} data-testid="account-two-step">
      <DashboardCardHead titleId={titleId} title={m.twoStepTitle}>
        <Chip size="small" color={on ? 'success' : 'default'} label={on ? m.twoStepOn : m.twoStepOff} />
      </DashboardCardHead>
      {notice && !on && <Alert severity="warning">{m.adminMustEnrol}</Alert>}
      <Typography color="text.secondary">{on ? m.twoStepOnText : m.twoStepOffText}</Typography>
      {codes ? (
        <RecoveryCodeList codes={codes} onDone={() => setCodes(null)} />
      ) : on ? (
        adminRequired ? (
          <Typography color="text.secondary">{m.adminKeeps}</Typography>
        ) : (
          <TurnOff hasPassword={user.provider === 'password'} disable={disable} />
        )
      ) : start.data ? (
        <SetUp
          enrolment={start.data}
          confirm={confirm}
          onDone={(list) => {
            start.reset();
            setCodes(list);
          }}
        />
      ) : (
        <Button
          type="button"
          variant="contained"
          startIcon={<SecurityOutlinedIcon />}
          onClick={begin}
          loading={start.isPending}
          sx={{ justifySelf: 'start', minHeight: 44 }}
        >
          {m.turnOn}
        </Button>
      )}
    </DashboardCard>
  );
}
