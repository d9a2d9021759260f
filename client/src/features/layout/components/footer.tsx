import { Link as RouterLink } from 'react-router';
import { classNames } from '@/components/ui/class-names';
import container from '@/components/ui/container.module.css';
import { messages } from '@/config/messages';
import { site, type FooterLink, type SocialNetwork } from '@/config/site';
import s from './footer.module.css';
import { StoreLogo } from './store-logo';

/** Material's Facebook, LinkedIn and YouTube icons' paths (@mui/icons-material), drawn inline: the footer loads no MUI. */
const SOCIAL_ICON_PATHS: Record<SocialNetwork, string> = {
  facebook: 'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2m13 2h-2.5A3.5 3.5 0 0 0 12 8.5V11h-2v3h2v7h3v-7h3v-3h-3V9a1 1 0 0 1 1-1h2V5z',
  linkedin:
    'M19 3a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h14m-.5 15.5v-5.3a3.26 3.26 0 0 0-3.26-3.26c-.85 0-1.84.52-2.32 1.3v-1.11h-2.79v8.37h2.79v-4.93c0-.77.62-1.4 1.39-1.4a1.4 1.4 0 0 1 1.4 1.4v4.93h2.79M6.88 8.56a1.68 1.68 0 0 0 1.68-1.68c0-.93-.75-1.69-1.68-1.69a1.69 1.69 0 0 0-1.69 1.69c0 .93.76 1.68 1.69 1.68m1.39 9.94v-8.37H5.5v8.37h2.77z',
  youtube:
    'M10 15l5.19-3L10 9v6m11.56-7.83c.13.47.22 1.1.28 1.9.07.8.1 1.49.1 2.09L22 12c0 2.19-.16 3.8-.44 4.83-.25.9-.83 1.48-1.73 1.73-.47.13-1.33.22-2.65.28-1.3.07-2.49.1-3.59.1L12 19c-4.19 0-6.8-.16-7.83-.44-.9-.25-1.48-.83-1.73-1.73-.13-.47-.22-1.1-.28-1.9-.07-.8-.1-1.49-.1-2.09L2 12c0-2.19.16-3.8.44-4.83.25-.9.83-1.48 1.73-1.73.47-.13 1.33-.22 2.65-.28 1.3-.07 2.49-.1 3.59-.1L12 5c4.19 0 6.8.16 7.83.44.9.25 1.48.83 1.73 1.73z',
};

/** A text link: to a page of the site through the router (a path), or anywhere else (`mailto:`, `tel:`) as a plain link. */
function FooterAnchor({ href, children }: { href: string; children: string }) {
  return href.startsWith('/') ? (
    <RouterLink to={href} className={s.link}>
      {children}
    </RouterLink>
  ) : (
    <a href={href} className={s.link}>
      {children}
    </a>
  );
}

function LinkColumn({ id, title, links }: { id: string; title: string; links: readonly FooterLink[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={classNames(s.text, s.columnTitle)}>
        {title}
      </h2>
      <ul className={s.links}>
        {links.map((link) => (
          <li key={link.label}>
            <FooterAnchor href={link.href}>{link.label}</FooterAnchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Site footer, drawn without MUI; default export because it loads lazily (it
 * is always below the fold on the home page).
 */
export default function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className={s.footer}>
      <div className={classNames(container.lg, s.inner)}>
        <div className={s.columns}>
          <div className={s.about}>
            <div className={s.brand}>
              <StoreLogo />
              <p className={classNames(s.text, s.storeName)}>{site.storeName}</p>
            </div>
            <p className={classNames(s.text, s.tagline)}>{site.tagline}</p>
            <address className={s.address}>
              <span>{site.contact.address}</span>
              <FooterAnchor href={`mailto:${site.contact.email}`}>{site.contact.email}</FooterAnchor>
              <FooterAnchor href={`tel:${site.contact.phone.replace(/[^+\d]/g, '')}`}>{site.contact.phone}</FooterAnchor>
            </address>
          </div>
          <LinkColumn id="footer-services" title={messages.footer.services} links={site.footer.services} />
          <LinkColumn id="footer-company" title={messages.footer.company} links={site.footer.company} />
          <LinkColumn id="footer-legal" title={messages.footer.legal} links={site.footer.legal} />
        </div>

        <div className={s.bottom}>
          <p className={s.copyright}>{messages.footer.copyright(year, site.authorName)}</p>
          <ul className={s.social}>
            {site.social.map((social) => (
              <li key={social.network}>
                <a href={social.href} target="_blank" rel="noopener noreferrer" aria-label={social.label} className={s.socialLink}>
                  <svg className={s.icon} focusable="false" aria-hidden="true" viewBox="0 0 24 24">
                    <path d={SOCIAL_ICON_PATHS[social.network]} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
