import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { SectionHeading } from '@/components/ui/section-heading';
import { visuallyHiddenSx } from '@/components/ui/visually-hidden';
import { contentMessages } from '@/config/content-messages';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useIsBrowserRender } from '@/lib/server-markup';
import { formatPrice } from '@/utils/format';
import { MONTHLY_SALES } from '../content/monthly-sales';
import { ChartFrame } from './chart-frame';

// recharts is big: its own chunk, loaded once this section is on screen.
const AboutChart = lazy(() => import('./about-chart'));
/** The chart's size, as the spec draws it (scaled down as a whole on narrow screens). */
export const CHART_WIDTH = 450;
export const CHART_HEIGHT = 350;

const m = contentMessages.home;

/** The chart's figures for screen readers (the drawn chart is one image to them). */
function SalesTable() {
  return (
    <Box component="table" sx={visuallyHiddenSx}>
      <caption>{m.chartTitle}</caption>
      <thead>
        <tr>
          <th scope="col">{m.month}</th>
          <th scope="col">{m.investment}</th>
          <th scope="col">{m.sell}</th>
        </tr>
      </thead>
      <tbody>
        {MONTHLY_SALES.map((row) => (
          <tr key={row.month}>
            <th scope="row">{row.month}</th>
            <td>{formatPrice(row.investment)}</td>
            <td>{formatPrice(row.sell)}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/** About: who we are (site.ts), More About Us (to /about), and the investment/sell chart. Lazy: below the fold. */
export default function AboutSection() {
  const { about } = site;
  // The prerendered page has the text; the chart's code loads in the browser only.
  const inBrowser = useIsBrowserRender();

  return (
    <Box component="section" id="about" aria-labelledby="about-title" sx={{ py: { xs: 6, md: 9 }, bgcolor: 'background.paper' }}>
      <Container
        maxWidth="lg"
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' }, gap: { xs: 4, md: 6 }, alignItems: 'center' }}
      >
        <Box>
          <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
            {about.eyebrow}
          </Typography>
          <SectionHeading
            id="about-title"
            title={about.title}
            titleSize={{ xs: '1.9rem', md: '2.4rem' }}
            titleStyle={{ lineHeight: 1.15 }}
            subtitle={about.text}
            subtitleStyle={{ lineHeight: 1.75, fontSize: '1.05rem' }}
            roomy
          />
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 3.5, display: 'flex', flexWrap: 'wrap', gap: { xs: 3, sm: 5 } }}>
            {about.figures.map((figure) => (
              <Box component="li" key={figure.value} sx={{ borderLeft: '4px solid', borderColor: 'primary.main', pl: 2 }}>
                <Box component="span" sx={{ display: 'block', fontWeight: 900, fontSize: { xs: '2rem', md: '2.4rem' }, lineHeight: 1.1 }}>
                  {figure.value}
                </Box>
                <Box component="span" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                  {figure.label}
                </Box>
              </Box>
            ))}
          </Box>
          <Box sx={{ mt: 4 }}>
            <ButtonLink to={paths.about} tone="secondary" size="large">
              {m.moreAboutUs}
            </ButtonLink>
          </Box>
        </Box>

        <Box
          component="figure"
          sx={{ m: 0, p: { xs: 2, sm: 3 }, bgcolor: 'background.default', border: 1, borderColor: 'divider', borderRadius: 3, minWidth: 0 }}
        >
          <Typography component="figcaption" sx={{ fontWeight: 800, mb: 2, textAlign: 'center' }}>
            {m.chartTitle}
          </Typography>
          <ChartFrame width={CHART_WIDTH} height={CHART_HEIGHT} label={m.chartLabel}>
            {inBrowser ? (
              <Suspense fallback={<LoadingSpinner minHeight={CHART_HEIGHT} />}>
                <AboutChart width={CHART_WIDTH} height={CHART_HEIGHT} />
              </Suspense>
            ) : (
              <LoadingSpinner minHeight={CHART_HEIGHT} />
            )}
          </ChartFrame>
          <SalesTable />
        </Box>
      </Container>
    </Box>
  );
}
