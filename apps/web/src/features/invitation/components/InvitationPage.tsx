import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectOfMember } from '@teamline/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../app/RootLayout';
import { useLogout } from '../../../app/use-logout';
import { Button } from '../../../components/ui/Button';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { useProfileStore } from '../../../stores/profile-store';
import { useProjectStore } from '../../../stores/project-store';
import { useRoleStore } from '../../../stores/role-store';
import { notify } from '../../../stores/toast-store';
import { AuthShell } from '../../../components/AuthShell';
import { projectApi } from '../../../lib/project-api';
import { projectsKey } from '../../../lib/use-projects';
import { invitationApi, savePendingInvite } from '../../../lib/invitation-api';
import { writeJoinSession } from '../../../lib/storage';
import '../invitation.css';

/**
 * `#/verify/invite?token=`: shows the invitation; a signed-in invitee joins, anyone else logs in or
 * signs up first (the token waits in storage; signing up needs no verification mail, the invitation
 * proves the address) and comes back here to join.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const isLogin = useAuthStore((s) => s.isLogin);
  const profile = useProfileStore((s) => s.profile);
  const here = `/verify/invite?token=${encodeURIComponent(token)}`;

  const query = useQuery({
    queryKey: ['invite', token],
    queryFn: () => invitationApi.preview(token),
    enabled: token !== '',
    retry: false,
  });
  useEffect(() => {
    if (token && query.data?.status === 'pending') savePendingInvite(token);
  }, [token, query.data?.status]);

  const accept = useMutation({
    mutationFn: () => invitationApi.accept(token),
    onSuccess: async (result) => {
      savePendingInvite(null);
      notify(t('ui.settings.invite.accepted', { project: query.data?.projectName ?? '' }), 'success');
      // The new member lands in the project, in the mode of their role (client → client mode).
      useRoleStore.getState().setIsClient(result.isClient);
      const projects = await queryClient.fetchQuery({
        queryKey: projectsKey,
        queryFn: projectApi.listOfMember,
        staleTime: 0,
      });
      const project = projects.find((p: ProjectOfMember) => p.projectIdx === result.projectIdx);
      if (project) useProjectStore.getState().select(project);
      await navigate(`/dashboard/${result.projectIdx}`, { replace: true });
    },
    onError: async (error) => {
      notify(t(`errors.${errorCodeOf(error)}`), 'error');
      await queryClient.invalidateQueries({ queryKey: ['invite', token] });
    },
  });
  // The invitation was mailed to its address, so it proves it: the join form opens at once, with no
  // verification mail (issue 30); after joining, the visitor comes back here to accept.
  const signUp = useMutation({
    mutationFn: () => invitationApi.verify(token),
    onSuccess: async (ticket) => {
      writeJoinSession(ticket);
      await navigate('/join');
    },
    onError: (error) => notify(t(`errors.${errorCodeOf(error)}`), 'error'),
  });

  if (!token || query.isError) {
    return (
      <AuthShell title={t('ui.settings.invite.invalidTitle')}>
        <p className="auth-card__message" role="alert">
          {t(`errors.${token ? errorCodeOf(query.error) : 'INVITE_INVALID'}`)}
        </p>
        <Link className="btn btn--green btn--large btn--block" to="/">
          {t('ui.settings.invite.goHome')}
        </Link>
      </AuthShell>
    );
  }
  if (query.isLoading || !query.data) {
    return (
      <AuthShell title={t('ui.settings.invite.loading')}>
        <PageSpinner />
      </AuthShell>
    );
  }

  const invite = query.data;
  const role = t(`ui.settings.roles.${invite.role}`);
  if (invite.status !== 'pending') {
    const key = { accepted: 'statusAccepted', revoked: 'statusRevoked', expired: 'statusExpired' }[
      invite.status
    ];
    return (
      <AuthShell title={t('ui.settings.invite.invalidTitle')}>
        <p className="auth-card__message" role="alert">
          {t(`ui.settings.invite.${key}`)}
        </p>
        <Link className="btn btn--green btn--large btn--block" to="/">
          {t('ui.settings.invite.goHome')}
        </Link>
      </AuthShell>
    );
  }

  const isOtherAccount = isLogin && profile != null && profile.email.toLowerCase() !== invite.email;
  return (
    <AuthShell title={t('ui.settings.invite.title')}>
      <div className="invite-card__facts" data-testid="invite-facts">
        <p>
          {t('ui.settings.invite.body', {
            inviter: invite.inviterNickname,
            email: invite.email,
            project: invite.projectName,
            role,
          })}
        </p>
        <p className="muted invite-card__note">
          {t('ui.settings.invite.expires', {
            date: formatDate(invite.expiresAt, currentLanguage()),
          })}
        </p>
      </div>
      <div className="invite-card__actions">
        {isLogin && !isOtherAccount && (
          <Button
            isBlock
            isLoading={accept.isPending}
            onClick={() => accept.mutate()}
            data-testid="invite-accept"
          >
            {t('ui.settings.invite.accept')}
          </Button>
        )}
        {isOtherAccount && (
          <>
            <p className="auth-card__message" role="status">
              {t('ui.settings.invite.otherAccount', { email: invite.email })}
            </p>
            <Button isBlock variant="outline" onClick={() => void logout().then(() => navigate(here))}>
              {t('ui.settings.invite.logout')}
            </Button>
          </>
        )}
        {!isLogin && (
          <>
            <p className="auth-card__message">
              {t('ui.settings.invite.needAccount', { email: invite.email })}
            </p>
            <Link
              className="btn btn--green btn--large btn--block"
              to={`/login?redirect=${encodeURIComponent(here)}`}
              data-testid="invite-login"
            >
              {t('ui.settings.invite.login')}
            </Link>
            <Button
              isBlock
              variant="outline"
              isLoading={signUp.isPending}
              onClick={() => signUp.mutate()}
              data-testid="invite-signup"
            >
              {t('ui.settings.invite.signup')}
            </Button>
          </>
        )}
      </div>
    </AuthShell>
  );
}
