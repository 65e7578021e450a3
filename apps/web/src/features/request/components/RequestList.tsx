import { type MemberRequest, type RequestBox } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/use-language';
import { requestDateText } from './request-date';

/** One box of requests: title, status, due date (a contract offer: its start), the other party, and an unread mark for the receiver. */
export function RequestList({
  requests,
  box,
  nameOf,
  selectedIdx,
  onSelect,
}: {
  requests: MemberRequest[];
  box: RequestBox;
  nameOf: (memberInProjectIdx: number) => string;
  selectedIdx: number | null;
  onSelect: (requestIdx: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (requests.length === 0) return <p className="request-list__empty">{t('ui.request.empty')}</p>;
  return (
    <ul className="request-list" aria-label={t(`ui.request.${box}`)}>
      {requests.map((r) => (
        <li key={r.requestIdx}>
          <button
            type="button"
            className={`request-list__item${r.requestIdx === selectedIdx ? ' is-active' : ''}${r.unread ? ' is-unread' : ''}`}
            aria-current={r.requestIdx === selectedIdx ? 'true' : undefined}
            onClick={() => onSelect(r.requestIdx)}
          >
            {r.unread && (
              <span className="request-list__dot" data-testid="unread-mark">
                <span className="visually-hidden">{t('ui.request.unread')}</span>
              </span>
            )}
            <span className="request-list__title">
              {r.kind === 'contract' && (
                <span className="request-kind">{t('ui.settlement.contract.offerTerms')}</span>
              )}
              {r.title}
            </span>
            <span className={`request-status request-status--${r.status}`}>
              {t(`ui.request.status.${r.status}`)}
            </span>
            <span className="request-list__meta">
              {box === 'received'
                ? t('ui.request.from', { name: nameOf(r.senderIdx) })
                : t('ui.request.to', { name: nameOf(r.receiverIdx) })}
              {' · '}
              {requestDateText(t, r, lang)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
