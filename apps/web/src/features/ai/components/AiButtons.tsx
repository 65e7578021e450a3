import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { loadUiAreas } from '../../../lib/i18n';
import { useAbilities } from '../../../lib/use-abilities';

// The dialogs (and the ai texts) load when a button is first pressed.
const loadAiTexts = () => loadUiAreas(['ai']);
const AiTimelineDialog = lazy(() =>
  Promise.all([import('./AiTimelineDialog'), loadAiTexts()]).then(([m]) => ({ default: m.AiTimelineDialog })),
);
const AiDocumentDialog = lazy(() =>
  Promise.all([import('./AiDocumentDialog'), loadAiTexts()]).then(([m]) => ({ default: m.AiDocumentDialog })),
);

/** The timeline toolbar's "Timeline from a file", for members whose abilities include `ai.timeline`. */
export function AiTimelineButton({ projectIdx }: { projectIdx: number | null }) {
  const { t } = useTranslation();
  const { can } = useAbilities(projectIdx);
  const [isOpen, setIsOpen] = useState(false);
  if (!can('ai.timeline')) return null;
  return (
    <>
      <Button size="small" variant="outline" onClick={() => setIsOpen(true)} data-testid="ai-timeline-open">
        <Icon name="doc" size={16} /> {t('ui.ai.timeline.open')}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <AiTimelineDialog projectIdx={projectIdx} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The documents list's "AI document", for members whose abilities include `ai.document`. */
export function AiDocumentButton({
  projectIdx,
  folderIdx,
  onCreated,
}: {
  projectIdx: number;
  folderIdx: number | null;
  onCreated: (documentIdx: number) => void;
}) {
  const { t } = useTranslation();
  const { can } = useAbilities(projectIdx);
  const [isOpen, setIsOpen] = useState(false);
  if (!can('ai.document')) return null;
  return (
    <>
      <Button size="small" variant="outline" onClick={() => setIsOpen(true)} data-testid="ai-document-open">
        {t('ui.ai.document.open')}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <AiDocumentDialog
            projectIdx={projectIdx}
            folderIdx={folderIdx}
            onClose={() => setIsOpen(false)}
            onCreated={(documentIdx) => {
              setIsOpen(false);
              onCreated(documentIdx);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
