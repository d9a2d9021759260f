import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { SectionHeading } from '@/components/ui/section-heading';
import { SiteLinks } from '@/components/ui/site-link';
import { contentMessages } from '@/config/content-messages';
import type { DocumentSection, SiteDocument } from '@/config/site-documents';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** `2026-11-23` → `November 23, 2026` (the date as written, whatever the reader's time zone). */
export function formatDocumentDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

/** A section's id, for links to it: `How to claim` → `how-to-claim`. */
export function sectionId(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const linkSx = {
  color: 'info.main',
  fontWeight: 600,
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  overflowWrap: 'anywhere',
  '&:focus-visible': { outline: '3px solid', outlineColor: 'info.main', outlineOffset: 2, borderRadius: '2px' },
} as const;

const textSx = { color: 'text.secondary', lineHeight: 1.75 } as const;

function Section({ section }: { section: DocumentSection }) {
  const id = sectionId(section.heading);
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: { xs: 4, md: 5 } }}>
      <Typography variant="h5" component="h2" id={id} sx={{ fontWeight: 800, mb: 1.5, scrollMarginTop: 96 }}>
        {section.heading}
      </Typography>
      {section.paragraphs?.map((paragraph) => (
        <Typography key={paragraph} sx={{ ...textSx, mb: 1.5 }}>
          {paragraph}
        </Typography>
      ))}
      {section.items && (
        <Box component={section.ordered ? 'ol' : 'ul'} sx={{ ...textSx, pl: 3, my: 1.5, display: 'grid', gap: 1 }}>
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </Box>
      )}
      {section.links && (
        <SiteLinks links={section.links} sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1 }} linkSx={linkSx} />
      )}
    </Box>
  );
}

/** A page of the seller's text (site-documents.ts): /about and the policies, each with its date when it has one. */
export function SiteDocumentView({ content }: { content: SiteDocument }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Box
        component="article"
        aria-labelledby="document-title"
        sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, px: { xs: 2.5, sm: 5, md: 6 }, py: { xs: 3.5, sm: 5 } }}
      >
        <SectionHeading
          component="h1"
          id="document-title"
          title={content.title}
          titleSize={{ xs: '2rem', md: '2.6rem' }}
          titleStyle={{ lineHeight: 1.15 }}
          roomy
        />
        <Typography sx={{ ...textSx, fontSize: '1.1rem' }}>{content.summary}</Typography>
        {content.updated && (
          <Typography variant="body2" sx={{ mt: 1.5, color: 'text.secondary', fontWeight: 600 }}>
            {contentMessages.documents.updated} <time dateTime={content.updated}>{formatDocumentDate(content.updated)}</time>
          </Typography>
        )}
        {content.sections.map((section) => (
          <Section key={section.heading} section={section} />
        ))}
      </Box>
    </Container>
  );
}
