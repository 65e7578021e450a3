import { folderName } from '@teamline/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form, FormText } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { useServerError } from '../../../lib/form';
import { useZodForm } from '../../../lib/zod-form';

const nameForm = z.object({ name: folderName });

/**
 * Names a new folder or renames one; the name rule is the contract's, server errors land on the field.
 * Mounted per opening (its form starts from `initial`): resetting it in an effect after opening
 * could wipe what a quick typist had already entered.
 */
export function FolderNameDialog({
  title,
  initial,
  isOpen,
  isSaving,
  onClose,
  onSave,
}: {
  title: string;
  initial: string;
  isOpen: boolean;
  isSaving: boolean;
  onClose: () => void;
  onSave: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(nameForm, { defaultValues: { name: initial } });
  const onServerError = useServerError(form);
  return (
    <Modal
      title={title}
      isOpen={isOpen}
      onClose={onClose}
      size="small"
      formId="folder-name-form"
      confirmText={t('ui.common.save')}
      isConfirmLoading={isSaving}
    >
      <Form
        form={form}
        id="folder-name-form"
        onSubmit={(values) => onSave(values.name).catch((error: unknown) => onServerError(error))}
      >
        <FormText name="name" label={t('ui.document.folderName')} maxLength={100} />
      </Form>
    </Modal>
  );
}
