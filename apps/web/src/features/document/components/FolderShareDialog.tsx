import type { Folder } from '@teamline/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/Modal';
import { documentApi, documentKeys } from '../api/document-api';
import { MemberShares } from './MemberShares';

/**
 * Shares a folder with members: view or edit on every document in it and in its subfolders (private
 * ones too); with edit they also add documents there. Opened by those who manage the folder.
 */
export function FolderShareDialog({ folder, onClose }: { folder: Folder; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [shares, setShares] = useState(folder.shares);
  return (
    <Modal title={t('ui.document.folderShare.title', { name: folder.name })} isOpen onClose={onClose}>
      <p className="hint">{t('ui.document.folderShare.hint')}</p>
      <MemberShares
        projectIdx={folder.projectIdx}
        ownerIdx={folder.createdByIdx}
        shares={shares}
        onShare={(memberIdx, access) => documentApi.shareFolder(folder.folderIdx, { memberIdx, access })}
        onUnshare={documentApi.unshareFolder}
        onChanged={(next) => {
          setShares(next);
          void client.invalidateQueries({ queryKey: documentKeys.all(folder.projectIdx) });
        }}
      />
    </Modal>
  );
}
