import { ButtonLink } from '@/components/ui/button-link';
import { classNames } from '@/components/ui/class-names';
import container from '@/components/ui/container.module.css';
import { SteelPanel } from '@/components/ui/steel-panel';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import bannerImage from '@/assets/banner-machinery.svg';
import s from './banner.module.css';

function CheckIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" className={s.checkDisc} />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" className={s.checkMark} strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The hero: the replacement promise, a call to action and the drawn illustration. Drawn without MUI (the first paint of `/`). */
export function Banner() {
  const { banner } = site;
  return (
    <SteelPanel component="section" id="warranty" aria-labelledby="banner-title" stripe="hero" className={s.banner}>
      <div className={classNames(container.lg, s.inner)}>
        <div>
          <p className={s.eyebrow}>{banner.eyebrow}</p>
          <h1 id="banner-title" className={s.title}>
            {banner.title}
          </h1>
          <p className={s.text}>{banner.text}</p>
          <div className={s.actions}>
            <ButtonLink to={paths.products} tone="primary" size="large">
              {banner.cta}
            </ButtonLink>
            <ButtonLink to={`tel:${site.contact.phone.replace(/[^+\d]/g, '')}`} tone="outlined-light" size="large">
              {site.contact.phone}
            </ButtonLink>
          </div>
          <ul className={s.highlights}>
            {banner.highlights.map((item) => (
              <li key={item} className={s.highlight}>
                <CheckIcon />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className={s.figure}>
          {/* Decorative (the heading carries the message); drawn by the project, an SVG file so it stays out of the JS. */}
          <img className={s.picture} src={bannerImage} alt="" width={560} height={420} fetchPriority="high" decoding="async" />
        </div>
      </div>
    </SteelPanel>
  );
}
