import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createLinkRequest, normalizeLink } from '@teamline/contract';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormText } from '../../../components/ui/Form';
import { Modal } from '../../../components/ui/Modal';
import { useServerError } from '../../../lib/form';
import { requestForm, useZodForm } from '../../../lib/zod-form';
import { notify } from '../../../stores/toast-store';
import { linkApi } from '../api/link-api';

/** docs/product/projects-and-membership.md#links: the text is normalised (https:// prepended) before the contract's rule sees it. */
const linkForm = requestForm(
  (v: { url: string; projectIdx: number }) => ({ url: normalizeLink(v.url) ?? '', projectIdx: v.projectIdx }),
  createLinkRequest,
);

/**
 * The "add a link" dialog of the link strip. Its own module, loaded when opened: the strip sits in
 * every page's header, and the form brings react-hook-form and zod, which the first load does without.
 */
export function AddLinkModal({ projectIdx, onClose }: { projectIdx: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(linkForm, { defaultValues: { url: '', projectIdx } });
  const onServerError = useServerError(form, { codeFields: { LINK_INVALID: 'url' } });
  const create = useMutation({
    mutationFn: (normalized: string) => linkApi.create(normalized, projectIdx),
    onSuccess: async (data) => {
      form.reset();
      onClose();
      notify(t('ui.links.added'), 'success');
      if (data) await queryClient.invalidateQueries({ queryKey: ['links', projectIdx] });
    },
    onError: (error) => void onServerError(error),
  });

  function handleSubmit() {
    // docs/product/projects-and-membership.md#links: nothing happens for an empty field (no error either).
    if (!normalizeLink(form.getValues('url'))) return;
    void form.handleSubmit((body) => create.mutate(body.url))();
  }

  return (
    <Modal
      title={t('ui.links.addTitle')}
      isOpen
      onClose={onClose}
      formId="link-form"
      confirmText={t('ui.common.save')}
      isConfirmLoading={create.isPending}
      size="small"
    >
      <form
        id="link-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          handleSubmit();
        }}
      >
        <FormProvider {...form}>
          <FormText
            name="url"
            label={t('ui.links.url')}
            placeholder={t('ui.links.urlPlaceholder')}
            maxLength={2000}
            autoComplete="url"
          />
        </FormProvider>
      </form>
    </Modal>
  );
}
