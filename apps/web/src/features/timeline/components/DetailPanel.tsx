import { storyKey, type Epic, type MemberInProject } from '@teamline/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { type Plan } from '../../../lib/planning/plan';
import { MilestoneDetail } from './MilestoneDetail';
import { StoryDetail } from './StoryDetail';

/** The side panel for `?selectedStory=` / `?selectedMilestone=`; Escape or the close button closes it. */
export function DetailPanel({
  projectIdx,
  storyIdx,
  milestoneIdx,
  plan,
  members,
  epics,
  onClose,
}: {
  projectIdx: number;
  storyIdx: number | null;
  milestoneIdx: number | null;
  plan: Plan | undefined;
  members: MemberInProject[];
  epics: Epic[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const isOpen = storyIdx !== null || milestoneIdx !== null;
  useEffect(() => {
    if (!isOpen) return;
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('.modal')) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isOpen, storyIdx, milestoneIdx, onClose]);
  if (!isOpen) return null;
  const kind = storyIdx !== null ? 'story' : 'milestone';
  // With a GitHub key the story is named as in commits (`SHOP-12`), else by its id.
  const key =
    storyIdx !== null
      ? storyKey(
          plan?.projectKey,
          [...(plan?.backlog ?? []), ...(plan?.milestones.flatMap((m) => m.stories) ?? [])].find(
            (s) => s.storyIdx === storyIdx,
          )?.storyNo,
        )
      : null;
  return (
    <aside
      ref={ref}
      tabIndex={-1}
      className="detail-panel"
      aria-label={t(`ui.planning.detail.${kind}`)}
      data-testid="detail-panel"
    >
      <header className="detail-panel__head">
        <h2>
          {t(`ui.planning.detail.${kind}`)}{' '}
          {key ? <span data-testid="story-key">{key}</span> : `#${storyIdx ?? milestoneIdx}`}
        </h2>
        <button
          type="button"
          className="icon-btn"
          onClick={onClose}
          aria-label={t('ui.planning.detail.close')}
        >
          <Icon name="close" size={20} />
        </button>
      </header>
      {storyIdx !== null ? (
        <StoryDetail
          key={`s${storyIdx}`}
          projectIdx={projectIdx}
          storyIdx={storyIdx}
          plan={plan}
          members={members}
          epics={epics}
          onClose={onClose}
        />
      ) : (
        <MilestoneDetail
          key={`m${milestoneIdx}`}
          projectIdx={projectIdx}
          milestoneIdx={milestoneIdx as number}
          plan={plan}
          onClose={onClose}
        />
      )}
    </aside>
  );
}
