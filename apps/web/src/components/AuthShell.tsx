import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VISITOR_LANGUAGE_KEY } from '../lib/visitor-language';
import { currentLanguage, setLanguage } from '../lib/i18n';
import { storage } from '../lib/storage';
import { LanguageSelect } from './ui/LanguageSelect';

/** The frame of the account pages (no header, no left menu): logo, language switcher, a card. */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  useTranslation();
  return (
    <div className="auth-shell">
      <div className="auth-shell__top">
        <Link to="/" className="logo" aria-label="Teamline">
          <span className="logo__mark" aria-hidden="true">
            T
          </span>
          <span className="logo__text">Teamline</span>
        </Link>
        <LanguageSelect
          value={currentLanguage()}
          hideLabel
          onChange={(lang) => {
            storage.set(VISITOR_LANGUAGE_KEY, lang);
            void setLanguage(lang);
          }}
        />
      </div>
      <section className="card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
      </section>
    </div>
  );
}
