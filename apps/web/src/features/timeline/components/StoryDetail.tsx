import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AVATAR_DEFAULT_SIZE,
  isSafeUrl,
  normalizeLink,
  storyTransitions,
  updateStoryRequest,
  type Epic,
  type MemberInProject,
  type Story,
  type StoryStatus,
} from '@teamline/contract';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { GithubStoryLinks } from '../../../app/github-story-links';
import { MemberAvatar } from '../../../app/profile/ProfileViewPopup';
import { notify } from '../../../stores/toast-store';
import { planningApi, planningKeys } from '../../../lib/planning/planning-api';
import { useErrorToast, useSetAssignees, useUpdateStory } from '../../../lib/planning/use-planning';
import { useAbilities } from '../../../lib/use-abilities';
import type { Plan } from '../../../lib/planning/plan';
import { CommentsSection } from './CommentsSection';
import { Field, InlineText, SelectField } from './fields';
import { isShownOnFields, TitleDateFields } from './TitleDateFields';
import { HistoryList } from './HistoryList';
import { StatusBadge } from '../../../components/StatusBadge';
import { TimeEntries } from './TimeEntries';
import { ConfirmDeleteButton } from '../../../components/ui/ConfirmDeleteButton';

const ratings = Array.from({ length: 11 }, (_, i) => i / 2);

export function StoryDetail({
  projectIdx,
  storyIdx,
  plan,
  members,
  epics,
  onClose,
}: {
  projectIdx: number;
  storyIdx: number;
  plan: Plan | undefined;
  members: MemberInProject[];
  epics: Epic[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const onError = useErrorToast();
  const { can } = useAbilities(projectIdx);
  const story = useQuery({
    queryKey: planningKeys.story(projectIdx, storyIdx),
    queryFn: () => planningApi.story(storyIdx),
  });
  const update = useUpdateStory(projectIdx, storyIdx, isShownOnFields);
  const assign = useSetAssignees(projectIdx, storyIdx);
  const remove = useMutation({
    mutationFn: () => planningApi.deleteStory(storyIdx),
    onSuccess: async () => {
      notify(t('ui.planning.detail.deleted'), 'success');
      onClose();
      await client.invalidateQueries({ queryKey: planningKeys.all(projectIdx) });
    },
    onError,
  });
  const memberMap = new Map(members.map((m) => [m.memberInProjectIdx, m]));
  // Work is assigned to professionals; someone already assigned stays listed so they can be removed.
  const assignable = members.filter(
    (m) => m.role !== 'client' || story.data?.assignees.includes(m.memberInProjectIdx),
  );

  if (story.isLoading) return <span className="spinner" role="status" aria-label={t('ui.common.loading')} />;
  if (story.isError || !story.data)
    return (
      <p className="dp-muted">
        {t('ui.planning.detail.notFound')}{' '}
        <button type="button" className="btn-link" onClick={() => void story.refetch()}>
          {t('ui.common.retry')}
        </button>
      </p>
    );
  const s: Story = story.data;
  // The server's answer on this story (assignees else reporter, a lead's team, admin authority,
  // a proposal's triage), decided by the same rule as the write: no role check here.
  const canEdit = s.can?.edit ?? false;
  const canDelete = s.can?.delete ?? false;
  const save = (body: Parameters<typeof update.mutate>[0]) => update.mutate(body);
  const statusOptions = [s.status, ...storyTransitions[s.status]].map((v: StoryStatus) => ({
    value: v,
    label: t(`ui.status.${v}`),
  }));
  const memberOptions = [
    { value: null, label: t('ui.planning.detail.none') },
    ...members.map((m) => ({ value: m.memberInProjectIdx, label: m.nickname })),
  ];
  const milestoneTitle =
    s.milestoneIdx === null
      ? t('ui.planning.backlog')
      : (plan?.milestones.find((m) => m.milestoneIdx === s.milestoneIdx)?.title ?? `#${s.milestoneIdx}`);

  return (
    <div className="dp-body" data-testid="story-detail">
      <div className="dp-meta">
        <StatusBadge status={s.status} />
        <span className="dp-muted">
          {t('ui.planning.detail.milestone')}: {milestoneTitle}
        </span>
      </div>
      {!canEdit && <p className="dp-muted">{t('ui.planning.detail.readOnly')}</p>}
      <TitleDateFields
        key={s.storyIdx}
        item={s}
        request={updateStoryRequest}
        update={update}
        disabled={!canEdit}
        titleTestId="story-title-input"
      />
      <SelectField
        label={t('ui.planning.detail.status')}
        value={s.status}
        options={statusOptions}
        disabled={!canEdit}
        onSave={(status) => status && status !== s.status && save({ status })}
        testId="story-status"
      />
      <Field label={t('ui.planning.detail.assignees')}>
        <div className="dp-checks" role="group" aria-label={t('ui.planning.detail.assignees')}>
          {assignable.length === 0 && <span className="dp-muted">{t('ui.planning.unassigned')}</span>}
          {assignable.map((m) => (
            <span key={m.memberInProjectIdx} className="dp-check">
              <MemberAvatar
                memberIdx={m.memberIdx}
                nickname={m.nickname}
                profileFileIdx={m.profileFileIdx}
                colorCode={m.colorCode}
                size={AVATAR_DEFAULT_SIZE}
              />
              <label className="dp-check__label">
                <input
                  type="checkbox"
                  disabled={!canEdit}
                  checked={s.assignees.includes(m.memberInProjectIdx)}
                  onChange={(e) =>
                    assign.mutate(
                      e.target.checked
                        ? [...s.assignees, m.memberInProjectIdx]
                        : s.assignees.filter((a) => a !== m.memberInProjectIdx),
                    )
                  }
                />
                {m.nickname}
              </label>
            </span>
          ))}
        </div>
      </Field>
      <div className="dp-grid">
        <SelectField
          label={t('ui.planning.detail.reporter')}
          value={s.reporterIdx}
          options={memberOptions}
          disabled={!canEdit}
          onSave={(reporterIdx) => save({ reporterIdx })}
        />
        <SelectField
          label={t('ui.planning.detail.approver')}
          value={s.approverIdx}
          options={memberOptions}
          disabled={!canEdit}
          onSave={(approverIdx) => save({ approverIdx })}
        />
        <SelectField
          label={t('ui.planning.detail.epic')}
          value={s.epicIdx}
          options={[
            { value: null, label: t('ui.planning.detail.none') },
            ...epics.map((e) => ({ value: e.epicIdx, label: e.label })),
          ]}
          disabled={!canEdit}
          onSave={(epicIdx) => save({ epicIdx })}
        />
        <SelectField
          label={t('ui.planning.detail.rating')}
          value={s.rating}
          options={[
            { value: null, label: t('ui.planning.detail.noRating') },
            ...ratings.map((r) => ({ value: r, label: `★ ${r.toFixed(1)}` })),
          ]}
          disabled={!canEdit}
          onSave={(rating) => save({ rating })}
        />
        <InlineText
          label={t('ui.planning.detail.point')}
          value={String(s.point)}
          disabled={!canEdit}
          onSave={(v) => {
            const n = Number(v);
            if (Number.isInteger(n) && n >= 0 && n <= 1000) save({ point: n });
          }}
        />
      </div>
      <InlineText
        label={t('ui.planning.detail.link')}
        value={s.link ?? ''}
        disabled={!canEdit}
        maxLength={2000}
        onSave={(v) => save({ link: normalizeLink(v) })}
      />
      {/* Stored links are http(s)/mailto (the server's rule); drawn only then, should one slip by. */}
      {isSafeUrl(s.link) && (
        <a className="dp-link" href={s.link} target="_blank" rel="noopener noreferrer">
          {s.link}
        </a>
      )}
      <InlineText
        label={t('ui.planning.detail.description')}
        value={s.description}
        multiline
        disabled={!canEdit}
        maxLength={20000}
        onSave={(description) => save({ description })}
      />
      {plan?.projectKey && (
        <Suspense fallback={null}>
          <GithubStoryLinks storyIdx={storyIdx} />
        </Suspense>
      )}
      <TimeEntries projectIdx={projectIdx} storyIdx={storyIdx} members={memberMap} canLog={can('time.log')} />
      <CommentsSection projectIdx={projectIdx} storyIdx={storyIdx} />
      <HistoryList projectIdx={projectIdx} kind="story" idx={storyIdx} plan={plan} />
      {canDelete && (
        <ConfirmDeleteButton
          label={t('ui.planning.detail.deleteStory')}
          question={t('ui.planning.detail.confirmDeleteStory')}
          isLoading={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      )}
    </div>
  );
}
