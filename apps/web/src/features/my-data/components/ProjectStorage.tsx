import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { myDataApi, myDataKeys } from '../api/my-data-api';
import { StorageBar } from './StorageBar';
import './my-data.css';

/** Settings › General: the project's storage use against its quota (admin authority, `file.usage`). */
export function ProjectStorage({ projectIdx }: { projectIdx: number }) {
  const { t } = useTranslation();
  const usage = useQuery({
    queryKey: myDataKeys.projectUsage(projectIdx),
    queryFn: () => myDataApi.projectUsage(projectIdx),
  });
  return (
    <section className="card section project-storage" aria-labelledby="project-storage">
      <h3 id="project-storage" className="section__title">
        {t('ui.myData.storage.projectHeading')}
      </h3>
      <p className="muted">{t('ui.myData.storage.projectIntro')}</p>
      {usage.data ? (
        <StorageBar usage={usage.data} testId="project-storage" />
      ) : (
        <p className="muted" role={usage.isError ? 'alert' : 'status'}>
          {usage.isError ? t('ui.myData.storage.error') : t('ui.myData.storage.loading')}
        </p>
      )}
    </section>
  );
}
