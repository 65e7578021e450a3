import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  projectRoles,
  type MemberInProject,
  type ProjectAction,
  type ProjectRole,
  type UpdateMemberInProjectRequest,
} from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../../app/RootLayout';
import { AlertRejected, openAlert } from '../../../components/ui/alert-store';
import { Button } from '../../../components/ui/Button';
import { errorCodeOf } from '../../../lib/api-client';
import { useProjectStore } from '../../../stores/project-store';
import { notify } from '../../../stores/toast-store';
import { projectsKey } from '../../../lib/use-projects';
import { settingsApi } from '../api/settings-api';
import { MemberAvatar } from '../../../app/profile/ProfileViewPopup';

/** Confirms, and swallows a cancelled confirmation. */
async function confirmed(text: string, confirmText: string): Promise<boolean> {
  try {
    return await openAlert(text, { confirmText, isDanger: true });
  } catch (error) {
    if (error instanceof AlertRejected) return false;
    throw error;
  }
}

export function MembersSection({
  projectIdx,
  self,
  can,
}: {
  projectIdx: number;
  self: number;
  can: (a: ProjectAction) => boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = ['settings', projectIdx, 'members'];
  const query = useQuery({ queryKey: key, queryFn: () => settingsApi.members(projectIdx) });

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    await queryClient.invalidateQueries({ queryKey: ['project', projectIdx, 'roles'] });
    await queryClient.invalidateQueries({ queryKey: projectsKey });
  };
  const update = useMutation({
    mutationFn: (v: { idx: number; body: UpdateMemberInProjectRequest }) =>
      settingsApi.updateMember(v.idx, v.body),
    onSuccess: async () => {
      notify(t('ui.settings.members.updated'), 'success');
      await refresh();
    },
    onError: (error) => notify(t(`errors.${errorCodeOf(error)}`), 'error'),
  });
  const remove = useMutation({
    mutationFn: (m: MemberInProject) => settingsApi.removeMember(m.memberInProjectIdx),
    onSuccess: async (_data, m) => {
      if (m.memberInProjectIdx === self) {
        notify(t('ui.settings.members.left'), 'success');
        useProjectStore.getState().reset();
        await queryClient.invalidateQueries({ queryKey: projectsKey });
        void navigate('/', { replace: true });
        return;
      }
      notify(t('ui.settings.members.removed'), 'success');
      await refresh();
    },
    onError: (error) => notify(t(`errors.${errorCodeOf(error)}`), 'error'),
  });

  if (query.isLoading) return <PageSpinner />;
  if (query.isError || !query.data)
    return (
      <div className="card state-card" role="alert">
        <p>{t(`errors.${errorCodeOf(query.error)}`)}</p>
        <Button size="medium" onClick={() => void query.refetch()}>
          {t('ui.common.retry')}
        </Button>
      </div>
    );

  const members = query.data;
  // Who may lead a team, and what the caller may do with each member, is the server's answer (`can`).
  const leads = members.filter((m) => m.can?.beLead);

  async function changeRole(m: MemberInProject, role: ProjectRole) {
    // A confirmation, not a permission: the server decides (LAST_ADMIN) whatever is confirmed.
    if (m.role === 'admin' && role !== 'admin') {
      const ok = await confirmed(
        t('ui.settings.members.confirmDemote', { name: m.nickname, role: t(`ui.settings.roles.${role}`) }),
        t('ui.common.confirm'),
      );
      if (!ok) return;
    }
    update.mutate({ idx: m.memberInProjectIdx, body: { role } });
  }
  async function changeAuthority(m: MemberInProject, isAdmin: boolean) {
    if (
      !isAdmin &&
      !(await confirmed(
        t('ui.settings.members.confirmAuthority', { name: m.nickname }),
        t('ui.common.confirm'),
      ))
    )
      return;
    update.mutate({ idx: m.memberInProjectIdx, body: { isAdmin } });
  }
  async function handleRemove(m: MemberInProject) {
    const isSelf = m.memberInProjectIdx === self;
    const text = isSelf
      ? t('ui.settings.members.confirmLeave')
      : t('ui.settings.members.confirmRemove', { name: m.nickname });
    if (await confirmed(text, isSelf ? t('ui.settings.members.leave') : t('ui.settings.members.remove')))
      remove.mutate(m);
  }

  return (
    <div className="card" data-testid="settings-members">
      <h3>
        {t('ui.settings.members.title')}{' '}
        <span className="settings__muted">({t('ui.settings.members.count', { count: members.length })})</span>
      </h3>
      {members.length === 0 && <p className="settings__muted">{t('ui.settings.members.empty')}</p>}
      <ul className="settings__list">
        {members.map((m) => {
          const isSelf = m.memberInProjectIdx === self;
          return (
            <li
              key={m.memberInProjectIdx}
              className="settings__row"
              data-testid={`member-row-${m.memberIdx}`}
            >
              <div className="settings__who">
                <MemberAvatar
                  memberIdx={m.memberIdx}
                  nickname={m.nickname}
                  profileFileIdx={m.profileFileIdx}
                  colorCode={m.colorCode}
                />
                <strong>{m.nickname}</strong>
                {isSelf && <span className="settings__tag">{t('ui.settings.members.you')}</span>}
                {!m.can?.role && <span className="settings__tag">{t(`ui.settings.roles.${m.role}`)}</span>}
                {/* Presentation: the flag's badge, unless the role badge already says admin. */}
                {!m.can?.role && m.isAdmin && m.role !== 'admin' && (
                  <span className="settings__tag">{t('ui.settings.members.adminAuthority')}</span>
                )}
              </div>
              <div className="settings__controls">
                {m.can?.role && (
                  <select
                    aria-label={`${t('ui.settings.members.role')}: ${m.nickname}`}
                    data-testid="member-role"
                    value={m.role}
                    disabled={update.isPending}
                    onChange={(e) => void changeRole(m, e.target.value as ProjectRole)}
                  >
                    {projectRoles.map((r) => (
                      <option key={r} value={r}>
                        {t(`ui.settings.roles.${r}`)}
                      </option>
                    ))}
                  </select>
                )}
                {m.can?.lead && (
                  <select
                    aria-label={`${t('ui.settings.members.lead')}: ${m.nickname}`}
                    value={m.depth1Idx ?? ''}
                    disabled={update.isPending}
                    onChange={(e) =>
                      update.mutate({
                        idx: m.memberInProjectIdx,
                        body: { depth1Idx: e.target.value ? Number(e.target.value) : null },
                      })
                    }
                  >
                    <option value="">{t('ui.settings.members.noLead')}</option>
                    {leads.map((l) => (
                      <option key={l.memberInProjectIdx} value={l.memberInProjectIdx}>
                        {l.nickname}
                      </option>
                    ))}
                  </select>
                )}
                {m.can?.authority && (
                  <label className="settings__check">
                    <input
                      type="checkbox"
                      checked={m.isAdmin}
                      disabled={update.isPending}
                      onChange={(e) => void changeAuthority(m, e.target.checked)}
                    />
                    {t('ui.settings.members.adminAuthority')}
                  </label>
                )}
                {(isSelf || can('member.remove')) && (
                  <Button
                    size="small"
                    variant={isSelf ? 'outline' : 'danger'}
                    disabled={!m.can?.remove}
                    onClick={() => void handleRemove(m)}
                  >
                    {isSelf ? t('ui.settings.members.leave') : t('ui.settings.members.remove')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
