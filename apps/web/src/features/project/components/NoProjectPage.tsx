import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { CreateProjectModal } from '../../../components/project/CreateProjectModal';

export function NoProjectPage() {
  const { t } = useTranslation();
  const [isCreating, setIsCreating] = useState(false);
  return (
    <div className="page">
      <div className="card state-card">
        <h2>{t('ui.noProject.title')}</h2>
        <p>{t('ui.noProject.body')}</p>
        <Button data-testid="create-project" onClick={() => setIsCreating(true)}>
          {t('ui.noProject.create')}
        </Button>
      </div>
      <CreateProjectModal isOpen={isCreating} onClose={() => setIsCreating(false)} />
    </div>
  );
}
