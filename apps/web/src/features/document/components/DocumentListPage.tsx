import type { DocumentSummary, Folder } from '@teamline/contract';
import { Suspense, useDeferredValue, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AiDocumentButton } from '../../../app/ai-document-dialog';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/TextInput';
import { saveBlob } from '../../../lib/save-blob';
import { useAbilities } from '../../../lib/use-abilities';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useProjectMembers } from '../../../lib/use-project-members';
import { notify, notifyWithAction } from '../../../stores/toast-store';
import { documentApi } from '../api/document-api';
import { useDocumentChange, useDocumentList, useFolders } from '../api/use-documents';
import { documentPath, DocumentTable } from './DocumentTable';
import { FolderNameDialog } from './FolderNameDialog';
import { FolderShareDialog } from './FolderShareDialog';
import { FolderTree, type FolderSelection } from './FolderTree';
import './document.css';
import { memberName } from '../../../lib/member-name';

type Naming = { kind: 'new'; parentIdx: number | null } | { kind: 'rename'; folder: Folder } | null;

/** `/doclist/{id}`: the project's folders and documents, search, upload, new document, move and delete with undo. */
export function DocumentListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projectIdx = Number(useParams().id);
  const onError = useErrorToast();
  const { can } = useAbilities(projectIdx);
  const canEdit = can('document.edit');
  const [selected, setSelected] = useState<FolderSelection>('all');
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [naming, setNaming] = useState<Naming>(null);
  const [sharing, setSharing] = useState<Folder | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const folders = useFolders(projectIdx);
  const list = useDocumentList(projectIdx, selected === 'all' ? undefined : selected, q);
  const members = useProjectMembers(projectIdx);
  const nicknameOf = (memberIdx: number) =>
    memberName(members.data?.find((m) => m.memberIdx === memberIdx)?.nickname, t);
  const folderIdx = selected === 'all' ? null : selected;
  // An edit share of the open folder lets a member who does not write documents add them there.
  const canAddHere =
    canEdit || (folders.data?.find((f) => f.folderIdx === folderIdx)?.can.addDocument ?? false);

  const change = useDocumentChange(projectIdx, (run: () => Promise<unknown>) => run());
  const act = (run: () => Promise<unknown>, after?: () => void) =>
    change.mutate(run, { onSuccess: after, onError });

  const createDocument = () =>
    act(async () => {
      const created = await documentApi.create({ projectIdx, folderIdx, title: t('ui.document.untitled') });
      void navigate(documentPath(created.documentIdx));
    });

  const deleteDocument = (doc: DocumentSummary) =>
    act(
      () => documentApi.remove(doc.documentIdx),
      () =>
        notifyWithAction(t('ui.document.deleted', { title: doc.title }), {
          label: t('ui.document.undo'),
          run: () =>
            act(
              () => documentApi.restore(doc.documentIdx),
              () => notify(t('ui.document.restored'), 'success'),
            ),
        }),
    );

  const deleteFolder = (folder: Folder) =>
    act(
      () => documentApi.deleteFolder(folder.folderIdx),
      () => {
        setSelected('all');
        notifyWithAction(t('ui.document.folderDeleted', { name: folder.name }), {
          label: t('ui.document.undo'),
          run: () =>
            act(
              () => documentApi.updateFolder(folder.folderIdx, { restore: true }),
              () => notify(t('ui.document.restored'), 'success'),
            ),
        });
      },
    );

  const folderName = (idx: number | null) =>
    idx === null ? t('ui.document.topLevel') : (folders.data?.find((f) => f.folderIdx === idx)?.name ?? '');
  const moveDocument = (documentIdx: number, target: number | null) =>
    act(
      () => documentApi.update(documentIdx, { folderIdx: target }),
      () => notify(t('ui.document.moved', { folder: folderName(target) }), 'success'),
    );
  const moveFolder = (idx: number, parentIdx: number | null) =>
    act(
      () => documentApi.updateFolder(idx, { parentIdx }),
      () => notify(t('ui.document.moved', { folder: folderName(parentIdx) }), 'success'),
    );

  async function upload(files: FileList | null) {
    if (!files?.length) return;
    setIsUploading(true);
    try {
      for (const file of Array.from(files)) await documentApi.upload(projectIdx, folderIdx, file);
      change.mutate(() => Promise.resolve());
    } catch (error) {
      onError(error);
    } finally {
      setIsUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function download(doc: DocumentSummary) {
    if (!doc.fileIdx) return;
    try {
      saveBlob(await documentApi.fileBytes(doc.fileIdx), doc.fileName ?? doc.title);
    } catch (error) {
      onError(error);
    }
  }

  const documents = list.data ?? [];
  return (
    <div className="page document-page">
      <div className="page__head">
        <h2 className="page__title">{t('ui.document.title')}</h2>
        <div className="document-toolbar">
          <TextInput
            label={t('ui.document.search')}
            hideLabel
            hasSearchIcon
            placeholder={t('ui.document.search')}
            value={search}
            maxLength={100}
            isLoading={list.isFetching && !!q}
            onChange={(event) => setSearch(event.target.value)}
          />
          {canEdit && (
            <>
              <Button
                size="small"
                variant="outline"
                onClick={() => setNaming({ kind: 'new', parentIdx: folderIdx })}
              >
                {t('ui.document.newFolder')}
              </Button>
              <Button
                size="small"
                variant="outline"
                isLoading={isUploading}
                onClick={() => fileInput.current?.click()}
              >
                {isUploading ? t('ui.document.uploading') : t('ui.document.upload')}
              </Button>
              <input
                ref={fileInput}
                type="file"
                multiple
                hidden
                data-testid="document-upload"
                onChange={(event) => void upload(event.target.files)}
              />
              <Suspense fallback={null}>
                <AiDocumentButton
                  projectIdx={projectIdx}
                  folderIdx={folderIdx}
                  onCreated={(documentIdx: number) => void navigate(documentPath(documentIdx))}
                />
              </Suspense>
            </>
          )}
          {canAddHere && (
            <Button size="small" onClick={createDocument} isLoading={change.isPending}>
              {t('ui.document.newDocument')}
            </Button>
          )}
        </div>
      </div>
      <div className="document-layout">
        <FolderTree
          folders={folders.data ?? []}
          selected={selected}
          onSelect={setSelected}
          canEdit={canEdit}
          onDropDocument={moveDocument}
          onDropFolder={moveFolder}
          onNewSubfolder={(parent) => setNaming({ kind: 'new', parentIdx: parent.folderIdx })}
          onRename={(folder) => setNaming({ kind: 'rename', folder })}
          onDelete={deleteFolder}
          onShare={setSharing}
        />
        <section className="document-main" aria-busy={list.isLoading}>
          {q && <h2 className="document-main__caption">{t('ui.document.searchResults', { q })}</h2>}
          {list.isLoading ? (
            <div className="page-spinner">
              <span className="spinner" aria-hidden="true" />
            </div>
          ) : list.isError ? (
            <p className="empty-state" role="alert">
              {t('ui.document.loadFailed')}
            </p>
          ) : documents.length === 0 ? (
            <p className="empty-state">{q ? t('ui.document.emptySearch', { q }) : t('ui.document.empty')}</p>
          ) : (
            <>
              <DocumentTable
                documents={documents}
                folders={folders.data ?? []}
                nicknameOf={nicknameOf}
                canMove={canEdit}
                onMove={(doc, target) => moveDocument(doc.documentIdx, target)}
                onDelete={deleteDocument}
                onDownload={(doc) => void download(doc)}
              />
              {canEdit && <p className="document-main__hint">{t('ui.document.dragHint')}</p>}
            </>
          )}
        </section>
      </div>
      {sharing && (
        <FolderShareDialog key={sharing.folderIdx} folder={sharing} onClose={() => setSharing(null)} />
      )}
      {naming && (
        <FolderNameDialog
          key={
            naming.kind === 'rename' ? `rename-${naming.folder.folderIdx}` : `new-${naming.parentIdx ?? 0}`
          }
          title={naming?.kind === 'rename' ? t('ui.document.renameFolder') : t('ui.document.newFolder')}
          initial={naming?.kind === 'rename' ? naming.folder.name : ''}
          isOpen
          isSaving={change.isPending}
          onClose={() => setNaming(null)}
          onSave={(name) =>
            change
              .mutateAsync(() =>
                naming?.kind === 'rename'
                  ? documentApi.updateFolder(naming.folder.folderIdx, { name })
                  : documentApi.createFolder({ projectIdx, parentIdx: naming?.parentIdx ?? null, name }),
              )
              .then(() => setNaming(null))
          }
        />
      )}
    </div>
  );
}
