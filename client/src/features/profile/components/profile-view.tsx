import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import type { ReactNode } from 'react';
import { profileMessages } from '@/config/profile-messages';
import type { Profile } from '@/types/api';
import { isWebUrl } from '../utils/is-web-url';

const m = profileMessages.profile;

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box sx={{ position: 'relative', minHeight: 40, pl: 7, py: 1.75, borderTop: 1, borderColor: 'divider' }}>
      <Typography component="dt" variant="body2" sx={{ fontWeight: 800, color: 'text.secondary', fontSize: '0.75rem', letterSpacing: '0.1em', textTransform: 'uppercase' }}>
        <Box
          component="span"
          aria-hidden="true"
          sx={{ position: 'absolute', left: 0, top: 14, width: 40, height: 40, borderRadius: 2, bgcolor: 'rgba(245,179,1,.18)', color: 'secondary.main', display: 'grid', placeItems: 'center' }}
        >
          {icon}
        </Box>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mt: 0.25, fontWeight: 600, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The stored profile: photo, name, email, address, education and LinkedIn, and UPDATE PROFILE. */
export function ProfileView({ profile, onUpdate }: { profile: Profile; onUpdate: () => void }) {
  const linkdin = profile.linkdin.trim();
  return (
    <Box
      component="section"
      aria-label={profile.name}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '220px minmax(0, 1fr)' },
        gap: { xs: 3, sm: 4 },
        p: { xs: 2.5, sm: 4 },
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <Avatar
          src={profile.image}
          alt={m.photoAlt(profile.name)}
          slotProps={{ img: { width: 168, height: 168, decoding: 'async' } }}
          sx={{ width: 168, height: 168, border: '4px solid', borderColor: 'primary.main', bgcolor: 'surface.muted', fontSize: '3rem', fontWeight: 800 }}
        >
          {profile.name.charAt(0).toUpperCase()}
        </Avatar>
        <Button
          variant="contained"
          color="secondary"
          startIcon={<EditOutlinedIcon />}
          onClick={onUpdate}
          sx={{ minHeight: 44, letterSpacing: '0.06em', whiteSpace: 'nowrap', width: '100%' }}
        >
          {m.update}
        </Button>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h2" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, overflowWrap: 'anywhere' }}>
          {profile.name}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2.5, overflowWrap: 'anywhere' }}>
          {profile.email}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Detail icon={<PlaceOutlinedIcon />} label={m.address}>
            {profile.address}
          </Detail>
          <Detail icon={<SchoolOutlinedIcon />} label={m.education}>
            {profile.education}
          </Detail>
          <Detail icon={<LinkedInIcon />} label={m.linkdin}>
            {linkdin && isWebUrl(linkdin) ? (
              <Link href={linkdin} target="_blank" rel="noopener noreferrer" sx={{ color: 'info.main', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                {linkdin.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '')}
                <OpenInNewIcon sx={{ fontSize: '1rem' }} aria-hidden="true" />
              </Link>
            ) : (
              <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                {linkdin || m.notGiven}
              </Box>
            )}
          </Detail>
        </Box>
      </Box>
    </Box>
  );
}
