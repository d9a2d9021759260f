import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { profileMessages } from '@/config/profile-messages';
import { errorMessage } from '@/lib/api-client';
import { useSession, useUser } from '@/lib/auth';
import { useProfile } from '../api/get-profile';
import { ProfileForm } from './profile-form';
import { ProfileView } from './profile-view';

const m = profileMessages.profile;

function Intro({ children }: { children: string }) {
  return (
    <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
      {children}
    </Typography>
  );
}

/**
 * My Profile: the add form while there is no profile; then the profile, with
 * UPDATE PROFILE opening the form filled in. Cancel leaves the stored profile
 * as it was: only saving replaces it.
 */
export function MyProfile() {
  const { signedIn, user } = useSession();
  const me = useUser();
  const profile = useProfile(user?.email);
  const [updating, setUpdating] = useState(false);

  if (!signedIn) return <Intro>{m.noUser}</Intro>;
  if (me.isError) {
    return <ErrorMessage onRetry={() => void me.refetch()}>{errorMessage(me.error, m.loadFailed)}</ErrorMessage>;
  }
  if (!user || profile.isPending) return <LoadingSpinner />;
  if (profile.isError) {
    return <ErrorMessage onRetry={() => void profile.refetch()}>{errorMessage(profile.error, m.loadFailed)}</ErrorMessage>;
  }

  const stored = profile.data;
  if (!stored) {
    return (
      <>
        <Intro>{m.addSubtitle}</Intro>
        <ProfileForm user={user} />
      </>
    );
  }
  if (updating) {
    return (
      <>
        <Intro>{m.editSubtitle}</Intro>
        <ProfileForm user={user} profile={stored} onSaved={() => setUpdating(false)} onCancel={() => setUpdating(false)} />
      </>
    );
  }
  return (
    <>
      <Intro>{m.viewSubtitle}</Intro>
      <ProfileView profile={stored} onUpdate={() => setUpdating(true)} />
    </>
  );
}
