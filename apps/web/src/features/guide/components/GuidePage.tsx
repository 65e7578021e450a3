import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/Icon';
import { useAuthStore } from '../../../stores/auth-store';
import { useRoleStore } from '../../../stores/role-store';
import { useSectionPath } from '../use-section-path';
import '../guide.css';

type Paths = { isLogin: boolean; scoped: (section: string) => string; settlement: string };

/**
 * The guide's one list: every part of the product, in the order of the tour, with its icon and
 * where its link goes. The table of contents and the sections are both drawn from it, and each
 * key has its texts in ui.guide.sections (GuidePage.test.tsx checks both), so the guide cannot
 * describe a part the app lacks or leave one out.
 */
export const guideSections = [
  { key: 'planning', icon: 'timeline', to: ({ scoped }: Paths) => scoped('/timeline') },
  { key: 'requests', icon: 'mail', to: ({ scoped }: Paths) => scoped('/request') },
  { key: 'contracts', icon: 'doc', to: ({ settlement }: Paths) => settlement },
  { key: 'settlement', icon: 'settlement', to: ({ settlement }: Paths) => settlement },
  { key: 'documents', icon: 'folder', to: ({ scoped }: Paths) => scoped('/doclist') },
  { key: 'ai', icon: 'doc', to: ({ scoped }: Paths) => scoped('/doclist') },
  { key: 'github', icon: 'link', to: ({ isLogin }: Paths) => (isLogin ? '/setting?tab=github' : '/login') },
  { key: 'recruitment', icon: 'user', to: ({ isLogin }: Paths) => (isLogin ? '/recruitment' : '/login') },
  { key: 'reviews', icon: 'user', to: ({ isLogin }: Paths) => (isLogin ? '/profile' : '/login') },
  {
    key: 'subscription',
    icon: 'user',
    to: ({ isLogin }: Paths) => (isLogin ? '/setting?tab=subscription' : '/login'),
  },
  {
    key: 'webhooks',
    icon: 'link',
    to: ({ isLogin }: Paths) => (isLogin ? '/setting?tab=webhooks' : '/login'),
  },
  { key: 'notifications', icon: 'bell', to: ({ isLogin }: Paths) => (isLogin ? '/profile' : '/login') },
] as const satisfies ReadonlyArray<{ key: string; icon: IconName; to: (paths: Paths) => string }>;

/**
 * `/guide`: how Teamline works for a client and for a professional, one section per part of the app
 * that works today, each with a link to where it is done.
 */
export function GuidePage() {
  const { t } = useTranslation();
  const isLogin = useAuthStore((s) => s.isLogin);
  const isClient = useRoleStore((s) => s.isClient);
  const scoped = useSectionPath();
  const settlement = scoped(isClient ? '/calculate/client' : '/calculate/expert');
  const paths: Paths = { isLogin, scoped, settlement };

  return (
    <div className="page guide">
      <header className="guide__intro">
        <h2 className="page__title">{t('ui.guide.title')}</h2>
        <p>{t('ui.guide.intro')}</p>
        {isLogin && (
          <Link className="btn btn--outline btn--medium" to="/instruction/new-register">
            {t('ui.guide.gettingStarted')}
          </Link>
        )}
      </header>

      <nav className="card guide__toc" aria-labelledby="guide-toc">
        <h3 id="guide-toc">{t('ui.guide.contents')}</h3>
        <ol>
          <li>
            <a href="#guide-modes" onClick={jumpTo('guide-modes')}>
              {t('ui.guide.modes.title')}
            </a>
          </li>
          {guideSections.map(({ key }) => (
            <li key={key}>
              <a href={`#guide-${key}`} onClick={jumpTo(`guide-${key}`)}>
                {t(`ui.guide.sections.${key}.title`)}
              </a>
            </li>
          ))}
          <li>
            <a href="#guide-not-yet" onClick={jumpTo('guide-not-yet')}>
              {t('ui.guide.notYet.title')}
            </a>
          </li>
        </ol>
      </nav>

      <section id="guide-modes" className="card guide__section" aria-labelledby="guide-modes-title">
        <h3 id="guide-modes-title" className="section__title">
          {t('ui.guide.modes.title')}
        </h3>
        <p>{t('ui.guide.modes.body')}</p>
        <div className="guide__roles">
          <div className="guide__role guide__role--client">
            <h4>{t('ui.header.modeClient')}</h4>
            <p>{t('ui.guide.modes.client')}</p>
          </div>
          <div className="guide__role guide__role--professional">
            <h4>{t('ui.header.modeProfessional')}</h4>
            <p>{t('ui.guide.modes.professional')}</p>
          </div>
        </div>
        <p>{t('ui.guide.modes.switch')}</p>
      </section>

      {guideSections.map(({ key, icon, to }) => (
        <section
          key={key}
          id={`guide-${key}`}
          className="card guide__section"
          aria-labelledby={`guide-${key}-title`}
          data-testid={`guide-${key}`}
        >
          <h3 id={`guide-${key}-title`} className="section__title guide__title">
            <span className="guide__icon" aria-hidden="true">
              <Icon name={icon} size={20} />
            </span>
            {t(`ui.guide.sections.${key}.title`)}
          </h3>
          <p>{t(`ui.guide.sections.${key}.body`)}</p>
          <dl className="guide__roles">
            <div className="guide__role guide__role--client">
              <dt>{t('ui.guide.forClient')}</dt>
              <dd>{t(`ui.guide.sections.${key}.client`)}</dd>
            </div>
            <div className="guide__role guide__role--professional">
              <dt>{t('ui.guide.forProfessional')}</dt>
              <dd>{t(`ui.guide.sections.${key}.professional`)}</dd>
            </div>
          </dl>
          <Link className="guide__link" to={to(paths)}>
            {t(`ui.guide.sections.${key}.link`)} →
          </Link>
        </section>
      ))}

      <section
        id="guide-not-yet"
        className="card guide__section guide__section--muted"
        aria-labelledby="guide-not-yet-title"
      >
        <h3 id="guide-not-yet-title" className="section__title">
          {t('ui.guide.notYet.title')}
        </h3>
        <p>{t('ui.guide.notYet.body')}</p>
      </section>
    </div>
  );
}

/**
 * In-page jumps: the app routes on the hash (`#/guide`), so a plain `#guide-x` link would be taken
 * for a route; scroll to the section and move focus there instead.
 */
function jumpTo(id: string) {
  return (event: React.MouseEvent) => {
    event.preventDefault();
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  };
}
