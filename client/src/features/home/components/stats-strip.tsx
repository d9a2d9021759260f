import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { visuallyHiddenSx } from '@/components/ui/visually-hidden';
import { contentMessages } from '@/config/content-messages';
import { site } from '@/config/site';

const ICONS = [Inventory2OutlinedIcon, ShoppingCartOutlinedIcon, GroupsOutlinedIcon, TaskAltIcon];

/** The figures strip (site.ts): label, figure and a note per stat. Lazy: below the fold. */
export default function StatsStrip() {
  return (
    <Box component="section" aria-labelledby="stats-title" sx={{ bgcolor: 'secondary.main', color: 'common.white', py: { xs: 5, md: 7 } }}>
      <Typography component="h2" id="stats-title" sx={visuallyHiddenSx}>
        {contentMessages.home.statsTitle}
      </Typography>
      <Container maxWidth="lg">
        <Box
          component="ul"
          data-testid="stats-strip"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: { xs: 2, md: 3 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          {site.stats.map((stat, i) => {
            const Icon = ICONS[i % ICONS.length] ?? TaskAltIcon;
            const label = (
              <Box component="p" key="label" sx={{ m: 0, color: 'textOnDark.muted', fontWeight: 700, fontSize: '0.9rem', letterSpacing: '0.04em' }}>
                {stat.label}
              </Box>
            );
            const value = (
              <Box component="p" key="value" sx={{ m: 0, my: 0.25, fontWeight: 900, fontSize: { xs: '2.2rem', md: '2.5rem' }, lineHeight: 1.15, color: 'primary.main' }}>
                {stat.value}
              </Box>
            );
            return (
              <Box
                component="li"
                key={stat.label}
                sx={{
                  position: 'relative',
                  p: 3,
                  pr: 9,
                  borderRadius: 2,
                  bgcolor: 'rgba(255,255,255,.05)',
                  border: '1px solid rgba(255,255,255,.12)',
                }}
              >
                <Icon
                  aria-hidden="true"
                  sx={{ position: 'absolute', top: 22, right: 22, fontSize: 36, color: 'primary.main', opacity: 0.9 }}
                />
                {'valueFirst' in stat && stat.valueFirst ? [value, label] : [label, value]}
                <Box component="p" sx={{ m: 0, color: 'textOnDark.muted', fontSize: '0.9rem' }}>
                  {stat.note}
                </Box>
              </Box>
            );
          })}
        </Box>
      </Container>
    </Box>
  );
}
