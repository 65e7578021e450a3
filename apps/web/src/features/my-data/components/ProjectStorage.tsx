import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { myDataApi, myDataKeys } from '../api/my-data-api';
import { StorageCard } from './StorageBar';
import './my-data.css';

/** Settings › General: the project's storage use against its quota (admin authority, `file.usage`). */
export function ProjectStorage({ projectIdx }: { projectIdx: number }) {
  const { t } = useTranslation();
  const usage = useQuery({
    queryKey: myDataKeys.projectUsage(projectIdx),
    queryFn: () => myDataApi.projectUsage(projectIdx),
  });
  return (
    <StorageCard
      id="project-storage"
      className="project-storage"
      heading={t('ui.myData.storage.projectHeading')}
      intro={t('ui.myData.storage.projectIntro')}
      usage={usage}
      testId="project-storage"
    />
  );
}
