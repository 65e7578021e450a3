import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { errorCodeOf } from '../../../lib/api-client';
import { notify } from '../../../stores/toast-store';
import { twoFactorApi, twoFactorKey } from '../api/two-factor-api';
import '../two-factor.css';

/** Settings › General: "Admins and clients must use two-factor", switched by admins. */
export function ProjectTwoFactorSetting({ projectIdx, canEdit }: { projectIdx: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const key = ['settings', projectIdx, 'two-factor'];
  const setting = useQuery({ queryKey: key, queryFn: () => twoFactorApi.projectSetting(projectIdx) });
  const mine = useQuery({ queryKey: twoFactorKey, queryFn: twoFactorApi.status, enabled: canEdit });
  const save = useMutation({
    mutationFn: (required: boolean) => twoFactorApi.setProjectSetting(projectIdx, required),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      notify(t('ui.twoFactor.projectSaved'), 'success');
    },
    onError: (error) => notify(t(`errors.${errorCodeOf(error)}`), 'error'),
  });
  const hasFactor = !!mine.data && (mine.data.totp || mine.data.passkeys.length > 0);
  const required = setting.data?.required ?? false;

  return (
    <div className="card two-factor-setting" data-testid="settings-two-factor">
      <h3>{t('ui.twoFactor.projectTitle')}</h3>
      {setting.isError ? (
        <div role="alert">
          <p>{t(`errors.${errorCodeOf(setting.error)}`)}</p>
          <Button size="small" onClick={() => void setting.refetch()}>
            {t('ui.common.retry')}
          </Button>
        </div>
      ) : (
        <>
          <label className="two-factor-setting__switch" htmlFor={id}>
            <input
              id={id}
              type="checkbox"
              role="switch"
              checked={required}
              disabled={!canEdit || setting.isLoading || save.isPending || (!required && !hasFactor)}
              aria-describedby={`${id}-hint`}
              onChange={(event) => save.mutate(event.target.checked)}
            />
            <span>{t('ui.twoFactor.projectRequire')}</span>
          </label>
          <p id={`${id}-hint`} className="settings__muted">
            {t('ui.twoFactor.projectRequireHint')}
          </p>
          {canEdit && mine.data && !hasFactor && !required && (
            <p className="two-factor-setting__needs">
              {t('ui.twoFactor.projectNeedsYours')}{' '}
              <Link to="/profile?section=two-factor">{t('ui.twoFactor.requiredOpen')}</Link>
            </p>
          )}
        </>
      )}
    </div>
  );
}
