import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { siteDocuments, type SiteDocument } from '@/config/site-documents';
import { NotFound } from '@/features/layout/components/not-found';
import { SiteDocumentView } from '@/features/site-pages/components/site-document';

/** Which text each path shows. */
export const DOCUMENT_PATHS: Record<string, SiteDocument> = {
  [paths.about]: siteDocuments.about,
  [paths.terms]: siteDocuments.terms,
  [paths.privacy]: siteDocuments.privacy,
  [paths.warranty]: siteDocuments.warranty,
};

/** /about, /terms, /privacy and /warranty: one page, whose text (site-documents.ts) follows the path. */
export default function SiteDocumentPage() {
  const { pathname } = useLocation();
  const content = DOCUMENT_PATHS[pathname.toLowerCase().replace(/(.)\/+$/, '$1')];
  if (!content) return <NotFound />;
  return (
    <>
      <title>{`${content.title} | ${site.storeName}`}</title>
      <SiteDocumentView content={content} />
    </>
  );
}
